// After login or sign-up: the session goes into the store (which writes the token cookie and
// announces the login), and the person goes back where they came from, else the trade home.
import { appStore, userDetailsOf, useLocation, useNavigate, type AuthSession } from '@pasar/shared';
import { useCallback } from 'react';
import { TRADE_HOME_PATH } from '../routes/route-table';

/** The `from` a guard or link put in the navigation state, when it is one of our paths. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !/^\/(login|signup)\b/.test(from)) {
    return from;
  }
  return TRADE_HOME_PATH;
}

export function useAuthComplete(): (session: AuthSession) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (session: AuthSession) => {
      appStore.getState().login({ accessToken: session.accessToken, userDetails: userDetailsOf(session) });
      navigate(returnPath(location.state), { replace: true });
    },
    [location.state, navigate],
  );
}
