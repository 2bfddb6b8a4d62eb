// One instrument's trading day, minute by minute, built to match the day's bar exactly.
//
// The day's bar (open, high, low, close, volume) is analytic: a pure function of the daily
// closes and a few seeded draws, so daily, weekly and monthly candles over years cost almost
// nothing. The minute path is built on demand: a Brownian bridge in variance time (U-shaped
// profile) from the open to the close, minute highs and lows a small seeded excursion beyond
// their endpoints, then a monotone piecewise-linear map that sends the path's extremes onto the
// bar's high and low (open and close stay put). So the minutes always aggregate to the bar.
import { MINUTE_MS } from './calendar/time';
import { idxClamp } from './idx-rules';
import { Stream } from './rng';

/** A segment of trading minutes: [open, close) epoch ms; kind 0 main, 1 pre-market, 2 post-market. */
export interface Segment {
  readonly open: number;
  readonly close: number;
  readonly kind: 0 | 1 | 2;
}

/** The analytic bar of the main segment (crypto: the UTC day; IDX: both sessions; US: regular). */
export interface DayBar {
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  /** Volume in quantity steps (an integer). */
  readonly units: number;
}

export interface DaySpec {
  readonly date: string;
  readonly segments: readonly Segment[];
  readonly bar: DayBar;
  /** US: the previous post-market close (pre-market starts there) and today's (post ends there). */
  readonly preOpen: number;
  readonly postClose: number;
  readonly dailyVol: number;
  /** Seed of the day's shape, shared by instruments on the same underlying (BTC-IDR and its perp). */
  readonly shapeSeed: number;
  /** Seed of this instrument's own draws (volume noise, waypoints). */
  readonly ownSeed: number;
  /** 24/7 markets: a mild time-of-day profile instead of the U shape. */
  readonly continuous: boolean;
  readonly band: { low: number; high: number } | null;
  readonly quantityStep: number;
}

/** One instrument's minute bars for a day. */
export interface MinuteBars {
  readonly date: string;
  readonly t: Float64Array;
  readonly o: Float64Array;
  readonly h: Float64Array;
  readonly l: Float64Array;
  readonly c: Float64Array;
  readonly v: Float64Array;
  readonly sess: Uint8Array;
  /** Waypoints inside each minute: fractions of the first and second extreme, which comes first. */
  readonly f1: Float32Array;
  readonly f2: Float32Array;
  readonly highFirst: Uint8Array;
  /** Share of the day's trades in each minute (trade tape intensity). */
  readonly intensity: Float32Array;
  readonly bar: DayBar;
}

const PRE_SHARE = 0.04;
const POST_SHARE = 0.03;

