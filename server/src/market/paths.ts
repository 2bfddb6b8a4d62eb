// The simulated price paths: daily closes per underlying series (a seeded, mean-reverting random
// walk around a growing trend, BTC-correlated for crypto, IDX closes on the tick grid inside the
// auto-rejection band), and each trading day's minute path (a seeded Brownian bridge from the
// previous close to the day's close, shaped by a U-shaped volatility and volume profile).
// Everything is a pure function of (seed, series, day, minute): nothing is stored.
import { MARKET_HISTORY_START } from '@pasar/shared/contract';
import { idxCalendar, nyseCalendar, type MarketCalendar } from './calendar';
import { DAY_MS, dateOfEpochDay, epochDay, MINUTE_MS } from './calendar/time';
import { idxBand, idxClamp } from './idx-rules';
import type { SeriesParams } from './instruments';
import { hash, hashString, Lru, normal, Stream, uniform } from './rng';

/** The anchor date: series sit at their anchor price (trend level) on this day. */
export const ANCHOR_DAY = epochDay('2026-01-01');
export const HISTORY_START_DAY = epochDay(MARKET_HISTORY_START);

/** One trading day of a series, minute by minute. */
export interface DayPath {
  readonly date: string;
  /** Minute start instants (epoch ms), ascending; gaps where the market does not trade. */
  readonly t: Float64Array;
  readonly o: Float64Array;
  readonly h: Float64Array;
  readonly l: Float64Array;
  readonly c: Float64Array;
  /** Share of the day's volume traded in the minute (sums to about 1). */
  readonly vf: Float64Array;
  /** Which session each minute belongs to: 0 regular (or crypto), 1 pre-market, 2 post-market. */
  readonly sess: Uint8Array;
  /** Waypoint shape of each minute: fraction of the first and second extreme, and which comes first. */
  readonly f1: Float32Array;
  readonly f2: Float32Array;
  readonly highFirst: Uint8Array;
  readonly prevClose: number;
  readonly close: number;
}

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
  private readonly days = new Lru<string, DayPath | null>(1500);

  constructor(
    seed: string,
    private readonly series: ReadonlyMap<string, SeriesParams>,
  ) {
    this.seedKey = hashString(`pasar-market:${seed}`);
  }

  private key(series: string): number {
    return hash(this.seedKey, hashString(series));
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
    const p = this.params(seriesKey);
    let entry = this.closes.get(seriesKey);
    if (!entry) {
      entry = { start: HISTORY_START_DAY - 1, values: [trendLevel(p, HISTORY_START_DAY - 1)] };
      this.closes.set(seriesKey, entry);
    }
    if (day <= entry.start) return entry.values[0]!;
    const key = this.key(seriesKey);
    const btcKey = this.key('coin:BTC');
    while (entry.start + entry.values.length - 1 < day) {
      const d = entry.start + entry.values.length;
      const prev = entry.values[entry.values.length - 1]!;
      const date = dateOfEpochDay(d);
      if (!this.isTradingDay(p, date)) {
        entry.values.push(prev);
        continue;
      }
      const own = normal(key, d, 1);
      const shock = p.beta > 0 && seriesKey !== 'coin:BTC' ? p.beta * normal(btcKey, d, 1) + Math.sqrt(1 - p.beta * p.beta) * own : own;
      // Fat tails: now and then a day moves two or three times as much.
      const jump = uniform(key, d, 2) < 0.03 ? 2.5 : 1;
      const x = Math.log(prev);
      const target = Math.log(trendLevel(p, d - 1));
      const next = Math.exp(x + p.reversion * (target - x) + p.dailyVol * jump * shock);
      entry.values.push(p.idxRules ? idxClamp(next, idxBand(prev)) : next);
    }
    return entry.values[day - entry.start]!;
  }

  /** The trading day's minute path of a series; null when the market does not trade that day. */
  dayPath(seriesKey: string, date: string): DayPath | null {
    const cacheKey = `${seriesKey}|${date}`;
    const hit = this.days.get(cacheKey);
    if (hit !== undefined) return hit;
    const path = this.buildDay(seriesKey, date);
    this.days.set(cacheKey, path);
    return path;
  }

  private buildDay(seriesKey: string, date: string): DayPath | null {
    const p = this.params(seriesKey);
    const day = epochDay(date);
    if (day < HISTORY_START_DAY || !this.isTradingDay(p, date)) return null;
    const cal = calendarOf(p.calendar);
    // Minute grid and profiles.
    const windows: { open: number; close: number; sess: number }[] = cal
      ? cal
          .sessions(date)
          .filter((s) => s.trading)
          .map((s) => ({ open: s.open, close: s.close, sess: s.kind === 'PRE_MARKET' ? 1 : s.kind === 'POST_MARKET' ? 2 : 0 }))
      : [{ open: day * DAY_MS, close: (day + 1) * DAY_MS, sess: 0 }];
    let n = 0;
    for (const w of windows) n += Math.round((w.close - w.open) / MINUTE_MS);
    const t = new Float64Array(n);
    const sess = new Uint8Array(n);
    const varW = new Float64Array(n);
    const volW = new Float64Array(n);
    let k = 0;
    for (const w of windows) {
      const m = Math.round((w.close - w.open) / MINUTE_MS);
      for (let i = 0; i < m; i += 1, k += 1) {
        t[k] = w.open + i * MINUTE_MS;
        sess[k] = w.sess;
        const x = (i + 0.5) / m;
        if (!cal) {
          const hour = ((t[k]! % DAY_MS) / 3_600_000 + 0.0083) % 24;
          const wgt = 1 + 0.35 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
          varW[k] = wgt;
          volW[k] = wgt;
        } else if (w.sess === 0) {
          const u = 0.55 + 1.8 * (2 * x - 1) ** 2;
          varW[k] = u;
          volW[k] = u;
        } else {
          varW[k] = 0.2;
          volW[k] = 0.015;
        }
      }
    }
    const key = this.key(seriesKey);
    const prevClose = this.dailyClose(seriesKey, day - 1);
    const close = this.dailyClose(seriesKey, day);
    let varSum = 0;
    let volSum = 0;
    for (let i = 0; i < n; i += 1) {
      varSum += varW[i]!;
      volSum += volW[i]!;
    }
    // Brownian bridge in variance time: log P = log O + tau·log(C/O) + s·(X(tau) − tau·X(1)).
    const s = p.dailyVol;
    const rnd = new Stream(hash(key, day, 99));
    const xs = new Float64Array(n + 1);
    const tau = new Float64Array(n + 1);
    for (let i = 0; i < n; i += 1) {
      const dt = varW[i]! / varSum;
      tau[i + 1] = tau[i]! + dt;
      xs[i + 1] = xs[i]! + Math.sqrt(dt) * rnd.normal();
    }
    const lo = Math.log(prevClose);
    const drift = Math.log(close / prevClose);
    const pts = new Float64Array(n + 1);
    const lpts = new Float64Array(n + 1);
    const band = p.idxRules ? idxBand(prevClose) : null;
    for (let i = 0; i <= n; i += 1) {
      const lv = lo + tau[i]! * drift + s * (xs[i]! - tau[i]! * xs[n]!);
      const v = Math.exp(lv);
      pts[i] = band ? idxClamp(v, band) : v;
      lpts[i] = band ? Math.log(pts[i]!) : lv;
    }
    pts[0] = prevClose;
    pts[n] = close;
    lpts[0] = Math.log(prevClose);
    lpts[n] = Math.log(close);
    const o = new Float64Array(n);
    const h = new Float64Array(n);
    const l = new Float64Array(n);
    const c = new Float64Array(n);
    const vf = new Float64Array(n);
    const f1 = new Float32Array(n);
    const f2 = new Float32Array(n);
    const highFirst = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      const la = lpts[i]!;
      const lb = lpts[i + 1]!;
      const v = s * s * (varW[i]! / varSum);
      const spread = (lb - la) ** 2;
      let hi = Math.exp((la + lb + Math.sqrt(spread - 2 * v * Math.log(rnd.next()))) / 2);
      let lw = Math.exp((la + lb - Math.sqrt(spread - 2 * v * Math.log(rnd.next()))) / 2);
      if (band) {
        hi = idxClamp(hi, band);
        lw = idxClamp(lw, band);
      }
      o[i] = a;
      c[i] = b;
      h[i] = Math.max(hi, a, b);
      l[i] = Math.min(lw, a, b);
      vf[i] = (volW[i]! / volSum) * Math.exp(0.6 * rnd.normal() - 0.18);
      const u1 = rnd.next();
      const u2 = rnd.next();
      f1[i] = 0.1 + 0.4 * u1;
      f2[i] = 0.5 + 0.4 * u2;
      // The extreme on the far side of the move tends to come first.
      highFirst[i] = rnd.next() < (b >= a ? 0.35 : 0.65) ? 1 : 0;
    }
    return { date, t, o, h, l, c, vf, sess, f1, f2, highFirst, prevClose, close };
  }
}

