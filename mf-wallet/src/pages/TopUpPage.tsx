// Top-up (§2): adding rupiah to the balance. Methods arrive with the top-up API.
import { Card, EmptyState, Page, PageHeader, TextLink } from '@pasar/shared';
import { useWalletT } from '../i18n';

export function TopUpPage() {
  const { t } = useWalletT();
  return (
    <Page narrow>
      <PageHeader
        before={<TextLink to="/balance">{t('topup.back')}</TextLink>}
        title={t('topup.title')}
        subtitle={t('topup.description')}
      />
      <Card>
        <EmptyState title={t('topup.emptyTitle')} description={t('topup.emptyBody')} />
      </Card>
    </Page>
  );
}
