// Balance (§2): cash, voucher and stock wallets. The figures arrive with the balance API; until
// then the page says so instead of showing a number.
import { ButtonLink, Card, EmptyState, Page, PageHeader } from '@pasar/shared';
import { useWalletT } from '../i18n';

export function BalancePage() {
  const { t } = useWalletT();
  return (
    <Page>
      <PageHeader
        title={t('balance.title')}
        subtitle={t('balance.description')}
        actions={<ButtonLink to="/balance/topup">{t('balance.topUp')}</ButtonLink>}
      />
      <Card>
        <EmptyState title={t('balance.emptyTitle')} description={t('balance.emptyBody')} />
      </Card>
    </Page>
  );
}
