// A candle + volume chart of one symbol over a window, with live bars from the candles stream.
// The drawing engine (lightweight-charts) is imported when the first chart mounts: its own chunk,
// out of the page's first load. Live bars are applied at most once per animation frame.
import styled from '@emotion/styled';
import { EmptyState, ErrorState, NUMBER_LOCALES, Skeleton, tokens, useAppStore, VisuallyHidden, type MarketId } from '@pasar/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTradeT } from '../i18n';
import { subscribeLive } from '../market/live-source';
import { whenPageIdle } from '../market/page-idle';
import { fetchCandles } from '../market/market-api';
import { formatBarePrice, type PriceFormat } from '../market/price-format';
import type { Candle } from '../market/types';
import { useResource } from '../market/use-resource';
import { resolutionSeconds, trimToLastDay, type RangeWindow } from '../markets/chart-resolutions';
import type { ChartEngine } from './chart-engine';
import type { ChartOrderLine } from './order-lines';
import type { AlertLineHandlers, ChartAlertLine } from './alert-lines';
import type { ToolsMode } from './ChartToolsPanel';
import { Toggle } from './ChartToolbar';

type EngineModule = typeof import('./chart-engine');

let engineModule: Promise<EngineModule> | null = null;
/**
 * The engine chunk, fetched once per page after the page is idle (`whenPageIdle`): the price,
 * book and trades are what a visitor reads first; the chart library (≈ 52 KB gzipped, and canvas
 * work) waits until they are on screen instead of competing with them on a slow phone (decisions
 * 0006, 0009). A failed fetch can be retried.
 */
export function loadChartEngine(): Promise<EngineModule> {
  engineModule ??= whenPageIdle()
    .then(() => import(/* webpackChunkName: "chart-engine" */ './chart-engine'))
    // Answered a task after the chunk's evaluation: a chart's creation is a task of its own.
    .then((loaded) => new Promise<EngineModule>((resolve) => setTimeout(resolve, 0, loaded)))
    .catch((error: unknown) => {
      engineModule = null;
      throw error;
    });
  return engineModule;
}

/** The indicators dialog and drawing toolbar: a chunk of their own, fetched when a person opens one. */
const ChartToolsPanel = lazy(() =>
  import(/* webpackChunkName: "chart-tools-ui" */ './ChartToolsPanel').then(
    (m) => ({ default: m.ChartToolsPanel }),
    () => ({ default: ToolsUnavailable }),
  ),
);

function ToolsUnavailable() {
  const { t } = useTradeT();
  return <p role="alert">{t('chart.error')}</p>;
}

const ToolButtons = styled.div`
  position: absolute;
  top: ${tokens.space.xxs};
  left: ${tokens.space.xxs};
  z-index: 3;
  display: flex;
  border-radius: ${tokens.radii.sm};
  background: ${tokens.colors.surface};
`;


const Frame = styled.div<{ $height: string }>`
  position: relative;
  width: 100%;
  height: ${({ $height }) => $height};
  min-height: 240px;
  /* The frame's size never depends on the canvas: live redraws stay inside it (no page layout). */
  contain: strict;
`;

const Canvas = styled.div`
  position: absolute;
  inset: 0;
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${tokens.colors.surface};
`;

export interface PriceChartProps {
  symbol: string;
  /** The symbol's market (its session day bounds VWAP); worked out from the symbol when not given. */
  market?: MarketId;
  window: RangeWindow;
  format: PriceFormat;
  /** The smallest price step (the instrument's tick size). */
  tick: string;
  /** Follow the current bar on the candles stream. */
  live: boolean;
  height?: string;
  /** The user's open orders drawn as price lines (the trade page). */
  orderLines?: readonly ChartOrderLine[];
  /** With handlers, working limit orders' lines can be dragged to a new price (the trade page, signed in). */
  orderDrag?: AlertLineHandlers | null;
  /** The person's price alerts as draggable lines, with what a drag or a pick does (the trade page). */
  alertLines?: readonly ChartAlertLine[];
  alertHandlers?: AlertLineHandlers | null;
  /** "Alert at this price": the next click on the chart picks a price. */
  picking?: boolean;
  /** Told the engine once it is drawing (and null when it goes): saved charts, layouts, history and order drag use it. */
  onEngine?: (engine: ChartEngine | null) => void;
}

const NO_LINES: readonly ChartOrderLine[] = [];
const NO_ALERTS: readonly ChartAlertLine[] = [];

