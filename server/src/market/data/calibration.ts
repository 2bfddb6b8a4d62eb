// How the simulator's prices are calibrated: the reference prices every series starts at and
// reverts around, the date they were recorded, the annualised volatility each asset class may
// have, and how fast a price is pulled back to its reference (a mean-reverting walk in log price,
// an Ornstein-Uhlenbeck process in daily steps: x' = x + κ(ln ref − x) + σ·ε, its gap from the
// reference squeezed beyond a knee so a close never leaves a band of ±4 settled standard
// deviations: about −25 % / +33 % for BTC). Before the reference date the level grows into the reference (the charts' history); from it on the level is
// the reference, so weeks of candles wander like a market and stay near what the asset is worth.

/**
 * The reference table: the price columns of `catalogue.ts` (crypto and US stocks in USD, IDX in
 * IDR) and `USD_IDR_ANCHOR`, rounded market levels recorded on this date (BTC 95,000 USD at 16,300
 * IDR per USD: about Rp1.55 billion).
 */
export const REFERENCE_DATE = '2026-01-01';

export type AssetClass = 'CRYPTO' | 'STABLECOIN' | 'US_STOCK' | 'US_INDEX' | 'IDX_STOCK' | 'FX';

export interface ClassCalibration {
  /** The annualised volatility a series of the class may have: [lowest, highest]. */
  readonly annualVol: readonly [number, number];
  /** Days (of the class's calendar) in which a gap from the reference halves: short enough that a run of shocks fades within weeks. */
  readonly halfLifeDays: number;
  /** Trading days a year, to annualise a daily volatility. */
  readonly tradingDaysPerYear: number;
}

/** Realistic ranges: crypto majors 40–90 % a year and small caps up to 150 %, large US stocks 12–80 %, broad indices 10–25 %, IDX stocks 15–60 %, USD/IDR 4–10 %, stablecoins under 3 %. */
export const CALIBRATION: Readonly<Record<AssetClass, ClassCalibration>> = {
  CRYPTO: { annualVol: [0.4, 1.5], halfLifeDays: 7, tradingDaysPerYear: 365 },
  STABLECOIN: { annualVol: [0, 0.03], halfLifeDays: 1.4, tradingDaysPerYear: 365 },
  US_STOCK: { annualVol: [0.12, 0.8], halfLifeDays: 30, tradingDaysPerYear: 252 },
  US_INDEX: { annualVol: [0.1, 0.25], halfLifeDays: 30, tradingDaysPerYear: 252 },
  IDX_STOCK: { annualVol: [0.15, 0.6], halfLifeDays: 30, tradingDaysPerYear: 242 },
  FX: { annualVol: [0.04, 0.1], halfLifeDays: 30, tradingDaysPerYear: 365 },
};

/** The daily pull κ towards the reference of a class (a gap shrinks by (1 − κ) a day). */
export function reversionOf(assetClass: AssetClass): number {
  return 1 - Math.pow(0.5, 1 / CALIBRATION[assetClass].halfLifeDays);
}

/** A daily volatility annualised on the class's calendar. */
export function annualVolOf(assetClass: AssetClass, dailyVol: number): number {
  return dailyVol * Math.sqrt(CALIBRATION[assetClass].tradingDaysPerYear);
}

/** Now and then a day moves more (fat tails): the share of such days and how much more. */
export const JUMP_DAY_SHARE = 0.03;
export const JUMP_FACTOR = 2.5;

/**
 * The standard deviation of ln(price / reference) of the linear walk once it has settled:
 * σ·√(jump variance) / √(2κ − κ²).
 */
export function settledLogSd(dailyVol: number, reversion: number): number {
  const jumpVariance = 1 - JUMP_DAY_SHARE + JUMP_DAY_SHARE * JUMP_FACTOR * JUMP_FACTOR;
  return (dailyVol * Math.sqrt(jumpVariance)) / Math.sqrt(2 * reversion - reversion * reversion);
}

/**
 * The band a series' daily closes never leave: ±BAND_SDS settled standard deviations of
 * ln(price / reference). Inside ±KNEE_SDS the walk is the plain mean-reverting one; beyond it the
 * gap is squeezed smoothly (tanh) towards the band's edge, which it never reaches, so a run of
 * same-signed shocks slows down as the price strays instead of carrying it ever further.
 */
export const BAND_SDS = 4;
export const KNEE_SDS = 2.5;

/** Half the width of a series' band in log price: |ln(close / reference)| stays below it. */
export function bandLogHalfWidth(dailyVol: number, reversion: number): number {
  return BAND_SDS * settledLogSd(dailyVol, reversion);
}

/** A day's log gap from the reference after the squeeze beyond the knee (identity inside it). */
export function squeezeGap(gap: number, dailyVol: number, reversion: number): number {
  const sd = settledLogSd(dailyVol, reversion);
  const knee = KNEE_SDS * sd;
  const size = Math.abs(gap);
  if (size <= knee) return gap;
  const room = (BAND_SDS - KNEE_SDS) * sd;
  return Math.sign(gap) * (knee + room * Math.tanh((size - knee) / room));
}
