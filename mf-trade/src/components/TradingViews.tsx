// The trading views of §2 (Watchlist, PriceAlert, News, OrderBook, FullScreen, or None) around
// the chart. The open view lives in the shared store (`misc.tradingView`), so the shell and later
// panels agree on it. OrderWindow (the order form in a window of its own) is not offered: the
// order panel sits beside the chart on every trading page. At 360 px a side view is a sheet over
// the bottom of the page; from 1024 px a panel in the grid.
import styled from '@emotion/styled';
import { appStore, Button, Card, Skeleton, tokens, useAppStore, type AssetType, type TradingView } from '@pasar/shared';
import { lazy, Suspense } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';

// Opened on demand: their code (and the alert and watchlist calls) stays out of the trade page's first load.
const NewsPanel = lazy(() => import('./NewsPanel').then((m) => ({ default: m.NewsPanel })));
const WatchlistPanel = lazy(() => import('../watchlist/WatchlistPanel').then((m) => ({ default: m.WatchlistPanel })));
const PriceAlertPanel = lazy(() => import('../price-alerts/PriceAlertPanel').then((m) => ({ default: m.PriceAlertPanel })));

/** Views in toolbar order (FullScreen last, a toggle of its own). */
export const PANEL_VIEWS = ['Watchlist', 'PriceAlert', 'News', 'OrderBook'] as const;
export type PanelView = (typeof PANEL_VIEWS)[number];

/** Views that open a panel beside the chart (the order book has its own place in the layout). */
export type SidePanelView = Exclude<PanelView, 'OrderBook'>;

export const VIEW_KEY: Record<PanelView, string> = {
  Watchlist: 'watchlist',
  PriceAlert: 'priceAlert',
  News: 'news',
  OrderBook: 'orderBook',
};

export const isSidePanelView = (view: TradingView): view is SidePanelView =>
  view === 'Watchlist' || view === 'PriceAlert' || view === 'News';

export const setTradingView = (tradingView: TradingView) => appStore.getState().setMisc({ tradingView });

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
`;

const ViewToggle = styled.button`
  min-height: 36px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
  cursor: pointer;
  &:hover {
    background: ${tokens.colors.surfaceSunken};
  }
  &[aria-pressed='true'] {
    border-color: ${tokens.colors.primary};
    background: ${tokens.colors.primary};
    color: ${tokens.colors.onPrimary};
  }
`;

/** `panelId` names the open side panel, when one is open (aria-controls must point at something). */
export function TradingViewToolbar({ panelId }: { panelId: string | undefined }) {
  const { t } = useTradeT();
  const view = useAppStore((state) => state.misc.tradingView);
  const fullScreen = view === 'FullScreen';
  return (
    <Toolbar role="group" aria-label={t('views.label')}>
      {PANEL_VIEWS.map((candidate) => (
        <ViewToggle
          key={candidate}
          type="button"
          aria-pressed={view === candidate}
          aria-controls={fullScreen ? undefined : panelId}
          onClick={() => setTradingView(view === candidate ? 'None' : candidate)}
        >
          {t(`views.${VIEW_KEY[candidate]}`)}
        </ViewToggle>
      ))}
      <ViewToggle type="button" aria-pressed={fullScreen} onClick={() => setTradingView(fullScreen ? 'None' : 'FullScreen')}>
        {t('views.fullScreen')}
      </ViewToggle>
    </Toolbar>
  );
}

/** Below 1024 px the open view is a sheet over the bottom of the screen (the page stays readable above it). */
const Sheet = styled.div`
  @media (max-width: 1023.98px) {
    position: fixed;
    z-index: ${tokens.zIndex.sticky};
    left: 0;
    right: 0;
    bottom: 0;
    max-height: 72vh;
    overflow-y: auto;
    border-top-left-radius: ${tokens.radii.lg};
    border-top-right-radius: ${tokens.radii.lg};
    box-shadow: ${tokens.shadows.lg};
    padding-bottom: env(safe-area-inset-bottom);
  }
`;

export interface SidePanelProps {
  id: string;
  view: SidePanelView;
  symbol: string;
  assetType: AssetType;
  tick: string;
  format: PriceFormat;
}

/** The open side view: the watchlists, the symbol's price alerts, or its news. */
export function SidePanel({ id, view, symbol, assetType, tick, format }: SidePanelProps) {
  const { t } = useTradeT();
  return (
    <Sheet data-testid="side-panel">
      <Card
        id={id}
        title={t(`views.${VIEW_KEY[view]}`)}
        actions={
          <Button variant="ghost" size="sm" onClick={() => setTradingView('None')}>
            {t('views.closePanel')}
          </Button>
        }
      >
        <Suspense fallback={<Skeleton lines={6} />}>
          {view === 'News' ? (
            <NewsPanel symbol={symbol} />
          ) : view === 'Watchlist' ? (
            <WatchlistPanel symbol={symbol} assetType={assetType} />
          ) : (
            <PriceAlertPanel symbol={symbol} tick={tick} format={format} />
          )}
        </Suspense>
      </Card>
    </Sheet>
  );
}
