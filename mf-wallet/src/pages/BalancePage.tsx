// `/balance`: every wallet in one view. The total in IDR and USD (what the person owns: the server's
// one figure, the portfolio's total too, with the parts it counts), then IDR cash (available, on hold,
// voucher, free), the three USD stock wallets (or the way to the US-stock declaration), the USDT
// perpetuals margin wallet, USD yield, and the recent history of IDR cash. Figures come from one
// call (`walletBalance`) and are loaded again when the person comes back to the tab.
import styled from '@emotion/styled';
import {
  api,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorState,
  media,
  Stack,
  STOCK_WALLETS,
  tokens,
  useApiData,
  useAppStore,
  WALLET_PATHS,
  type WalletBalanceResponse,
  type WalletHistoryEntry,
  type WalletHistoryResponse,
  useOnReturn,
} from '@pasar/shared';
import { NET_WORTH_LABEL, netWorthPartName } from '@pasar/shared/net-worth-text';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionLink } from '../components/ActionLink';
import { Figures } from '../components/Figures';
import { isZero, sum, useFormat } from '../components/money';
import { UsdYieldCard } from '../components/UsdYieldCard';
import { IdxSettlementCard } from '../components/IdxSettlementCard';
import { errorText, GssNotice, Loading, LoadState, Muted, WalletPage } from '../components/WalletPage';
import { useWalletT } from '../i18n';
import { WALLET_UI_CONFIG } from '../wallet-config';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space.lg};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Total = styled.p`
  margin: 0;
  font-size: ${tokens.fontSizes.xxl};
  font-weight: ${tokens.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
  ${media.md} {
    font-size: ${tokens.fontSizes.xxxl};
  }
`;

const Secondary = styled.p`
  margin: 0;
  font-size: ${tokens.fontSizes.lg};
  color: ${tokens.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const WalletName = styled.h3`
  margin: 0 0 ${tokens.space.xs};
  font-size: ${tokens.fontSizes.md};
  font-weight: ${tokens.fontWeights.semibold};
`;

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const HistoryRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${tokens.space.xs} ${tokens.space.md};
  padding: ${tokens.space.sm} 0;
  border-bottom: 1px solid ${tokens.colors.border};
  &:last-of-type {
    border-bottom: 0;
  }
`;

const Description = styled.p`
  margin: 0;
  font-weight: ${tokens.fontWeights.medium};
  overflow-wrap: anywhere;
`;

const Amount = styled.p<{ $in: boolean }>`
  margin: 0 0 0 auto;
  text-align: right;
  font-variant-numeric: tabular-nums;
  font-weight: ${tokens.fontWeights.semibold};
  color: ${({ $in }) => ($in ? tokens.colors.buyText : tokens.colors.text)};
`;

/** The IDR cash history, a page at a time (newest first; "before" the last row for the next). */
function useCashHistory() {
  const [items, setItems] = useState<WalletHistoryEntry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const fetchPage = (before?: string) =>
    api.get<WalletHistoryResponse>(WALLET_PATHS.walletHistory, {
      params: { currency: 'IDR', purpose: 'CASH', limit: WALLET_UI_CONFIG.historyPageSize, before },
      language: true,
    });

  const load = useCallback(async (quiet = false) => {
    const mine = ++generation.current;
    if (!quiet) setError(null);
    try {
      const page = await fetchPage();
      if (mine !== generation.current) return;
      setItems(page.items);
      setHasMore(page.hasMore);
      setError(null);
    } catch (failure) {
      if (mine === generation.current && !quiet) setError(failure);
    }
  }, []);

  const more = async () => {
    const last = items?.at(-1);
    if (!last) return;
    const mine = ++generation.current;
    setLoadingMore(true);
    try {
      const page = await fetchPage(last.createdAt);
      if (mine !== generation.current) return;
      setItems((current) => [...(current ?? []), ...page.items.filter((item) => !current?.some((c) => c.transferId === item.transferId))]);
      setHasMore(page.hasMore);
    } catch (failure) {
      if (mine === generation.current) setError(failure);
    } finally {
      setLoadingMore(false);
    }
  };

  useEffect(() => {
    void load();
  }, [load]);

  return { items, hasMore, error, loadingMore, reload: () => load(), refresh: () => load(true), more };
}

