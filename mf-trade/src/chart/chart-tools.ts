// The chart's studies, chart types and drawings: its own chunk (with trading-signals), imported by
// the engine only when a person opens the indicators or drawing menu, changes the chart type, or a
// saved state with studies or drawings is applied. The guest's first load never carries it.
import { HistogramSeries, type CrosshairMode, type IChartApi, type IPriceLine, type PriceScaleMode, type ISeriesApi, type ISeriesPrimitive, type Logical, type SeriesType, type Time, type UTCTimestamp } from 'lightweight-charts';
import type { MarketId } from '@pasar/shared';
import type { Candle } from '../market/types';
import { DEFAULT_VIEW, type ChartView } from './chart-view';
import type { PositionLine } from './position-lines';
import { DRAWING_POINT_COUNT, drawnOn, newChartItemId, type ChartType, type Drawing, type DrawingPoint, type DrawingStyle, type DrawingTool, type Study } from './chart-state';
import { fibLevelYs, HIT_DISTANCE_PX, pickDrawing, rayEnd, type Pixel } from './drawing-geometry';
import { heikinAshiBar, type Ohlc } from './heikin-ashi';
import { CROSSHAIR_HIDDEN, CROSSHAIR_MAGNET, CROSSHAIR_NORMAL, LINE_DASHED, LINE_SOLID, SCALE_LOG, SCALE_NORMAL, SCALE_PERCENTAGE, SOLID } from './library-values';
import { LineSeriesView, type LinePoint, type LineSeriesOptions } from './line-series';
import { createStudyCalculator, STUDY_OUTPUTS, type StudyBar, type StudyCalculator, type StudyValues } from './studies';

export interface ToolsPalette {
  up: string;
  down: string;
  text: string;
  background: string;
}

export interface ToolsContext {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  container: HTMLElement;
  candles(): readonly Candle[];
  /** The theme's palette with the person's candle colours (setColours) over it. */
  palette(): ToolsPalette;
  /** The person's candle colours: the engine paints candles and volume bars in them. */
  setColours(colours: { up?: string; down?: string }): void;
  precision(): number;
  /** The chart's market now (its session day resets VWAP). */
  market(): MarketId;
  /** The chart's symbol now: drawings show on the symbol they were drawn on (chart-state.ts `Drawing.symbol`). */
  symbol(): string;
  /** A person changed studies, drawings or the chart type (saved charts listen through the engine). */
  changed(): void;
}

/** What the drawing palette shows: the tool being placed and the selected drawing. */
export interface DrawingUiState {
  tool: DrawingTool | null;
  selected: Drawing | null;
  canUndo: boolean;
}

export interface ChartTools {
  studies(): Study[];
  setStudies(studies: readonly Study[]): void;
  drawings(): Drawing[];
  setDrawings(drawings: readonly Drawing[]): void;
  chartType(): ChartType;
  setChartType(type: ChartType): void;
  /** The person's scale, crosshair and colours (chart-view.ts); colours left out follow the theme. */
  setView(view: ChartView): void;
  /** The person's open position of the symbol: entry lines solid, liquidation lines dashed (replaces the previous ones). */
  setPositionLines(lines: readonly PositionLine[]): void;
  /** The candles were replaced (a new window, older history, a theme): everything is drawn again. */
  repaint(): void;
  /** A live bar (`replace` when it is the current bar again); answers true when it drew the main series itself. */
  update(candle: Candle, replace: boolean): boolean;
  /** The drawing tool to place next (null: select and move). */
  setTool(tool: DrawingTool | null): void;
  /** The style (and text) of the next drawings, without touching a selected one. */
  setDefaults(style: DrawingStyle, text: string): void;
  /** Restyles (and for a text, re-words) the selected drawing; also the next drawings' style. */
  restyleSelected(style: DrawingStyle, text?: string): void;
  deleteSelected(): void;
  undo(): void;
  /** Places the current tool's drawing in the middle of the view (the keyboard's way to draw). */
  placeAtCentre(): void;
  onUi(listener: (state: DrawingUiState) => void): () => void;
  ui(): DrawingUiState;
  destroy(): void;
}

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;
const toBar = (c: Candle): StudyBar => ({ t: c.t, open: Number(c.o), high: Number(c.h), low: Number(c.l), close: Number(c.c), volume: Number(c.v) });
/** The undo history kept (each entry is a copy of the drawings before a change). */
const UNDO_DEPTH = 50;
const DEFAULT_STYLE: DrawingStyle = { color: '#2962ff', width: 2 };

