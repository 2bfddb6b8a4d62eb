// The studies and drawings layer over a stand-in chart with linear scales (jsdom has no canvas):
// bar i is at x = 10·i px, price p at y = 1000 − p px.
import type { Candle } from '../market/types';
import { newStudy, parseChartState, type Drawing } from './chart-state';
import { createChartTools, type ChartTools } from './chart-tools';
import { computeStudy } from './studies';

jest.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0, Magnet: 1, Hidden: 2 },
  LineStyle: { Solid: 0, Dashed: 2 },
  HistogramSeries: 'Histogram',
  customSeriesDefaultOptions: { color: '#000' },
}));

interface FakeSeries {
  kind: string;
  pane: number;
  data: unknown[];
  updates: unknown[];
  setData: (d: unknown[]) => void;
  update: (d: unknown) => void;
  applyOptions: jest.Mock;
}

function fakeSeries(kind: string, pane: number): FakeSeries {
  const s: FakeSeries = {
    kind,
    pane,
    data: [],
    updates: [],
    setData: (d) => {
      s.data = d;
    },
    update: (d) => s.updates.push(d),
    applyOptions: jest.fn(),
  };
  return s;
}

const candles: Candle[] = Array.from({ length: 60 }, (_, i) => {
  const c = 100 + 10 * Math.sin(i / 4) + i;
  return { t: i * 60_000, o: String(c - 1), h: String(c + 2), l: String(c - 3), c: String(c), v: String(5 + (i % 7)) };
});

function setup() {
  const added: FakeSeries[] = [];
  const removed: unknown[] = [];
  const chartOptions: Record<string, unknown>[] = [];
  let requestUpdate = () => {};
  const main = Object.assign(fakeSeries('Candlestick', 0), { priceToCoordinate: (p: number) => 1000 - p, coordinateToPrice: (y: number) => 1000 - y, attachPrimitive: (p: { attached: (x: unknown) => void }) => p.attached({ requestUpdate: () => requestUpdate() }), detachPrimitive: jest.fn(), scale: { options: () => ({ scaleMargins: { top: 0.08, bottom: 0.24 } }), applyOptions: jest.fn() }, priceScaleId: 'right', createPriceLine: jest.fn((o: unknown) => ({ options: o })), removePriceLine: jest.fn() });
  // The candles' price scale: which side, and its margins (kept when the side changes).
  Object.assign(main, { options: () => ({ priceScaleId: main.priceScaleId }), priceScale: () => main.scale });
  main.applyOptions.mockImplementation((o: { priceScaleId?: string }) => {
    if (o.priceScaleId) main.priceScaleId = o.priceScaleId;
  });
  const chart = {
    addSeries: (kind: string, _o: unknown, pane = 0) => {
      const s = fakeSeries(kind, pane);
      added.push(s);
      return s;
    },
    addCustomSeries: (_view: unknown, _o: unknown, pane = 0) => {
      const s = fakeSeries('Line', pane);
      added.push(s);
      return s;
    },
    removeSeries: (s: unknown) => removed.push(s),
    panes: () => [{ setStretchFactor: jest.fn() }],
    applyOptions: (o: Record<string, unknown>) => chartOptions.push(o),
    timeScale: () => ({
      logicalToCoordinate: (l: number) => l * 10,
      coordinateToLogical: (x: number) => x / 10,
      options: () => ({ barSpacing: 10 }),
    }),
  };
  const container = document.createElement('div');
  container.tabIndex = 0;
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 400 });
  document.body.appendChild(container);
  let bars = [...candles];
  let symbol = 'BTC-IDR';
  const changed = jest.fn();
  // As the engine: the person's candle colours over the theme's.
  let own: { up?: string; down?: string } = {};
  const tools: ChartTools = createChartTools({
    chart: chart as never,
    series: main as never,
    container,
    candles: () => bars,
    palette: () => ({ up: own.up ?? '#0b7a48', down: own.down ?? '#c4262e', text: '#222222', background: '#ffffff' }),
    setColours: (colours) => {
      own = colours;
    },
    precision: () => 2,
    symbol: () => symbol,
    market: () => 'crypto',
    changed,
  });
  const setSymbol = (next: string) => {
    symbol = next;
    tools.repaint(); // as the engine does once the new symbol's bars are drawn
  };
  return { tools, added, removed, main, container, changed, chartOptions, setSymbol, push: (c: Candle) => (bars = [...bars.filter((b) => b.t !== c.t), c]) };
}

