// The margin engine's arithmetic (docs/domain.md "Perpetual futures", Binance's published
// formulas for USDT-margined one-way positions). Pure: Decimal in, Decimal out, no rounding but
// where a function says so (the callers round to the currency's scale at the ledger's edge).
import Decimal from 'decimal.js';
import type { MarginTierRow, PositionSide } from './api';

/** Enough digits for notional × rate products of large positions. */
export const MarginDecimal = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN });
export type MarginDecimal = InstanceType<typeof MarginDecimal>;
type Num = Decimal.Value;
const D = (v: Num): MarginDecimal => new MarginDecimal(v);

export const sideSign = (side: PositionSide): 1 | -1 => (side === 'LONG' ? 1 : -1);
export const sideOfSize = (size: Num): PositionSide => (D(size).isNegative() ? 'SHORT' : 'LONG');

/**
 * A tier table from its brackets (floor, cap, max leverage, rate): each tier's maintenance amount
 * follows from continuity (cum_n = cum_{n−1} + floor_n × (mmr_n − mmr_{n−1})), as Binance's table.
 */
export function buildTiers(rows: readonly { cap: string; maxLeverage: number; rate: string }[]): MarginTierRow[] {
  const tiers: MarginTierRow[] = [];
  let floor = D(0);
  let cum = D(0);
  let previousRate = D(0);
  rows.forEach((row, i) => {
    cum = cum.plus(floor.times(D(row.rate).minus(previousRate)));
    tiers.push({
      tier: i + 1,
      notionalFloor: floor.toFixed(),
      notionalCap: row.cap,
      maxLeverage: row.maxLeverage,
      maintenanceMarginRate: row.rate,
      maintenanceAmount: cum.toFixed(),
    });
    floor = D(row.cap);
    previousRate = D(row.rate);
  });
  return tiers;
}

/** The tier a notional falls in: (floor, cap], the first tier from 0; beyond the last, the last. */
export function tierFor(tiers: readonly MarginTierRow[], notional: Num): MarginTierRow {
  const n = D(notional).abs();
  const found = tiers.find((t) => n.lte(t.notionalCap));
  const last = tiers[tiers.length - 1];
  if (!last) throw new Error('empty tier table');
  return found ?? last;
}

/** The highest leverage a position of `notional` may take. */
export const maxLeverageFor = (tiers: readonly MarginTierRow[], notional: Num): number => tierFor(tiers, notional).maxLeverage;

/** IM = notional / leverage. */
export const initialMargin = (notional: Num, leverage: number): MarginDecimal => D(notional).abs().div(leverage);

/** MM = notional × MMR − maintenance amount (never below 0). */
export function maintenanceMargin(tiers: readonly MarginTierRow[], notional: Num): MarginDecimal {
  const t = tierFor(tiers, notional);
  return MarginDecimal.max(0, D(notional).abs().times(t.maintenanceMarginRate).minus(t.maintenanceAmount));
}

/** uPnL = size × (mark − entry), size signed (a short gains when the price falls). */
export const unrealizedPnl = (size: Num, entry: Num, mark: Num): MarginDecimal => D(size).times(D(mark).minus(entry));

/** A margin ratio that says "liquidate": the margin balance is gone. */
export const RATIO_EXHAUSTED = 999;

/** Margin ratio in percent: MM / margin balance × 100 (≥ 100: liquidate); a margin balance ≤ 0 is RATIO_EXHAUSTED. */
export function marginRatioPercent(maintenance: Num, marginBalance: Num): MarginDecimal {
  const mm = D(maintenance);
  const balance = D(marginBalance);
  if (mm.isZero()) return D(0);
  if (balance.lte(0)) return D(RATIO_EXHAUSTED);
  return mm.div(balance).times(100);
}

/** Funding a position pays (> 0) or receives (< 0): signed size × mark × rate (a positive rate: longs pay). */
export const fundingPayment = (size: Num, mark: Num, rate: Num): MarginDecimal => D(size).times(mark).times(rate);

export interface LiquidationInput {
  readonly size: Num;
  readonly entryPrice: Num;
  /** Isolated: the position's margin. Cross: the wallet balance. */
  readonly walletBalance: Num;
  /** Cross only: maintenance margin and uPnL of the wallet's OTHER positions (0 isolated). */
  readonly otherMaintenance?: Num;
  readonly otherUnrealizedPnl?: Num;
  readonly tiers: readonly MarginTierRow[];
}

