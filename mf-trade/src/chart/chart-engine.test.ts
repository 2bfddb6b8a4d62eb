// The real engine over a recording stand-in for lightweight-charts (jsdom has no canvas): its size
// follows its container, it refits its bars after every size change, and the time axis keeps room
// on the right for the last date label.
import type { Candle } from '../market/types';

interface FakeChart {
  size: { width: number; height: number };
  options: Record<string, unknown>;
  fits: number;
  resize: jest.Mock;
  view: { from: number; to: number } | null;
  rangeListeners: ((range: { from: number; to: number } | null) => void)[];
  data: unknown[][];
  visible: { from: number; to: number } | null;
  priceLines: { id?: string; price: number }[];
}

const mockCharts: FakeChart[] = [];

jest.mock('lightweight-charts', () => {
  const series = (chart: FakeChart) => ({
    setData: jest.fn((bars: unknown[]) => chart.data.push(bars)),
    update: jest.fn(),
    applyOptions: jest.fn(),
    options: () => ({ priceScaleId: 'right' }),
    priceScale: () => ({ applyOptions: jest.fn(), options: () => ({ scaleMargins: { top: 0.1, bottom: 0.2 } }) }),
    createPriceLine: jest.fn((line: { id?: string; price: number }) => {
      chart.priceLines.push(line);
      return line;
    }),
    removePriceLine: jest.fn(),
    attachPrimitive: jest.fn(),
    detachPrimitive: jest.fn(),
    priceToCoordinate: (price: number) => 1000 - price,
    coordinateToPrice: (y: number) => 1000 - y,
  });
  return {
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0 },
    LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
    TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
    createChart: (_container: HTMLElement, options: Record<string, unknown> & { width: number; height: number }) => {
      const chart: FakeChart = {
        size: { width: options.width, height: options.height },
        options,
        fits: 0,
        view: null,
        rangeListeners: [],
        data: [],
        visible: null,
        priceLines: [],
        resize: jest.fn((width: number, height: number) => {
          chart.size = { width, height };
        }),
      };
      mockCharts.push(chart);
      return {
        addSeries: () => series(chart),
        addCustomSeries: () => series(chart),
        removeSeries: jest.fn(),
        panes: () => [],
        priceScale: () => ({ applyOptions: jest.fn() }),
        timeScale: () => ({
          fitContent: () => {
            chart.fits += 1;
          },
          getVisibleLogicalRange: () => chart.view,
          getVisibleRange: () => chart.visible,
          setVisibleRange: (range: { from: number; to: number }) => {
            chart.visible = range;
          },
          setVisibleLogicalRange: (range: { from: number; to: number }) => {
            chart.view = range;
          },
          subscribeVisibleLogicalRangeChange: (listener: (range: { from: number; to: number } | null) => void) => chart.rangeListeners.push(listener),
          unsubscribeVisibleLogicalRangeChange: jest.fn(),
        }),
        applyOptions: jest.fn(),
        resize: chart.resize,
        remove: jest.fn(),
        subscribeClick: jest.fn(),
        unsubscribeClick: jest.fn(),
      };
    },
  };
});

type Callback = (entries: { contentRect: { width: number; height: number } }[]) => void;
const observers: { callback: Callback; targets: Element[] }[] = [];
class FakeResizeObserver {
  private readonly entry: { callback: Callback; targets: Element[] };
  constructor(callback: Callback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
}

const resizeTo = (width: number, height: number) => {
  for (const observer of observers) if (observer.targets.length) observer.callback([{ contentRect: { width, height } }]);
};

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
});
beforeEach(() => {
  mockCharts.length = 0;
  observers.length = 0;
});

// Imported after the mock is in place.
import { createChartEngine, TIME_AXIS_RIGHT_MARGIN_PX } from './chart-engine';

const OPTIONS = { precision: 0, minMove: 1, formatPrice: String, locale: 'id-ID', intraday: false };
const candle = (t: number): Candle => ({ t, o: '100', h: '110', l: '90', c: '105', v: '3' }) as Candle;

