// Stands in for the canvas chart engine in jsdom (no canvas, no ResizeObserver): records calls.
import type { ChartEngine, ChartEngineOptions } from '../chart/chart-engine';
import type { ChartOrderLine } from '../chart/order-lines';
import type { AlertLineHandlers, ChartAlertLine } from '../chart/alert-lines';
import type { Candle } from '../market/types';
import type { ChartState, ChartType, Drawing, Study } from '../chart/chart-state';
import type { ChartTools, DrawingUiState } from '../chart/chart-tools';
import type { ChartView } from '../chart/chart-view';
import type { PositionLine } from '../chart/position-lines';

export interface FakeEngine extends ChartEngine {
  candles: Candle[];
  updates: Candle[];
  options: ChartEngineOptions;
  orderLines: readonly ChartOrderLine[];
  orderDrag: AlertLineHandlers | null;
  /** Older bars given by scrolled-back history, oldest call first. */
  prepended: Candle[][];
  historyListeners: Set<(oldestMs: number) => void>;
  alertLines: readonly ChartAlertLine[];
  alertHandlers: AlertLineHandlers | null;
  picking: boolean;
  destroyed: boolean;
  /** Studies, drawings and chart type as the engine holds them (what getState answers). */
  state: ChartState;
  stateListeners: Set<(state: ChartState) => void>;
  tools: ChartTools & { tool: DrawingUiState['tool']; view: ChartView | null; positionLines: readonly PositionLine[] };
}

/** Tools that keep what they are given (no canvas): studies and drawings as data, a change reported like a person's. */
function fakeTools(engine: () => FakeEngine): FakeEngine['tools'] {
  const emit = () => engine().stateListeners.forEach((listener) => listener(engine().state));
  const uiListeners = new Set<(state: DrawingUiState) => void>();
  const tools: FakeEngine['tools'] = {
    tool: null,
    view: null,
    setView(view: ChartView) {
      tools.view = view;
    },
    positionLines: [],
    setPositionLines(lines: readonly PositionLine[]) {
      tools.positionLines = lines;
    },
    studies: () => engine().state.studies,
    setStudies(studies: readonly Study[]) {
      engine().state = { ...engine().state, studies: [...studies] };
      emit();
    },
    drawings: () => engine().state.drawings,
    setDrawings(drawings: readonly Drawing[]) {
      engine().state = { ...engine().state, drawings: [...drawings] };
      emit();
    },
    chartType: () => engine().state.chartType ?? 'candles',
    setChartType(type: ChartType) {
      engine().state = { ...engine().state, chartType: type };
      emit();
    },
    repaint() {},
    update: () => false,
    setTool(tool) {
      tools.tool = tool;
      uiListeners.forEach((listener) => listener(tools.ui()));
    },
    setDefaults() {},
    restyleSelected() {},
    deleteSelected() {},
    undo() {},
    placeAtCentre() {},
    onUi(listener) {
      uiListeners.add(listener);
      return () => uiListeners.delete(listener);
    },
    ui: () => ({ tool: tools.tool, selected: null, canUndo: false }),
    destroy() {},
  };
  return tools;
}

export const engines: FakeEngine[] = [];

export function createChartEngine(_container: HTMLElement, options: ChartEngineOptions): ChartEngine {
  const engine: FakeEngine = {
    candles: [],
    updates: [],
    options,
    orderLines: [],
    orderDrag: null,
    prepended: [],
    historyListeners: new Set(),
    alertLines: [],
    alertHandlers: null,
    picking: false,
    destroyed: false,
    state: { version: 1, symbol: options.symbol ?? '', resolution: options.resolution ?? '', studies: [], drawings: [] },
    stateListeners: new Set(),
    tools: fakeTools(() => engine),
    getState: () => engine.state,
    applyState(state) {
      engine.state = state;
    },
    onStateChange(listener) {
      engine.stateListeners.add(listener);
      return () => engine.stateListeners.delete(listener);
    },
    setChartType(type) {
      engine.tools.setChartType(type);
    },
    openTools: () => Promise.resolve(engine.tools),
    setCandles(next) {
      engine.candles = [...next];
    },
    update(candle) {
      engine.updates.push(candle);
    },
    setOptions(next) {
      engine.options = next;
    },
    setOrderLines(lines, drag = null) {
      engine.orderLines = lines;
      engine.orderDrag = drag;
    },
    prependCandles(older) {
      engine.prepended.push([...older]);
      engine.candles = [...older, ...engine.candles];
    },
    onNeedHistory(listener) {
      engine.historyListeners.add(listener);
      return () => engine.historyListeners.delete(listener);
    },
    setAlertLines(lines, handlers) {
      engine.alertLines = lines;
      engine.alertHandlers = handlers;
    },
    setPicking(picking) {
      engine.picking = picking;
    },
    destroy() {
      engine.destroyed = true;
    },
  };
  engines.push(engine);
  return engine;
}
