// The real engine over a recording stand-in for lightweight-charts (jsdom has no canvas): its size
// follows its container, it refits its bars after every size change, and the time axis keeps room
// on the right for the last date label.
import type { Candle } from '../market/types';

interface FakeChart {
  size: { width: number; height: number };
  options: Record<string, unknown>;
  fits: number;
  resize: jest.Mock;
}

const mockCharts: FakeChart[] = [];

jest.mock('lightweight-charts', () => {
  const series = () => ({
    setData: jest.fn(),
    update: jest.fn(),
    applyOptions: jest.fn(),
    priceScale: () => ({ applyOptions: jest.fn() }),
    createPriceLine: jest.fn(),
    removePriceLine: jest.fn(),
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
        resize: jest.fn((width: number, height: number) => {
          chart.size = { width, height };
        }),
      };
      mockCharts.push(chart);
      return {
        addSeries: series,
        priceScale: () => ({ applyOptions: jest.fn() }),
        timeScale: () => ({
          fitContent: () => {
            chart.fits += 1;
          },
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
});
