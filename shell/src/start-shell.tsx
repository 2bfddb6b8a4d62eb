// Starts the shell: translations and the page's language and theme before the first render (no
// flash of the wrong ones), then the app with the Module Federation loader. Evaluated as the last
// step of bootstrap.ts, once React and the shared kit have been evaluated in tasks of their own.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialTheme, setShellTheme } from './app-shell/theme-controller';
import { mountBesideFirstView } from './app-shell/first-view';
import { syncLanguage } from './app-shell/language-controller';
import { readShellConfig } from './config/shell-config';
import { registerShellTranslations } from './i18n/shell-i18n';
import { federationRuntime } from './remotes/federation-runtime';
import { createShellRemoteLoader } from './remotes/remote-loader';
import { parseLocation } from './routes/locale-path';

export function startShell(): void {
  const config = readShellConfig();
  const { language, mobileWeb } = parseLocation(window.location.pathname);

  registerShellTranslations();
  syncLanguage(language, true);
  setShellTheme(initialTheme(mobileWeb, window.location.search, config), config, false);

  const loader = createShellRemoteLoader(federationRuntime);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(mountBesideFirstView(container));
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that blocks input while the page starts.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App loader={loader} config={config} />
      </StrictMode>,
    );
  });
}
