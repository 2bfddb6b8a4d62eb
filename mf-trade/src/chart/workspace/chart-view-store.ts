// The person's chart view (chart-view.ts) for every chart of the page: the first chart and the
// layout's others read the same store, the workspace writes it (settings loaded, a change in the
// view section). Only lazy chunks import it (the workspace, the layout's other charts).
import { create } from 'zustand';
import { useEffect, useRef } from 'react';
import type { ChartEngine } from '../chart-engine';
import { DEFAULT_VIEW, isDefaultView, type ChartView } from '../chart-view';

export const useChartViewStore = create<{ view: ChartView }>()(() => ({ view: DEFAULT_VIEW }));

export const setChartView = (view: ChartView): void => useChartViewStore.setState({ view });

/**
 * Puts the page's view on a chart through its tools chunk; a chart that has only ever had the
 * default view never loads that chunk for it.
 */
export function useChartView(engine: ChartEngine | null): ChartView {
  const view = useChartViewStore((state) => state.view);
  const shownOn = useRef<ChartEngine | null>(null);
  useEffect(() => {
    if (!engine || (isDefaultView(view) && shownOn.current !== engine)) return;
    shownOn.current = engine;
    engine.openTools().then(
      (tools) => tools.setView(view),
      (error: unknown) => console.warn('[trade] chart view could not be shown', error),
    );
  }, [engine, view]);
  return view;
}
