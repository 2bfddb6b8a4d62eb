// The trading views of §2 (Watchlist, PriceAlert, News, OrderBook, FullScreen, OrderWindow, or
// None) around the chart. The open view lives in the shared store (`misc.tradingView`), so the
// shell and later panels agree on it. News is live; the views later issues fill say so honestly.
import styled from '@emotion/styled';
import { appStore, Button, Card, EmptyState, Skeleton, tokens, useAppStore, type TradingView } from '@pasar/shared';
import { lazy, Suspense } from 'react';
import { useTradeT } from '../i18n';

// Opened on demand: its code stays out of the trade page's first load.
const NewsPanel = lazy(() => import('./NewsPanel').then((m) => ({ default: m.NewsPanel })));

/** Views in toolbar order (FullScreen last, a toggle of its own). */
export const PANEL_VIEWS = ['Watchlist', 'PriceAlert', 'News', 'OrderBook', 'OrderWindow'] as const;
export type PanelView = (typeof PANEL_VIEWS)[number];

/** Views that open a panel beside the chart (the order book has its own place in the layout). */
export type SidePanelView = Exclude<PanelView, 'OrderBook'>;

export const VIEW_KEY: Record<PanelView, string> = {
  Watchlist: 'watchlist',
  PriceAlert: 'priceAlert',
  News: 'news',
  OrderBook: 'orderBook',
  OrderWindow: 'orderWindow',
};

export const isSidePanelView = (view: TradingView): view is SidePanelView =>
  view === 'Watchlist' || view === 'PriceAlert' || view === 'News' || view === 'OrderWindow';

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

/** The open side view: news of the symbol, or what a later release brings there. */
export function SidePanel({ id, view, symbol }: { id: string; view: SidePanelView; symbol: string }) {
  const { t } = useTradeT();
  return (
    <Card
      id={id}
      title={t(`views.${VIEW_KEY[view]}`)}
      actions={
        <Button variant="ghost" size="sm" onClick={() => setTradingView('None')}>
          {t('views.closePanel')}
        </Button>
      }
    >
      {view === 'News' ? (
        <Suspense fallback={<Skeleton lines={6} />}>
          <NewsPanel symbol={symbol} />
        </Suspense>
      ) : (
        <EmptyState compact headingLevel={3} title={t('panels.comingTitle')} description={t(`panels.${VIEW_KEY[view]}`, { symbol })} />
      )}
    </Card>
  );
}
