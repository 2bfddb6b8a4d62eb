// Renders a component the way the shell would: router at a route, i18n at a language, the theme
// applied, the shared store seeded, a toast viewport, and the page's `api` answering from memory.
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Suspense, useEffect, type ReactElement, type ReactNode } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { api as pageApi } from '../api/default-api';
import type { Language, ThemeName } from '../contract/enums';
import { i18n } from '../i18n/i18n-instance';
import { MemoryRouter, Route, Routes } from '../platform/router';
import { appStore, createAppStore, type AppData, type AppState, type UserDetails } from '../store/app-store';
import { applyTheme } from '../theme/apply-theme';
import { GlobalStyles } from '../theme/GlobalStyles';
import { ToastViewport } from '../ui/Toast';
import { createTestApiClient, type TestApiClient } from './test-api-client';

export interface ShellAuth {
  accessToken: string;
  userDetails: UserDetails;
}

export interface RenderWithShellOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Where the memory router starts; default `/`. */
  route?: string;
  /** Route pattern the component is mounted at, so useParams works: `/asset/crypto/:symbol/:assetId`. */
  path?: string;
  /** Default `id` (the product default). */
  language?: Language;
  theme?: ThemeName;
  /** A logged-in user; omitted means a guest. */
  auth?: ShellAuth;
  /** More store state (balances, active symbol…), merged after the defaults. */
  state?: Partial<AppData>;
  /** The fake API the page's `api` is routed through; a fresh one (everything unmocked) by default. */
  api?: TestApiClient;
  /** Options of userEvent.setup (fake timers need `advanceTimers`). */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface RenderWithShellResult extends RenderResult {
  user: UserEvent;
  api: TestApiClient;
  store: StoreApi<AppState>;
}

// The data part of a fresh store (actions stay those of the page store).
const freshData = (): AppData => {
  const { auth, trading, ui, device, chart, misc, maintenance, theme, language, guestMode } = createAppStore().getState();
  return { auth, trading, ui, device, chart, misc, maintenance, theme, language, guestMode };
};

const RestoreOnUnmount = ({ restore, children }: { restore: () => void; children: ReactNode }) => {
  useEffect(() => restore, [restore]);
  return children;
};

export const renderWithShell = (ui: ReactElement, options: RenderWithShellOptions = {}): RenderWithShellResult => {
  const {
    route = '/',
    path,
    language = 'id',
    theme = 'light',
    auth,
    state,
    api = createTestApiClient(),
    userEventOptions,
    ...renderOptions
  } = options;

  // Synchronous with inline resources: the first render is already in `language`.
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
  applyTheme(theme);
  appStore.setState({
    ...freshData(),
    theme,
    language,
    auth: { accessToken: auth?.accessToken ?? null, userDetails: auth?.userDetails ?? null, modals: 'Close' },
    ...state,
  });

  // Components call the page's `api` singleton; send it to the fake, and put it back afterwards.
  const previousAdapter = pageApi.axios.defaults.adapter;
  pageApi.configure({ adapter: api.adapter });
  const restore = () => {
    pageApi.axios.defaults.adapter = previousAdapter;
  };

  const Wrapper = ({ children }: { children: ReactNode }) => (
    <RestoreOnUnmount restore={restore}>
      <MemoryRouter initialEntries={[route]}>
        <GlobalStyles />
        {/* As in the shell, a page that waits for a chunk (its strings, say) suspends here. */}
        <Suspense fallback={null}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
            </Routes>
          ) : (
            children
          )}
        </Suspense>
        <ToastViewport />
      </MemoryRouter>
    </RestoreOnUnmount>
  );

  const user = userEvent.setup(userEventOptions);
  const result = render(ui, { ...renderOptions, wrapper: Wrapper });
  return { ...result, user, api, store: appStore };
};

