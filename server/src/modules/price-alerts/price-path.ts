// The prices a symbol's last price went through between two evaluations of the alert engine, so a
// price that crosses a target and comes back between two reads is still seen. The simulated market's
// live price is piecewise linear inside each minute (open → first extreme → second extreme → close,
// market/day.ts `withinMinute`), so its highs and lows over any span are at those turning points: the
// path between two instants is the turning points between them, in time order, then the price at
// the end. Each is read through the market's ticker at its instant (the instrument's grid, halts).
//
// Only where the natural path is the price: a steer pins a symbol's price and the runtime keeps only
// the steer in force, so a span with a steer in it (in force at either end, or set or cleared during
// it) is the last price alone. So is a span longer than MAX_SPAN_MS (a restart, the market clock
// moved): the engine then evaluates the price now, as it did before a first evaluation.
import { MINUTE_MS } from '../../market/calendar/time';
import { localDateOf } from '../../market/paths';
import type { MarketRuntime } from '../../market/runtime';

/** Spans longer than this are evaluated at their end only. */
export const MAX_SPAN_MS = 5 * MINUTE_MS;

export interface PathPoint {
  /** Market epoch ms. */
  readonly at: number;
  readonly last: string;
}

/** The first minute (by its start in `t`, ascending) that ends after `at`. */
function firstEndingAfter(t: Float64Array, at: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! + MINUTE_MS <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The instants in (from, to) at which the minute path turns: each minute's two extremes and its last instant. */
function turningInstants(market: MarketRuntime, symbol: string, from: number, to: number): number[] {
  const sim = market.simulator;
  const calendar = sim.seriesOf(symbol).calendar;
  const out: number[] = [];
  const dates = [...new Set([localDateOf(calendar, from), localDateOf(calendar, to)])];
  for (const date of dates) {
    const bars = sim.minuteBars(symbol, date);
    if (!bars || bars.t.length === 0) continue;
    for (let i = firstEndingAfter(bars.t, from); i < bars.t.length && bars.t[i]! < to; i++) {
      const t0 = bars.t[i]!;
      // The close sits at the minute's last instant when the next minute opens elsewhere.
      for (const at of [t0 + bars.f1[i]! * MINUTE_MS, t0 + bars.f2[i]! * MINUTE_MS, t0 + MINUTE_MS - 1]) {
        const ms = Math.floor(at);
        if (ms > from && ms < to) out.push(ms);
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * Tracks the steers of a market (set or cleared, here or applied from another instance) and gives
 * the path of a symbol over a span, or null when only the price at its end can be told.
 */
export function pricePaths(market: MarketRuntime): { pathOf: (symbol: string, from: number, to: number) => PathPoint[] | null; stop: () => void } {
  const steeredAt = new Map<string, number>();
  const stop = market.onSteerChange((change) => steeredAt.set(change.symbol, market.now()));
  const steeredWithin = (symbol: string, from: number, to: number): boolean => {
    const changed = steeredAt.get(symbol);
    if (changed !== undefined && changed >= from && changed <= to) return true;
    return [from, to].some((at) => market.steering(at).some((s) => s.symbol === symbol));
  };
  return {
    stop,
    pathOf(symbol, from, to) {
      const inst = market.instrument(symbol);
      if (!inst || to <= from || to - from > MAX_SPAN_MS || steeredWithin(inst.symbol, from, to)) return null;
      const points = turningInstants(market, inst.symbol, from, to).map((at) => ({ at, last: market.ticker(inst.symbol, at).price }));
      points.push({ at: to, last: market.ticker(inst.symbol, to).price });
      // A flat stretch is one point (the end is always kept).
      return points.filter((p, i) => i === 0 || i === points.length - 1 || p.last !== points[i - 1]!.last);
    },
  };
}
