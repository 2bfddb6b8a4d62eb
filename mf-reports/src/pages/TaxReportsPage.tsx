// Tax reports (§2): yearly reports for the tax return, once the reports API lands.
import { Card, EmptyState, Page, PageHeader } from '@pasar/shared';
import { ReportLinks } from '../components/ReportLinks';
import { useReportsT } from '../i18n';

export function TaxReportsPage() {
  const { t } = useReportsT();
  return (
    <Page>
      <PageHeader title={t('taxReports.title')} subtitle={t('taxReports.description')} />
      <ReportLinks />
      <Card>
        <EmptyState title={t('taxReports.emptyTitle')} description={t('taxReports.emptyBody')} />
      </Card>
    </Page>
  );
}
