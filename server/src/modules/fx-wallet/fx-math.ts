// Conversions between IDR, USD and USDT, and the wallet figures derived from balances. Every
// rounding is down (in the house's favour): the customer gets at most what the quoted price gives,
// never a fraction more; the IDR side of a purchase is exactly what the customer typed.
import Decimal from 'decimal.js';

/** Decimals of each currency on the wire and in the ledger. */
export const DECIMALS = { IDR: 0, USD: 2, USDT: 6 } as const;
export type WalletCurrency = keyof typeof DECIMALS;

export const floorTo = (value: Decimal.Value, places: number): Decimal =>
  new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);

/** A decimal string with exactly the currency's decimals ("12.50", "150000", "1.000000"). */
export const money = (value: Decimal.Value, currency: WalletCurrency): string =>
  floorTo(value, DECIMALS[currency]).toFixed(DECIMALS[currency]);

/** IDR -> USD at the buy price: dollars rounded down to the cent. */
export const idrToUsd = (idr: Decimal.Value, buy: Decimal.Value): Decimal => floorTo(new Decimal(idr).div(buy), DECIMALS.USD);
/** USD -> IDR at the sell price: rounded down to the Rupiah. */
export const usdToIdr = (usd: Decimal.Value, sell: Decimal.Value): Decimal => floorTo(new Decimal(usd).times(sell), DECIMALS.IDR);
/** IDR -> USDT at the ask: rounded down to 6 decimals. */
export const idrToUsdt = (idr: Decimal.Value, ask: Decimal.Value): Decimal => floorTo(new Decimal(idr).div(ask), DECIMALS.USDT);
/** USDT -> IDR at the bid: rounded down to the Rupiah. */
export const usdtToIdr = (usdt: Decimal.Value, bid: Decimal.Value): Decimal => floorTo(new Decimal(usdt).times(bid), DECIMALS.IDR);

/** usdCash × leverage − usdMargin, to the cent, never below zero. */
export function buyingPower(usdCash: Decimal.Value, leverage: number, usdMargin: Decimal.Value): Decimal {
  return Decimal.max(0, floorTo(new Decimal(usdCash).times(leverage).minus(usdMargin), DECIMALS.USD));
}

/**
 * Collateral a leveraged wallet may give back: what is not backing open positions. A position of
 * value P bought at leverage L borrows usdMargin = P × (L − 1) / L against collateral P / L, so the
 * collateral in use is usdMargin / (L − 1) (rounded up to the cent). With no positions it is usdCash.
 */
export function withdrawable(usdCash: Decimal.Value, leverage: number, usdMargin: Decimal.Value): Decimal {
  const margin = new Decimal(usdMargin);
  const inUse = margin.isZero() || leverage <= 1 ? new Decimal(0) : margin.div(leverage - 1).toDecimalPlaces(DECIMALS.USD, Decimal.ROUND_UP);
  return Decimal.max(0, floorTo(new Decimal(usdCash).minus(inUse), DECIMALS.USD));
}

/** One day of USD yield: interest on the end-of-day balance, whole cents paid, the fraction carried. */
export interface DailyYield {
  /** balance × annualPercent / 100 / 365, rounded down to 10 decimals. */
  readonly interest: Decimal;
  readonly paid: Decimal;
  readonly carryOut: Decimal;
}

export const INTEREST_DECIMALS = 10;

export function dailyYield(balance: Decimal.Value, annualPercent: Decimal.Value, carryIn: Decimal.Value): DailyYield {
  const interest = floorTo(new Decimal(balance).times(annualPercent).div(36_500), INTEREST_DECIMALS);
  const total = interest.plus(carryIn);
  const paid = floorTo(total, DECIMALS.USD);
  return { interest, paid, carryOut: total.minus(paid) };
}
