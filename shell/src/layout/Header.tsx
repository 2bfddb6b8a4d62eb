import styled from '@emotion/styled';
import { breakpoints, tokens, Link } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { TRADE_HOME_PATH } from '../routes/route-table';
import { AuthControl } from './AuthControl';
import { HeaderBalance } from './HeaderBalance';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from './NotificationBell';
import { HEADER_HEIGHT, PrimaryNav } from './PrimaryNav';
import { ThemeSwitch } from './ThemeSwitch';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${tokens.zIndex.sticky};
  display: flex;
  align-items: center;
  gap: ${tokens.space.xs};
  height: ${HEADER_HEIGHT};
  padding: 0 ${tokens.space.sm};
  background: ${tokens.colors.surface};
  border-bottom: 1px solid ${tokens.colors.border};
  @media (min-width: ${breakpoints.sm}px) {
    gap: ${tokens.space.md};
    padding: 0 ${tokens.space.lg};
  }
`;

const Wordmark = styled(Link)`
  flex: none;
  color: ${tokens.colors.primaryText};
  font-size: ${tokens.fontSizes.lg};
  @media (min-width: ${breakpoints.sm}px) {
    font-size: ${tokens.fontSizes.xl};
  }
  font-weight: ${tokens.fontWeights.bold};
  letter-spacing: -0.02em;
  text-decoration: none;
  border-radius: ${tokens.radii.sm};
`;

const Controls = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: ${tokens.space.xxs};
  margin-left: auto;
  @media (min-width: ${breakpoints.sm}px) {
    gap: ${tokens.space.xs};
  }
  @media (min-width: ${breakpoints.md}px) {
    gap: ${tokens.space.sm};
  }
`;

export function Header() {
  const t = useShellT();
  return (
    <Bar>
      <Wordmark to={TRADE_HOME_PATH} title={t('homeLink')}>
        {t('brand')}
      </Wordmark>
      <PrimaryNav />
      <Controls>
        <HeaderBalance />
        <LanguageSwitch />
        <ThemeSwitch />
        <NotificationBell />
        <AuthControl />
      </Controls>
    </Bar>
  );
}
