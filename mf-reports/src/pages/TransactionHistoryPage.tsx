// Transaction history (§2): orders, deposits and withdrawals, 30 a page once the reports API lands.
import { Card, EmptyState, Page, PageHeader } from '@pasar/shared';
import { ReportLinks } from '../components/ReportLinks';
import { useReportsT } from '../i18n';

export function TransactionHistoryPage() {
  const { t } = useReportsT();
  return (
    <Page>
      <PageHeader title={t('transactionHistory.title')} subtitle={t('transactionHistory.description')} />
      <ReportLinks />
      <Card>
        <EmptyState title={t('transactionHistory.emptyTitle')} description={t('transactionHistory.emptyBody')} />
      </Card>
    </Page>
  );
}
