// The person's chart view (chart-view.ts) for every chart of the page: the first chart and the
// layout's others read the same store, the workspace writes it (settings loaded, a change in the
// view section). Only lazy chunks import it (the workspace, the layout's other charts).
import { create } from 'zustand';
import type { ChartEngine } from '../chart-engine';
import { DEFAULT_VIEW, isDefaultView, type ChartView } from '../chart-view';
import { useToolsValue } from './use-tools-value';

export const useChartViewStore = create<{ view: ChartView }>()(() => ({ view: DEFAULT_VIEW }));

export const setChartView = (view: ChartView): void => useChartViewStore.setState({ view });

/**
 * Puts the page's view on a chart through its tools chunk; a chart that has only ever had the
 * default view never loads that chunk for it.
 */
export function useChartView(engine: ChartEngine | null): ChartView {
  const view = useChartViewStore((state) => state.view);
  useToolsValue(engine, view, !isDefaultView(view), (tools, next) => tools.setView(next), 'view');
  return view;
}
