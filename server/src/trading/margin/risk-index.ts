// The at-risk index (like the resting-order index): per market and symbol, every open position's
// trigger prices, kept sorted, so a mark tick finds the positions it may concern by binary search
// instead of evaluating every position. A trigger only nominates a candidate; the engine then
// evaluates it exactly (margin ratio, TP/SL) from the database.
//
// "down" triggers fire when the mark is at or below them (a long's margin-call price, its
// stop-loss, a short's take-profit, a called short's recovery); "up" ones at or above.
import type { PositionView } from './api';
import { MarginDecimal } from './math';

export interface Trigger {
  readonly dir: 'down' | 'up';
  readonly price: number;
}

interface Entry {
  readonly price: number;
  readonly id: string;
}

interface SymbolIndex {
  readonly byId: Map<string, readonly Trigger[]>;
  down: Entry[];
  up: Entry[];
  dirty: boolean;
}

/** First index whose price is ≥ p. */
function lowerBound(a: readonly Entry[], p: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as Entry).price < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
/** First index whose price is > p. */
function upperBound(a: readonly Entry[], p: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as Entry).price <= p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class RiskIndex {
  private readonly symbols = new Map<string, SymbolIndex>();

  private of(market: string, symbol: string): SymbolIndex {
    const key = `${market}:${symbol}`;
    let s = this.symbols.get(key);
    if (!s) this.symbols.set(key, (s = { byId: new Map(), down: [], up: [], dirty: false }));
    return s;
  }

  put(market: string, symbol: string, id: string, triggers: readonly Trigger[]): void {
    const s = this.of(market, symbol);
    if (triggers.length === 0) s.byId.delete(id);
    else s.byId.set(id, triggers);
    s.dirty = true;
  }

  remove(market: string, symbol: string, id: string): void {
    this.put(market, symbol, id, []);
  }

  clear(market: string, symbol: string): void {
    this.symbols.delete(`${market}:${symbol}`);
  }

  size(market: string, symbol: string): number {
    return this.of(market, symbol).byId.size;
  }

  private sorted(s: SymbolIndex): void {
    if (!s.dirty) return;
    const down: Entry[] = [];
    const up: Entry[] = [];
    for (const [id, triggers] of s.byId) for (const t of triggers) (t.dir === 'down' ? down : up).push({ price: t.price, id });
    down.sort((a, b) => a.price - b.price);
    up.sort((a, b) => a.price - b.price);
    s.down = down;
    s.up = up;
    s.dirty = false;
  }

  /** The positions a mark at `mark` may concern (each once). */
  candidates(market: string, symbol: string, mark: number): string[] {
    const s = this.symbols.get(`${market}:${symbol}`);
    if (!s) return [];
    this.sorted(s);
    const out = new Set<string>();
    for (let i = lowerBound(s.down, mark); i < s.down.length; i += 1) out.add((s.down[i] as Entry).id);
    const end = upperBound(s.up, mark);
    for (let i = 0; i < end; i += 1) out.add((s.up[i] as Entry).id);
    return [...out];
  }
}

/**
 * A position's triggers: the price where its margin ratio reaches `callPercent` (from its
 * bankruptcy price and tier: the call and, past it, liquidation), its recovery once called, and
 * its TP/SL. The margin ratio at price P of a position of size q (side s) entered at E with
 * margin W = s·q·(E − BP): MM(P) / (W + s·q·(P − E)); solved for ratio T:
 * P = (T·(W − s·q·E) + cum) / (q·mmr − T·s·q).
 */
export function triggersOf(view: PositionView, callPercent: number): Trigger[] {
  const out: Trigger[] = [];
  const size = new MarginDecimal(view.size);
  if (size.isZero()) return out;
  const long = size.gt(0);
  const q = size.abs();
  const s = long ? 1 : -1;
  const entry = new MarginDecimal(view.entryPrice);
  const t = new MarginDecimal(callPercent).div(100);
  if (view.bankruptcyPrice !== null) {
    const wallet = q.times(entry.minus(view.bankruptcyPrice)).times(s);
    const cum = q.times(view.markPrice).times(view.maintenanceMarginRate).minus(view.maintenanceMargin);
    const denominator = q.times(view.maintenanceMarginRate).minus(t.times(s).times(q));
    if (!denominator.isZero()) {
      const call = t.times(wallet.minus(q.times(entry).times(s))).plus(MarginDecimal.max(0, cum)).div(denominator).toNumber();
      // Conservative: nominate slightly early (the exact check decides).
      const margin = Math.abs(call) * 1e-6;
      if (call > 0) out.push({ dir: long ? 'down' : 'up', price: long ? call + margin : call - margin });
      if (view.marginCalled && call > 0) out.push({ dir: long ? 'up' : 'down', price: call });
    }
  }
  if (view.liquidationPrice !== null) out.push({ dir: long ? 'down' : 'up', price: Number(view.liquidationPrice) });
  if (view.takeProfit !== null) out.push({ dir: long ? 'up' : 'down', price: Number(view.takeProfit) });
  if (view.stopLoss !== null) out.push({ dir: long ? 'down' : 'up', price: Number(view.stopLoss) });
  return out;
}