export function BalancePage() {
  const { t } = useWalletT();
  const balance = useApiData(() => api.get<WalletBalanceResponse>(WALLET_PATHS.walletBalance, { language: true }));
  const history = useCashHistory();
  useOnReturn(() => {
    void balance.refresh();
    void history.refresh();
  });

  const data = balance.data;
  const isNewUser = data !== null && isZero(data.totalIdr) && history.items !== null && history.items.length === 0;

  return (
    <WalletPage
      back={null}
      title={t('balance.title')}
      subtitle={t('balance.description')}
      actions={
        <>
          <ButtonLink to="/balance/topup">{t('balance.topUp')}</ButtonLink>
          <ActionLink to="/balance/cashout">{t('balance.cashOut')}</ActionLink>
          <ActionLink to="/balance/transfer">{t('balance.transfer')}</ActionLink>
        </>
      }
    >
      {!data && balance.loading && <BalanceSkeleton />}
      {!data && !balance.loading && <LoadState loading={false} error={balance.error} onRetry={() => void balance.reload()} />}
      {data && (
        <>
          {isNewUser ? (
            <Card>
              <EmptyState
                title={t('balance.emptyTitle')}
                description={t('balance.emptyBody')}
                action={<ButtonLink to="/balance/topup">{t('balance.topUpFirst')}</ButtonLink>}
              />
            </Card>
          ) : (
            <Totals data={data} />
          )}
          <Grid>
            <CashCard data={data} />
            <StockWalletsCard data={data} />
            <PerpCard data={data} />
          </Grid>
          {data.stockWalletsAvailable && <UsdYieldCard />}
          <IdxSettlementCard />
        </>
      )}
      <Card title={t('history.title')}>
        {history.error && !history.items ? (
          <ErrorState title={t('common.loadFailed')} description={errorText(history.error)} onRetry={() => void history.reload()} headingLevel={3} />
        ) : !history.items ? (
          <Loading />
        ) : history.items.length === 0 ? (
          <EmptyState compact headingLevel={3} title={t('history.emptyTitle')} description={t('history.emptyBody')} />
        ) : (
          <Stack gap="md">
            <HistoryList items={history.items} />
            {history.error ? <ErrorState compact announce headingLevel={3} title={t('common.loadFailed')} description={errorText(history.error)} /> : null}
            {history.hasMore && (
              <div>
                <Button variant="secondary" loading={history.loadingMore} onClick={() => void history.more()}>
                  {t('history.more')}
                </Button>
              </div>
            )}
          </Stack>
        )}
      </Card>
    </WalletPage>
  );
}

function BalanceSkeleton() {
  return (
    <Stack gap="lg">
      <Card>
        <Loading lines={2} />
      </Card>
      <Grid>
        <Card>
          <Loading lines={4} />
        </Card>
        <Card>
          <Loading lines={4} />
        </Card>
        <Card>
          <Loading lines={4} />
        </Card>
      </Grid>
    </Stack>
  );
}

function Totals({ data }: { data: WalletBalanceResponse }) {
  const { t } = useWalletT();
  const lng = useAppStore((state) => state.language);
  const f = useFormat();
  return (
    <Card title={t('balance.totalTitle')}>
      <Stack gap="xs">
        <Total data-testid="total-idr">{f.idr(data.totalIdr)}</Total>
        <Secondary data-testid="total-usd">≈ {f.usd(data.totalUsd)}</Secondary>
        <Figures
          label={NET_WORTH_LABEL[lng]}
          items={data.netWorth.parts
            .filter((part) => !isZero(part.valueIdr))
            .map((part) => ({
              label: netWorthPartName(lng, part.key),
              value: f.idr(part.valueIdr),
              testId: `worth-${part.key}`,
            }))}
        />
        <Muted>{t('balance.updatedAt', { time: f.dateTime(new Date(data.updatedAt).toISOString()) })}</Muted>
      </Stack>
    </Card>
  );
}

