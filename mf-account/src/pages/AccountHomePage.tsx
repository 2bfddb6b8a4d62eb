// Account home (§2): the way to every account page.
import styled from '@emotion/styled';
import { ACCOUNT_PATHS, api, Badge, Card, formatPhone, Page, PageHeader, tokens, Link, useApiData, type UserMe } from '@pasar/shared';
import { ACCOUNT_LINKS } from '../account-links';
import { LoadState } from '../components/AccountPage';
import { KYC_TONE } from '../components/kyc-tone';
import { useAccountT } from '../i18n';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: ${tokens.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Entry = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xxs};
  height: 100%;
  padding: ${tokens.space.md} ${tokens.space.lg};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  color: ${tokens.colors.text};
  text-decoration: none;
  &:hover {
    border-color: ${tokens.colors.borderStrong};
    background: ${tokens.colors.surfaceSunken};
  }
`;

const EntryTitle = styled.span`
  font-weight: ${tokens.fontWeights.semibold};
  color: ${tokens.colors.primaryText};
`;

const EntryText = styled.span`
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, max-content) 1fr;
  gap: ${tokens.space.sm} ${tokens.space.lg};
  margin: 0;
  dt {
    color: ${tokens.colors.textMuted};
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.lg};
`;

export function AccountOverview() {
  const { t } = useAccountT();
  const me = useApiData(() => api.get<UserMe>(ACCOUNT_PATHS.me, { language: true }));
  return (
    <Card title={t('home.overview')} actions={<Link to="/account/profile">{t('home.editProfile')}</Link>}>
      <LoadState loading={me.loading && !me.data} error={me.error} onRetry={() => void me.reload()} />
      {me.data && (
        <Facts>
          <dt>{t('profile.name')}</dt>
          {/* Plain text: a name with markup shows its characters, never HTML. */}
          <dd data-testid="account-name">{me.data.name || t('profile.noName')}</dd>
          <dt>{t('profile.phone')}</dt>
          <dd>{formatPhone(me.data.phone)}</dd>
          <dt>{t('profile.email')}</dt>
          <dd>{me.data.email ?? t('profile.noEmail')}</dd>
          <dt>{t('identity.statusLabel')}</dt>
          <dd>
            <Link to="/account/identity-verification">
              <Badge $tone={KYC_TONE[me.data.kycStatus] ?? 'neutral'}>{t(`identity.status.${me.data.kycStatus}`)}</Badge>
            </Link>
          </dd>
        </Facts>
      )}
    </Card>
  );
}

export function AccountHomePage() {
  const { t } = useAccountT();
  return (
    <Page>
      <PageHeader title={t('home.title')} subtitle={t('home.description')} />
      <Sections>
      <AccountOverview />
      <Card title={t('home.settings')}>
        <List>
          {ACCOUNT_LINKS.map(({ path, section }) => (
            <li key={path}>
              <Entry to={path}>
                <EntryTitle>{t(`${section}.title`)}</EntryTitle>
                <EntryText>{t(`${section}.description`)}</EntryText>
              </Entry>
            </li>
          ))}
        </List>
      </Card>
      </Sections>
    </Page>
  );
}
