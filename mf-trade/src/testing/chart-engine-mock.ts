// Stands in for the canvas chart engine in jsdom (no canvas, no ResizeObserver): records calls.
import type { ChartEngine, ChartEngineOptions } from '../chart/chart-engine';
import type { ChartOrderLine } from '../chart/order-lines';
import type { AlertLineHandlers, ChartAlertLine } from '../chart/alert-lines';
import type { Candle } from '../market/types';

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
