// The chart itself, on lightweight-charts 5 (decision 0009). This module and the library form
// their own chunk, imported only when a chart mounts, so they stay out of the page's first load.
// Prices arrive as decimal strings; the canvas needs numbers to draw, so they become numbers here
// and only here, for drawing: every price the user reads is formatted from the strings.
import { BrokerOrderState, cssVariableName, eventBus, type MarketId } from '@pasar/shared';
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type CandlestickData,
  type TickMarkType,
  type HistogramData,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../market/types';
import type { ChartOrderLine } from './order-lines';
import type { AlertLayer, AlertLineHandlers, ChartAlertLine, LineLook } from './alert-lines';
import type { ChartState, ChartStateApi } from './chart-state';
import type { ChartTools } from './chart-tools';
import { CROSSHAIR_NORMAL, LINE_DASHED, LINE_SOLID, SOLID, TICK_DAY, TICK_MONTH, TICK_YEAR } from './library-values';
import type { StateParts, ToolsHost } from './chart-tools-host';

export interface ChartEngineOptions {
  /** Price decimals and the smallest price step (the instrument's tick). */
  precision: number;
  minMove: number;
  /** Formats a price for the axis and crosshair (the shared formatter, in the page's language). */
  formatPrice: (price: number) => string;
  /** BCP 47 locale of the time axis. */
  locale: string;
  /** Intraday bars show times; daily and longer show dates. */
  intraday: boolean;
  /** What the chart shows, for its saved state (getState). */
  symbol?: string;
  resolution?: string;
  /** The symbol's market: its session day bounds a daily study (VWAP). From the symbol when not given. */
  market?: MarketId;
}

/**
 * Room right of the last bar, in pixels, on every chart: a time-axis label is centred on its bar,
 * so the last one ("25 Nov", "13.00", "2026") needs half its width free of the price scale, or it
 * is cut at the edge. Wider than half the widest label at the axis' font.
 */
export const TIME_AXIS_RIGHT_MARGIN_PX = 40;

/** Scrolling to within this many bars of the oldest loaded one asks for older history. */
export const HISTORY_EDGE_BARS = 10;

export interface ChartEngine extends ChartStateApi {
  /** Studies and drawings: loads their chunk on first use (the indicators or drawing menu). */
  openTools(): Promise<ChartTools>;
  setCandles(candles: readonly Candle[]): void;
  /** The current bar changed or a new one opened; bars older than the last are ignored. */
  update(candle: Candle): void;
  setOptions(options: ChartEngineOptions): void;
  /**
   * The user's orders as price lines (replaces the previous ones). With `drag`, the working limit
   * orders' lines can be dragged: a drop reports the order and the price under the pointer.
   */
  setOrderLines(lines: readonly ChartOrderLine[], drag?: AlertLineHandlers | null): void;
  /** Older bars put before the loaded ones (scrolled-back history); the view stays where it is. */
  prependCandles(older: readonly Candle[]): void;
  /** Called with the oldest bar's time (epoch ms) when a person scrolls near the start of the bars; returns the unsubscribe. */
  onNeedHistory(listener: (oldestMs: number) => void): () => void;
  /** The person's price alerts as lines that can be dragged, and the "alert at this price" pick mode (alert-lines.ts). */
  setAlertLines(lines: readonly ChartAlertLine[], handlers: AlertLineHandlers | null): void;
  setPicking(picking: boolean): void;
  destroy(): void;
}