function pointer(target: HTMLElement, type: string, x: number, y: number, pointerType = 'mouse') {
  const event = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0 });
  Object.defineProperty(event, 'pointerId', { value: 1 });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  target.dispatchEvent(event);
}
const key = (target: HTMLElement, k: string, init: KeyboardEventInit = {}) => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));

test('a trend line is placed by press, drag and release, in bar times and decimal prices', () => {
  const { tools, container, changed } = setup();
  tools.setTool('trend');
  pointer(container, 'pointerdown', 100, 900);
  pointer(container, 'pointermove', 200, 850);
  pointer(container, 'pointerup', 200, 850);
  const [line] = tools.drawings();
  expect(line).toMatchObject({ tool: 'trend', points: [{ time: 10 * 60_000, price: '100.00' }, { time: 20 * 60_000, price: '150.00' }] });
  expect(tools.ui().tool).toBeNull();
  expect(changed).toHaveBeenCalled();
});

test('a finger places a two-point drawing with two taps too, and each tool keeps its point count', () => {
  const { tools, container } = setup();
  tools.setTool('rect');
  expect(container.style.touchAction).toBe('none');
  pointer(container, 'pointerdown', 100, 900, 'touch');
  pointer(container, 'pointerup', 100, 900, 'touch');
  pointer(container, 'pointerdown', 300, 700, 'touch');
  tools.setTool('hline');
  pointer(container, 'pointerdown', 50, 880, 'touch');
  const drawn = tools.drawings();
  expect(drawn.map((d) => [d.tool, d.points.length])).toEqual([['rect', 2], ['hline', 1]]);
  expect(drawn[0]!.points[1]).toEqual({ time: 30 * 60_000, price: '300.00' });
});

test('select, move, restyle, delete with the Delete key, and undo each change', () => {
  const { tools, container } = setup();
  const line: Drawing = { id: 'd1', tool: 'trend', points: [{ time: 10 * 60_000, price: '100' }, { time: 20 * 60_000, price: '200' }], style: { color: '#2962ff', width: 2 } };
  tools.setDrawings([line]);
  // grab the middle of the line (x 150, y 850) and drag it 50 px right and 20 px up
  pointer(container, 'pointerdown', 150, 850);
  expect(tools.ui().selected?.id).toBe('d1');
  pointer(container, 'pointermove', 200, 830);
  pointer(container, 'pointerup', 200, 830);
  expect(tools.drawings()[0]!.points).toEqual([{ time: 15 * 60_000, price: '120.00' }, { time: 25 * 60_000, price: '220.00' }]);

  tools.restyleSelected({ color: '#ff0000', width: 3, dash: true });
  expect(tools.drawings()[0]!.style).toEqual({ color: '#ff0000', width: 3, dash: true });

  key(container, 'Delete');
  expect(tools.drawings()).toEqual([]);
  tools.undo();
  expect(tools.drawings()[0]!.style.color).toBe('#ff0000');
  tools.undo();
  expect(tools.drawings()[0]!.style.color).toBe('#2962ff');
  key(container, 'z', { ctrlKey: true });
  expect(tools.drawings()[0]!.points[0]).toEqual({ time: 10 * 60_000, price: '100' });
  expect(tools.ui().canUndo).toBe(false);
});

test('grabbing a handle moves only that point; a click away deselects', () => {
  const { tools, container } = setup();
  tools.setDrawings([{ id: 'd1', tool: 'trend', points: [{ time: 10 * 60_000, price: '100' }, { time: 20 * 60_000, price: '200' }], style: { color: '#2962ff', width: 2 } }]);
  pointer(container, 'pointerdown', 200, 800);
  pointer(container, 'pointermove', 300, 700);
  pointer(container, 'pointerup', 300, 700);
  expect(tools.drawings()[0]!.points).toEqual([{ time: 10 * 60_000, price: '100' }, { time: 30 * 60_000, price: '300.00' }]);
  pointer(container, 'pointerdown', 700, 100);
  expect(tools.ui().selected).toBeNull();
});

test('keyboard only: Enter places the tool, [ and ] select, arrows move, Escape lets go', () => {
  const { tools, container } = setup();
  tools.setTool('hline');
  key(container, 'Enter');
  tools.setTool('text');
  tools.restyleSelected({ color: '#000000', width: 1 }, 'Support');
  key(container, 'Enter');
  const [hline, text] = tools.drawings();
  expect(hline!.tool).toBe('hline');
  expect(text).toMatchObject({ tool: 'text', text: 'Support' });
  key(container, '[');
  expect(tools.ui().selected?.id).toBe(hline!.id);
  const before = Number(tools.drawings()[0]!.points[0]!.price);
  key(container, 'ArrowUp', { shiftKey: true });
  expect(Number(tools.drawings()[0]!.points[0]!.price)).toBeCloseTo(before + 10, 6);
  key(container, 'Escape');
  expect(tools.ui().selected).toBeNull();
});