/**
 * Binance's liquidation price (one-way mode):
 * LP = (WB − TMM1 + UPNL1 + cumB − side × Q × EP) / (Q × MMR − side × Q).
 * The tier is the one the notional AT the liquidation price falls in (tried tier by tier, as Binance
 * does); null when the position cannot be liquidated by price (a long whose LP ≤ 0).
 */
export function liquidationPrice(input: LiquidationInput): MarginDecimal | null {
  const size = D(input.size);
  if (size.isZero()) return null;
  const q = size.abs();
  const side = size.isNegative() ? -1 : 1;
  const numeratorBase = D(input.walletBalance)
    .minus(input.otherMaintenance ?? 0)
    .plus(input.otherUnrealizedPnl ?? 0)
    .minus(q.times(input.entryPrice).times(side));
  const at = (t: MarginTierRow): MarginDecimal | null => {
    const denominator = q.times(t.maintenanceMarginRate).minus(q.times(side));
    if (denominator.isZero()) return null;
    return numeratorBase.plus(t.maintenanceAmount).div(denominator);
  };
  for (const t of input.tiers) {
    const lp = at(t);
    if (lp === null || lp.lte(0)) continue;
    const notional = lp.times(q);
    if (notional.gt(t.notionalFloor) || (t.tier === 1 && notional.gte(0))) {
      if (notional.lte(t.notionalCap)) return lp;
    }
  }
  // No tier is consistent (rounding at a bracket edge): the tier of the current notional.
  const fallback = at(tierFor(input.tiers, q.times(input.entryPrice)));
  return fallback && fallback.gt(0) ? fallback : null;
}

/** The price at which the margin is exactly used up: EP − side × WB / Q (null when ≤ 0). */
export function bankruptcyPrice(size: Num, entryPrice: Num, walletBalance: Num): MarginDecimal | null {
  const s = D(size);
  if (s.isZero()) return null;
  const side = s.isNegative() ? -1 : 1;
  const bp = D(entryPrice).minus(D(walletBalance).div(s.abs()).times(side));
  return bp.gt(0) ? bp : null;
}

export interface FillOutcome {
  /** Signed size after the fill. */
  readonly size: MarginDecimal;
  readonly entryPrice: MarginDecimal;
  /** Realized P&L of the part that reduced the position (before fees). */
  readonly realizedPnl: MarginDecimal;
  /** The part of the old position closed (absolute). */
  readonly closed: MarginDecimal;
  /** The part that opened or increased (absolute; after a flip, the new side's size). */
  readonly opened: MarginDecimal;
}

/**
 * One-way mode: a fill of `quantity` (signed: + buy, − sell) at `price` against a position of
 * `size` at `entry`. The same direction increases (entry = size-weighted average); the other
 * reduces (realizing (price − entry) × closed × side), and past zero flips to the other side at `price`.
 */
export function applyFill(size: Num, entry: Num, quantity: Num, price: Num): FillOutcome {
  const s = D(size);
  const q = D(quantity);
  const p = D(price);
  if (s.isZero() || s.isNegative() === q.isNegative()) {
    const next = s.plus(q);
    const entryPrice = s.isZero() ? p : s.times(entry).plus(q.times(p)).div(next);
    return { size: next, entryPrice, realizedPnl: D(0), closed: D(0), opened: q.abs() };
  }
  const closed = MarginDecimal.min(s.abs(), q.abs());
  const sign = s.isNegative() ? -1 : 1;
  const realizedPnl = p.minus(entry).times(closed).times(sign);
  const next = s.plus(q);
  if (next.isZero()) return { size: D(0), entryPrice: D(0), realizedPnl, closed, opened: D(0) };
  if (next.isNegative() === s.isNegative()) return { size: next, entryPrice: D(entry), realizedPnl, closed, opened: D(0) };
  return { size: next, entryPrice: p, realizedPnl, closed, opened: next.abs() };
}

/** Rounds an amount of a currency to its scale (up: what a user owes; down: what a user receives). */
export const roundUp = (v: Num, scale: number): MarginDecimal => D(v).toDecimalPlaces(scale, Decimal.ROUND_UP);
export const roundDown = (v: Num, scale: number): MarginDecimal => D(v).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
/** A user's signed flow rounded against the user: a payment up, a receipt down. */
export const roundAgainstUser = (owed: Num, scale: number): MarginDecimal =>
  D(owed).toDecimalPlaces(scale, D(owed).isNegative() ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
