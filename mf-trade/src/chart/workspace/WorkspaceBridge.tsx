// The chart workspace's side of the trade chart (a chunk of its own: loaded on mount for a
// signed-in person, and for a guest only when they open the workspace, so the guest's first load
// carries none of it). It puts states on the first chart (a saved chart of another symbol opens
// that symbol's page first), offers the workspace dialog what it needs, keeps the person's chart
// settings (the view — scale, crosshair, colours — in chart-view-store.ts, not in the page's frame,
// so a guest's first load carries none of it), draws the open position, turns a dropped limit order
// line into a confirmation, and writes what the chart holds on its frame for browser tests
// (data-chart-state).
import { appStore, useNavigate, type ChartRange, type MarketId } from '@pasar/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { PriceFormat } from '../../market/price-format';
import type { RangeWindow } from '../../markets/chart-resolutions';
import { tradeHomeFor } from '../../markets/trade-market';
import { useOpenOrders } from '../../my-orders/open-orders';
import type { AlertLineHandlers } from '../alert-lines';
import type { ChartEngine } from '../chart-engine';
import type { ChartState, ChartType } from '../chart-state';
import { DEFAULT_VIEW } from '../chart-view';
import { setChartView, useChartView } from './chart-view-store';
import { ChartSettingsSync } from './ChartSettingsSync';
import { ChartWorkspaceDialog, type WorkspaceHost } from './ChartWorkspaceDialog';
import { usePositionLines } from './use-position-lines';
import type { ChartLayout, LayoutCount } from './workspace-settings';

/** The markets whose working limit orders' lines can be dragged to amend them (their orders are the page's open orders). */
const DRAG_AMEND_MARKETS = ['crypto', 'usstock', 'idx'] as const;
type DragAmendMarket = (typeof DRAG_AMEND_MARKETS)[number];
const dragAmends = (market: MarketId): market is DragAmendMarket => (DRAG_AMEND_MARKETS as readonly MarketId[]).includes(market);

const OrderDragConfirm = lazy(() => import(/* webpackChunkName: "chart-order-drag" */ './OrderDragConfirm').then((m) => ({ default: m.OrderDragConfirm })));

export interface WorkspaceBridgeProps {
  signedIn: boolean;
  engine: ChartEngine | null;
  symbol: string;
  market: MarketId;
  resolution: string;
  offered: readonly string[];
  window: RangeWindow;
  format: PriceFormat;
  tick: string;
  /** The frame the chart's state is written on. */
  frame: RefObject<HTMLDivElement | null>;
  layout: ChartLayout;
  setLayout(layout: ChartLayout | ((previous: ChartLayout) => ChartLayout)): void;
  chartType: ChartType;
  setChartType(type: ChartType): void;
  range: ChartRange | null;
  /** A §3 range, or (null) the resolution's own window. */
  setRange(range: ChartRange | null): void;
  /** A saved chart's range start (epoch seconds), or null. */
  setSavedFrom(from: number | null): void;
  workspaceOpen: boolean;
  onCloseWorkspace(): void;
  /** Drag handlers for the limit order lines (null: none), and a redraw of the lines. */
  setOrderDrag(handlers: AlertLineHandlers | null): void;
  redrawOrders(): void;
}

export function WorkspaceBridge(props: WorkspaceBridgeProps) {
  const { signedIn, engine, symbol, market, resolution, offered, window, format, tick, frame, layout, setLayout, chartType, setChartType, range, setRange, setSavedFrom } = props;
  const navigate = useNavigate();
  const openOrders = useOpenOrders();

  // The open position of the symbol (perps, leveraged US stocks), for a signed-in person.
  const positionLines = usePositionLines(engine, market, symbol, signedIn);
  useEffect(() => {
    if (frame.current) frame.current.dataset.positionLines = String(positionLines.length);
  }, [frame, positionLines]);

  // The view (scale, crosshair, colours) of every chart of the page; back to the default when the page goes.
  const view = useChartView(engine);
  useEffect(() => () => setChartView(DEFAULT_VIEW), []);

  const summarize = useCallback(
    (state: ChartState) => {
      if (!frame.current) return;
      frame.current.dataset.chartState = JSON.stringify({
        studies: state.studies.map(({ type, params }) => ({ type, params })),
        drawings: state.drawings.map(({ tool, points }) => ({ tool, points })),
      });
    },
    [frame],
  );
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

  // A saved chart of another symbol: put on the chart once that symbol's page is here.
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
      getState: () => (engine ? { ...engine.getState(), symbol, resolution, chartType, range: { from: window.from, to: window.to } } : null),
      applyState: (state) => {
        if (state.chartType) setChartType(state.chartType);
        if (offered.includes(state.resolution) || state.symbol !== symbol) {
          setRange(null);
          appStore.getState().setChart({ resolution: state.resolution });
        }
        setSavedFrom(state.range?.from ?? null);
        if (state.symbol !== symbol) {
          pending.current = state;
          navigate(tradeHomeFor(state.symbol));
        } else if (engine) applyToEngine(engine, state);
      },
      layout: layout.count,
      setLayout: (count: LayoutCount) => setLayout((previous) => ({ ...previous, count })),
      chartType,
      setChartType,
      view,
      setView: setChartView,
      range,
      setRange: (next) => {
        setSavedFrom(null);
        setRange(next);
      },
    }),
    [signedIn, engine, symbol, resolution, chartType, view, layout.count, range, offered, navigate, window, applyToEngine, setChartType, setRange, setSavedFrom, setLayout],
  );

  // A working limit order's line dropped at a new price (the orders the page's feed keeps).
  const [drag, setDrag] = useState<{ id: string; dropped: number } | null>(null);
  const { setOrderDrag, redrawOrders } = props;
  useEffect(() => {
    setOrderDrag(signedIn && dragAmends(market) ? { onMove: (id, price) => setDrag({ id, dropped: price }), onPick: () => undefined } : null);
    return () => setOrderDrag(null);
  }, [signedIn, market, setOrderDrag]);
  const dragged = drag ? openOrders.find((order) => order.id === drag.id && order.orderType === 'LIMIT') : undefined;
  useEffect(() => {
    // Dropped on a line whose order is gone (filled meanwhile): the lines are drawn again.
    if (drag && !dragged) {
      setDrag(null);
      redrawOrders();
    }
  }, [drag, dragged, redrawOrders]);
  const endDrag = useCallback(() => {
    setDrag(null);
    redrawOrders(); // the line goes back to the order's price, or follows its new one
  }, [redrawOrders]);

  return (
    <>
      <ChartWorkspaceDialog open={props.workspaceOpen} onClose={props.onCloseWorkspace} host={host} />
      {signedIn && (
        <ChartSettingsSync
          market={market}
          symbol={symbol}
          resolution={resolution}
          layout={layout}
          chartType={chartType}
          view={view}
          onLoaded={(settings) => {
            setLayout(settings.layout);
            setChartType(settings.chartType);
            setChartView(settings.view);
          }}
        />
      )}
      {drag && dragged && dragAmends(market) && (
        <Suspense fallback={null}>
          <OrderDragConfirm market={market} order={dragged} dropped={drag.dropped} tick={tick} format={format} onDone={endDrag} />
        </Suspense>
      )}
    </>
  );
}