test('drawings survive a round trip through the saved state', () => {
  const { tools, container } = setup();
  tools.setTool('fib');
  pointer(container, 'pointerdown', 100, 900);
  pointer(container, 'pointermove', 400, 750);
  pointer(container, 'pointerup', 400, 750);
  const saved = JSON.stringify({ version: 1, symbol: 'BTC-IDR', resolution: '1', studies: [], drawings: tools.drawings() });
  const other = setup();
  other.tools.setDrawings(parseChartState(JSON.parse(saved)).drawings);
  expect(other.tools.drawings()).toEqual(tools.drawings());
});

test('studies draw on their panes and a live bar updates them without redrawing the history', () => {
  const { tools, added, push } = setup();
  const rsi = newStudy('RSI');
  const macd = newStudy('MACD');
  tools.setStudies([newStudy('MA'), rsi, macd]);
  expect(added.map((s) => [s.kind, s.pane])).toEqual([['Line', 0], ['Line', 1], ['Line', 2], ['Line', 2], ['Histogram', 2]]);
  const rsiSeries = added[1]!;
  expect(rsiSeries.data).toHaveLength(60);

  const live = { ...candles[59]!, c: '190', h: '192' };
  push(live);
  tools.update(live, true);
  const next = { t: 60 * 60_000, o: '190', h: '195', l: '188', c: '193', v: '9' };
  push(next);
  tools.update(next, false);
  expect(rsiSeries.data).toHaveLength(60); // no setData again
  const full = computeStudy(rsi, [...candles.slice(0, 59), live, next].map((c) => ({ t: c.t, open: +c.o, high: +c.h, low: +c.l, close: +c.c, volume: +c.v })));
  expect((rsiSeries.updates.at(-1) as { value: number }).value).toBeCloseTo(full.at(-1)![0]!, 8);
  expect((rsiSeries.updates.at(-2) as { value: number }).value).toBeCloseTo(full.at(-2)![0]!, 8);
});

test('Heikin-Ashi draws the main series itself, and candles hand it back', () => {
  const { tools, main } = setup();
  tools.setChartType('heikin-ashi');
  expect(main.data).toHaveLength(60);
  expect(tools.update({ ...candles[59]!, c: '200' }, true)).toBe(true);
  tools.setChartType('candles');
  expect(main.data[0]).toEqual({ time: 0, open: 99, high: 102, low: 97, close: 100 });
  expect(tools.update(candles[59]!, true)).toBe(false);
});

test('the view sets the scale mode and side, the crosshair and the colours, which outlast a theme repaint', () => {
  const { tools, main, chartOptions, added, removed } = setup();
  tools.setStudies([newStudy('MA')]);
  const ma = added.at(-1)!;
  chartOptions.length = 0;
  tools.setView({ scale: 'log', scaleSide: 'left', crosshair: 'magnet', colours: { upColor: '#112233', background: '#000000' } });
  expect(chartOptions).toContainEqual({ crosshair: { mode: 1 }, leftPriceScale: { visible: true, mode: 1 }, rightPriceScale: { visible: false, mode: 1 } });
  expect(chartOptions).toContainEqual({ layout: { background: { type: 'solid', color: '#000000' } } });
  expect(main.applyOptions).toHaveBeenCalledWith({ priceScaleId: 'left' });
  expect(main.scale.applyOptions).toHaveBeenCalledWith({ scaleMargins: { top: 0.08, bottom: 0.24 } });
  expect(main.applyOptions).toHaveBeenLastCalledWith({ upColor: '#112233', downColor: '#c4262e', wickUpColor: '#112233', wickDownColor: '#c4262e' });
  // The study moved to the left scale with the candles: drawn again.
  expect(removed).toContain(ma);
  expect(added.at(-1)).not.toBe(ma);

  // The engine paints the theme again, then the tools: the person's colours stay.
  chartOptions.length = 0;
  tools.repaint();
  expect(chartOptions).toEqual([{ layout: { background: { type: 'solid', color: '#000000' } } }]);
  expect(main.applyOptions).toHaveBeenLastCalledWith({ upColor: '#112233', downColor: '#c4262e', wickUpColor: '#112233', wickDownColor: '#c4262e' });

  // Back to the theme's background and a hidden crosshair, on the right scale again.
  chartOptions.length = 0;
  tools.setView({ scale: 'percentage', scaleSide: 'right', crosshair: 'hidden', colours: {} });
  expect(chartOptions).toEqual([
    { layout: { background: { type: 'solid', color: '#ffffff' } } },
    { crosshair: { mode: 2 }, leftPriceScale: { visible: false, mode: 2 }, rightPriceScale: { visible: true, mode: 2 } },
  ]);
  expect(main.applyOptions).toHaveBeenLastCalledWith({ upColor: '#0b7a48', downColor: '#c4262e', wickUpColor: '#0b7a48', wickDownColor: '#c4262e' });
});

