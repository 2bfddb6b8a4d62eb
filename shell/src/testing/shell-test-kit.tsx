// Renders the whole shell at a URL with fake remotes, and puts the page's singletons (store,
// cookies, i18n, document head) back between tests.
import { act, render, type RenderResult } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import {
  api,
  appStore,
  i18n,
  initialAuthState,
  initialChartState,
  initialMiscState,
  initialTradingState,
  type RemoteModule,
  type RemoteRegistry,
  type RemoteRoute,
} from '@pasar/shared';
import { App } from '../App';
import type { ShellConfig } from '../config/shell-config';
import { readShellConfig } from '../config/shell-config';
import { registerShellTranslations } from '../i18n/shell-i18n';
import { createShellRemoteLoader, type RemoteLoader, type RemoteRuntime } from '../remotes/remote-loader';
import { REMOTE_MOUNTS, type RemoteId } from '../routes/route-table';
import { resetShellStore } from '../state/shell-store';

export const TEST_SITE_BASE = 'https://pasar.test';

/** A remote whose pages are headings named after their path. */
export function fakeModule(id: RemoteId, routes: Array<Partial<RemoteRoute> & { path: string }>, extra: Partial<RemoteModule> = {}): RemoteModule {
  return {
    id,
    namespace: id.replace('mf_', ''),
    nav: [],
    i18n: { id: {}, en: {} },
    routes: routes.map((route) => ({
      Component: () => <h1>{`${id} ${route.path}`}</h1>,
      ...route,
    })),
    ...extra,
  };
}

/** One page per mount, so every remote has something to show. */
export const defaultModules = (): Record<RemoteId, RemoteModule> => {
  const routesOf = (remote: RemoteId) => REMOTE_MOUNTS.filter((m) => m.remote === remote).map((m) => ({ path: m.prefix }));
  return {
    mf_trade: fakeModule('mf_trade', [...routesOf('mf_trade'), { path: '/trade/USDT-IDR', guest: true }]),
    mf_portfolio: fakeModule('mf_portfolio', routesOf('mf_portfolio')),
    mf_account: fakeModule('mf_account', [...routesOf('mf_account'), { path: '/account/profile', auth: true }]),
    mf_wallet: fakeModule('mf_wallet', routesOf('mf_wallet')),
    mf_reports: fakeModule('mf_reports', routesOf('mf_reports')),
  };
};

export type FakeRemote = RemoteModule | Error;

/** A runtime whose registry lists every remote and whose `loadModule` answers from `remotes`. */
export function fakeRuntime(remotes: Partial<Record<RemoteId, FakeRemote>> = defaultModules()) {
  const registry: RemoteRegistry = {
    updatedAt: '2026-11-22T00:00:00Z',
    remotes: Object.fromEntries(
      REMOTE_MOUNTS.map(({ remote }) => [remote, { version: '1.0.0', entry: `/remotes/${remote}/1.0.0/mf-manifest.json` }]),
    ),
  };
  const current = { remotes };
  return {
    /** Replace an entry to change what the next load of that remote gets. */
    remotes: current.remotes,
    fetchRegistry: jest.fn<Promise<RemoteRegistry>, []>(async () => registry),
    register: jest.fn<void, [ReadonlyArray<{ name: string; entry: string }>]>(),
    loadModule: jest.fn<Promise<unknown>, [string]>(async (id) => {
      const remote = current.remotes[id as RemoteId];
      if (!remote) throw new Error(`no fake for ${id}`);
      if (remote instanceof Error) throw remote;
      return remote;
    }),
  } satisfies RemoteRuntime & { remotes: Partial<Record<RemoteId, FakeRemote>> };
}

export interface RenderShellOptions {
  runtime?: RemoteRuntime;
  config?: Partial<ShellConfig>;
}

export interface RenderedShell extends RenderResult {
  loader: RemoteLoader;
}

/**
 * Renders inside an awaited act: a remote suspends (React's `use`) and its retry only runs when
 * the surrounding act is awaited.
 */
export async function renderShell(url: string, { runtime = fakeRuntime(), config }: RenderShellOptions = {}): Promise<RenderedShell> {
  window.history.replaceState(null, '', url);
  registerShellTranslations();
  const loader = createShellRemoteLoader(runtime);
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(<App loader={loader} config={{ ...readShellConfig(), siteBase: TEST_SITE_BASE, ...config }} />);
  });
  return { ...(result as RenderResult), loader };
}

const clearCookies = () => {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
};

/** The page's API with no server: every call answers 404 (tests that call it set their own adapter). */
export const noServer: AxiosAdapter = async (config) => ({
  status: 404,
  statusText: 'Not Found',
  headers: {},
  config,
  data: { status: 'error', error_code: '003', error_message: 'Not found' },
});

/** Back to a first visit: no session, no cookies, Indonesian, no theme, empty head. */
export async function resetPage(): Promise<void> {
  clearCookies();
  api.configure({ adapter: noServer });
  appStore.setState({
    auth: initialAuthState(),
    trading: initialTradingState(),
    chart: initialChartState(),
    misc: initialMiscState(),
    maintenance: false,
    guestMode: false,
    theme: 'light',
    language: 'id',
  });
  resetShellStore();
  await act(async () => {
    await i18n.changeLanguage('id');
  });
  document.documentElement.lang = 'id';
  document.documentElement.removeAttribute('data-theme');
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  window.history.replaceState(null, '', '/');
}

/**
 * Runs a user action inside an awaited act. A click that brings a remote in suspends (React's
 * `use`), and React only retries a suspension of an act scope when that act is awaited. Pass
 * `fireEvent` clicks: user-event leaves act for its own timing, so the retry would land outside.
 */
export async function settle(action: () => Promise<unknown>): Promise<void> {
  await act(async () => {
    await action();
    // Work the action started without awaiting (a language switch) finishes in the act too.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A token the shared store accepts (longer than 12 characters). */
export const VALID_TOKEN = 'token-for-tests-0123456789';