export function buildMinutes(spec: DaySpec): MinuteBars {
  let n = 0;
  for (const s of spec.segments) n += Math.round((s.close - s.open) / MINUTE_MS);
  const t = new Float64Array(n);
  const o = new Float64Array(n);
  const h = new Float64Array(n);
  const l = new Float64Array(n);
  const c = new Float64Array(n);
  const v = new Float64Array(n);
  const sess = new Uint8Array(n);
  const f1 = new Float32Array(n);
  const f2 = new Float32Array(n);
  const highFirst = new Uint8Array(n);
  const intensity = new Float32Array(n);
  const shape = new Stream(spec.shapeSeed);
  const own = new Stream(spec.ownSeed);
  const { bar } = spec;

  let k = 0;
  for (const seg of spec.segments) {
    const m = Math.round((seg.close - seg.open) / MINUTE_MS);
    const start = k;
    const main = seg.kind === 0;
    const from = main ? bar.o : seg.kind === 1 ? spec.preOpen : bar.c;
    const to = main ? bar.c : seg.kind === 1 ? bar.o : spec.postClose;
    const sigma = spec.dailyVol * (main ? 1 : 0.25);
    // Profile weights (variance and volume) and the bridge.
    const w = new Float64Array(m);
    let wSum = 0;
    for (let i = 0; i < m; i += 1) {
      const tt = seg.open + i * MINUTE_MS;
      let weight: number;
      if (spec.continuous) {
        const hour = (tt % 86_400_000) / 3_600_000;
        weight = 1 + 0.35 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
      } else if (main) {
        const x = (i + 0.5) / m;
        weight = 0.55 + 1.8 * (2 * x - 1) ** 2;
      } else weight = 1;
      w[i] = weight;
      wSum += weight;
    }
    // IDX main segment spans two sessions: the bridge runs over the minutes, not the clock.
    const xs = new Float64Array(m + 1);
    const tau = new Float64Array(m + 1);
    const sq = new Float64Array(m);
    for (let i = 0; i < m; i += 1) {
      const dt = w[i]! / wSum;
      sq[i] = Math.sqrt(dt);
      tau[i + 1] = tau[i]! + dt;
      xs[i + 1] = xs[i]! + sq[i]! * shape.normal();
    }
    const lo = Math.log(from);
    const drift = Math.log(to / from);
    const pts = new Float64Array(m + 1);
    for (let i = 0; i <= m; i += 1) pts[i] = Math.exp(lo + tau[i]! * drift + sigma * (xs[i]! - tau[i]! * xs[m]!));
    pts[0] = from;
    pts[m] = to;
    for (let i = 0; i < m; i += 1, k += 1) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      const ex = sigma * sq[i]!;
      t[k] = seg.open + i * MINUTE_MS;
      sess[k] = seg.kind;
      o[k] = a;
      c[k] = b;
      h[k] = Math.max(a, b) * (1 + ex * (0.05 + 0.9 * shape.next()));
      l[k] = Math.min(a, b) * (1 - ex * (0.05 + 0.9 * shape.next()));
      f1[k] = 0.1 + 0.4 * own.next();
      f2[k] = 0.5 + 0.4 * own.next();
      highFirst[k] = own.next() < (b >= a ? 0.35 : 0.65) ? 1 : 0;
      intensity[k] = (w[i]! / wSum) * (0.4 + 1.2 * own.next()) * (main ? 1 : seg.kind === 1 ? PRE_SHARE : POST_SHARE);
    }
    if (main) mapOntoBar(o, h, l, c, start, k, bar);
    if (spec.band) {
      for (let i = start; i < k; i += 1) {
        o[i] = idxClamp(o[i]!, spec.band);
        h[i] = idxClamp(h[i]!, spec.band);
        l[i] = idxClamp(l[i]!, spec.band);
        c[i] = idxClamp(c[i]!, spec.band);
      }
    }
    // Volume: the segment's units spread over its minutes by cumulative rounding (sums exactly).
    const units = main ? bar.units : Math.floor(bar.units * (seg.kind === 1 ? PRE_SHARE : POST_SHARE));
    let total = 0;
    for (let i = start; i < k; i += 1) total += intensity[i]!;
    let cum = 0;
    let prevUnits = 0;
    for (let i = start; i < k; i += 1) {
      cum += intensity[i]!;
      const u = i === k - 1 ? units : Math.round((cum / total) * units);
      v[i] = (u - prevUnits) * spec.quantityStep;
      prevUnits = u;
    }
  }
  return { date: spec.date, t, o, h, l, c, v, sess, f1, f2, highFirst, intensity, bar };
}

/** Monotone piecewise-linear map of a segment's prices: extremes onto the bar's high and low. */
function mapOntoBar(o: Float64Array, h: Float64Array, l: Float64Array, c: Float64Array, from: number, to: number, bar: DayBar): void {
  let pmax = -Infinity;
  let pmin = Infinity;
  for (let i = from; i < to; i += 1) {
    if (h[i]! > pmax) pmax = h[i]!;
    if (l[i]! < pmin) pmin = l[i]!;
  }
  const lowEnd = Math.min(bar.o, bar.c);
  const highEnd = Math.max(bar.o, bar.c);
  const f = (x: number): number => {
    if (x >= pmax) return bar.h;
    if (x <= pmin) return bar.l;
    if (x > highEnd) return highEnd + ((x - highEnd) / (pmax - highEnd)) * (bar.h - highEnd);
    if (x < lowEnd) return lowEnd - ((lowEnd - x) / (lowEnd - pmin)) * (lowEnd - bar.l);
    return x;
  };
  for (let i = from; i < to; i += 1) {
    o[i] = f(o[i]!);
    h[i] = f(h[i]!);
    l[i] = f(l[i]!);
    c[i] = f(c[i]!);
  }
  o[from] = bar.o;
  c[to - 1] = bar.c;
}

/** Index of the minute containing `at`, or -1. */
export function minuteIndex(bars: Pick<MinuteBars, 't'>, at: number): number {
  const t = bars.t;
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
export function withinMinute(bars: MinuteBars, i: number, f: number): [number, number, number] {
  const o = bars.o[i]!;
  const c = bars.c[i]!;
  const e1 = bars.highFirst[i] ? bars.h[i]! : bars.l[i]!;
  const e2 = bars.highFirst[i] ? bars.l[i]! : bars.h[i]!;
  const f1 = bars.f1[i]!;
  const f2 = bars.f2[i]!;
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
