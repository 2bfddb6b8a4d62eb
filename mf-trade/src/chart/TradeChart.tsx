// The trade page's chart: the market's resolutions of §9 and the ranges of §3, a live current bar,
// older bars on scroll-back, the signed-in user's open orders of the symbol as price lines (a
// working limit order's line dragged to a new price amends it after a confirmation), their price
// alerts as lines to drag, with "alert at a price" (ChartAlerts.tsx), and the chart workspace:
// saved charts, study and drawing templates, 1, 2 or 4 charts and the chart type, kept in the
// person's web chart settings. Everything past the first chart is a chunk loaded when used (the
// workspace when opened, the other charts when picked, the settings for a signed-in person only),
// so the guest's page carries only this frame.
import styled from '@emotion/styled';
import { appStore, media, tokens, useAppStore, type ChartRange, type MarketId } from '@pasar/shared';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerChartWorkspaceTrigger } from '../i18n/chart-workspace-trigger';
import type { PriceFormat } from '../market/price-format';
import { defaultResolution, rangeWindow, resolutionSeconds, resolutionsOf, tradeChartWindow } from '../markets/chart-resolutions';
import { useOrderLines } from '../my-orders/open-orders';
import type { AlertLineHandlers } from './alert-lines';
import type { ChartEngine } from './chart-engine';
import type { ChartType } from './chart-state';
import { ChartToolbar, ChartToolButton } from './ChartToolbar';
import { PriceChart } from './PriceChart';
import { resolutionLabel } from './resolution-label';
import type { ChartAlertState } from './ChartAlerts';
import { useChartHistory } from './workspace/use-chart-history';
import type { ChartLayout, ChartPane, LayoutCount } from './workspace/workspace-settings';

registerChartWorkspaceTrigger();

const ChartAlerts = lazy(() => import(/* webpackChunkName: "chart-alerts" */ './ChartAlerts').then((m) => ({ default: m.ChartAlerts })));
const WorkspaceBridge = lazy(() => import(/* webpackChunkName: "chart-workspace" */ './workspace/WorkspaceBridge').then((m) => ({ default: m.WorkspaceBridge })));
const ChartPanes = lazy(() => import(/* webpackChunkName: "chart-layout" */ './workspace/ChartPanes').then((m) => ({ default: m.ChartPanes })));
const NO_ALERTS: ChartAlertState = { lines: [], handlers: null, picking: false };
/** A saved chart's range is loaded back when it holds at most this many bars (older ones load on scroll-back). */
const MAX_SAVED_RANGE_BARS = 5000;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.xs};
`;

/** One chart, or a grid: 2 side by side and 4 in two rows from the md breakpoint, stacked on a phone. */
const Grid = styled.div<{ $count: LayoutCount }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space.sm};
  ${media.md} {
    grid-template-columns: ${({ $count }) => ($count === 1 ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))')};
  }
`;

