// Account home (§2): the way to every account page.
import styled from '@emotion/styled';
import { Card, Page, PageHeader, tokens, Link } from '@pasar/shared';
import { ACCOUNT_LINKS } from '../account-links';
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

export function AccountHomePage() {
  const { t } = useAccountT();
  return (
    <Page>
      <PageHeader title={t('home.title')} subtitle={t('home.description')} />
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
    </Page>
  );
}
