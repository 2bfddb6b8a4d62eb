// The trade page's chart: the market's resolutions of §9 and the ranges of §3, a live current bar,
// older bars on scroll-back, the signed-in user's open orders of the symbol as price lines (a
// working limit order's line dragged to a new price amends it after a confirmation), their price
// alerts as lines to drag, with "alert at a price" (ChartAlerts.tsx), and the chart workspace:
// saved charts, study and drawing templates, 1, 2 or 4 charts and the chart type, kept in the
// person's web chart settings. Everything past the first chart is a chunk loaded when used (the
// workspace when opened, the other charts when picked, the settings for a signed-in person only),
// so the guest's page carries only this frame.
import styled from '@emotion/styled';
import { appStore, media, tokens, useAppStore, useNavigate, type ChartRange, type MarketId } from '@pasar/shared';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerChartWorkspaceTrigger } from '../i18n/chart-workspace-trigger';
import type { PriceFormat } from '../market/price-format';
import { defaultResolution, rangeWindow, resolutionSeconds, resolutionsOf, tradeChartWindow } from '../markets/chart-resolutions';
import { tradeHomeFor } from '../markets/trade-market';
import { useOpenOrders, useOrderLines } from '../my-orders/open-orders';
import type { AlertLineHandlers } from './alert-lines';
import type { ChartEngine } from './chart-engine';
import type { ChartState, ChartType } from './chart-state';
import { ChartToolbar, ChartToolButton } from './ChartToolbar';
import { PriceChart } from './PriceChart';
import { resolutionLabel } from './resolution-label';
import type { ChartAlertState } from './ChartAlerts';
import { useChartHistory } from './workspace/use-chart-history';
import type { WorkspaceHost } from './workspace/ChartWorkspaceDialog';
import { layoutOf, type ChartLayout, type ChartPane, type LayoutCount } from './workspace/workspace-settings';

registerChartWorkspaceTrigger();

