// The arithmetic of leveraged US positions (CFD, long only), pure and exact (decimal.js). USD to the
// cent; every rounding favours the house: margin and losses up, gains down (docs/decisions/0017).
import Decimal from 'decimal.js';
import { nyseCalendar, type MarketCalendar } from '../../market/calendar';
import { addDays } from '../../market/calendar/time';

const D = (v: Decimal.Value): Decimal => new Decimal(v);
export const cents = (v: Decimal.Value, up: boolean): Decimal => D(v).toDecimalPlaces(2, up ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
/** P&L to the cent: a gain down, a loss up. */
export const pnlCents = (v: Decimal.Value): Decimal => (D(v).isNegative() ? cents(v, true) : cents(v, false));

/** Initial margin: notional / leverage, up to the cent. */
export const initialMargin = (quantity: Decimal.Value, price: Decimal.Value, leverage: number): Decimal => cents(D(quantity).times(price).div(leverage), true);

/** The maintenance margin rate: the initial rate (1 / leverage) × maintenanceOfInitialPercent / 100. */
export const maintenanceRate = (leverage: number, maintenanceOfInitialPercent: Decimal.Value): Decimal =>
  D(1).div(leverage).times(maintenanceOfInitialPercent).div(100);

export interface OpenFigures {
  readonly quantity: Decimal.Value;
  readonly entryPrice: Decimal.Value;
  readonly leverage: number;
}

export const unrealizedPnl = (p: OpenFigures, mark: Decimal.Value): Decimal => D(p.quantity).times(D(mark).minus(p.entryPrice));

export interface WalletRisk {
  readonly unrealizedPnl: Decimal;
  readonly maintenanceMargin: Decimal;
  /** Maintenance / (collateral + unrealized P&L) × 100, 2 decimals up; 100 or more when equity ≤ 0 (with positions). */
  readonly marginRatioPercent: Decimal;
}

/** Cross margin over one wallet: its collateral (ledger balance) against all its open positions at their marks. */
export function walletRisk(collateral: Decimal.Value, positions: readonly (OpenFigures & { readonly mark: Decimal.Value })[], maintenanceOfInitialPercent: Decimal.Value): WalletRisk {
  let pnl = D(0);
  let mm = D(0);
  for (const p of positions) {
    pnl = pnl.plus(unrealizedPnl(p, p.mark));
    mm = mm.plus(D(p.quantity).times(p.mark).times(maintenanceRate(p.leverage, maintenanceOfInitialPercent)));
  }
  const equity = D(collateral).plus(pnl);
  const ratio = mm.isZero() ? D(0) : equity.lte(0) ? D(100) : Decimal.max(0, mm.div(equity).times(100)).toDecimalPlaces(2, Decimal.ROUND_UP);
  return { unrealizedPnl: pnl, maintenanceMargin: mm, marginRatioPercent: ratio };
}

/**
 * The mark at which a long's wallet reaches a margin ratio of 100%: equityRest + q(p − e) = q·p·m,
 * so p = (q·e − equityRest) / (q(1 − m)), where equityRest is the collateral plus the other
 * positions' unrealized P&L minus their maintenance margin. Up to the cent, never below 0.
 */
export function liquidationPrice(p: OpenFigures, equityRest: Decimal.Value, maintenanceOfInitialPercent: Decimal.Value): Decimal {
  const q = D(p.quantity);
  const m = maintenanceRate(p.leverage, maintenanceOfInitialPercent);
  const price = q.times(p.entryPrice).minus(equityRest).div(q.times(D(1).minus(m)));
  return Decimal.max(0, cents(price, true));
}

/** One trading day's financing of a 2x position: the borrowed part (entry notional × (L − 1) / L) × dailyPercent / 100, up to the cent. */
export const dailyFinancing = (p: OpenFigures, dailyPercent: Decimal.Value): Decimal =>
  cents(D(p.quantity).times(p.entryPrice).times(p.leverage - 1).div(p.leverage).times(dailyPercent).div(100), true);

/** The regular close of a New York trading day (epoch ms), early closes included; null on a day without one. */
export function regularCloseOf(date: string, calendar: MarketCalendar = nyseCalendar): number | null {
  return calendar.sessions(date).find((s) => s.kind === 'REGULAR')?.close ?? null;
}

/** When a 4x position opened at `openedAt` is closed automatically: `minutes` before that trading day's regular close. */
export function intradayCutoff(openedAt: number, minutes: number, calendar: MarketCalendar = nyseCalendar): number | null {
  let date = calendar.localDate(openedAt);
  for (let i = 0; i < 15; i += 1) {
    const close = regularCloseOf(date, calendar);
    if (close !== null && close > openedAt) return close - minutes * 60_000;
    date = calendar.nextTradingDay(addDays(date, 1));
  }
  return null;
}

/**
 * The trading days whose regular close a position held from `openedAt` has passed by `now`, after
 * `financedThrough` (exclusive): each is one day of financing.
 */
export function financingDays(openedAt: number, financedThrough: string | null, now: number, calendar: MarketCalendar = nyseCalendar): string[] {
  const days: string[] = [];
  let date = calendar.localDate(openedAt);
  for (let i = 0; i < 400; i += 1) {
    if (!calendar.isTradingDay(date)) {
      date = calendar.nextTradingDay(date);
      continue;
    }
    const close = regularCloseOf(date, calendar);
    if (close === null || close > now) break;
    if (close > openedAt && (financedThrough === null || date > financedThrough)) days.push(date);
    date = addDays(date, 1);
  }
  return days;
}
