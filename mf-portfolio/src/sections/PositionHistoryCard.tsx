// The position history: every fill, newest first, a page at a time, filtered by pair; sells show
// the P&L they realized against the average cost.
import styled from '@emotion/styled';
import { addDecimal, Badge, Button, Card, EmptyState, Field, Select, Stack, tokens, type PositionHistoryEntry } from '@pasar/shared';
import { useMemo, useRef } from 'react';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { Loading, LoadFailed } from '../components/states';
import { usePortfolioT } from '../i18n';
import type { PositionHistoryState } from './use-position-history';

const Toolbar = styled.div`
  max-width: 280px;
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${tokens.space.sm};
`;

export function PositionHistoryCard({ history, knownSymbols }: { history: PositionHistoryState; knownSymbols: readonly string[] }) {
  const { t } = usePortfolioT();
  // Pairs offered by the filter: those held, those seen in the history, the chosen one.
  const seen = useRef(new Set<string>());
  for (const item of history.data?.items ?? []) seen.current.add(item.symbol);
  const symbols = useMemo(
    () => [...new Set([...knownSymbols, ...seen.current, ...(history.symbol ? [history.symbol] : [])])].sort(),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [knownSymbols, history.data, history.symbol],
  );
  const items = history.data?.items ?? [];

  return (
    <Card title={t('history.title')}>
      <Stack gap="md">
        <Toolbar>
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
        ) : !history.data ? (
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
                  <th scope="col">{t('history.pair')}</th>
                  <th scope="col">{t('history.side')}</th>
                  <th scope="col">{t('history.quantity')}</th>
                  <th scope="col">{t('history.price')}</th>
                  <th scope="col">{t('history.total')}</th>
                  <th scope="col">{t('history.feeAndTax')}</th>
                  <th scope="col">{t('history.realizedPnl')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <HistoryRow key={item.id} item={item} />
                ))}
              </tbody>
            </ResponsiveTable>
          </div>
        )}
        {history.data && (history.page > 1 || history.data.hasMore) && (
          <Pager aria-label={t('history.pages')}>
            <Button variant="secondary" size="sm" disabled={history.page <= 1 || history.loading} onClick={() => history.setPage(history.page - 1)}>
              {t('history.previous')}
            </Button>
            <Muted aria-live="polite">{t('history.page', { page: history.page })}</Muted>
            <Button variant="secondary" size="sm" disabled={!history.data.hasMore || history.loading} onClick={() => history.setPage(history.page + 1)}>
              {t('history.next')}
            </Button>
          </Pager>
        )}
      </Stack>
    </Card>
  );
}

function HistoryRow({ item }: { item: PositionHistoryEntry }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const buy = item.side === 'BUY';
  return (
    <tr data-testid="history-row">
      <td data-label={t('history.time')}>{f.dateTime(item.executedAt)}</td>
      <td data-label={t('history.pair')}>{item.symbol}</td>
      <td data-label={t('history.side')}>
        <Badge $tone={buy ? 'success' : 'danger'}>{buy ? t('history.buy') : t('history.sell')}</Badge>
      </td>
      <td data-label={t('history.quantity')}>{f.quantity(item.quantity)}</td>
      <td data-label={t('history.price')}>{f.idrExact(item.price)}</td>
      <td data-label={t('history.total')}>{f.idr(item.total)}</td>
      <td data-label={t('history.feeAndTax')}>{f.idr(addDecimal(item.fee, item.tax))}</td>
      <td data-label={t('history.realizedPnl')}>{item.realizedPnl === null ? '–' : <Pnl amount={item.realizedPnl} />}</td>
    </tr>
  );
}