describe('chart engine', () => {
  it('paints the volume bars in the person\'s own up and down colours, and the theme\'s again when they go', async () => {
    const engine = createChartEngine(document.createElement('div'), OPTIONS);
    engine.setCandles([candle(1_700_000_000_000)]); // closes above its open: an up bar
    const volumeColour = () => {
      const sets = mockCharts[0]!.data as { color?: string }[][];
      return [...sets].reverse().find((bars) => bars[0]?.color !== undefined)?.[0]?.color;
    };
    expect(volumeColour()).toBe('#0b7a4859');
    const tools = await engine.openTools();
    tools.setView({ scale: 'auto', scaleSide: 'right', crosshair: 'normal', colours: { upColor: '#112233' } });
    expect(volumeColour()).toBe('#11223359');
    tools.setView({ scale: 'auto', scaleSide: 'right', crosshair: 'normal', colours: {} });
    expect(volumeColour()).toBe('#0b7a4859');
    engine.destroy();
  });

  it('draws the draggable order and alert lines given before the line layer\'s own chunk arrived', async () => {
    const guest = createChartEngine(document.createElement('div'), OPTIONS);
    guest.setOrderLines([]);
    guest.setAlertLines([], null);
    guest.setPicking(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mockCharts[0]!.priceLines).toEqual([]);
    guest.destroy();

    const engine = createChartEngine(document.createElement('div'), OPTIONS);
    const drag = { onMove: jest.fn(), onDrop: jest.fn() } as never;
    engine.setOrderLines([{ id: 'o1', price: '950', side: 'BUY', type: 'limit', state: 6, title: 'Buy 1' } as never], drag);
    engine.setAlertLines([{ id: 'a1', price: '990', title: 'Alert' } as never], null);
    // The layer's chunk arrives a moment later, and draws what it was last given.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const drawn = mockCharts[1]!.priceLines.map((line) => [line.id, line.price]);
    expect(drawn).toEqual(expect.arrayContaining([['order:o1', 950], [expect.stringContaining('a1'), 990]]));
    engine.destroy();
  });

  it('follows its container on every size change and refits its bars to the new width', () => {
    const engine = createChartEngine(document.createElement('div'), OPTIONS);
    engine.setCandles([candle(1_700_000_000_000), candle(1_700_086_400_000)]);
    const chart = mockCharts[0]!;
    const fitsBefore = chart.fits;

    resizeTo(1400.6, 620); // full screen
    expect(chart.size).toEqual({ width: 1400, height: 620 });
    expect(chart.resize).toHaveBeenLastCalledWith(1400, 620, true);
    expect(chart.fits).toBe(fitsBefore + 1);

    resizeTo(700, 420); // a side panel opens
    resizeTo(980, 420); // and closes again
    expect(chart.size).toEqual({ width: 980, height: 420 });
    expect(chart.fits).toBe(fitsBefore + 3);
    engine.destroy();
  });

  it('asks once for older bars when a person scrolls near the oldest one, and keeps the same bars in view when they arrive', () => {
    const container = document.createElement('div');
    const engine = createChartEngine(container, OPTIONS);
    engine.setCandles([candle(1_700_000_000_000), candle(1_700_086_400_000)]);
    const chart = mockCharts[0]!;
    const asked: number[] = [];
    engine.onNeedHistory((oldest) => asked.push(oldest));
    const scrollTo = (from: number, to: number) => {
      chart.view = { from, to };
      for (const listener of chart.rangeListeners) listener(chart.view);
    };

    scrollTo(0, 1); // the bars fitted on load show the oldest: nobody scrolled, nothing asked
    expect(asked).toEqual([]);
    container.dispatchEvent(new Event('pointerdown'));
    scrollTo(-3, 1);
    scrollTo(-5, 1); // still the same oldest bar: asked once
    expect(asked).toEqual([1_700_000_000_000]);

    engine.prependCandles([candle(1_699_827_200_000), candle(1_699_913_600_000), candle(1_700_000_000_000)]);
    expect(chart.data.at(-2)).toHaveLength(4); // the bar already there is not doubled
    expect(chart.view).toEqual({ from: -3, to: 3 });
    scrollTo(0, 3);
    expect(asked).toEqual([1_700_000_000_000, 1_699_827_200_000]);
    engine.destroy();
  });

  it('ignores a hidden container (no size) rather than collapsing the chart', () => {
    createChartEngine(document.createElement('div'), OPTIONS);
    const chart = mockCharts[0]!;
    resizeTo(0, 0);
    expect(chart.resize).not.toHaveBeenCalled();
  });

  it('keeps room right of the last bar for a whole date label on the time axis', () => {
    createChartEngine(document.createElement('div'), OPTIONS);
    const timeScale = mockCharts[0]!.options.timeScale as { rightOffsetPixels?: number };
    expect(timeScale.rightOffsetPixels).toBe(TIME_AXIS_RIGHT_MARGIN_PX);
    // Half the widest label ("25 Nov", "13.00", "2026" at the axis' 12 px) must fit right of its bar.
    expect(TIME_AXIS_RIGHT_MARGIN_PX).toBeGreaterThanOrEqual(32);
  });

  it('holds the chart state without the tools chunk until studies or drawings need it, and reports only a person’s changes', async () => {
    const container = document.createElement('div');
    const engine = createChartEngine(container, { ...OPTIONS, symbol: 'BTC-IDR', resolution: '1D' });
    const chart = mockCharts[0]!;
    const changes: unknown[] = [];
    engine.onStateChange((state) => changes.push(state));
    expect(engine.getState()).toEqual({ version: 1, symbol: 'BTC-IDR', resolution: '1D', studies: [], drawings: [], chartType: 'candles' });

    // A saved window before the candles: shown once they are in (after the fit), in seconds for the library.
    const range = { from: 1_700_000_000_000, to: 1_700_086_400_000 };
    engine.applyState({ version: 1, symbol: 'BTC-IDR', resolution: '1D', range, studies: [], drawings: [] });
    expect(chart.visible).toBeNull();
    engine.setCandles([candle(1_700_000_000_000), candle(1_700_086_400_000), candle(1_700_172_800_000)]);
    expect(chart.visible).toEqual({ from: 1_700_000_000, to: 1_700_086_400 });
    expect(engine.getState().range).toEqual(range);

    const drawing = { id: 'd1', tool: 'hline' as const, points: [{ time: 1_700_086_400_000, price: '100' }], style: { color: '#2962ff', width: 1 } };
    const rsi = { id: 's1', type: 'RSI' as const, params: { period: 9 }, colors: ['#7e57c2'], pane: 'own' as const };
    engine.applyState({ version: 1, symbol: 'BTC-IDR', resolution: '1D', studies: [rsi], drawings: [drawing], chartType: 'heikin-ashi' });
    // Until the chunk is in, the applied parts are what the state says.
    expect(engine.getState()).toMatchObject({ studies: [rsi], drawings: [drawing], chartType: 'heikin-ashi' });
    const tools = await engine.openTools();
    expect(engine.getState()).toMatchObject({ studies: [rsi], drawings: [drawing], chartType: 'heikin-ashi' });
    expect(changes).toEqual([]);

    tools.setStudies([]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ symbol: 'BTC-IDR', studies: [], drawings: [drawing] });
    engine.destroy();
  });
});
