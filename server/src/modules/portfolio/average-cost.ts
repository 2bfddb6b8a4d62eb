// The average-cost method over a user's fills, in time order, for every market. A buy adds its
// quantity and what it cost (total: base + fee + tax, or commission and fees); a sell takes quantity
// out at the average cost and realizes proceeds (total: base − fee − tax) − the cost taken out. The
// cost taken out is rounded to the smallest unit of the market's currency (half up: whole Rupiah
// for crypto, cents for US stocks), so the cost basis stays in that unit like every total it is
// built from, the realized figures of the sells add up exactly, and selling everything takes out
// exactly all of it. A split adds the shares it gave (held × (ratio − 1)) at no cost: the quantity
// is multiplied by the ratio, the cost basis stays whole (the average cost divides by the ratio),
// and nothing is realized.
import Decimal from 'decimal.js';

/**
 * decimal.js rounds every result to `precision` significant digits (20 by default): too few for an
 * 18-decimal quantity times a price. Every figure of this module is computed with this clone.
 */
export const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

export interface Fill {
  readonly id: string;
  readonly symbol: string;
  readonly side: string;
  readonly quantity: Decimal.Value;
  readonly total: Decimal.Value;
}

/** A stock split of `symbol`, in its place among the fills. */
export interface Split {
  readonly kind: 'SPLIT';
  readonly symbol: string;
  /** The shares it added: held × (ratio − 1) (6 for 2 shares split 4-for-1). */
  readonly shares: Decimal.Value;
}

export type PositionEvent = Fill | Split;

export interface Position {
  readonly quantity: Decimal;
  /** In the smallest unit of the cost currency (whole Rupiah, cents). */
  readonly costBasis: Decimal;
  readonly realizedPnl: Decimal;
}

export interface Replay {
  /** By symbol, after the last fill. */
  readonly positions: ReadonlyMap<string, Position>;
  /** By fill id, sells only. */
  readonly realizedBySell: ReadonlyMap<string, Decimal>;
}

export const EMPTY_POSITION: Position = { quantity: new D(0), costBasis: new D(0), realizedPnl: new D(0) };

/**
 * The cost of `part` units out of `position`: the average cost × part to `decimals` places of the
 * currency (whole Rupiah by default, cents for USD), all of it for the rest.
 */
export function costOf(position: Pick<Position, 'quantity' | 'costBasis'>, part: Decimal.Value, decimals = 0): Decimal {
  const quantity = new D(position.quantity);
  if (quantity.lte(0)) return new D(0);
  const units = new D(part);
  if (units.gte(quantity)) return new D(position.costBasis);
  return new D(position.costBasis).times(units).div(quantity).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

const isSplit = (event: PositionEvent): event is Split => 'kind' in event && event.kind === 'SPLIT';

/**
 * One fill (or split) applied to the position before it: the position after, and what a sell
 * realized (null for a buy or a split). The replay and the position snapshot both step with it.
 */
export function applyEvent(before: Position, event: PositionEvent, decimals = 0): { readonly position: Position; readonly realized: Decimal | null } {
  if (isSplit(event)) return { position: { ...before, quantity: before.quantity.plus(event.shares) }, realized: null };
  const quantity = new D(event.quantity);
  const total = new D(event.total);
  if (event.side === 'BUY') {
    return { position: { quantity: before.quantity.plus(quantity), costBasis: before.costBasis.plus(total), realizedPnl: before.realizedPnl }, realized: null };
  }
  // More sold than the fills bought (units that came another way): the cost of what is known.
  const cost = costOf(before, quantity, decimals);
  const realized = total.minus(cost);
  return {
    position: { quantity: D.max(before.quantity.minus(quantity), 0), costBasis: before.costBasis.minus(cost), realizedPnl: before.realizedPnl.plus(realized) },
    realized,
  };
}

/**
 * Replays fills (and splits) given oldest first; costs taken out are rounded to `decimals` places
 * of their currency.
 */
export function replayFills(events: readonly PositionEvent[], decimals = 0): Replay {
  const positions = new Map<string, Position>();
  const realizedBySell = new Map<string, Decimal>();
  for (const event of events) {
    const { position, realized } = applyEvent(positions.get(event.symbol) ?? EMPTY_POSITION, event, decimals);
    positions.set(event.symbol, position);
    if (realized !== null && !isSplit(event)) realizedBySell.set(event.id, realized);
  }
  return { positions, realizedBySell };
}

/** Cost per unit, to `decimals` places (half up); 0 without units. */
export function averageCostOf(position: Pick<Position, 'quantity' | 'costBasis'>, decimals: number): Decimal {
  if (position.quantity.lte(0)) return new D(0);
  return new D(position.costBasis).div(position.quantity).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

/** gain / cost × 100 to 2 places (half up, §9 percent precision); 0 when there is no cost. */
export function percentOf(gain: Decimal.Value, cost: Decimal.Value): Decimal {
  const base = new D(cost);
  if (base.lte(0)) return new D(0);
  return new D(gain).times(100).div(base).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
