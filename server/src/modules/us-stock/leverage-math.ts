// The arithmetic of leveraged US positions (CFD, long only), pure and exact (decimal.js): the margin
// engine's formulas (trading/margin/math.ts) plus this market's own (financing, 4x cut-off). USD to the
// cent; every rounding favours the house: margin and losses up, gains down (docs/decisions/0017).
import Decimal from 'decimal.js';
import { nyseCalendar, type MarketCalendar } from '../../market/calendar';
import { addDays } from '../../market/calendar/time';
import type { MarginTierRow } from '../../trading/margin/api';
import * as engine from '../../trading/margin/math';

const D = (v: Decimal.Value): Decimal => new Decimal(v);
export const cents = (v: Decimal.Value, up: boolean): Decimal => D(v).toDecimalPlaces(2, up ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
/** P&L to the cent: a gain down, a loss up. */
export const pnlCents = (v: Decimal.Value): Decimal => (D(v).isNegative() ? cents(v, true) : cents(v, false));

const NO_CAP = '1e30';

/**
 * The margin engine's tier table for a leveraged US position: one tier, no notional limit, max
 * leverage L and maintenance rate maintenanceRate(L). Margin, P&L, margin ratio and liquidation
 * price below are the engine's formulas (trading/margin/math.ts, decision 0016) on that table;
 * only the cent rounding (against the person) is this market's.
 */
export const usTiers = (leverage: number, maintenanceOfInitialPercent: Decimal.Value): MarginTierRow[] =>
  engine.buildTiers([{ cap: NO_CAP, maxLeverage: leverage, rate: maintenanceRate(leverage, maintenanceOfInitialPercent).toFixed() }]);

/** Initial margin: notional / leverage (the engine's), up to the cent. */
export const initialMargin = (quantity: Decimal.Value, price: Decimal.Value, leverage: number): Decimal => cents(engine.initialMargin(D(quantity).times(price), leverage), true);

/** The maintenance margin rate: the initial rate (1 / leverage) × maintenanceOfInitialPercent / 100. */
export const maintenanceRate = (leverage: number, maintenanceOfInitialPercent: Decimal.Value): Decimal =>
  D(1).div(leverage).times(maintenanceOfInitialPercent).div(100);

export interface OpenFigures {
  readonly quantity: Decimal.Value;
  readonly entryPrice: Decimal.Value;
  readonly leverage: number;
}

/** Long only: the engine's size × (mark − entry). */
export const unrealizedPnl = (p: OpenFigures, mark: Decimal.Value): Decimal => D(engine.unrealizedPnl(p.quantity, p.entryPrice, mark));

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
    mm = mm.plus(engine.maintenanceMargin(usTiers(p.leverage, maintenanceOfInitialPercent), D(p.quantity).times(p.mark)));
  }
  const ratio = engine.marginRatioPercent(mm, D(collateral).plus(pnl));
  // The engine says RATIO_EXHAUSTED when no equity is left; the US wire has always said 100 then.
  const percent = ratio.eq(engine.RATIO_EXHAUSTED) ? D(100) : cents(Decimal.max(0, ratio), true);
  return { unrealizedPnl: pnl, maintenanceMargin: mm, marginRatioPercent: percent };
}

/**
 * The mark at which a long's wallet reaches a margin ratio of 100%: the engine's (Binance's)
 * cross-margin formula on the one-tier table, where equityRest is the collateral plus the other
 * positions' unrealized P&L minus their maintenance margin. Up to the cent, 0 when none (LP ≤ 0).
 */
export function liquidationPrice(p: OpenFigures, equityRest: Decimal.Value, maintenanceOfInitialPercent: Decimal.Value): Decimal {
  const lp = engine.liquidationPrice({ size: p.quantity, entryPrice: p.entryPrice, walletBalance: equityRest, tiers: usTiers(p.leverage, maintenanceOfInitialPercent) });
  return lp === null ? D(0) : cents(lp, true);
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
