// The browser side of chart-tools.smoke.mjs: the real engine on the real library, every study,
// drawing and chart type applied, live bars, a view (log scale on the left, magnet crosshair, own
// colours), position lines, another symbol and back (its drawings), and the state read back.
import { createChartEngine } from '../chart-engine';
import { newStudy, STUDY_TYPES, type ChartState } from '../chart-state';
import type { Candle } from '../../market/types';

const frames = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
  step(n);
});

/** What the canvas shows of the view: the left price scale's width (drawn when it is the visible one). */
function engineChart(container: HTMLElement) {
  const cells = [...container.querySelectorAll('td')].map((td) => Math.round(td.getBoundingClientRect().width));
  return { firstCellWidth: cells[0] ?? 0 };
}

async function run() {
  const el = document.createElement('div');
  el.style.cssText = 'width:1000px;height:600px;position:relative';
  document.body.appendChild(el);
  el.tabIndex = 0;
  const engine = createChartEngine(el, { precision: 0, minMove: 1, formatPrice: (p) => p.toFixed(0), locale: 'id-ID', intraday: true, symbol: 'BTC-IDR', resolution: '1' });
  const candles: Candle[] = Array.from({ length: 300 }, (_, i) => {
    const c = 1_000_000 + 20_000 * Math.sin(i / 10) + i * 100;
    return { t: 1_700_000_000_000 + i * 60_000, o: String(c - 500), h: String(c + 3000), l: String(c - 3000), c: String(c), v: String(1 + (i % 5)) };
  });
  engine.setCandles(candles);
  const changes: ChartState[] = [];
  engine.onStateChange((s) => changes.push(s));
  const t = (i: number) => candles[i]!.t;
  const state: ChartState = {
    version: 1,
    symbol: 'BTC-IDR',
    resolution: '1',
    chartType: 'heikin-ashi',
    studies: STUDY_TYPES.map((type) => newStudy(type)),
    drawings: [
      { id: 'a', tool: 'trend', points: [{ time: t(100), price: '990000' }, { time: t(200), price: '1020000' }], style: { color: '#2962ff', width: 2 } },
      { id: 'b', tool: 'ray', points: [{ time: t(150), price: '1000000' }, { time: t(180), price: '1010000' }], style: { color: '#ff6d00', width: 1, dash: true } },
      { id: 'c', tool: 'hline', points: [{ time: t(10), price: '1005000' }], style: { color: '#c4262e', width: 1 } },
      { id: 'd', tool: 'rect', points: [{ time: t(120), price: '995000' }, { time: t(160), price: '1015000' }], style: { color: '#26a69a', width: 1 } },
      { id: 'e', tool: 'fib', points: [{ time: t(50), price: '980000' }, { time: t(90), price: '1020000' }], style: { color: '#7e57c2', width: 1 } },
      { id: 'f', tool: 'text', points: [{ time: t(250), price: '1025000' }], style: { color: '#000000', width: 1 }, text: 'Breakout' },
    ],
  };
  engine.applyState(state);
  const tools = await engine.openTools();
  await frames(3);
  for (let i = 0; i < 30; i++) {
    const last = candles.at(-1)!;
    const fresh = i % 10 === 9;
    const c = String(+last.c + 700);
    const bar = fresh ? { ...last, t: last.t + 60_000, o: last.c, h: c, l: last.c, c } : { ...last, c, h: String(Math.max(+last.h, +c)) };
    if (fresh) candles.push(bar);
    else candles[candles.length - 1] = bar;
    engine.update(bar);
  }
  for (const type of ['line', 'area', 'candles', 'heikin-ashi'] as const) {
    engine.setChartType(type);
    await frames(2);
  }
  tools.setView({ scale: 'log', scaleSide: 'left', crosshair: 'magnet', colours: { upColor: '#1565c0', background: '#fafafa' } });
  tools.setPositionLines([
    { id: 'p:entry', kind: 'entry', side: 'LONG', price: '1000000', quantity: '0.5', title: 'Entry · Long 0.5' },
    { id: 'p:liquidation', kind: 'liquidation', side: 'LONG', price: '960000', quantity: '0.5', title: 'Liquidation' },
  ]);
  await frames(2);
  const view = engineChart(el);
  // Another symbol: none of BTC-IDR's drawings show there; back on BTC-IDR they all do.
  engine.setOptions({ precision: 0, minMove: 1, formatPrice: (p) => p.toFixed(0), locale: 'id-ID', intraday: true, symbol: 'ETH-IDR', resolution: '1' });
  engine.setCandles(candles);
  const onEth = tools.ui().selected;
  engine.setOptions({ precision: 0, minMove: 1, formatPrice: (p) => p.toFixed(0), locale: 'id-ID', intraday: true, symbol: 'BTC-IDR', resolution: '1' });
  engine.setCandles(candles);
  await frames(2);
  (window as unknown as Record<string, unknown>).engine = engine;
  (window as unknown as Record<string, unknown>).tools = tools;
  const back = engine.getState();
  return {
    studies: back.studies.map((s) => s.type),
    drawings: back.drawings.map((d) => d.tool),
    // Read back with the symbol they were drawn on.
    sameDrawings: JSON.stringify(back.drawings) === JSON.stringify(state.drawings.map((d) => ({ ...d, symbol: 'BTC-IDR' }))),
    chartType: back.chartType,
    hasRange: back.range !== undefined,
    changesFromApply: changes.length,
    ui: tools.ui().tool,
    selectedOnEth: onEth,
    view,
  };
}

(window as unknown as Record<string, unknown>).runSmoke = run;
