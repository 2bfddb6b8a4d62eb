import { STUDY_DEFAULTS, STUDY_TYPES, type Study, type StudyType } from './chart-state';
import { computeStudy, createStudyCalculator, sessionDayOf, type StudyBar } from './studies';

const study = (type: StudyType, params?: Record<string, number>): Study => ({ id: type, type, ...STUDY_DEFAULTS[type], params: { ...STUDY_DEFAULTS[type].params, ...params } });
const fromCloses = (closes: number[]): StudyBar[] => closes.map((c, i) => ({ t: i * 60_000, open: c, high: c, low: c, close: c, volume: 1 }));
/** Each value within `tolerance` of the published one (the tables print two decimals). */
function expectNear(values: (number | null)[], published: number[], tolerance: number) {
  expect(values).toHaveLength(published.length);
  values.forEach((v, i) => {
    expect(v).not.toBeNull();
    expect(Math.abs(v! - published[i]!)).toBeLessThanOrEqual(tolerance);
  });
}

// StockCharts' moving-average worked example (10-day SMA and EMA of Intel's closes).
const INTC = [22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75, 23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.10, 23.33, 22.68, 23.10, 22.40, 22.17];

test('MA 10 matches the published 10-day SMA', () => {
  const values = computeStudy(study('MA', { period: 10 }), fromCloses(INTC)).map((v) => v[0]!);
  expect(values.slice(0, 9)).toEqual(Array(9).fill(null));
  expectNear(values.slice(9), [22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.69, 23.61, 23.51, 23.43, 23.28, 23.13], 0.01);
});

// trading-signals seeds its EMA with the first price, the table with the first SMA: the two meet
// once the seed has faded (from the sixth published value on, within the table's rounding).
test('EMA 10 matches the published 10-day EMA once the seed has faded', () => {
  const values = computeStudy(study('EMA', { period: 10 }), fromCloses(INTC)).map((v) => v[0]!);
  expect(values.slice(0, 9)).toEqual(Array(9).fill(null));
  expectNear(values.slice(9 + 6), [22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39, 23.26, 23.23, 23.08, 22.92], 0.011);
});

// StockCharts' RSI worked example (14 periods, Wilder's smoothing). The published sheet rounds its
// average gain and loss to two decimals at each step, which moves the RSI by up to 0.07.
const RSI_CLOSES = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13];

test('RSI 14 matches the published values', () => {
  const values = computeStudy(study('RSI', { period: 14 }), fromCloses(RSI_CLOSES)).map((v) => v[0]!);
  expect(values.slice(0, 14)).toEqual(Array(14).fill(null));
  expectNear(values.slice(14), [70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3, 33.08, 37.77], 0.08);
});

test('Bollinger bands are the SMA plus and minus k population standard deviations', () => {
  const closes = [2, 4, 4, 4, 5, 5, 7, 9];
  const values = computeStudy(study('BOLL', { period: 8, deviation: 2 }), fromCloses(closes));
  // mean 5, population standard deviation 2
  expect(values[7]).toEqual([5, 9, 1]);
});

test('VWAP is the volume-weighted typical price so far', () => {
  const bars: StudyBar[] = [
    { t: 0, open: 10, high: 12, low: 9, close: 11, volume: 100 }, // typical 32/3
    { t: 1, open: 11, high: 15, low: 11, close: 13, volume: 300 }, // typical 13
  ];
  const values = computeStudy(study('VWAP'), bars).map((v) => v[0]!);
  expect(values[0]).toBeCloseTo(32 / 3, 10);
  expect(values[1]).toBeCloseTo(((32 / 3) * 100 + 13 * 300) / 400, 10);
});

// 2026-11-27 17:00 UTC is midnight in Jakarta (UTC+7) and noon in New York (UTC−5 in November).
const WIB_MIDNIGHT = Date.UTC(2026, 10, 27, 17, 0);
const NY_MIDNIGHT = Date.UTC(2026, 10, 28, 5, 0);
const flat = (t: number, price: number, volume: number): StudyBar => ({ t, open: price, high: price, low: price, close: price, volume });

test('VWAP starts again on the first bar of each market day: WIB midnight for crypto, New York midnight for US stocks', () => {
  const hour = 3_600_000;
  const bars = [flat(WIB_MIDNIGHT - 2 * hour, 100, 1), flat(WIB_MIDNIGHT - hour, 200, 3), flat(WIB_MIDNIGHT, 50, 2), flat(WIB_MIDNIGHT + hour, 80, 2)];
  const crypto = computeStudy(study('VWAP'), bars, 'crypto').map((v) => v[0]);
  expect(crypto).toEqual([100, 175, 50, 65]);
  // IDX sessions are in Jakarta too; in New York the same bars are one day.
  expect(computeStudy(study('VWAP'), bars, 'idx').map((v) => v[0])).toEqual(crypto);
  expect(computeStudy(study('VWAP'), bars, 'usstock').map((v) => v[0])).toEqual([100, 175, (100 + 600 + 100) / 6, (100 + 600 + 100 + 160) / 8]);

  const us = [flat(NY_MIDNIGHT - hour, 10, 1), flat(NY_MIDNIGHT, 20, 1), flat(NY_MIDNIGHT + hour, 30, 1)];
  expect(computeStudy(study('VWAP'), us, 'usstock').map((v) => v[0])).toEqual([10, 20, 25]);
  expect(sessionDayOf('usstock')(NY_MIDNIGHT)).toBe('2026-11-28');
  expect(sessionDayOf('perps')(WIB_MIDNIGHT)).toBe('2026-11-28');
  expect(sessionDayOf('perps')(WIB_MIDNIGHT - 1)).toBe('2026-11-27');
});

