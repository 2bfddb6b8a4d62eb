// The top-level route table (route-table.ts) as react-router routes.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useAppStore, useLocation } from '@pasar/shared';
import { returnPath } from '../auth/use-auth-complete';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteSkeleton } from '../remotes/RemoteSkeleton';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { REMOTE_MOUNTS, TRADE_HOME_PATH } from './route-table';

// Sign-up and login load on their own (decision 0006): a guest opening a trade page never needs them.
const LoginPage = lazy(() => import('../pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../pages/SignupPage').then((m) => ({ default: m.SignupPage })));

function GoToTradeHome() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: TRADE_HOME_PATH, search, hash }} replace />;
}

/** `/login?forgot=pin`: resetting a forgotten PIN, which a logged-in person may need too. */
export const isForgotPinRequest = (search: string): boolean => new URLSearchParams(search).get('forgot') === 'pin';

/**
 * Login and sign-up are for guests: a logged-in person who opens them (a bookmark, Back after
 * logging in) goes where the page would have sent them after logging in (the `from` of the
 * navigation state, else the trade home). The forgot-PIN flow stays reachable.
 */
function GuestOnly({ children, allowForgotPin = false }: { children: ReactNode; allowForgotPin?: boolean }) {
  const loggedIn = useAppStore((s) => s.auth.accessToken !== null);
  const { search, state } = useLocation();
  if (!loggedIn || (allowForgotPin && isForgotPinRequest(search))) return <Suspense fallback={<RemoteSkeleton />}>{children}</Suspense>;
  return <Navigate to={returnPath(state)} replace />;
}

export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<GoToTradeHome />} />
      <Route
        path="/login"
        element={
          <GuestOnly allowForgotPin>
            <LoginPage />
          </GuestOnly>
        }
      />
      <Route
        path="/signup"
        element={
          <GuestOnly>
            <SignupPage />
          </GuestOnly>
        }
      />
      {REMOTE_MOUNTS.map(({ prefix, remote }) => (
        // Keyed by mount: another mount is another area, with its own boundary and retry count.
        <Route key={prefix} path={`${prefix}/*`} element={<RemoteOutlet key={prefix} remote={remote} mount={prefix} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
