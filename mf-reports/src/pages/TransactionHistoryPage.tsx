// Transaction history (§2, §7 "reports: transaction, filters"): every movement of the person's
// money and assets from the ledger, 30 a page (§9) by cursor, the filters and the open row in the
// URL, a row's details with its ledger legs, and the filtered range as a CSV download.
import styled from '@emotion/styled';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  Page,
  PageHeader,
  Skeleton,
  api,
  isApiError,
  tokens,
  useApiData,
  useSearchParams,
  type TransactionFilterQuery,
} from '@pasar/shared';
import { createReportsClient } from '@pasar/shared/reports-client';
import { useState } from 'react';
import { downloadTransactionsCsv } from '../csv-download';
import { ReportLinks } from '../components/ReportLinks';
import { TransactionDetailView } from '../components/TransactionDetailView';
import { TransactionFiltersForm } from '../components/TransactionFiltersForm';
import { TransactionList } from '../components/TransactionList';
import { firstPageOf, hasFilters, nextPage, previousPage, readHistoryQuery, writeHistoryQuery, type HistoryQuery } from '../history-query';
import { useReportsT } from '../i18n';

const reports = createReportsClient(api);

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  margin-top: ${tokens.space.md};
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${tokens.space.sm};
`;

const Note = styled.p`
  margin: ${tokens.space.md} 0 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const Failure = styled.p`
  margin: ${tokens.space.sm} 0 0;
  color: ${tokens.colors.dangerText};
  font-size: ${tokens.fontSizes.sm};
`;

export function TransactionHistoryPage() {
  const { t } = useReportsT();
  const [params, setParams] = useSearchParams();
  const query = readHistoryQuery(params);
  const go = (next: HistoryQuery) => setParams(writeHistoryQuery(next));
  const listKey = writeHistoryQuery({ ...query, detail: null }).toString();

  const options = useApiData(() => reports.transactionFilters(), []);
  const page = useApiData(() => reports.transactions({ ...query.filters, ...(query.cursor ? { cursor: query.cursor } : {}) }), [listKey], query.detail === null);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  const download = async (filters: TransactionFilterQuery) => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadTransactionsCsv(filters);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const csvButton = (
    <Button variant="secondary" size="sm" onClick={() => void download(query.filters)} loading={downloading}>
      {t('transactionHistory.downloadCsv')}
    </Button>
  );

  return (
    <Page>
      <PageHeader title={t('transactionHistory.title')} subtitle={t('transactionHistory.description')} />
      <ReportLinks />
      {query.detail !== null ? (
        <TransactionDetailView id={query.detail} onBack={() => go({ ...query, detail: null })} />
      ) : (
        <>
          <TransactionFiltersForm value={query.filters} options={options.data} onApply={(filters) => go(firstPageOf(filters))} />
          <Card>
            <Toolbar>{csvButton}</Toolbar>
            {downloadFailed && <Failure role="alert">{t('transactionHistory.downloadFailed')}</Failure>}
            {page.loading && (
              <div role="status" aria-busy="true" aria-label={t('transactionHistory.loading')}>
                <Skeleton lines={6} />
              </div>
            )}
            {!page.loading && page.error !== null && (
              <ErrorState
                compact
                headingLevel={3}
                title={t('transactionHistory.loadFailed')}
                description={isApiError(page.error) ? page.error.message : undefined}
                onRetry={() => void page.reload()}
              />
            )}
            {!page.loading && page.data && page.data.items.length === 0 && (
              <EmptyState
                headingLevel={3}
                title={t(hasFilters(query) || query.cursor ? 'transactionHistory.emptyFilteredTitle' : 'transactionHistory.emptyTitle')}
                description={t(hasFilters(query) || query.cursor ? 'transactionHistory.emptyFilteredBody' : 'transactionHistory.emptyBody')}
              />
            )}
            {!page.loading && page.data && page.data.items.length > 0 && <TransactionList rows={page.data.items} onOpen={(id) => go({ ...query, detail: id })} />}
            {!page.loading && page.data && (query.cursor !== null || page.data.nextCursor !== null) && (
              <Pager aria-label={t('transactionHistory.pageLabel')}>
                <Button variant="ghost" size="sm" disabled={query.cursor === null} onClick={() => go(previousPage(query))}>
                  {t('transactionHistory.previous')}
                </Button>
                <Button variant="ghost" size="sm" disabled={page.data.nextCursor === null} onClick={() => page.data?.nextCursor && go(nextPage(query, page.data.nextCursor))}>
                  {t('transactionHistory.next')}
                </Button>
              </Pager>
            )}
            <Note>{t('transactionHistory.pendingNote')}</Note>
          </Card>
        </>
      )}
    </Page>
  );
}
