// The trading views of §2 (Watchlist, PriceAlert, News, OrderBook, FullScreen, OrderWindow, or
// None) around the chart. The open view lives in the shared store (`misc.tradingView`), so the
// shell and later panels agree on it. Panels are placeholders until their data arrives.
import styled from '@emotion/styled';
import { appStore, Button, Card, media, tokens, useAppStore, type TradingView } from '@pasar/shared';
import { useId } from 'react';
import { useTradeT } from '../i18n';

/** Views that open a side panel, in toolbar order. */
export const PANEL_VIEWS = ['Watchlist', 'PriceAlert', 'News', 'OrderBook', 'OrderWindow'] as const;
type PanelView = (typeof PANEL_VIEWS)[number];

const VIEW_KEY: Record<PanelView, string> = {
  Watchlist: 'watchlist',
  PriceAlert: 'priceAlert',
  News: 'news',
  OrderBook: 'orderBook',
  OrderWindow: 'orderWindow',
};

const isPanelView = (view: TradingView): view is PanelView => (PANEL_VIEWS as readonly string[]).includes(view);

const setView = (tradingView: TradingView) => appStore.getState().setMisc({ tradingView });

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

const Workspace = styled.div<{ $fullScreen: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space.lg};
  margin-top: ${tokens.space.md};
  ${media.lg} {
    grid-template-columns: ${({ $fullScreen }) => ($fullScreen ? 'minmax(0, 1fr)' : 'minmax(0, 2fr) minmax(280px, 1fr)')};
  }
`;

const ChartCard = styled(Card)<{ $fullScreen: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: ${({ $fullScreen }) => ($fullScreen ? '70vh' : '320px')};
`;

const Placeholder = styled.p`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  margin: 0;
  padding: ${tokens.space.xl} ${tokens.space.md};
  border: 1px dashed ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  color: ${tokens.colors.textMuted};
  text-align: center;
`;

export function TradingViews({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  const view = useAppStore((state) => state.misc.tradingView);
  const panelId = useId();
  const fullScreen = view === 'FullScreen';
  const panelView = isPanelView(view) ? view : null;

  return (
    <div>
      <Toolbar role="group" aria-label={t('views.label')}>
        {PANEL_VIEWS.map((candidate) => (
          <ViewToggle
            key={candidate}
            type="button"
            aria-pressed={view === candidate}
            aria-controls={fullScreen ? undefined : panelId}
            onClick={() => setView(view === candidate ? 'None' : candidate)}
          >
            {t(`views.${VIEW_KEY[candidate]}`)}
          </ViewToggle>
        ))}
        <ViewToggle type="button" aria-pressed={fullScreen} onClick={() => setView(fullScreen ? 'None' : 'FullScreen')}>
          {t('views.fullScreen')}
        </ViewToggle>
      </Toolbar>
      <Workspace $fullScreen={fullScreen}>
        <ChartCard title={t('chart.title', { symbol })} $fullScreen={fullScreen}>
          <Placeholder>{t('chart.soon', { symbol })}</Placeholder>
        </ChartCard>
        {!fullScreen && (
          <Card
            id={panelId}
            title={panelView ? t(`views.${VIEW_KEY[panelView]}`) : t('views.label')}
            actions={
              panelView && (
                <Button variant="ghost" size="sm" onClick={() => setView('None')}>
                  {t('views.closePanel')}
                </Button>
              )
            }
          >
            <Placeholder>{panelView ? t(`panels.${VIEW_KEY[panelView]}`, { symbol }) : t('views.noPanel')}</Placeholder>
          </Card>
        )}
      </Workspace>
    </div>
  );
}
