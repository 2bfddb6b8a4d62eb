// The person's web chart settings (§3, §7 Charts) for a signed-in person (a chunk of its own; a
// guest's page neither loads it nor calls the server, §6): loaded once on mount into the chart's
// layout, chart type and view (scale, crosshair, colours: chart-view.ts), and saved when the person
// changes one — the layout in tvProperties, the chart type and view in the market's
// {product}Properties, each sent with the rest of what was loaded, so nothing else the person kept
// is lost. Failures are only logged (§8).
import type { MarketId } from '@pasar/shared';
import { useEffect, useRef, useState } from 'react';
import type { ChartType } from '../chart-state';
import { viewKey, viewOf, withView, type ChartView } from '../chart-view';
import { createChartsCalls, type ChartSettings, type ChartsCalls } from './charts-calls';
import { chartTypeOf, layoutOf, PRODUCT_PROPERTIES, withChartType, withLayout, type ChartLayout } from './workspace-settings';

export interface ChartSettingsSyncProps {
  market: MarketId;
  symbol: string;
  resolution: string;
  layout: ChartLayout;
  chartType: ChartType;
  view: ChartView;
  /** The stored settings, once loaded. */
  onLoaded(settings: { layout: ChartLayout; chartType: ChartType; view: ChartView }): void;
  calls?: ChartsCalls;
}

/** What of a layout is the person's: how many charts and the other charts' symbols and resolutions (the first follows the page). */
const layoutKey = (layout: ChartLayout) => JSON.stringify({ count: layout.count, panes: layout.panes.slice(1) });

const log = (what: string) => (error: unknown) => console.warn(`[trade] chart settings: ${what} failed`, error);

export function ChartSettingsSync({ market, symbol, resolution, layout, chartType, view, onLoaded, calls: given }: ChartSettingsSyncProps) {
  const [calls] = useState(() => given ?? createChartsCalls());
  const stored = useRef<ChartSettings | null>(null);
  const sent = useRef<{ layout: string; chartType: ChartType; view: string } | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const key = PRODUCT_PROPERTIES[market];

  useEffect(() => {
    const controller = new AbortController();
    calls.settings({ signal: controller.signal }).then((settings) => {
      stored.current = settings;
      const loaded = { layout: layoutOf(settings.tvProperties?.layout, market, symbol, resolution), chartType: chartTypeOf(settings[key]), view: viewOf(settings[key]) };
      sent.current = { layout: layoutKey(loaded.layout), chartType: loaded.chartType, view: viewKey(loaded.view) };
      onLoadedRef.current(loaded);
    }, controller.signal.aborted ? () => undefined : log('loading'));
    return () => controller.abort();
    // Loaded once per market: the symbol and resolution only seed a layout never saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calls, market, key]);

  useEffect(() => {
    const settings = stored.current;
    const last = sent.current;
    if (!settings || !last) return;
    const full = layoutOf(layout, market, symbol, resolution);
    const layoutText = layoutKey(full);
    if (layoutText !== last.layout) {
      const tvProperties = withLayout(settings.tvProperties, full);
      settings.tvProperties = tvProperties;
      last.layout = layoutText;
      calls.saveSettings({ tvProperties }).catch(log('saving the layout'));
    }
    const viewText = viewKey(view);
    if (chartType !== last.chartType || viewText !== last.view) {
      // Only what changed is written: a chart type alone leaves the view keys as they were.
      const typed = chartType !== last.chartType ? withChartType(settings[key], chartType) : settings[key];
      const properties = viewText !== last.view ? withView(typed, view) : (typed as Record<string, unknown>);
      settings[key] = properties;
      last.chartType = chartType;
      last.view = viewText;
      calls.saveSettings({ [key]: properties }).catch(log('saving the chart type and view'));
    }
  }, [calls, key, layout, chartType, view, market, symbol, resolution]);

  return null;
}
