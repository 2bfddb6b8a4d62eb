// `/account/privacy`: the way to the device sessions and to a new PIN.
import { Card, Stack, TextLink } from '@pasar/shared';
import { AccountPage } from '../components/AccountPage';
import { useAccountT } from '../i18n';

export function PrivacyPage() {
  const { t } = useAccountT();
  return (
    <AccountPage section="privacy">
      <Card title={t('privacy.securityTitle')}>
        <Stack gap="md">
          <p>{t('privacy.body')}</p>
          <TextLink to="/account/privacy/manage-session">{t('privacy.sessions')}</TextLink>
          <TextLink to="/login?forgot=pin">{t('privacy.resetPin')}</TextLink>
        </Stack>
      </Card>
    </AccountPage>
  );
}

export { BankAccountPage } from './BankAccountPage';
export { ProfilePage } from './ProfilePage';
export { IdentityVerificationPage } from './IdentityVerificationPage';
export { NotificationSettingsPage } from './NotificationSettingsPage';
export { ManageSessionPage, PrivacySessionsPage } from './SessionsPage';
