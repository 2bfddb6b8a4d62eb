// Glue between the engine and the chart tools, in the tools' chunk: it creates the tools with the
// state the engine held until now, reports a person's changes to the engine's listeners (not the
// changes of an applied state), and answers the state's studies, drawings and chart type. The
// engine itself keeps symbol, resolution and range (chart-engine.ts), so the guest's idle-loaded
// engine chunk carries none of this.
import { marketOfSymbol } from '@pasar/shared';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import type { Candle } from '../market/types';
import type { CandleColours, ChartEngineOptions } from './chart-engine';
import type { ChartState, ChartType } from './chart-state';
import { createChartTools, type ChartTools, type ToolsPalette } from './chart-tools';

export interface ToolsHostContext {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  container: HTMLElement;
  candles(): readonly Candle[];
  palette(): ToolsPalette;
  /** The person's candle colours: the engine paints candles and volume bars in them. */
  setColours(colours: CandleColours): void;
  /** The engine's options now (precision, symbol, market). */
  options(): ChartEngineOptions;
  /** The state as the engine knows it (symbol, resolution, range) with these parts filled in. */
  state(parts: Pick<ChartState, 'studies' | 'drawings' | 'chartType'>): ChartState;
  listeners: ReadonlySet<(state: ChartState) => void>;
}

export type StateParts = Pick<ChartState, 'studies' | 'drawings' | 'chartType'>;

export interface ToolsHost {
  tools: ChartTools;
  parts(): StateParts;
  apply(parts: StateParts): void;
  setChartType(type: ChartType): void;
}

export function createToolsHost(ctx: ToolsHostContext, initial: StateParts | null): ToolsHost {
  let applying = false;
  const parts = (): StateParts => ({ studies: tools.studies(), drawings: tools.drawings(), chartType: tools.chartType() });
  const tools: ChartTools = createChartTools({
    ...ctx,
    precision: () => ctx.options().precision,
    symbol: () => ctx.options().symbol ?? '',
    market: () => {
      const { market, symbol } = ctx.options();
      return market ?? marketOfSymbol(symbol ?? '');
    },
    changed() {
      if (applying || ctx.listeners.size === 0) return;
      const state = ctx.state(parts());
      for (const listener of ctx.listeners) listener(state);
    },
  });
  const apply = (next: StateParts) => {
    applying = true;
    try {
      tools.setChartType(next.chartType ?? 'candles');
      tools.setStudies(next.studies);
      tools.setDrawings(next.drawings);
    } finally {
      applying = false;
    }
  };
  if (initial) apply(initial);
  return { tools, parts, apply, setChartType: (type) => tools.setChartType(type) };
}