test('a live VWAP bar after the day changed is counted from the new day only, as a full recompute counts it', () => {
  const calc = createStudyCalculator(study('VWAP'), 'crypto');
  calc.push(flat(WIB_MIDNIGHT - 60_000, 100, 5), false);
  expect(calc.push(flat(WIB_MIDNIGHT, 40, 1), false)).toEqual([40]);
  expect(calc.push(flat(WIB_MIDNIGHT, 60, 3), true)).toEqual([60]);
  expect(calc.push(flat(WIB_MIDNIGHT + 60_000, 20, 1), false)).toEqual([computeStudy(study('VWAP'), [flat(WIB_MIDNIGHT, 60, 3), flat(WIB_MIDNIGHT + 60_000, 20, 1)])[1]![0]]);
});

test('MACD 12/26/9: the line is EMA12 − EMA26 and the histogram the line minus its signal', () => {
  const closes = Array.from({ length: 60 }, (_, i) => 100 + 10 * Math.sin(i / 5) + i / 3);
  const values = computeStudy(study('MACD'), fromCloses(closes));
  const e12 = computeStudy(study('EMA', { period: 12 }), fromCloses(closes));
  const e26 = computeStudy(study('EMA', { period: 26 }), fromCloses(closes));
  const [macd, signal, histogram] = values[59]!;
  expect(macd).toBeCloseTo(e12[59]![0]! - e26[59]![0]!, 8);
  expect(histogram).toBeCloseTo(macd! - signal!, 10);
  expect(values[20]).toEqual([null, null, null]);
});

test('Stochastic %K is where the close sits in the period range, smoothed', () => {
  const bars: StudyBar[] = Array.from({ length: 5 }, (_, i) => ({ t: i, open: 0, high: 10 + i, low: i, close: 5 + i, volume: 1 }));
  // k 3, no smoothing: range of the last 3 bars is [i-2, 10+i], close 5+i → (7)/(12) * 100
  const values = computeStudy(study('STOCH', { k: 3, d: 1, smooth: 1 }), bars);
  expect(values[4]![0]).toBeCloseTo((7 / 12) * 100, 10);
  expect(values[4]![1]).toBeCloseTo((7 / 12) * 100, 10);
});

test('VOL draws the volume and its moving average', () => {
  const bars = [1, 2, 3, 4].map((v, i) => ({ t: i, open: 1, high: 1, low: 1, close: 1, volume: v }));
  expect(computeStudy(study('VOL', { maPeriod: 2 }), bars)).toEqual([[1, null], [2, 1.5], [3, 2.5], [4, 3.5]]);
});

/** A deterministic walk: each bar arrives as several ticks (the live bar) before the next opens. */
function ticks(seed: number, bars: number): { final: StudyBar[]; stream: { bar: StudyBar; replace: boolean }[] } {
  let x = seed;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const final: StudyBar[] = [];
  const stream: { bar: StudyBar; replace: boolean }[] = [];
  let close = 1000;
  for (let i = 0; i < bars; i++) {
    const open = close;
    let high = open;
    let low = open;
    let volume = 0;
    const n = 1 + Math.floor(rand() * 4);
    for (let k = 0; k < n; k++) {
      close = Math.max(1, close + (rand() - 0.5) * 20);
      high = Math.max(high, close);
      low = Math.min(low, close);
      volume += rand() * 5;
      stream.push({ bar: { t: i * 60_000, open, high, low, close, volume }, replace: k > 0 });
    }
    final.push({ t: i * 60_000, open, high, low, close, volume });
  }
  return { final, stream };
}

test.each(STUDY_TYPES)('%s: updating the live bar tick by tick ends where a full recompute does', (type) => {
  const { final, stream } = ticks(7, 150);
  const calc = createStudyCalculator(study(type));
  const incremental: (number | null)[][] = [];
  for (const { bar, replace } of stream) {
    const values = calc.push(bar, replace);
    if (replace) incremental[incremental.length - 1] = values;
    else incremental.push(values);
  }
  const full = computeStudy(study(type), final);
  expect(incremental).toHaveLength(150);
  expect(full.at(-1)!.every((v) => v !== null)).toBe(true);
  for (let i = 0; i < full.length; i++) {
    full[i]!.forEach((v, j) => {
      if (v === null) expect(incremental[i]![j]).toBeNull();
      else expect(incremental[i]![j]).toBeCloseTo(v, 8);
    });
  }
});

test('parameters out of bounds are clamped, not trusted', () => {
  const values = computeStudy(study('MA', { period: -5 }), fromCloses([1, 2, 3]));
  expect(values.map((v) => v[0])).toEqual([1, 2, 3]);
});