test('drawings belong to the symbol they were drawn on: another symbol shows its own, coming back shows them again', () => {
  const { tools, container, setSymbol } = setup();
  tools.setTool('hline');
  pointer(container, 'pointerdown', 100, 900);
  expect(tools.drawings()).toMatchObject([{ tool: 'hline', symbol: 'BTC-IDR', points: [{ price: '100.00' }] }]);
  expect(tools.ui().selected).not.toBeNull();

  setSymbol('ETH-IDR');
  expect(tools.ui().selected).toBeNull();
  // The BTC line is not on ETH's chart: a click on its place picks nothing, Delete removes nothing.
  pointer(container, 'pointerdown', 300, 900);
  pointer(container, 'pointerup', 300, 900);
  expect(tools.ui().selected).toBeNull();
  key(container, ']');
  expect(tools.ui().selected).toBeNull();
  tools.deleteSelected();
  expect(tools.drawings()).toHaveLength(1);
  tools.setTool('hline');
  pointer(container, 'pointerdown', 100, 700);
  expect(tools.drawings().map((d) => [d.symbol, d.points[0]!.price])).toEqual([
    ['BTC-IDR', '100.00'],
    ['ETH-IDR', '300.00'],
  ]);

  setSymbol('BTC-IDR');
  key(container, ']');
  expect(tools.ui().selected).toMatchObject({ symbol: 'BTC-IDR', points: [{ price: '100.00' }] });
  key(container, ']');
  expect(tools.ui().selected).toMatchObject({ symbol: 'BTC-IDR' }); // the only one on this symbol

  // A state's drawings without a symbol (a template, an older save) are the chart's own.
  tools.setDrawings([{ id: 'd-old', tool: 'hline', points: [{ time: 0, price: '5' }], style: { color: '#000000', width: 1 } }]);
  expect(tools.drawings()[0]!.symbol).toBe('BTC-IDR');
  expect(parseChartState({ version: 1, symbol: 'BTC-IDR', resolution: '1', studies: [], drawings: tools.drawings() }).drawings[0]!.symbol).toBe('BTC-IDR');
});

test('position lines: the entry solid in the side’s colour, the liquidation dashed in the loss colour, replaced on each call and kept through a view change', () => {
  const { tools, main } = setup();
  tools.setPositionLines([
    { id: 'perp:X:entry', kind: 'entry', side: 'LONG', price: '61000.5', quantity: '1', title: 'Entry · Long 1' },
    { id: 'perp:X:liquidation', kind: 'liquidation', side: 'LONG', price: '55000', quantity: '1', title: 'Liquidation' },
  ]);
  expect(main.createPriceLine.mock.calls.map(([o]) => o)).toEqual([
    { id: 'position:perp:X:entry', price: 61000.5, color: '#0b7a48', lineWidth: 2, lineStyle: 0, axisLabelVisible: true, title: 'Entry · Long 1' },
    { id: 'position:perp:X:liquidation', price: 55000, color: '#c4262e', lineWidth: 1, lineStyle: 2, axisLabelVisible: true, title: 'Liquidation' },
  ]);
  const first = main.createPriceLine.mock.results.map((r) => r.value);
  tools.setView({ scale: 'auto', scaleSide: 'right', crosshair: 'normal', colours: { upColor: '#123456' } });
  expect(main.removePriceLine.mock.calls.map(([l]) => l)).toEqual(first);
  expect(main.createPriceLine.mock.calls.at(-2)![0]).toMatchObject({ color: '#123456' });
  tools.setPositionLines([]);
  expect(main.removePriceLine).toHaveBeenCalledTimes(4);
  expect(main.createPriceLine).toHaveBeenCalledTimes(4);
});