const colour = (key: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(cssVariableName('colors', key)).trim();

/** `#0b7a48` → `#0b7a4859`: the colour at 35 % opacity (volume bars are the candle colours, faded). */
const faded = (hex: string): string => (/^#[0-9a-f]{6}$/i.test(hex) ? `${hex}59` : hex);

/** A person's own candle colours; a missing one is the theme's. */
export interface CandleColours {
  up?: string;
  down?: string;
}

interface Palette {
  up: string;
  down: string;
  text: string;
  grid: string;
  background: string;
}

function readPalette(): Palette {
  return {
    up: colour('buy') || '#0b7a48',
    down: colour('sell') || '#c4262e',
    text: colour('textMuted') || '#52605b',
    grid: colour('border') || '#d8e0dc',
    background: colour('surface') || '#ffffff',
  };
}

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

function toBars(candle: Candle, palette: Palette): { bar: CandlestickData<Time>; volume: HistogramData<Time> } {
  const time = toTime(candle.t);
  const open = Number(candle.o);
  const close = Number(candle.c);
  return {
    bar: { time, open, high: Number(candle.h), low: Number(candle.l), close },
    volume: { time, value: Number(candle.v), color: faded(close >= open ? palette.up : palette.down) },
  };
}

// The page's first Intl date format sets up ICU's date data, whatever its locale: about 15 ms on a
// phone. It is made here in a task of its own, which runs before the chart's creation (PriceChart
// creates the chart a task after this chunk's evaluation), so that creation does not pay for it.
setTimeout(() => Intl.DateTimeFormat());

export function createChartEngine(container: HTMLElement, initial: ChartEngineOptions): ChartEngine {
  let options = initial;
  // The person's up and down colours (chart view settings, set by the tools) over the theme's:
  // candles and volume bars alike.
  let ownColours: CandleColours = {};
  const themed = (): Palette => {
    const theme = readPalette();
    return { ...theme, up: ownColours.up ?? theme.up, down: ownColours.down ?? theme.down };
  };
  let palette = themed();
  let candles: Candle[] = [];

  const dateFormat = (format: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(options.locale, format);
  const timeFormat = () => dateFormat(options.intraday ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
  let crosshairTime = timeFormat();
  const tickFormats = () => ({
    year: dateFormat({ year: 'numeric' }),
    month: dateFormat({ month: 'short' }),
    day: dateFormat({ day: 'numeric', month: 'short' }),
    time: dateFormat({ hour: '2-digit', minute: '2-digit', hour12: false }),
  });
  let ticks = tickFormats();

  // The size the ResizeObserver below reports (whole pixels, rounded down): its first report,
  // right after creation, is then no change, not a second full paint in the same frame.
  const box = container.getBoundingClientRect();
  let width = Math.floor(box.width);
  let height = Math.floor(box.height);
  const chart: IChartApi = createChart(container, {
    width,
    height,
    layout: {
      background: { type: SOLID, color: palette.background },
      textColor: palette.text,
      fontFamily: getComputedStyle(container).fontFamily,
      // The library's licence asks for TradingView's attribution; its small logo is that.
      attributionLogo: true,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    crosshair: { mode: CROSSHAIR_NORMAL },
    rightPriceScale: { borderColor: palette.grid },
    timeScale: {
      borderColor: palette.grid,
      rightOffsetPixels: TIME_AXIS_RIGHT_MARGIN_PX,
      timeVisible: options.intraday,
      secondsVisible: false,
      tickMarkFormatter: (time: Time, type: TickMarkType) => {
        const date = new Date((time as number) * 1000);
        switch (type) {
          case TICK_YEAR:
            return ticks.year.format(date);
          case TICK_MONTH:
            return ticks.month.format(date);
          case TICK_DAY:
            return ticks.day.format(date);
          default:
            return ticks.time.format(date);
        }
      },
    },
    localization: {
      locale: options.locale,
      priceFormatter: (price: number) => options.formatPrice(price),
      timeFormatter: (time: Time) => crosshairTime.format(new Date((time as number) * 1000)),
    },
  });

  const series: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, {
    upColor: palette.up,
    downColor: palette.down,
    borderVisible: false,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
    priceFormat: { type: 'price', precision: options.precision, minMove: options.minMove },
  });
  const volume: ISeriesApi<'Histogram'> = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const orderDragLayer = deferredLayer(() => [chart, series, container, palette.up, { idPrefix: 'order:', lineStyle: LINE_DASHED, lineWidth: 1 }]);
  series.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
  // Studies, drawings and chart types: their chunk (chart-tools-host.ts and the tools) is imported
  // on first use; until then the engine holds an applied state's parts.
  const stateListeners = new Set<(state: ChartState) => void>();
  let host: ToolsHost | null = null;
  let hostLoad: Promise<ToolsHost> | null = null;
  let early: StateParts | null = null;
  let pendingRange: ChartState['range'];
  const stateOf = (parts: StateParts): ChartState => {
    const visible = chart.timeScale().getVisibleRange();
    const range = visible ? { from: (visible.from as number) * 1000, to: (visible.to as number) * 1000 } : pendingRange;
    return { version: 1, symbol: options.symbol ?? '', resolution: options.resolution ?? '', ...(range && { range }), ...parts };
  };
  const loadHost = () =>
    (hostLoad ??= import(/* webpackChunkName: "chart-tools" */ './chart-tools-host').then(
      ({ createToolsHost }) =>
        (host = createToolsHost(
          {
            chart,
            series,
            container,
            candles: () => candles,
            palette: () => palette,
            setColours: (colours) => {
              if (colours.up === ownColours.up && colours.down === ownColours.down) return;
              ownColours = colours;
              applyPalette();
            },
            options: () => options,
            state: stateOf,
            listeners: stateListeners,
          },
          early,
        )),
      (error: unknown) => {
        hostLoad = null;
        throw error;
      },
    ));
  const showRange = () => {
    if (!pendingRange || candles.length === 0) return;
    chart.timeScale().setVisibleRange({ from: (pendingRange.from / 1000) as Time, to: (pendingRange.to / 1000) as Time });
    pendingRange = undefined;
  };
  /** Starts loading the tools for a state that needs them (a failed load is retried on next use). */
  const warm = (parts: StateParts) => {
    if (parts.studies.length > 0 || parts.drawings.length > 0 || parts.chartType !== 'candles') loadHost().catch(() => undefined);
  };

  function paint() {
    const bars = candles.map((candle) => toBars(candle, palette));
    series.setData(bars.map((b) => b.bar));
    volume.setData(bars.map((b) => b.volume));
    host?.tools.repaint();
  }

  // Order lines: a working order dashed, a partially filled one solid (§4 chart-order states).
  // With drag handlers, working limit orders are drawn by a draggable layer instead.
  let orderLines: readonly ChartOrderLine[] = [];
  let orderDrag: AlertLineHandlers | null = null;
  let drawnLines: IPriceLine[] = [];
  const draggable = (line: ChartOrderLine) => orderDrag !== null && line.type === 'limit' && line.state === BrokerOrderState.Working;
  function drawOrderLines() {
    for (const line of drawnLines) series.removePriceLine(line);
    orderDragLayer.setHandlers(orderDrag);
    orderDragLayer.setLines(
      orderLines.filter(draggable).map((line) => ({ id: line.id, price: line.price, title: line.title, color: line.side === 'BUY' ? palette.up : palette.down })),
    );
    drawnLines = orderLines.filter((line) => !draggable(line)).map((line) =>
      series.createPriceLine({
        id: line.id,
        price: Number(line.price),
        color: line.side === 'BUY' ? palette.up : palette.down,
        lineWidth: 1,
        lineStyle: line.state === BrokerOrderState.Working ? LINE_DASHED : LINE_SOLID,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
  }

  const alertLayer = deferredLayer(() => [chart, series, container, colour('warning') || '#f2b01e']);

  function applyPalette() {
    palette = themed();
    chart.applyOptions({
      layout: { background: { type: SOLID, color: palette.background }, textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.grid },
      timeScale: { borderColor: palette.grid },
    });
    series.applyOptions({ upColor: palette.up, downColor: palette.down, wickUpColor: palette.up, wickDownColor: palette.down });
    paint();
    drawOrderLines();
    alertLayer.setColor(colour('warning') || '#f2b01e');
  }

  // The theme writes its variables on <html> around the event: read them a frame later.
  const offTheme = eventBus.on('theme:changed', () => requestAnimationFrame(applyPalette));

  // Every size change of the container (full screen, a side panel opening or closing, a rotated
  // phone) redraws the chart at the new size and refits the bars to it: a chart that only grew
  // would keep its bar spacing and leave the new width blank.
  // Scrolled back to within a few bars of the oldest: ask for older history (once per oldest bar).
  // Only once the person has touched the chart: fitting the bars on load shows the oldest too.
  const historyListeners = new Set<(oldestMs: number) => void>();
  let askedFor: number | null = null;
  let handled = false;
  const markHandled = () => {
    handled = true;
  };
  container.addEventListener('pointerdown', markHandled);
  container.addEventListener('wheel', markHandled, { passive: true });
  const onVisibleRange = (range: { from: number; to: number } | null) => {
    const oldest = candles[0];
    if (!handled || !range || !oldest || range.from > HISTORY_EDGE_BARS || askedFor === oldest.t) return;
    askedFor = oldest.t;
    for (const listener of historyListeners) listener(oldest.t);
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(onVisibleRange);

  // Its first report, right after creation, is the size the chart was made at: nothing to do (a
  // refit there repainted the whole chart a second time on load).
  const resize = new ResizeObserver((entries) => {
    const next = entries[0]?.contentRect;
    if (!next || next.width <= 0 || next.height <= 0) return;
    const w = Math.floor(next.width);
    const h = Math.floor(next.height);
    if (w === width && h === height) return;
    width = w;
    height = h;
    chart.resize(w, h, true);
    if (candles.length > 0) chart.timeScale().fitContent();
  });
  resize.observe(container);

  return {
    getState: () => stateOf(host ? host.parts() : (early ?? { studies: [], drawings: [], chartType: 'candles' })),
    applyState(state) {
      const parts = { studies: state.studies, drawings: state.drawings, chartType: state.chartType ?? 'candles' };
      pendingRange = state.range;
      showRange();
      if (host) host.apply(parts);
      else {
        early = parts;
        warm(parts);
      }
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    setChartType(type) {
      if (host) host.setChartType(type);
      else {
        early = { ...(early ?? { studies: [], drawings: [] }), chartType: type };
        warm(early);
      }
    },
    openTools: () => loadHost().then((h) => h.tools),
    setCandles(next) {
      candles = [...next].sort((a, b) => a.t - b.t);
      paint();
      chart.timeScale().fitContent();
      showRange();
    },
    update(candle) {
      const last = candles.at(-1);
      if (last && candle.t < last.t) return;
      const replace = last !== undefined && candle.t === last.t;
      if (replace) candles[candles.length - 1] = candle;
      else candles.push(candle);
      const { bar, volume: vol } = toBars(candle, palette);
      if (!host?.tools.update(candle, replace)) series.update(bar);
      volume.update(vol);
    },
    setOptions(next) {
      options = next;
      crosshairTime = timeFormat();
      ticks = tickFormats();
      chart.applyOptions({ localization: { locale: next.locale }, timeScale: { timeVisible: next.intraday } });
      series.applyOptions({ priceFormat: { type: 'price', precision: next.precision, minMove: next.minMove } });
    },
    setOrderLines(lines, drag = null) {
      orderLines = lines;
      orderDrag = drag;
      drawOrderLines();
    },
    prependCandles(older) {
      const first = candles[0]?.t ?? Infinity;
      const added = older.filter((candle) => candle.t < first).sort((a, b) => a.t - b.t);
      if (added.length === 0) return;
      const view = chart.timeScale().getVisibleLogicalRange();
      candles = [...added, ...candles];
      paint();
      // Bar indexes moved by the bars added: the same bars stay in view.
      if (view) chart.timeScale().setVisibleLogicalRange({ from: view.from + added.length, to: view.to + added.length });
    },
    onNeedHistory(listener) {
      historyListeners.add(listener);
      return () => historyListeners.delete(listener);
    },
    setAlertLines(lines, handlers) {
      alertLayer.setHandlers(handlers);
      alertLayer.setLines(lines);
    },
    setPicking(picking) {
      alertLayer.setPicking(picking);
    },
    destroy() {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onVisibleRange);
      container.removeEventListener('pointerdown', markHandled);
      container.removeEventListener('wheel', markHandled);
      historyListeners.clear();
      host?.tools.destroy();
      host = null;
      orderDragLayer.destroy();
      alertLayer.destroy();
      offTheme();
      resize.disconnect();
      chart.remove();
    },
  };
}

type LayerArgs = [IChartApi, ISeriesApi<'Candlestick'>, HTMLElement, string, LineLook?];

/**
 * A draggable line layer (alert-lines.ts) whose code is a chunk of its own, fetched the first time
 * it has something to show or do: price alerts, a pick, or a working order to drag are a signed-in
 * person's, so a guest's chart never loads it. Until then it keeps the latest of each call.
 */
function deferredLayer(args: () => LayerArgs): AlertLayer {
  let layer: AlertLayer | null = null;
  let loading = false;
  let destroyed = false;
  let lines: readonly ChartAlertLine[] = [];
  let handlers: AlertLineHandlers | null = null;
  let picking = false;
  let color: string | null = null;
  const load = () => {
    if (loading || destroyed) return;
    loading = true;
    import(/* webpackChunkName: "chart-lines" */ './alert-lines').then(
      ({ createAlertLayer }) => {
        if (destroyed) return;
        const given = args();
        layer = createAlertLayer(...given);
        if (color !== null) layer.setColor(color);
        layer.setHandlers(handlers);
        layer.setLines(lines);
        layer.setPicking(picking);
      },
      () => {
        loading = false;
      },
    );
  };
  /** Passes a call on to the layer, or starts loading it once there is something to show. */
  const pass = (call: (loaded: AlertLayer) => void) => {
    if (layer) call(layer);
    else if (lines.length > 0 || handlers !== null || picking) load();
  };
  return {
    setLines(next) {
      lines = next;
      pass((loaded) => loaded.setLines(next));
    },
    setHandlers(next) {
      handlers = next;
      pass((loaded) => loaded.setHandlers(next));
    },
    setPicking(next) {
      picking = next;
      pass((loaded) => loaded.setPicking(next));
    },
    setColor(next) {
      color = next;
      layer?.setColor(next);
    },
    destroy() {
      destroyed = true;
      layer?.destroy();
      layer = null;
    },
  };
}
