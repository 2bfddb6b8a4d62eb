// Portfolio (§2): the overview totals, a section per market — crypto holdings in Rupiah, US stock
// holdings in dollars beside their Rupiah — with cost, value and P&L, and the position history of
// each market. Figures load again on a `balances` event of the private stream (a fill moves the
// Rupiah or dollars and the units) and when the reader comes back to the tab; a new investor gets
// a way to their first trade.
import {
  api,
  ButtonLink,
  Card,
  EmptyState,
  Page,
  PageHeader,
  PORTFOLIO_PATHS,
  Stack,
  useApiData,
  useAppStore,
  type AssetHoldingsResponse,
  type PortfolioOverview,
  type UsStockHoldingsResponse,
} from '@pasar/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Loading, LoadFailed } from '../components/states';
import { useLiveRefresh } from '../components/use-live-refresh';
import { usePortfolioT } from '../i18n';
import { PORTFOLIO_UI_CONFIG } from '../portfolio-config';
import { HoldingsCard } from '../sections/HoldingsCard';
import { IdxHoldingsCard } from '../sections/IdxHoldingsCard';
import { OverviewCard } from '../sections/OverviewCard';
import { PositionHistoryCard } from '../sections/PositionHistoryCard';
import { UsHoldingsCard } from '../sections/UsHoldingsCard';
import { usePositionHistory } from '../sections/use-position-history';

// The charts load on their own chunks, after the figures (the remote's first chunk stays as it was).
const AllocationCard = lazy(() => import('../sections/AllocationCard'));
const ValueHistoryCard = lazy(() => import('../sections/ValueHistoryCard'));
const PocketsCard = lazy(() => import('../sections/PocketsCard'));

export function PortfolioPage() {
  const { t } = usePortfolioT();
  const userId = useAppStore((state) => state.auth.userDetails?.id ?? null);
  const overview = useApiData(() => api.get<PortfolioOverview>(PORTFOLIO_PATHS.overview, { language: true }));
  const holdings = useApiData(() =>
    api.get<AssetHoldingsResponse>(PORTFOLIO_PATHS.assetHoldings, { params: { assetType: 'CRYPTO' }, language: true }),
  );
  const usHoldings = useApiData(() =>
    api.get<UsStockHoldingsResponse>(PORTFOLIO_PATHS.assetHoldings, { params: { assetType: 'USSTOCK' }, language: true }),
  );
  const history = usePositionHistory(userId);
  const [valueReload, setValueReload] = useState(0);

  useLiveRefresh(() => {
    setValueReload((n) => n + 1);
    void overview.refresh();
    void holdings.refresh();
    void usHoldings.refresh();
    void history.refresh();
  });

  const heldSymbols = useMemo(
    () => ({ CRYPTO: holdings.data?.items.map((h) => h.symbol) ?? [], USSTOCK: usHoldings.data?.items.map((h) => h.symbol) ?? [] }),
    [holdings.data, usHoldings.data],
  );
  // Nothing held in any market and nothing ever traded (a remembered filter means something was;
  // the overview's realized P&L, that a closed position of the other market was).
  const isNewInvestor =
    holdings.data?.items.length === 0 &&
    usHoldings.data?.items.length === 0 &&
    overview.data?.markets.every((m) => !/[1-9]/.test(m.realizedPnl ?? '0')) === true &&
    history.data?.items.length === 0 &&
    history.assetType === 'CRYPTO' &&
    history.symbol === null &&
    history.page === 1;

  return (
    <Page>
      <PageHeader title={t('page.title')} subtitle={t('page.description')} />
      <Stack gap="lg">
        {overview.data ? (
          <OverviewCard data={overview.data} />
        ) : (
          <Card title={t('overview.title')}>
            {overview.error ? <LoadFailed error={overview.error} onRetry={() => void overview.reload()} /> : <Loading lines={3} />}
          </Card>
        )}
        <Suspense
          fallback={
            <Card>
              <Loading lines={4} />
            </Card>
          }
        >
          {overview.data && <AllocationCard allocation={overview.data.allocation} />}
          <ValueHistoryCard reloadKey={valueReload} />
          <PocketsCard reloadKey={valueReload} />
        </Suspense>
        <IdxHoldingsCard />
        {isNewInvestor ? (
          <Card>
            <EmptyState
              title={t('page.emptyTitle')}
              description={t('page.emptyBody')}
              action={<ButtonLink to={PORTFOLIO_UI_CONFIG.tradeHome}>{t('page.startTrading')}</ButtonLink>}
            />
          </Card>
        ) : (
          <>
            {holdings.data ? (
              <HoldingsCard items={holdings.data.items} />
            ) : (
              <Card title={t('holdings.title')}>
                {holdings.error ? <LoadFailed error={holdings.error} onRetry={() => void holdings.reload()} /> : <Loading lines={4} />}
              </Card>
            )}
            {usHoldings.data ? (
              <UsHoldingsCard data={usHoldings.data} />
            ) : (
              <Card title={t('usHoldings.title')}>
                {usHoldings.error ? <LoadFailed error={usHoldings.error} onRetry={() => void usHoldings.reload()} /> : <Loading lines={4} />}
              </Card>
            )}
            <PositionHistoryCard history={history} knownSymbols={heldSymbols} />
          </>
        )}
      </Stack>
    </Page>
  );
}