export const TradeChart = memo(function TradeChart({ symbol, market, format, tick, height }: { symbol: string; market: MarketId; format: PriceFormat; tick: string; height?: string }) {
  const { t } = useTradeT();
  const stored = useAppStore((state) => state.chart.resolution);
  const offered = resolutionsOf(market);
  const chosen = stored && offered.includes(stored) ? stored : defaultResolution(market);
  const [range, setRange] = useState<ChartRange | null>(null);
  // A saved chart's range (epoch seconds) reaches back as far as it did, up to now.
  const [savedFrom, setSavedFrom] = useState<number | null>(null);
  // The window is fixed when the symbol, resolution or range changes; live bars extend it from there.
  const window = useMemo(() => {
    if (range) return rangeWindow(range, market, Date.now());
    const recent = tradeChartWindow(chosen, Date.now());
    const reach = savedFrom !== null && (recent.to - savedFrom) / resolutionSeconds(chosen) <= MAX_SAVED_RANGE_BARS ? savedFrom : recent.from;
    return { ...recent, from: Math.min(reach, recent.from) };
  }, [symbol, chosen, range, market, savedFrom]);
  const resolution = window.resolution;
  const options = offered.map((value) => ({ value, ...resolutionLabel(value, t) }));

  // The signed-in user's open orders (worked out into lines by the orders feed; none for a guest).
  const orderLines = useOrderLines();
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const [alerts, setAlerts] = useState<ChartAlertState>(NO_ALERTS);

  const [engine, setEngine] = useState<ChartEngine | null>(null);
  useChartHistory(engine, symbol, resolution);

  // Layout and chart type: the person's settings once loaded (signed in), this page's otherwise.
  // The other charts' defaults are filled in by the chunks that show or save them (workspace-settings).
  const [layoutState, setLayoutState] = useState<ChartLayout>({ count: 1, panes: [] });
  const layout = useMemo<ChartLayout>(() => ({ ...layoutState, panes: [{ symbol, resolution }, ...layoutState.panes.slice(1)] }), [layoutState, symbol, resolution]);
  const [chartType, setChartType] = useState<ChartType>('candles');
  useEffect(() => {
    engine?.setChartType(chartType);
  }, [engine, chartType]);

  // Order lines; the workspace's chunk makes the limit orders' lines draggable (signed in).
  const [orderDrag, setOrderDrag] = useState<AlertLineHandlers | null>(null);
  const [redraw, setRedraw] = useState(0);
  const drawnOrders = useMemo(() => [...orderLines], [orderLines, redraw]);
  const redrawOrders = useCallback(() => setRedraw((n) => n + 1), []);
  const frame = useRef<HTMLDivElement>(null);

  const [workspaceOpen, setWorkspaceOpen] = useState(false);
  const [workspaceUsed, setWorkspaceUsed] = useState(false);
  const closeWorkspace = useCallback(() => setWorkspaceOpen(false), []);
  const count = layout.count;
  const paneHeight = count === 4 ? (height ? `calc((${height}) / 2)` : 'clamp(240px, 34vh, 360px)') : height;
  const setPanes = useCallback((panes: ChartPane[]) => setLayoutState((previous) => ({ ...previous, panes })), []);

  return (
    <div ref={frame} data-layout-count={count} data-chart-type={chartType}>
      <Bar>
        <ChartToolbar
          label={t('chart.resolutions')}
          options={options}
          value={resolution}
          onChange={(value) => {
            setRange(null);
            setSavedFrom(null);
            appStore.getState().setChart({ resolution: value });
          }}
          testId="chart-resolutions"
        />
        <Bar>
          {signedIn && (
            <Suspense fallback={null}>
              <ChartAlerts symbol={symbol} tick={tick} format={format} onChange={setAlerts} />
            </Suspense>
          )}
          <ChartToolButton
            type="button"
            aria-haspopup="dialog"
            data-testid="chart-workspace-open"
            onClick={() => {
              setWorkspaceUsed(true);
              setWorkspaceOpen(true);
            }}
          >
            {t('chartWorkspaceTrigger.open')}
          </ChartToolButton>
        </Bar>
      </Bar>
      <Grid $count={count}>
        <PriceChart
          symbol={symbol}
          market={market}
          window={window}
          format={format}
          tick={tick}
          live
          height={paneHeight}
          orderLines={drawnOrders}
          orderDrag={orderDrag}
          alertLines={signedIn ? alerts.lines : NO_ALERTS.lines}
          alertHandlers={signedIn ? alerts.handlers : null}
          picking={signedIn && alerts.picking}
          onEngine={setEngine}
        />
        {count > 1 && (
          <Suspense fallback={null}>
            <ChartPanes market={market} layout={layout} height={paneHeight ?? 'clamp(280px, 52vh, 520px)'} onChange={setPanes} />
          </Suspense>
        )}
      </Grid>
      {(signedIn || workspaceUsed) && (
        <Suspense fallback={null}>
          <WorkspaceBridge
            signedIn={signedIn}
            engine={engine}
            symbol={symbol}
            market={market}
            resolution={resolution}
            offered={offered}
            window={window}
            format={format}
            tick={tick}
            frame={frame}
            layout={layout}
            setLayout={setLayoutState}
            chartType={chartType}
            setChartType={setChartType}
            range={range}
            setRange={setRange}
            setSavedFrom={setSavedFrom}
            workspaceOpen={workspaceOpen}
            onCloseWorkspace={closeWorkspace}
            setOrderDrag={setOrderDrag}
            redrawOrders={redrawOrders}
          />
        </Suspense>
      )}
    </div>
  );
});