interface DrawnStudy {
  study: Study;
  calc: StudyCalculator;
  series: ISeriesApi<SeriesType>[];
  last: number | null;
}

const cloneDrawing = (d: Drawing): Drawing => ({ ...d, points: d.points.map((p) => ({ ...p })), style: { ...d.style } });

export function createChartTools(ctx: ToolsContext): ChartTools {
  const { chart, series, container } = ctx;
  const addLine = (options: Partial<LineSeriesOptions>, pane = 0) => chart.addCustomSeries<LinePoint, LineSeriesOptions>(new LineSeriesView(), options, pane);

  // ---- View: scale, crosshair, colours ----------------------------------------------------------
  let view: ChartView = DEFAULT_VIEW;
  const palette = (): ToolsPalette => ctx.palette();
  const SCALE_MODE: Record<ChartView['scale'], PriceScaleMode> = { auto: SCALE_NORMAL, log: SCALE_LOG, percentage: SCALE_PERCENTAGE };
  const CROSSHAIR: Record<ChartView['crosshair'], CrosshairMode> = { normal: CROSSHAIR_NORMAL, magnet: CROSSHAIR_MAGNET, hidden: CROSSHAIR_HIDDEN };

  /** A background of the person's own (the engine paints the theme's again on a theme change). */
  function applyBackground() {
    if (view.colours.background) chart.applyOptions({ layout: { background: { type: SOLID, color: view.colours.background } } });
  }

  function applyView() {
    const mode = SCALE_MODE[view.scale];
    chart.applyOptions({
      crosshair: { mode: CROSSHAIR[view.crosshair] },
      leftPriceScale: { visible: view.scaleSide === 'left', mode },
      rightPriceScale: { visible: view.scaleSide === 'right', mode },
    });
    if (series.options().priceScaleId !== view.scaleSide) {
      // The candles keep their margins (room for the volume below) on the other side's scale.
      const { scaleMargins } = series.priceScale().options();
      series.applyOptions({ priceScaleId: view.scaleSide });
      series.priceScale().applyOptions({ scaleMargins });
    }
    applyBackground();
  }

  // ---- Position lines --------------------------------------------------------------------------
  let positionLines: readonly PositionLine[] = [];
  let drawnPositions: IPriceLine[] = [];
  function drawPositionLines() {
    for (const line of drawnPositions) series.removePriceLine(line);
    const p = palette();
    drawnPositions = positionLines.map((line) =>
      series.createPriceLine({
        id: `position:${line.id}`,
        price: Number(line.price),
        // Entry in the side's colour; liquidation in the colour of a loss, dashed.
        color: line.kind === 'liquidation' || line.side === 'SHORT' ? p.down : p.up,
        lineWidth: line.kind === 'entry' ? 2 : 1,
        lineStyle: line.kind === 'entry' ? LINE_SOLID : LINE_DASHED,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
  }

  // ---- Studies ---------------------------------------------------------------------------------
  let studies: Study[] = [];
  let drawn: DrawnStudy[] = [];

  const isHistogram = (study: Study, output: number) => (study.type === 'VOL' && output === 0) || (study.type === 'MACD' && output === 2);

  function histogramColour(study: Study, bar: StudyBar, value: number): string {
    if (study.type === 'VOL') return (bar.close >= bar.open ? study.colors[0] : study.colors[1]) ?? palette().up;
    return value >= 0 ? palette().up : palette().down;
  }

  function point(study: Study, output: number, bar: StudyBar, value: number | null) {
    const time = toTime(bar.t);
    if (value === null) return { time };
    if (isHistogram(study, output)) return { time, value, color: histogramColour(study, bar, value) };
    return { time, value };
  }

  function clearStudies() {
    for (const d of drawn) for (const s of d.series) chart.removeSeries(s);
    drawn = [];
  }

  function drawStudies() {
    clearStudies();
    const bars = ctx.candles().map(toBar);
    let ownPane = 0;
    for (const study of studies) {
      const pane = study.pane === 'own' ? ++ownPane : 0;
      const outputs = STUDY_OUTPUTS[study.type];
      const seriesOf = outputs.map((_, i) => {
        // VOL's bars are coloured per bar; its moving average is the third colour.
        const colour = study.colors[study.type === 'VOL' && i === 1 ? 2 : i] ?? '#2962ff';
        if (isHistogram(study, i)) {
          return chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, priceFormat: study.type === 'VOL' ? { type: 'volume' } : undefined }, pane);
        }
        return addLine({ color: colour, lineWidth: 1.5, priceLineVisible: false, lastValueVisible: true }, pane) as unknown as ISeriesApi<SeriesType>;
      });
      const calc = createStudyCalculator(study, ctx.market());
      const columns: ReturnType<typeof point>[][] = outputs.map(() => []);
      for (const bar of bars) {
        const values = calc.push(bar, false);
        values.forEach((v, i) => columns[i]!.push(point(study, i, bar, v)));
      }
      seriesOf.forEach((s, i) => s.setData(columns[i]! as never));
      drawn.push({ study, calc, series: seriesOf, last: bars.at(-1)?.t ?? null });
    }
    // The price pane keeps most of the height; each study pane gets a third of it.
    chart.panes().forEach((pane, i) => pane.setStretchFactor(i === 0 ? 3 : 1));
  }

  function updateStudies(bar: StudyBar) {
    for (const d of drawn) {
      const replace = d.last === bar.t;
      const values: StudyValues = d.calc.push(bar, replace);
      d.last = bar.t;
      values.forEach((v, i) => d.series[i]!.update(point(d.study, i, bar, v) as never));
    }
  }

  // ---- Chart types -----------------------------------------------------------------------------
  let type: ChartType = 'candles';
  let line: ReturnType<typeof addLine> | null = null;
  let lastHa: { t: number; bar: Ohlc; previous: Ohlc | null } | null = null;

  function candleColours(visible: boolean) {
    const p = palette();
    const clear = 'rgba(0, 0, 0, 0)';
    series.applyOptions(
      visible
        ? { upColor: p.up, downColor: p.down, wickUpColor: p.up, wickDownColor: p.down }
        : { upColor: clear, downColor: clear, wickUpColor: clear, wickDownColor: clear },
    );
  }

  function drawChartType(fromPlainBars: boolean) {
    if (line) chart.removeSeries(line);
    line = null;
    const candles = ctx.candles();
    // Leaving Heikin-Ashi: the main series gets its plain bars back.
    if (lastHa && !fromPlainBars && type !== 'heikin-ashi') series.setData(candles.map((c) => ({ time: toTime(c.t), open: Number(c.o), high: Number(c.h), low: Number(c.l), close: Number(c.c) })));
    lastHa = null;
    if (type === 'line' || type === 'area') {
      // The candles stay (order lines, alerts and drawings sit on their scale), drawn invisible.
      candleColours(false);
      const p = palette();
      const added = addLine({ color: p.text, lineWidth: 2, fill: type === 'area' ? 'rgba(41, 98, 255, 0.15)' : '', priceLineVisible: false, lastValueVisible: false });
      line = added;
      added.setData(candles.map((c) => ({ time: toTime(c.t), value: Number(c.c) })));
      return;
    }
    candleColours(true);
    if (type === 'heikin-ashi') {
      let previous: Ohlc | null = null;
      const bars = candles.map((c) => {
        const before = previous;
        const ha = heikinAshiBar(toBar(c), previous);
        previous = ha;
        lastHa = { t: c.t, bar: ha, previous: before };
        return { time: toTime(c.t), ...ha };
      });
      series.setData(bars);
    }
  }

  /** The main bar for the chart type; true when drawn here (the engine draws plain candles). */
  function updateChartType(candle: Candle, replace: boolean): boolean {
    if (line) line.update({ time: toTime(candle.t), value: Number(candle.c) });
    if (type !== 'heikin-ashi') return false;
    const previous = replace && lastHa ? lastHa.previous : (lastHa?.bar ?? null);
    const ha = heikinAshiBar(toBar(candle), previous);
    lastHa = { t: candle.t, bar: ha, previous };
    series.update({ time: toTime(candle.t), ...ha });
    return true;
  }

  // ---- Drawings --------------------------------------------------------------------------------
  let drawings: Drawing[] = [];
  let selectedId: string | null = null;
  let tool: DrawingTool | null = null;
  const history: Drawing[][] = [];
  let requestUpdate: (() => void) | null = null;
  const uiListeners = new Set<(state: DrawingUiState) => void>();
  let style: DrawingStyle = { ...DEFAULT_STYLE };
  let textValue = '';

  let shownSymbol = ctx.symbol();
  /** The drawings of the chart's symbol: the others are kept, not shown, picked or selected. */
  const shown = () => {
    const symbol = ctx.symbol();
    return drawings.filter((d) => drawnOn(d, symbol));
  };
  const selected = () => shown().find((d) => d.id === selectedId);
  const ui = (): DrawingUiState => ({ tool, selected: selected() ?? null, canUndo: history.length > 0 });
  function notifyUi() {
    const state = ui();
    for (const listener of uiListeners) listener(state);
  }
  function redraw() {
    requestUpdate?.();
  }
  function remember() {
    history.push(drawings.map(cloneDrawing));
    if (history.length > UNDO_DEPTH) history.shift();
  }
  function commitChange() {
    redraw();
    notifyUi();
    ctx.changed();
  }

  /** The bar interval (ms) for points beyond the loaded bars. */
  function interval(candles: readonly Candle[]): number {
    const n = candles.length;
    return n >= 2 ? candles[n - 1]!.t - candles[n - 2]!.t : 60_000;
  }

  function timeToX(time: number): number | null {
    const candles = ctx.candles();
    if (candles.length === 0) return null;
    const first = candles[0]!.t;
    const last = candles[candles.length - 1]!.t;
    let logical: number;
    if (time >= last) logical = candles.length - 1 + (time - last) / interval(candles);
    else if (time <= first) logical = (time - first) / interval(candles);
    else {
      let lo = 0;
      let hi = candles.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (candles[mid]!.t <= time) lo = mid;
        else hi = mid - 1;
      }
      logical = lo;
    }
    return chart.timeScale().logicalToCoordinate(logical as Logical);
  }

  function xToTime(x: number): number | null {
    const candles = ctx.candles();
    const logical = chart.timeScale().coordinateToLogical(x);
    if (logical === null || candles.length === 0) return null;
    const index = Math.round(logical);
    if (index >= 0 && index < candles.length) return candles[index]!.t;
    const step = interval(candles);
    return index < 0 ? candles[0]!.t + index * step : candles[candles.length - 1]!.t + (index - candles.length + 1) * step;
  }

  const priceToY = (price: string) => series.priceToCoordinate(Number(price));
  function yToPrice(y: number): string | null {
    const price = series.coordinateToPrice(y);
    return price === null ? null : price.toFixed(ctx.precision());
  }
  function pixelToPoint(p: Pixel): DrawingPoint | null {
    const time = xToTime(p.x);
    const price = yToPrice(p.y);
    return time === null || price === null ? null : { time, price };
  }
  function pixelsOf(d: Drawing): Pixel[] | null {
    const out: Pixel[] = [];
    for (const pt of d.points) {
      const x = timeToX(pt.time);
      const y = priceToY(pt.price);
      if (x === null || y === null) return null;
      out.push({ x, y });
    }
    return out;
  }

  const FONT_PX = 13;
  const textBox = (d: Drawing, context?: CanvasRenderingContext2D) => ({
    width: context ? context.measureText(d.text ?? '').width : (d.text ?? '').length * FONT_PX * 0.6,
    height: FONT_PX + 4,
  });

  function paintDrawing(c: CanvasRenderingContext2D, d: Drawing, px: Pixel[], width: number, height: number, selected: boolean) {
    const [a, b] = px as [Pixel, Pixel | undefined];
    c.strokeStyle = d.style.color;
    c.fillStyle = d.style.color;
    c.lineWidth = d.style.width;
    c.setLineDash(d.style.dash ? [6, 4] : []);
    c.beginPath();
    switch (d.tool) {
      case 'trend':
        c.moveTo(a.x, a.y);
        c.lineTo(b!.x, b!.y);
        break;
      case 'ray': {
        const end = rayEnd(a, b!, width, height);
        c.moveTo(a.x, a.y);
        c.lineTo(end.x, end.y);
        break;
      }
      case 'hline':
        c.moveTo(0, a.y);
        c.lineTo(width, a.y);
        break;
      case 'rect':
        c.rect(Math.min(a.x, b!.x), Math.min(a.y, b!.y), Math.abs(b!.x - a.x), Math.abs(b!.y - a.y));
        c.save();
        c.globalAlpha = 0.12;
        c.fill();
        c.restore();
        break;
      case 'fib': {
        const left = Math.min(a.x, b!.x);
        c.font = `${FONT_PX - 2}px sans-serif`;
        for (const { level, y } of fibLevelYs(a, b!)) {
          c.moveTo(left, y);
          c.lineTo(width, y);
          c.fillText(`${level}`, left + 2, y - 2);
        }
        c.moveTo(a.x, a.y);
        c.lineTo(b!.x, b!.y);
        break;
      }
      case 'text':
        c.font = `${FONT_PX}px sans-serif`;
        c.fillText(d.text ?? '', a.x, a.y - 3);
        if (selected) {
          const box = textBox(d, c);
          c.rect(a.x - 2, a.y - box.height, box.width + 4, box.height);
        }
        break;
    }
    c.stroke();
    if (selected) {
      c.setLineDash([]);
      for (const p of px) c.fillRect(p.x - 4, p.y - 4, 8, 8);
    }
  }

  const primitive: ISeriesPrimitive<Time> = {
    attached(param) {
      requestUpdate = param.requestUpdate;
    },
    detached() {
      requestUpdate = null;
    },
    paneViews() {
      return [
        {
          zOrder: () => 'top' as const,
          renderer: () => ({
            draw(target) {
              target.useMediaCoordinateSpace(({ context, mediaSize }) => {
                for (const d of shown()) {
                  const px = pixelsOf(d);
                  if (px) paintDrawing(context, d, px, mediaSize.width, mediaSize.height, d.id === selectedId);
                }
              });
            },
          }),
        },
      ];
    },
  };
  series.attachPrimitive(primitive);

  // Pointer: place the current tool (press, drag to the second point, release; or click, click),
  // or pick a drawing and move it (the whole drawing, or one point grabbed by its handle).
  type Gesture =
    | { kind: 'place'; id: string; pointerId: number; start: Pixel }
    | { kind: 'second'; id: string }
    | { kind: 'move'; id: string; pointerId: number; start: Pixel; original: Drawing; handle: number | null; moved: boolean };
  let gesture: Gesture | null = null;

  const local = (event: PointerEvent): Pixel => {
    const box = container.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const tolerance = (event: PointerEvent) => (event.pointerType === 'touch' ? HIT_DISTANCE_PX.touch : HIT_DISTANCE_PX.mouse);

  function grab(event: PointerEvent) {
    chart.applyOptions({ handleScroll: false, handleScale: false });
    container.setPointerCapture?.(event.pointerId);
    event.preventDefault();
    event.stopPropagation();
  }
  function release(event: PointerEvent) {
    chart.applyOptions({ handleScroll: true, handleScale: true });
    container.releasePointerCapture?.(event.pointerId);
  }

  function newDrawing(at: DrawingPoint): Drawing {
    const count = DRAWING_POINT_COUNT[tool!];
    const d: Drawing = { id: newChartItemId('d'), tool: tool!, points: Array.from({ length: count }, () => ({ ...at })), style: { ...style }, symbol: ctx.symbol() };
    if (tool === 'text') d.text = textValue;
    return d;
  }

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== undefined && event.button > 0) return;
    const p = local(event);
    if (gesture?.kind === 'second') {
      const d = drawings.find((x) => x.id === gesture!.id);
      const at = pixelToPoint(p);
      if (d && at) d.points[1] = at;
      gesture = null;
      tool = null;
      grab(event);
      release(event);
      commitChange();
      return;
    }
    if (tool) {
      const at = pixelToPoint(p);
      if (!at) return;
      remember();
      const d = newDrawing(at);
      drawings.push(d);
      selectedId = d.id;
      grab(event);
      if (d.points.length === 1) {
        tool = null;
        release(event);
        commitChange();
        return;
      }
      gesture = { kind: 'place', id: d.id, pointerId: event.pointerId, start: p };
      redraw();
      return;
    }
    const items = shown().map((d) => ({ d, pixels: pixelsOf(d) ?? [] }));
    const index = pickDrawing(
      items.map(({ d, pixels }) => ({ tool: d.tool, pixels, text: d.tool === 'text' ? textBox(d) : undefined })),
      p,
      container.clientWidth,
      tolerance(event),
    );
    if (index < 0) {
      if (selectedId !== null) {
        selectedId = null;
        redraw();
        notifyUi();
      }
      return;
    }
    const { d, pixels } = items[index]!;
    const handle = pixels.findIndex((q) => Math.hypot(q.x - p.x, q.y - p.y) <= tolerance(event));
    selectedId = d.id;
    gesture = { kind: 'move', id: d.id, pointerId: event.pointerId, start: p, original: cloneDrawing(d), handle: handle >= 0 ? handle : null, moved: false };
    grab(event);
    container.focus({ preventScroll: true });
    redraw();
    notifyUi();
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!gesture || gesture.kind === 'second' || event.pointerId !== gesture.pointerId) return;
    const p = local(event);
    const d = drawings.find((x) => x.id === gesture!.id);
    if (!d) return;
    if (gesture.kind === 'place') {
      const at = pixelToPoint(p);
      if (at) d.points[1] = at;
    } else {
      const g = gesture;
      const original = pixelsOf(g.original);
      if (!original) return;
      const dx = p.x - g.start.x;
      const dy = p.y - g.start.y;
      g.moved ||= Math.abs(dx) + Math.abs(dy) > 2;
      d.points = original.map((q, i) => {
        if (g.handle !== null && g.handle !== i) return { ...g.original.points[i]! };
        return pixelToPoint({ x: q.x + dx, y: q.y + dy }) ?? { ...g.original.points[i]! };
      });
    }
    redraw();
  };

  const onPointerUp = (event: PointerEvent) => {
    if (!gesture || gesture.kind === 'second' || event.pointerId !== gesture.pointerId) return;
    const g = gesture;
    release(event);
    if (g.kind === 'place') {
      const p = local(event);
      if (Math.hypot(p.x - g.start.x, p.y - g.start.y) < 4) {
        // A click without a drag: the next click sets the second point.
        gesture = { kind: 'second', id: g.id };
        return;
      }
      gesture = null;
      tool = null;
      commitChange();
      return;
    }
    gesture = null;
    if (g.moved) {
      history.push(drawings.map((d) => (d.id === g.id ? g.original : cloneDrawing(d))));
      if (history.length > UNDO_DEPTH) history.shift();
      commitChange();
    }
  };

  const onPointerCancel = (event: PointerEvent) => {
    if (!gesture || gesture.kind === 'second') return;
    const g = gesture;
    gesture = null;
    release(event);
    if (g.kind === 'move') drawings = drawings.map((d) => (d.id === g.id ? g.original : d));
    else {
      drawings = drawings.filter((d) => d.id !== g.id);
      history.pop();
    }
    redraw();
    notifyUi();
  };

  /** Moves the selected drawing by pixels (the arrow keys). */
  function nudge(dx: number, dy: number) {
    const d = selected();
    const px = d && pixelsOf(d);
    if (!d || !px) return;
    remember();
    d.points = px.map((q, i) => pixelToPoint({ x: q.x + dx, y: q.y + dy }) ?? d.points[i]!);
    commitChange();
  }

  function selectNext(step: 1 | -1) {
    const list = shown();
    if (list.length === 0) return;
    const at = list.findIndex((d) => d.id === selectedId);
    const next = at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length;
    selectedId = list[next]!.id;
    redraw();
    notifyUi();
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const bar = Math.max(4, chart.timeScale().options().barSpacing);
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') tools.undo();
    else if (event.key === 'Delete' || event.key === 'Backspace') tools.deleteSelected();
    else if (event.key === 'Escape') {
      if (!tool && !gesture && selectedId === null) return;
      if (gesture?.kind === 'second') {
        drawings = drawings.filter((d) => d.id !== (gesture as { id: string }).id);
        history.pop();
      }
      gesture = null;
      tool = null;
      selectedId = null;
      redraw();
      notifyUi();
    } else if (event.key === 'Enter' && tool) tools.placeAtCentre();
    else if (event.key === ']' || event.key === '[') selectNext(event.key === ']' ? 1 : -1);
    else if (selected() && event.key.startsWith('Arrow')) {
      const step = event.shiftKey ? 10 : 1;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-bar, 0], ArrowRight: [bar, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      const move = moves[event.key];
      if (!move) return;
      nudge(move[0] * (move[0] !== 0 ? step : 1), move[1]);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  container.addEventListener('pointerdown', onPointerDown, true);
  container.addEventListener('pointermove', onPointerMove);
  container.addEventListener('pointerup', onPointerUp);
  container.addEventListener('pointercancel', onPointerCancel);
  container.addEventListener('keydown', onKeyDown);

  const tools: ChartTools = {
    studies: () => studies.map((s) => ({ ...s, params: { ...s.params }, colors: [...s.colors] })),
    setStudies(next) {
      studies = next.map((s) => ({ ...s, params: { ...s.params }, colors: [...s.colors] }));
      drawStudies();
      ctx.changed();
    },
    drawings: () => drawings.map(cloneDrawing),
    setDrawings(next) {
      // A state's drawings without a symbol (a template's, an older save) are this chart's.
      const symbol = ctx.symbol();
      drawings = next.map((d) => ({ ...cloneDrawing(d), symbol: d.symbol ?? symbol }));
      history.length = 0;
      selectedId = null;
      gesture = null;
      redraw();
      notifyUi();
      ctx.changed();
    },
    chartType: () => type,
    setChartType(next) {
      type = next;
      drawChartType(false);
      ctx.changed();
    },
    setView(next) {
      const moved = next.scaleSide !== view.scaleSide;
      const uncoloured = !next.colours.background && view.colours.background;
      view = next;
      // The engine repaints candles and volume in the person's colours (or the theme's again).
      ctx.setColours({ up: next.colours.upColor, down: next.colours.downColor });
      // A background back to the theme's: the engine's repaint puts the theme's back, then this view.
      if (uncoloured) chart.applyOptions({ layout: { background: { type: SOLID, color: ctx.palette().background } } });
      applyView();
      // Studies and the line follow the scale they were added on: moved with the candles, they are added again.
      drawChartType(!moved);
      if (moved) drawStudies();
      drawPositionLines();
    },
    setPositionLines(lines) {
      positionLines = lines;
      drawPositionLines();
    },
    repaint() {
      // Another symbol's bars: its drawings show, and a selection of the last symbol's ends.
      if (shownSymbol !== ctx.symbol()) {
        shownSymbol = ctx.symbol();
        selectedId = null;
        notifyUi();
      }
      applyBackground();
      if (positionLines.length > 0) drawPositionLines(); // a theme's colours
      drawChartType(true);
      drawStudies();
      redraw();
    },
    update(candle, replace) {
      updateStudies(toBar(candle));
      return updateChartType(candle, replace);
    },
    setTool(next) {
      if (gesture?.kind === 'second') {
        drawings = drawings.filter((d) => d.id !== (gesture as { id: string }).id);
        history.pop();
        gesture = null;
      }
      tool = next;
      container.style.cursor = next ? 'crosshair' : '';
      // Touch: while placing, a finger draws instead of scrolling the page or the chart.
      container.style.touchAction = next ? 'none' : '';
      redraw();
      notifyUi();
    },
    setDefaults(nextStyle, text) {
      style = { ...nextStyle };
      textValue = text;
    },
    restyleSelected(nextStyle, text) {
      style = { ...nextStyle };
      if (text !== undefined) textValue = text;
      const d = selected();
      if (!d) {
        notifyUi();
        return;
      }
      remember();
      d.style = { ...nextStyle };
      if (d.tool === 'text' && text !== undefined) d.text = text;
      commitChange();
    },
    deleteSelected() {
      const gone = selected();
      if (!gone) return;
      remember();
      drawings = drawings.filter((d) => d !== gone);
      selectedId = null;
      commitChange();
    },
    undo() {
      const previous = history.pop();
      if (!previous) return;
      drawings = previous;
      if (!drawings.some((d) => d.id === selectedId)) selectedId = null;
      commitChange();
    },
    placeAtCentre() {
      if (!tool) return;
      const w = container.clientWidth;
      const h = container.clientHeight;
      const a = pixelToPoint({ x: w * 0.35, y: h * 0.6 });
      const b = pixelToPoint({ x: w * 0.6, y: h * 0.35 });
      if (!a || !b) return;
      remember();
      const d = newDrawing(a);
      if (d.points.length === 2) d.points[1] = b;
      drawings.push(d);
      selectedId = d.id;
      tool = null;
      container.style.cursor = '';
      container.style.touchAction = '';
      commitChange();
    },
    onUi(listener) {
      uiListeners.add(listener);
      return () => uiListeners.delete(listener);
    },
    ui,
    destroy() {
      container.removeEventListener('pointerdown', onPointerDown, true);
      container.removeEventListener('pointermove', onPointerMove);
      container.removeEventListener('pointerup', onPointerUp);
      container.removeEventListener('pointercancel', onPointerCancel);
      container.removeEventListener('keydown', onKeyDown);
      uiListeners.clear();
      clearStudies();
      for (const position of drawnPositions) series.removePriceLine(position);
      if (line) chart.removeSeries(line);
      series.detachPrimitive(primitive);
    },
  };
  return tools;
}