export function PriceChart({
  symbol,
  market,
  window,
  format,
  tick,
  live,
  height = 'clamp(280px, 52vh, 520px)',
  orderLines = NO_LINES,
  orderDrag = null,
  alertLines = NO_ALERTS,
  alertHandlers = null,
  picking = false,
  onEngine,
}: PriceChartProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const canvasRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<ChartEngine | null>(null);
  const [engineState, setEngineState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [engineAttempt, setEngineAttempt] = useState(0);
  const [toolsMode, setToolsMode] = useState<ToolsMode | null>(null);
  const { resolution, from, to, trimToLastSeconds } = window;

  const candles = useResource(`${symbol}:${resolution}:${from}:${to}`, async (signal) => {
    const response = await fetchCandles(symbol, resolution, from, to, signal);
    return trimToLastSeconds ? trimToLastDay(response.candles, trimToLastSeconds) : response.candles;
  });

  const engineOptions = useMemo(
    () => ({
      precision: format.precision,
      minMove: Number(tick) || 10 ** -format.precision,
      formatPrice: (price: number) => formatBarePrice(price.toFixed(format.precision), format),
      locale: NUMBER_LOCALES[lng],
      intraday: resolutionSeconds(resolution) < 86_400,
      symbol,
      resolution,
      market,
    }),
    [format, tick, lng, resolution, symbol, market],
  );
  const optionsRef = useRef(engineOptions);
  optionsRef.current = engineOptions;
  const onEngineRef = useRef(onEngine);
  onEngineRef.current = onEngine;

  const candlesRef = useRef(candles.data);
  candlesRef.current = candles.data;

  // Create the engine once its chunk is here; it lives as long as the component. It is created with
  // the bars when they are here, so that its first paint draws them: one paint with data, not an
  // empty one and then a second.
  useEffect(() => {
    let cancelled = false;
    setEngineState('loading');
    loadChartEngine().then(
      ({ createChartEngine }) => {
        if (cancelled || !canvasRef.current) return;
        const engine = createChartEngine(canvasRef.current, optionsRef.current);
        if (candlesRef.current) engine.setCandles(candlesRef.current);
        engineRef.current = engine;
        setEngineState('ready');
        onEngineRef.current?.(engine);
      },
      () => {
        if (!cancelled) setEngineState('failed');
      },
    );
    return () => {
      cancelled = true;
      if (engineRef.current) onEngineRef.current?.(null);
      engineRef.current?.destroy();
      engineRef.current = null;
    };
  }, [engineAttempt]);

  // A new engine is made with the options of its time; a change afterwards is passed on.
  useEffect(() => {
    engineRef.current?.setOptions(engineOptions);
  }, [engineOptions]);

  // A new engine is made with the bars of its time; new bars afterwards are passed on.
  useEffect(() => {
    if (candles.data) engineRef.current?.setCandles(candles.data);
  }, [candles.data]);

  useEffect(() => {
    if (engineState === 'ready') engineRef.current?.setOrderLines(orderLines, orderDrag);
  }, [engineState, orderLines, orderDrag]);

  useEffect(() => {
    if (engineState === 'ready') engineRef.current?.setAlertLines(alertLines, alertHandlers);
  }, [engineState, alertLines, alertHandlers]);

  useEffect(() => {
    if (engineState === 'ready') engineRef.current?.setPicking(picking);
  }, [engineState, picking]);

  // Live bars: keep only the latest per frame, then one series.update.
  useEffect(() => {
    if (!live || engineState !== 'ready' || !candles.data) return undefined;
    let pending: Candle | null = null;
    let frame = 0;
    const flush = () => {
      frame = 0;
      if (pending) engineRef.current?.update(pending);
      pending = null;
    };
    const unsubscribe = subscribeLive('candles', symbol, { resolution }, (message) => {
      pending = message.data;
      if (!frame) frame = requestAnimationFrame(flush);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [live, engineState, candles.data, symbol, resolution]);

  const retry = useCallback(() => {
    if (engineState === 'failed') setEngineAttempt((n) => n + 1);
    if (candles.error) candles.retry();
  }, [engineState, candles]);

  const failed = engineState === 'failed' || (candles.error !== undefined && !candles.data);
  const loading = !failed && (engineState === 'loading' || !candles.data);
  const empty = !failed && !loading && candles.data?.length === 0;
  const engine = engineState === 'ready' ? engineRef.current : null;
  const toggleTools = (mode: ToolsMode) => setToolsMode((open) => (open === mode ? null : mode));
  return (
    <>
      {/* The drawing toolbar sits above the chart; the indicators dialog is a modal (a portal). */}
      {engine && toolsMode && (
        <Suspense fallback={null}>
          <ChartToolsPanel mode={toolsMode} engine={engine} onClose={() => setToolsMode(null)} />
        </Suspense>
      )}
      <Frame
        $height={height}
        aria-busy={loading}
        data-testid="price-chart"
        data-candles={candles.data?.length ?? 0}
        data-resolution={resolution}
        data-order-lines={orderLines.length}
        data-alert-lines={alertLines.length}
        data-picking={picking || undefined}
      >
        {/* The library puts a link (its attribution) in the canvas box, so the box cannot be an img. */}
        <VisuallyHidden>{t('chart.label', { symbol, n: candles.data?.length ?? 0 })}</VisuallyHidden>
        {/* Focusable while drawing: the keyboard places, moves and deletes drawings. */}
        <Canvas ref={canvasRef} tabIndex={toolsMode === 'drawings' ? 0 : undefined} data-testid="chart-canvas" />
        {engine && (
          <ToolButtons>
            <Toggle type="button" aria-haspopup="dialog" data-testid="chart-studies" onClick={() => toggleTools('studies')}>
              {t('chart.studies')}
            </Toggle>
            <Toggle type="button" aria-pressed={toolsMode === 'drawings'} data-testid="chart-drawings" onClick={() => toggleTools('drawings')}>
              {t('chart.drawings')}
            </Toggle>
          </ToolButtons>
        )}
        {loading && (
          <Overlay>
            <Skeleton variant="rect" width="100%" height="100%" />
          </Overlay>
        )}
        {failed && (
          <Overlay>
            <ErrorState compact headingLevel={3} title={t('chart.error')} onRetry={retry} />
          </Overlay>
        )}
        {empty && (
          <Overlay>
            <EmptyState compact headingLevel={3} title={t('chart.empty')} description={t('chart.emptyBody')} />
          </Overlay>
        )}
      </Frame>
    </>
  );
}
