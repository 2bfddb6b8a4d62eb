import { readShellConfig, type ShellConfig } from './config/shell-config';
import { ShellConfigProvider } from './config/ShellConfigContext';
import { useAppShellRules } from './app-shell/use-app-shell-rules';
import { ShellLayout } from './layout/ShellLayout';
import type { RemoteLoader } from './remotes/remote-loader';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';
import { ShellRouter } from './routes/ShellRouter';
import { ShellRoutes } from './routes/ShellRoutes';
import { useBalanceRefresh } from './session/use-balance-refresh';
import { useLiveNotifications } from './session/use-live-notifications';
import { useSessionEvents } from './session/use-session-events';

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
  useLiveNotifications();
  useAppShellRules();
  return (
    <ShellLayout>
      <ShellRoutes />
    </ShellLayout>
  );
}
