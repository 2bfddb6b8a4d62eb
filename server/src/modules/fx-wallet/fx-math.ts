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

/**
 * What a leveraged wallet may still use, to withdraw or to back new positions: its available
 * balance (the ledger holds each open position's margin, grown by its unrealized loss at each
 * sweep), and never more than the balance less the margin in use and the unrealized loss at the
 * marks now (a loss no sweep has held yet). The margin is counted once: it is either out of the
 * available balance (a hold) or subtracted from the balance, never both. To the cent, never below zero.
 */
export function freeCollateral(available: Decimal.Value, balance: Decimal.Value, margin: Decimal.Value, unrealizedPnl: Decimal.Value): Decimal {
  const atMarks = new Decimal(balance).minus(margin).minus(Decimal.max(0, new Decimal(unrealizedPnl).negated()));
  return Decimal.max(0, floorTo(Decimal.min(available, atMarks), DECIMALS.USD));
}

/** free × leverage, to the cent, never below zero: what new positions may be bought for. */
export function buyingPower(free: Decimal.Value, leverage: number): Decimal {
  return Decimal.max(0, floorTo(new Decimal(free).times(leverage), DECIMALS.USD));
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
