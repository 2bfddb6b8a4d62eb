// The engine's side of studies, drawings and chart types: it keeps the chart's state until the
// tools' chunk is needed, imports it then (a menu opened, a state with studies or drawings applied,
// a chart type other than candles), and forwards the candles to it. Small on purpose: it is part of
// the engine chunk, which the guest trade page loads on idle.
import type { IChartApi, ISeriesApi, Time } from 'lightweight-charts';
import type { Candle } from '../market/types';
import type { ChartState, ChartStateApi, ChartType, Drawing, Study } from './chart-state';
import type { ChartTools, ToolsPalette } from './chart-tools';

export interface ToolsHostContext {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  container: HTMLElement;
  candles(): readonly Candle[];
  palette(): ToolsPalette;
  precision(): number;
  identity(): { symbol: string; resolution: string };
}

export interface ToolsHost extends ChartStateApi {
  /** The tools, loading their chunk if needed (the indicators or drawing menu opened). */
  openTools(): Promise<ChartTools>;
  /** The main series was drawn again from the candles (new candles, older history, a theme). */
  repaint(): void;
  /** A new set of candles is in and fitted: a restored range applies now. */
  candlesSet(): void;
  /** A live bar; true when the tools drew the main series (Heikin-Ashi). */
  update(candle: Candle, replace: boolean): boolean;
  destroy(): void;
}

export function createToolsHost(ctx: ToolsHostContext): ToolsHost {
  let tools: ChartTools | null = null;
  let loading: Promise<ChartTools> | null = null;
  let pending: { studies: Study[]; drawings: Drawing[]; chartType: ChartType } = { studies: [], drawings: [], chartType: 'candles' };
  let range: ChartState['range'];
  let applying = false;
  let destroyed = false;
  const listeners = new Set<(state: ChartState) => void>();

  const getState = (): ChartState => {
    const visible = ctx.chart.timeScale().getVisibleRange();
    const state: ChartState = { version: 1, ...ctx.identity(), studies: [], drawings: [] };
    const now = visible ? { from: (visible.from as number) * 1000, to: (visible.to as number) * 1000 } : range;
    if (now) state.range = now;
    state.chartType = tools ? tools.chartType() : pending.chartType;
    state.studies = tools ? tools.studies() : pending.studies.map((s) => ({ ...s }));
    state.drawings = tools ? tools.drawings() : pending.drawings.map((d) => ({ ...d }));
    return state;
  };

  const changed = () => {
    if (applying || listeners.size === 0) return;
    const state = getState();
    for (const listener of listeners) listener(state);
  };

  function applyRange() {
    if (!range || ctx.candles().length === 0) return;
    ctx.chart.timeScale().setVisibleRange({ from: (range.from / 1000) as Time, to: (range.to / 1000) as Time });
  }

  function fill(t: ChartTools) {
    applying = true;
    try {
      t.setChartType(pending.chartType);
      t.setStudies(pending.studies);
      t.setDrawings(pending.drawings);
    } finally {
      applying = false;
    }
  }

  const openTools = (): Promise<ChartTools> => {
    loading ??= import(/* webpackChunkName: "chart-tools" */ './chart-tools').then(
      ({ createChartTools }) => {
        if (destroyed) throw new Error('chart destroyed');
        tools = createChartTools({ ...ctx, changed });
        fill(tools);
        return tools;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return {
    getState,
    applyState(state) {
      pending = { studies: state.studies, drawings: state.drawings, chartType: state.chartType ?? 'candles' };
      range = state.range;
      applyRange();
      if (tools) fill(tools);
      else if (state.studies.length > 0 || state.drawings.length > 0 || pending.chartType !== 'candles') void openTools().catch(() => undefined);
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setChartType(type) {
      pending = { ...pending, chartType: type };
      if (tools) tools.setChartType(type);
      else if (type !== 'candles') void openTools().catch(() => undefined);
    },
    openTools,
    repaint() {
      tools?.repaint();
    },
    candlesSet() {
      applyRange();
      range = undefined;
    },
    update(candle, replace) {
      return tools ? tools.update(candle, replace) : false;
    },
    destroy() {
      destroyed = true;
      listeners.clear();
      tools?.destroy();
    },
  };
}
