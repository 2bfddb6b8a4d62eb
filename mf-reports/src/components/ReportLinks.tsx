// Moves between the two reports; the current one is marked for assistive technology too.
import styled from '@emotion/styled';
import { tokens, NavLink } from '@pasar/shared';
import { useReportsT } from '../i18n';

const REPORTS = [
  { path: '/transaction-history', titleKey: 'transactionHistory.title' },
  { path: '/tax-reports', titleKey: 'taxReports.title' },
] as const;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm};
  margin: 0 0 ${tokens.space.lg};
  padding: 0;
  list-style: none;
`;

const ReportLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.pill};
  color: ${tokens.colors.text};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
  text-decoration: none;
  &:hover {
    background: ${tokens.colors.surfaceSunken};
  }
  &[aria-current='page'] {
    border-color: ${tokens.colors.primary};
    background: ${tokens.colors.primary};
    color: ${tokens.colors.onPrimary};
  }
`;

export function ReportLinks() {
  const { t } = useReportsT();
  return (
    <nav aria-label={t('links.label')}>
      <List>
        {REPORTS.map(({ path, titleKey }) => (
          <li key={path}>
            <ReportLink to={path} end>
              {t(titleKey)}
            </ReportLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
