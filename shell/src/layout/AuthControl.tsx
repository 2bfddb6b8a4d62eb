import styled from '@emotion/styled';
import { useState } from 'react';
import { Button, breakpoints, tokens, useAppStore, Link } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { logout } from '../session/logout';

const LoginLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 ${tokens.space.sm};
  @media (min-width: ${breakpoints.sm}px) {
    padding: 0 ${tokens.space.md};
  }
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.primary};
  color: ${tokens.colors.onPrimary};
  font-weight: ${tokens.fontWeights.semibold};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${tokens.colors.primaryHover};
  }
`;

// A session's header also holds the notification bell: on a 360 px phone the logout button gives
// up most of its padding so everything fits on one line ("Log out" in English is the widest).
const LogoutButton = styled(Button)`
  @media (max-width: ${breakpoints.sm - 0.02}px) {
    padding: 0 ${tokens.space.xs};
  }
`;

/** Log in (a link to /login) for guests, log out for a session. */
export function AuthControl() {
  const t = useShellT();
  const loggedIn = useAppStore((s) => s.auth.accessToken !== null);
  const [busy, setBusy] = useState(false);

  if (!loggedIn) return <LoginLink to="/login">{t('auth.login')}</LoginLink>;

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
  };
  return (
    <LogoutButton variant="secondary" loading={busy} onClick={onLogout}>
      {t('auth.logout')}
    </LogoutButton>
  );
}
