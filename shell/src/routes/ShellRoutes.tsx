// The top-level route table (route-table.ts) as react-router routes.
import { Navigate, Route, Routes, useLocation } from '@pasar/shared';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SignupPage } from '../pages/SignupPage';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { REMOTE_MOUNTS, TRADE_HOME_PATH } from './route-table';

function GoToTradeHome() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: TRADE_HOME_PATH, search, hash }} replace />;
}

export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<GoToTradeHome />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      {REMOTE_MOUNTS.map(({ prefix, remote }) => (
        // Keyed by mount: another mount is another area, with its own boundary and retry count.
        <Route key={prefix} path={`${prefix}/*`} element={<RemoteOutlet key={prefix} remote={remote} mount={prefix} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
