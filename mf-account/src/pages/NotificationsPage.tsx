// Notifications centre (§2): margin calls, liquidations, orders… once notifications are served.
import { Card, EmptyState, Page, PageHeader, TextLink } from '@pasar/shared';
import { useAccountT } from '../i18n';

export function NotificationsPage() {
  const { t } = useAccountT();
  return (
    <Page narrow>
      <PageHeader
        title={t('notifications.title')}
        subtitle={t('notifications.description')}
        actions={<TextLink to="/account/notification">{t('notifications.settings')}</TextLink>}
      />
      <Card>
        <EmptyState title={t('notifications.emptyTitle')} description={t('notifications.emptyBody')} />
      </Card>
    </Page>
  );
}