function CashCard({ data }: { data: WalletBalanceResponse }) {
  const { t } = useWalletT();
  const f = useFormat();
  const cash = data.cashAccount;
  return (
    <Card title={t('balance.cashTitle')}>
      <Stack gap="md">
        <Figures
          items={[
            { label: t('balance.cashShown'), value: f.idr(sum(cash.cashBalance, cash.voucherBalance, cash.freeBalance)), testId: 'idr-total', strong: true },
            { label: t('balance.available'), value: f.idr(cash.cashBalance), testId: 'idr-available' },
            { label: t('balance.onHold'), value: f.idr(cash.cashOnHold), testId: 'idr-on-hold' },
            { label: t('balance.voucher'), value: f.idr(cash.voucherBalance) },
            { label: t('balance.free'), value: f.idr(cash.freeBalance) },
          ]}
        />
        {!isZero(cash.cashOnHold) && <Muted>{t('balance.onHoldNote')}</Muted>}
      </Stack>
    </Card>
  );
}

function StockWalletsCard({ data }: { data: WalletBalanceResponse }) {
  const { t } = useWalletT();
  const f = useFormat();
  return (
    <Card title={t('balance.usdTitle')}>
      {!data.stockWalletsAvailable ? (
        <GssNotice />
      ) : (
        <Stack gap="md">
          {STOCK_WALLETS.map((name) => {
            const wallet = data.stockWallets[name];
            return (
              <section key={name} aria-label={t(`wallets.${name}`)} data-testid={`usd-wallet-${name}`}>
                <WalletName>{t(`wallets.${name}`)}</WalletName>
                <Figures
                  items={[
                    { label: t('balance.usdCash'), value: f.usd(wallet.usdCash), testId: `usd-cash-${name}`, strong: true },
                    { label: t('balance.idrValue'), value: f.idr(wallet.idrCash) },
                    { label: t('balance.buyingPower'), value: f.usd(wallet.buyingPower) },
                  ]}
                />
              </section>
            );
          })}
          <Muted>{t('balance.usdPrice', { price: f.idrPrice(data.usdIdrPrice) })}</Muted>
          <div>
            <ActionLink to="/balance/transfer?tab=usd">{t('balance.moveUsd')}</ActionLink>
          </div>
        </Stack>
      )}
    </Card>
  );
}

function PerpCard({ data }: { data: WalletBalanceResponse }) {
  const { t } = useWalletT();
  const f = useFormat();
  const perp = data.perp;
  return (
    <Card title={t('balance.perpTitle')}>
      <Stack gap="md">
        <Figures
          items={[
            { label: t('balance.perpWallet'), value: f.usdt(perp.walletBalance), testId: 'perp-wallet', strong: true },
            { label: t('balance.perpAvailable'), value: f.usdt(perp.availableBalance) },
            { label: t('balance.buyingPower'), value: f.usdt(perp.buyingPower) },
            { label: t('balance.marginRatio'), value: f.percent(perp.marginRatioPercentage) },
          ]}
        />
        <Muted>{t('balance.usdtPrice', { price: f.idrPrice(data.usdtIdrPrice) })}</Muted>
        <div>
          <ActionLink to="/balance/transfer?tab=perps">{t('balance.movePerp')}</ActionLink>
        </div>
      </Stack>
    </Card>
  );
}

function HistoryList({ items }: { items: WalletHistoryEntry[] }) {
  const { t } = useWalletT();
  const f = useFormat();
  return (
    <Rows>
      {items.map((item) => (
        <HistoryRow key={item.transferId} data-testid="history-row">
          <div>
            <Description>{item.description}</Description>
            <Muted>{f.dateTime(item.createdAt)}</Muted>
          </div>
          <div>
            <Amount $in={!item.amount.trim().startsWith('-')}>{f.signedIdr(item.amount)}</Amount>
            <Muted>{t('history.balanceAfter', { amount: f.idr(item.balanceAfter) })}</Muted>
          </div>
        </HistoryRow>
      ))}
    </Rows>
  );
}