const ChartAlerts = lazy(() => import(/* webpackChunkName: "chart-alerts" */ './ChartAlerts').then((m) => ({ default: m.ChartAlerts })));
const ChartWorkspaceDialog = lazy(() => import(/* webpackChunkName: "chart-workspace" */ './workspace/ChartWorkspaceDialog').then((m) => ({ default: m.ChartWorkspaceDialog })));
const ChartSettingsSync = lazy(() => import(/* webpackChunkName: "chart-settings" */ './workspace/ChartSettingsSync').then((m) => ({ default: m.ChartSettingsSync })));
const ChartPanes = lazy(() => import(/* webpackChunkName: "chart-layout" */ './workspace/ChartPanes').then((m) => ({ default: m.ChartPanes })));
const OrderDragConfirm = lazy(() => import(/* webpackChunkName: "chart-order-drag" */ './workspace/OrderDragConfirm').then((m) => ({ default: m.OrderDragConfirm })));
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

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
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
  const navigate = useNavigate();
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
  const openOrders = useOpenOrders();
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const [alerts, setAlerts] = useState<ChartAlertState>(NO_ALERTS);

  const [engine, setEngine] = useState<ChartEngine | null>(null);
  useChartHistory(engine, symbol, resolution);

  // Layout and chart type: the person's settings once loaded (signed in), this page's otherwise.
  const [layoutState, setLayoutState] = useState<ChartLayout>(() => layoutOf(null, market, symbol, resolution));
  const layout = useMemo<ChartLayout>(() => ({ ...layoutState, panes: [{ symbol, resolution }, ...layoutState.panes.slice(1)] }), [layoutState, symbol, resolution]);
  const [chartType, setChartType] = useState<ChartType>('candles');
  useEffect(() => {
    engine?.setChartType(chartType);
  }, [engine, chartType]);

  // What the first chart holds, on the frame for browser tests (studies with their parameters,
  // drawings with their points), following every change and every state put on it.
  const [summary, setSummary] = useState('');
  const summarize = useCallback((state: ChartState) => {
    setSummary(JSON.stringify({ studies: state.studies.map(({ type, params }) => ({ type, params })), drawings: state.drawings.map(({ tool, points }) => ({ tool, points })) }));
  }, []);
  useEffect(() => {
    if (!engine) return undefined;
    summarize(engine.getState());
    return engine.onStateChange(summarize);
  }, [engine, summarize]);
  const applyToEngine = useCallback(
    (target: ChartEngine, state: ChartState) => {
      target.applyState(state);
      summarize(target.getState());
    },
    [summarize],
  );

  // A saved chart of another symbol opens that symbol's page, then its state is put on the chart.
  const pending = useRef<ChartState | null>(null);
  useEffect(() => {
    const state = pending.current;
    if (!engine || !state || state.symbol !== symbol) return;
    pending.current = null;
    applyToEngine(engine, state);
  }, [engine, symbol, applyToEngine]);

  const host = useMemo<WorkspaceHost>(
    () => ({
      signedIn,
      getState: () => {
        if (!engine) return null;
        return { ...engine.getState(), symbol, resolution, chartType, range: { from: window.from, to: window.to } };
      },
      applyState: (state) => {
        if (state.chartType) setChartType(state.chartType);
        setSavedFrom(state.range?.from ?? null);
        if (offered.includes(state.resolution) || state.symbol !== symbol) {
          setRange(null);
          appStore.getState().setChart({ resolution: state.resolution });
        }
        if (state.symbol !== symbol) {
          pending.current = state;
          navigate(tradeHomeFor(state.symbol));
        } else if (engine) applyToEngine(engine, state);
      },
      layout: layout.count,
      setLayout: (count) => setLayoutState((previous) => ({ ...previous, count })),
      chartType,
      setChartType,
      range,
      setRange: (next) => {
        setSavedFrom(null);
        setRange(next);
      },
    }),
    [signedIn, engine, symbol, resolution, chartType, layout.count, range, offered, navigate, window, applyToEngine],
  );

  // Dragging a working limit order's line (crypto: the orders the feed keeps), then a confirmation.
  const [drag, setDrag] = useState<{ id: string; dropped: number } | null>(null);
  const [redraw, setRedraw] = useState(0);
  const drawnOrders = useMemo(() => [...orderLines], [orderLines, redraw]);
  const orderDrag = useMemo<AlertLineHandlers | null>(
    () => (signedIn && market === 'crypto' ? { onMove: (id, price) => setDrag({ id, dropped: price }), onPick: () => undefined } : null),
    [signedIn, market],
  );
  const dragged = drag ? openOrders.find((order) => order.id === drag.id && order.orderType === 'LIMIT') : undefined;
  const endDrag = useCallback(() => {
    setDrag(null);
    setRedraw((n) => n + 1); // the line goes back to the order's price, or follows its new one
  }, []);

  const [workspaceOpen, setWorkspaceOpen] = useState(false);
  const [workspaceUsed, setWorkspaceUsed] = useState(false);
  const count = layout.count;
  const paneHeight = count === 4 ? (height ? `calc((${height}) / 2)` : 'clamp(240px, 34vh, 360px)') : height;
  const setPane = useCallback(
    (index: number, pane: ChartPane) => setLayoutState((previous) => ({ ...previous, panes: previous.panes.map((p, i) => (i === index ? pane : p)) })),
    [],
  );

  return (
    <div data-layout-count={count} data-chart-type={chartType} data-chart-state={summary}>
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
        <Tools>
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
            {t('chartTools.open')}
          </ChartToolButton>
        </Tools>
      </Bar>
      <Grid $count={count}>
        <PriceChart
          symbol={symbol}
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
            <ChartPanes market={market} panes={layout.panes.slice(1, count)} height={paneHeight ?? 'clamp(280px, 52vh, 520px)'} onChange={setPane} />
          </Suspense>
        )}
      </Grid>
      {workspaceUsed && (
        <Suspense fallback={<span role="status">{t('chartTools.opening')}</span>}>
          <ChartWorkspaceDialog open={workspaceOpen} onClose={() => setWorkspaceOpen(false)} host={host} />
        </Suspense>
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <ChartSettingsSync
            market={market}
            symbol={symbol}
            resolution={resolution}
            layout={layout}
            chartType={chartType}
            onLoaded={(settings) => {
              setLayoutState(settings.layout);
              setChartType(settings.chartType);
            }}
          />
        </Suspense>
      )}
      {drag && dragged && (
        <Suspense fallback={null}>
          <OrderDragConfirm order={dragged} dropped={drag.dropped} tick={tick} format={format} onDone={endDrag} />
        </Suspense>
      )}
    </div>
  );
});
