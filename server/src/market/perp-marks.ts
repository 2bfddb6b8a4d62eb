// Perpetuals' index price, mark price, funding rate and next funding time (docs/domain.md
// "Perpetual futures"), computed from the simulator's (possibly steered) perp price as of an
// instant, like everything else the feed answers. Deterministic per symbol and time.
//
// The simulator prices a perp as its coin times a small basis. Here the premium of the perp over
// its index is a slow, seeded wave of a few basis points; index = last / (1 + premium).
// Funding rate = premium + clamp(0.01 % − premium, −0.05 %, +0.05 %), capped to ±0.75 %.
// Mark = median(index × (1 + rate × time-to-funding / 8 h), index × (1 + premium) (the moving
// average of mid − index, which the premium wave is), last price).
import Decimal from 'decimal.js';
import type { PerpTickerFields, Ticker } from '@pasar/shared/contract';
import { FUNDING_HOURS_UTC, FUNDING_INTERVAL_MS } from '@pasar/shared/contract';

export const INTEREST_RATE = new Decimal('0.0001');
export const CLAMP = new Decimal('0.0005');
export const FUNDING_CAP = new Decimal('0.0075');

/** The first funding instant strictly after `at` (00:00, 08:00, 16:00 UTC). */
export function nextFundingTime(at: number): number {
  const day = Math.floor(at / 86_400_000) * 86_400_000;
  for (const h of FUNDING_HOURS_UTC) {
    const t = day + h * 3_600_000;
    if (t > at) return t;
  }
  return day + 86_400_000;
}

/** The latest funding instant at or before `at`. */
export const lastFundingTime = (at: number): number => nextFundingTime(at) - FUNDING_INTERVAL_MS;

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i += 1) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** The perp's premium over its index at `at`: a seeded wave between about −0.02 % and +0.06 %. */
export function premiumAt(symbol: string, at: number): Decimal {
  const phase = (hashString(symbol) % 1000) / 1000;
  const hours = at / 3_600_000;
  const wave = 0.0002 + 0.00025 * Math.sin(2 * Math.PI * (hours / 29 + phase)) + 0.00015 * Math.sin(2 * Math.PI * (hours / 7.3 + 2 * phase));
  return new Decimal(wave.toFixed(8));
}

export function fundingRateOf(premium: Decimal): Decimal {
  const adjust = Decimal.min(CLAMP, Decimal.max(CLAMP.neg(), INTEREST_RATE.minus(premium)));
  return Decimal.min(FUNDING_CAP, Decimal.max(FUNDING_CAP.neg(), premium.plus(adjust)));
}

const median3 = (a: Decimal, b: Decimal, c: Decimal): Decimal => [a, b, c].sort((x, y) => x.comparedTo(y))[1] as Decimal;

/** The perp fields of a ticker: index, mark, funding rate, next funding (prices at the ticker's precision + 2). */
export function perpMarks(ticker: Pick<Ticker, 'symbol' | 'price' | 'bid' | 'ask'>, at: number, pricePrecision: number): PerpTickerFields {
  const last = new Decimal(ticker.price);
  const premium = premiumAt(ticker.symbol, at);
  const index = last.div(premium.plus(1));
  const rate = fundingRateOf(premium);
  const next = nextFundingTime(at);
  const toFunding = new Decimal(next - at).div(FUNDING_INTERVAL_MS);
  // The moving average of (mid − index): the premium a quarter of an hour ago (the wave is slow).
  const averaged = premiumAt(ticker.symbol, at - 900_000);
  const mark = median3(index.times(rate.times(toFunding).plus(1)), index.times(averaged.plus(1)), last);
  const dp = pricePrecision + 2;
  return {
    indexPrice: index.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp),
    markPrice: mark.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp),
    fundingRate: rate.toFixed(8),
    nextFundingTime: next,
  };
}
