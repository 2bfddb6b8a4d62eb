import { lazy, Suspense } from 'react';
import { useAppStore } from '@pasar/shared';
import { readShellConfig, type ShellConfig } from './config/shell-config';
import { ShellConfigProvider } from './config/ShellConfigContext';
import { useAppShellRules } from './app-shell/use-app-shell-rules';
import { ShellLayout } from './layout/ShellLayout';
import type { RemoteLoader } from './remotes/remote-loader';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';
import { ShellRouter } from './routes/ShellRouter';
import { ShellRoutes } from './routes/ShellRoutes';
import { useBalanceRefresh } from './session/use-balance-refresh';
import { useSessionEvents } from './session/use-session-events';

const LiveNotifications = lazy(() => import('./session/LiveNotifications'));

export interface AppProps {
  loader: RemoteLoader;
  config?: ShellConfig;
}

/** The whole shell; the loader is passed in so tests can fake the remotes. */
export function App({ loader, config = readShellConfig() }: AppProps) {
  return (
    <ShellConfigProvider config={config}>
      <RemoteLoaderProvider loader={loader}>
        <ShellRouter>
          <ShellFrame />
        </ShellRouter>
      </RemoteLoaderProvider>
    </ShellConfigProvider>
  );
}

function ShellFrame() {
  useSessionEvents();
  useBalanceRefresh();
  useAppShellRules();
  const signedIn = useAppStore((s) => s.auth.accessToken !== null);
  return (
    <ShellLayout>
      {signedIn && (
        <Suspense fallback={null}>
          <LiveNotifications />
        </Suspense>
      )}
      <ShellRoutes />
    </ShellLayout>
  );
}
