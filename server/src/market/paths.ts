// The simulated daily closes per underlying series: a seeded, mean-reverting random walk around a
// level that grows into the reference price until the reference date and is the reference from
// then on, never closing outside the band the calibration sets around it (`data/calibration.ts`), BTC-correlated for crypto, moving only on the market's trading days, IDX closes
// on the tick grid inside the auto-rejection band. A pure function of (seed, series, day); the
// closes are memoised per series. Minutes are built per instrument in ./day.ts.
import { MARKET_HISTORY_START } from '@pasar/shared/contract';
import { idxCalendar, nyseCalendar, type MarketCalendar } from './calendar';
import { DAY_MS, dateOfEpochDay, epochDay } from './calendar/time';
import { idxBand, idxClamp } from './idx-rules';
import type { SeriesParams } from './instruments';
import { hash, hashString, normal, uniform } from './rng';
import { JUMP_DAY_SHARE, JUMP_FACTOR, REFERENCE_DATE, squeezeGap } from './data/calibration';

/** The reference date: series sit at their reference (anchor) price from this day on. */
export const ANCHOR_DAY = epochDay(REFERENCE_DATE);
export const HISTORY_START_DAY = epochDay(MARKET_HISTORY_START);

export function calendarOf(kind: SeriesParams['calendar']): MarketCalendar | null {
  return kind === 'USSTOCK' ? nyseCalendar : kind === 'IDSS' ? idxCalendar : null;
}

/** The local trading date of an instant for a series' market (crypto: the UTC date). */
export function localDateOf(kind: SeriesParams['calendar'], at: number): string {
  const cal = calendarOf(kind);
  return cal ? cal.localDate(at) : dateOfEpochDay(Math.floor(at / DAY_MS));
}

export class PathEngine {
  private readonly seedKey: number;
  private readonly closes = new Map<string, { start: number; values: number[] }>();

  constructor(
    seed: string,
    private readonly series: ReadonlyMap<string, SeriesParams>,
  ) {
    this.seedKey = hashString(`pasar-market:${seed}`);
  }

  private readonly keys = new Map<string, number>();

  key(series: string): number {
    let k = this.keys.get(series);
    if (k === undefined) this.keys.set(series, (k = hash(this.seedKey, hashString(series))));
    return k;
  }

  params(series: string): SeriesParams {
    const p = this.series.get(series);
    if (!p) throw new Error(`unknown series ${series}`);
    return p;
  }

  isTradingDay(p: SeriesParams, date: string): boolean {
    const cal = calendarOf(p.calendar);
    return cal ? cal.isTradingDay(date) : true;
  }

  /** The close of a series on an epoch day (a non-trading day keeps the previous close). */
  dailyClose(seriesKey: string, day: number): number {
    let entry = this.closes.get(seriesKey);
    if (entry && day > entry.start && day - entry.start < entry.values.length) return entry.values[day - entry.start]!;
    const p = this.params(seriesKey);
    if (!entry) {
      entry = { start: HISTORY_START_DAY - 1, values: [trendLevel(p, HISTORY_START_DAY - 1)] };
      this.closes.set(seriesKey, entry);
    }
    if (day <= entry.start) return entry.values[0]!;
    const key = this.key(seriesKey);
    const btcKey = this.key('coin:BTC');
    const cal = calendarOf(p.calendar);
    while (entry.start + entry.values.length - 1 < day) {
      const d = entry.start + entry.values.length;
      const prev = entry.values[entry.values.length - 1]!;
      if (cal && !cal.isTradingEpochDay(d)) {
        entry.values.push(prev);
        continue;
      }
      const own = normal(key, d, 1);
      const shock = p.beta > 0 && seriesKey !== 'coin:BTC' ? p.beta * normal(btcKey, d, 1) + Math.sqrt(1 - p.beta * p.beta) * own : own;
      // Fat tails: now and then a day moves two or three times as much.
      const jump = uniform(key, d, 2) < JUMP_DAY_SHARE ? JUMP_FACTOR : 1;
      const x = Math.log(prev);
      const target = Math.log(trendLevel(p, d - 1));
      const gap = x - target + p.reversion * (target - x) + p.dailyVol * jump * shock;
      const next = Math.exp(target + squeezeGap(gap, p.dailyVol, p.reversion));
      entry.values.push(p.idxRules ? idxClamp(next, idxBand(prev)) : next);
    }
    return entry.values[day - entry.start]!;
  }
}

/** The level a series reverts to: growing into the reference before the reference date, the reference from it on. */
export function trendLevel(p: SeriesParams, day: number): number {
  return p.anchorPrice * Math.exp((p.growth * Math.min(0, day - ANCHOR_DAY)) / 365);
}
