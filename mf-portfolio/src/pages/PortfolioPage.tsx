// Portfolio (§2): what the user holds across markets. Holdings arrive with the portfolio API.
import { ButtonLink, Card, EmptyState, Page, PageHeader } from '@pasar/shared';
import { usePortfolioT } from '../i18n';

export function PortfolioPage() {
  const { t } = usePortfolioT();
  return (
    <Page>
      <PageHeader title={t('page.title')} subtitle={t('page.description')} />
      <Card>
        <EmptyState
          title={t('page.emptyTitle')}
          description={t('page.emptyBody')}
          action={<ButtonLink to="/trade">{t('page.startTrading')}</ButtonLink>}
        />
      </Card>
    </Page>
  );
}
