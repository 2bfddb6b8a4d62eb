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
    <Button variant="secondary" loading={busy} onClick={onLogout}>
      {t('auth.logout')}
    </Button>
  );
}
