// The position history: every fill of one market, newest first, a page at a time, filtered by
// symbol; sells show the P&L they realized against the average cost. Crypto fills are in Rupiah,
// US fills in dollars.
import styled from '@emotion/styled';
import {
  addDecimal,
  Badge,
  Button,
  Card,
  EmptyState,
  Field,
  media,
  PORTFOLIO_ASSET_TYPES,
  Select,
  Stack,
  tokens,
  type PortfolioAssetType,
  type PositionHistoryEntry,
  type UsStockPositionHistoryEntry,
} from '@pasar/shared';
import { useMemo, useRef } from 'react';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { Loading, LoadFailed } from '../components/states';
import { usePortfolioT } from '../i18n';
import type { PositionHistoryState } from './use-position-history';

const Toolbar = styled.div`
  display: grid;
  gap: ${tokens.space.md};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 280px));
  }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${tokens.space.sm};
`;

export interface PositionHistoryCardProps {
  history: PositionHistoryState;
  /** Symbols held, per market: offered by the filter before they show up in the history. */
  knownSymbols: Readonly<Record<PortfolioAssetType, readonly string[]>>;
}

export function PositionHistoryCard({ history, knownSymbols }: PositionHistoryCardProps) {
  const { t } = usePortfolioT();
  const { assetType } = history;
  // Symbols offered by the filter: those held, those seen in the history, the chosen one.
  const seen = useRef<Record<PortfolioAssetType, Set<string>>>({ CRYPTO: new Set(), USSTOCK: new Set() });
  // An answer still held for the market just left is not shown (nor counted) for the new one.
  const current = history.data && ('assetType' in history.data ? history.data.assetType : 'CRYPTO') === assetType ? history.data : null;
  const items: readonly (PositionHistoryEntry | UsStockPositionHistoryEntry)[] = current?.items ?? [];
  for (const item of items) seen.current[assetType].add(item.symbol);
  const symbols = useMemo(
    () => [...new Set([...knownSymbols[assetType], ...seen.current[assetType], ...(history.symbol ? [history.symbol] : [])])].sort(),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [knownSymbols, assetType, history.data, history.symbol],
  );
  const symbolLabel = assetType === 'USSTOCK' ? t('history.stock') : t('history.pair');

  return (
    <Card title={t('history.title')}>
      <Stack gap="md">
        <Toolbar>
          <Field label={t('history.market')}>
            <Select
              value={assetType}
              onChange={(event) => history.chooseMarket(event.target.value === 'USSTOCK' ? 'USSTOCK' : 'CRYPTO')}
              options={PORTFOLIO_ASSET_TYPES.map((type) => ({ value: type, label: t(`markets.${type}`) }))}
              data-testid="history-market"
            />
          </Field>
          <Field label={t('history.filter')}>
            <Select
              value={history.symbol ?? ''}
              onChange={(event) => history.choose(event.target.value || null)}
              options={[{ value: '', label: t('history.all') }, ...symbols.map((symbol) => ({ value: symbol, label: symbol }))]}
              data-testid="history-filter"
            />
          </Field>
        </Toolbar>
        {history.error ? (
          <LoadFailed error={history.error} onRetry={() => void history.reload()} />
        ) : !current ? (
          <Loading lines={4} />
        ) : items.length === 0 ? (
          <EmptyState
            compact
            headingLevel={3}
            title={history.symbol ? t('history.emptyFiltered', { symbol: history.symbol }) : t('history.emptyTitle')}
          />
        ) : (
          <div aria-busy={history.loading}>
            <ResponsiveTable data-testid="position-history">
              <thead>
                <tr>
                  <th scope="col">{t('history.time')}</th>
                  <th scope="col">{symbolLabel}</th>
                  <th scope="col">{t('history.side')}</th>
                  <th scope="col">{t('history.quantity')}</th>
                  <th scope="col">{t('history.price')}</th>
                  <th scope="col">{t('history.total')}</th>
                  <th scope="col">{assetType === 'USSTOCK' ? t('history.commissionAndFees') : t('history.feeAndTax')}</th>
                  <th scope="col">{t('history.realizedPnl')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <HistoryRow key={item.id} item={item} symbolLabel={symbolLabel} />
                ))}
              </tbody>
            </ResponsiveTable>
          </div>
        )}
        {current && (history.page > 1 || current.hasMore) && (
          <Pager aria-label={t('history.pages')}>
            <Button variant="secondary" size="sm" disabled={history.page <= 1 || history.loading} onClick={() => history.setPage(history.page - 1)}>
              {t('history.previous')}
            </Button>
            <Muted aria-live="polite">{t('history.page', { page: history.page })}</Muted>
            <Button variant="secondary" size="sm" disabled={!current.hasMore || history.loading} onClick={() => history.setPage(history.page + 1)}>
              {t('history.next')}
            </Button>
          </Pager>
        )}
      </Stack>
    </Card>
  );
}

function HistoryRow({ item, symbolLabel }: { item: PositionHistoryEntry | UsStockPositionHistoryEntry; symbolLabel: string }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const buy = item.side === 'BUY';
  const usd = 'currency' in item && item.currency === 'USD';
  const fees = addDecimal(item.fee, item.tax);
  return (
    <tr data-testid="history-row">
      <td data-label={t('history.time')}>{f.dateTime(item.executedAt)}</td>
      <td data-label={symbolLabel}>{item.symbol}</td>
      <td data-label={t('history.side')}>
        <Badge $tone={buy ? 'success' : 'danger'}>{buy ? t('history.buy') : t('history.sell')}</Badge>
      </td>
      <td data-label={t('history.quantity')}>{f.quantity(item.quantity)}</td>
      <td data-label={t('history.price')}>{usd ? f.usdExact(item.price) : f.idrExact(item.price)}</td>
      <td data-label={t('history.total')}>{usd ? f.usd(item.total) : f.idr(item.total)}</td>
      <td data-label={usd ? t('history.commissionAndFees') : t('history.feeAndTax')}>{usd ? f.usd(fees) : f.idr(fees)}</td>
      <td data-label={t('history.realizedPnl')}>
        {item.realizedPnl === null ? '–' : <Pnl amount={item.realizedPnl} currency={usd ? 'USD' : 'IDR'} />}
      </td>
    </tr>
  );
}
