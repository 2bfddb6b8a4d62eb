// The browser side of chart-libraries.bench.mjs: draws 10,000 bars with lightweight-charts (our
// studies layer on top) and, when bundled in, with KLineChart, and times live updates.
import { CandlestickSeries, createChart, HistogramSeries } from 'lightweight-charts';
import { newStudy } from '../chart-state';
import { createChartTools } from '../chart-tools';
import { computeStudy } from '../studies';
import type { Candle } from '../../market/types';

/** The part of KLineChart 10's UMD global used here (it is not a dependency; the bench loads it when given). */
interface KLineBar {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
interface KLineChart {
  setSymbol(symbol: { ticker: string; pricePrecision: number; volumePrecision: number }): void;
  setPeriod(period: { type: string; span: number }): void;
  setDataLoader(loader: { getBars(p: { callback(data: KLineBar[], more: boolean): void }): void; subscribeBar(p: { callback(bar: KLineBar): void }): void }): void;
  createIndicator(name: string, isStack?: boolean, pane?: { id: string }): unknown;
}
declare const klinecharts: { init(el: HTMLElement): KLineChart | null; dispose(el: HTMLElement): void } | undefined;

const BARS = 10_000;
const frames = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
  step(n);
});

function candles(n: number): Candle[] {
  let c = 1_000_000;
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, (_, i) => {
    const o = c;
    c = Math.max(1, c + (rand() - 0.5) * 4000);
    return { t: 1_700_000_000_000 + i * 60_000, o: String(o), h: String(Math.max(o, c) + rand() * 1000), l: String(Math.min(o, c) - rand() * 1000), c: String(c), v: String(rand() * 10) };
  });
}

function box(): HTMLElement {
  const el = document.createElement('div');
  el.style.cssText = 'width:1200px;height:600px;position:relative';
  document.body.appendChild(el);
  return el;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const STUDIES = () => [newStudy('MA'), newStudy('RSI'), newStudy('MACD')];

async function lightweight(withStudies: boolean) {
  const data = candles(BARS);
  const el = box();
  const start = performance.now();
  const chart = createChart(el, { width: 1200, height: 600 });
  const series = chart.addSeries(CandlestickSeries);
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume' });
  series.setData(data.map((d) => ({ time: (d.t / 1000) as never, open: +d.o, high: +d.h, low: +d.l, close: +d.c })));
  volume.setData(data.map((d) => ({ time: (d.t / 1000) as never, value: +d.v })));
  let bars = data;
  const tools = createChartTools({ chart, series, container: el, candles: () => bars, palette: () => ({ up: '#0b7a48', down: '#c4262e', text: '#222', background: '#fff' }), setColours: () => {}, precision: () => 0, symbol: () => 'BENCH', market: () => 'crypto', changed: () => {} });
  if (withStudies) tools.setStudies(STUDIES());
  chart.timeScale().fitContent();
  await frames(2);
  const draw = performance.now() - start;

  // Live ticks on the current bar, then on new bars: the script time of one update.
  const ticks = 1000;
  const t0 = performance.now();
  for (let i = 0; i < ticks; i++) {
    const last = bars[bars.length - 1]!;
    const fresh = i % 10 === 9;
    const c = String(+last.c + (i % 2 ? 500 : -500));
    const bar: Candle = fresh ? { t: last.t + 60_000, o: last.c, h: c, l: c, c, v: '1' } : { ...last, c, h: String(Math.max(+last.h, +c)), l: String(Math.min(+last.l, +c)) };
    bars = fresh ? [...bars, bar] : [...bars.slice(0, -1), bar];
    series.update({ time: (bar.t / 1000) as never, open: +bar.o, high: +bar.h, low: +bar.l, close: +bar.c });
    tools.update(bar, !fresh);
  }
  const perTick = (performance.now() - t0) / ticks;
  chart.remove();
  el.remove();
  return { draw, perTick };
}

function fullRecompute() {
  const data = candles(BARS).map((c) => ({ t: c.t, open: +c.o, high: +c.h, low: +c.l, close: +c.c, volume: +c.v }));
  const t0 = performance.now();
  for (const s of STUDIES()) computeStudy(s, data);
  return performance.now() - t0;
}

async function kline(withStudies: boolean) {
  if (typeof klinecharts === 'undefined') return null;
  const data = candles(BARS).map((c) => ({ timestamp: c.t, open: +c.o, high: +c.h, low: +c.l, close: +c.c, volume: +c.v }));
  const el = box();
  const start = performance.now();
  const chart = klinecharts.init(el)!;
  let push: ((bar: (typeof data)[number]) => void) | null = null;
  chart.setSymbol({ ticker: 'BTC-IDR', pricePrecision: 0, volumePrecision: 4 });
  chart.setPeriod({ type: 'minute', span: 1 });
  chart.setDataLoader({
    getBars: ({ callback }) => callback(data, false),
    subscribeBar: ({ callback }) => {
      push = callback;
    },
  });
  chart.createIndicator('VOL', false);
  if (withStudies) {
    chart.createIndicator('MA', true, { id: 'candle_pane' });
    chart.createIndicator('RSI', false);
    chart.createIndicator('MACD', false);
  }
  await frames(2);
  const draw = performance.now() - start;
  let perTick: number | null = null;
  if (push) {
    // KLineChart recomputes its indicators over the whole history on each bar: fewer ticks.
    const ticks = 100;
    let last = data[data.length - 1]!;
    const t0 = performance.now();
    for (let i = 0; i < ticks; i++) {
      const fresh = i % 10 === 9;
      const c = last.close + (i % 2 ? 500 : -500);
      last = fresh ? { timestamp: last.timestamp + 60_000, open: last.close, high: c, low: c, close: c, volume: 1 } : { ...last, close: c, high: Math.max(last.high, c), low: Math.min(last.low, c) };
      (push as (bar: (typeof data)[number]) => void)(last);
    }
    perTick = (performance.now() - t0) / ticks;
  }
  klinecharts.dispose(el);
  el.remove();
  return { draw, perTick };
}

async function run() {
  const out: Record<string, unknown> = {};
  const rounds = 3;
  for (const [name, fn] of [
    ['lightweight', () => lightweight(false)],
    ['lightweightStudies', () => lightweight(true)],
    ['kline', () => kline(false)],
    ['klineStudies', () => kline(true)],
  ] as const) {
    const results = [];
    for (let i = 0; i < rounds; i++) {
      results.push(await fn());
      console.log(`${name} round ${i + 1}: ${JSON.stringify(results.at(-1))}`);
    }
    if (results[0] === null) continue;
    const ok = results as { draw: number; perTick: number | null }[];
    out[name] = { drawMs: median(ok.map((r) => r.draw)), tickMs: ok[0]!.perTick === null ? null : median(ok.map((r) => r.perTick!)) };
  }
  out.fullRecompute3StudiesMs = median(Array.from({ length: rounds }, fullRecompute));
  return out;
}

(window as unknown as { runBench: typeof run }).runBench = run;