function trendLevel(p: SeriesParams, day: number): number {
  return p.anchorPrice * Math.exp((p.growth * (day - ANCHOR_DAY)) / 365);
}

/** Index of the minute containing `at`, or -1. */
export function minuteIndex(path: DayPath, at: number): number {
  const t = path.t;
  let lo = 0;
  let hi = t.length - 1;
  if (hi < 0 || at < t[0]! || at >= t[hi]! + MINUTE_MS) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return at < t[lo]! + MINUTE_MS ? lo : -1;
}

/**
 * Inside a minute the price runs piecewise-linearly through open → first extreme → second
 * extreme → close, so it moves every tick and never leaves the minute's high/low.
 * Returns [value, high so far, low so far] at fraction `f` of minute i.
 */
export function withinMinute(path: DayPath, i: number, f: number): [number, number, number] {
  const o = path.o[i]!;
  const c = path.c[i]!;
  const e1 = path.highFirst[i] ? path.h[i]! : path.l[i]!;
  const e2 = path.highFirst[i] ? path.l[i]! : path.h[i]!;
  const f1 = path.f1[i]!;
  const f2 = path.f2[i]!;
  let value: number;
  let hi = o;
  let lo = o;
  if (f <= f1) value = o + (e1 - o) * (f / f1);
  else if (f <= f2) {
    value = e1 + (e2 - e1) * ((f - f1) / (f2 - f1));
    hi = Math.max(hi, e1);
    lo = Math.min(lo, e1);
  } else {
    value = e2 + (c - e2) * ((f - f2) / (1 - f2));
    hi = Math.max(hi, e1, e2);
    lo = Math.min(lo, e1, e2);
  }
  return [value, Math.max(hi, value), Math.min(lo, value)];
}
