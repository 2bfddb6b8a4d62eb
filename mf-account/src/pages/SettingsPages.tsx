// The account pages whose content arrives with later APIs (§7 "User and account"): each has its
// title, what it is for, and says plainly that its content is on its way.
import { Card, EmptyState, Page, PageHeader, TextLink } from '@pasar/shared';
import type { ReactNode } from 'react';
import { useAccountT } from '../i18n';

interface SettingsPageProps {
  /** Section of the `account` namespace: `title`, `description`, `body`. */
  section: string;
  /** Where "back" leads; the account home by default. */
  back?: { path: string; labelKey: string };
  children?: ReactNode;
}

function SettingsPage({ section, back = { path: '/account', labelKey: 'common.backToAccount' }, children }: SettingsPageProps) {
  const { t } = useAccountT();
  return (
    <Page narrow>
      <PageHeader
        before={<TextLink to={back.path}>{t(back.labelKey)}</TextLink>}
        title={t(`${section}.title`)}
        subtitle={t(`${section}.description`)}
      />
      <Card>
        <EmptyState title={t('common.soonTitle')} description={t(`${section}.body`)} action={children} />
      </Card>
    </Page>
  );
}

export function PrivacyPage() {
  const { t } = useAccountT();
  return (
    <SettingsPage section="privacy">
      <TextLink to="/account/privacy/manage-session">{t('privacy.sessions')}</TextLink>
    </SettingsPage>
  );
}

export const PrivacySessionsPage = () => (
  <SettingsPage section="privacySessions" back={{ path: '/account/privacy', labelKey: 'privacySessions.back' }} />
);
export const BankAccountPage = () => <SettingsPage section="bankAccount" />;
export const ProfilePage = () => <SettingsPage section="profile" />;
export const IdentityVerificationPage = () => <SettingsPage section="identity" />;
export const NotificationSettingsPage = () => <SettingsPage section="notificationSettings" />;
export const ManageSessionPage = () => <SettingsPage section="manageSession" />;
