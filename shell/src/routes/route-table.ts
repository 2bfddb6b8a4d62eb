// The top-level route table (§2): which part of Pasar owns each path. Pure data and functions,
// so the owner of every specified route is tested without rendering anything.
import { parseLocation } from './locale-path';

/** Federation names of the remotes the shell mounts. */
export type RemoteId = 'mf_trade' | 'mf_portfolio' | 'mf_account' | 'mf_wallet' | 'mf_reports';

/** A path prefix whose whole subtree belongs to one remote. */
export interface RemoteMount {
  prefix: string;
  remote: RemoteId;
}

export const REMOTE_MOUNTS: readonly RemoteMount[] = [
  { prefix: '/trade', remote: 'mf_trade' },
  { prefix: '/asset', remote: 'mf_trade' },
  { prefix: '/portfolio', remote: 'mf_portfolio' },
  { prefix: '/account', remote: 'mf_account' },
  { prefix: '/notifications', remote: 'mf_account' },
  { prefix: '/balance', remote: 'mf_wallet' },
  { prefix: '/transaction-history', remote: 'mf_reports' },
  { prefix: '/tax-reports', remote: 'mf_reports' },
];

export type ShellPage = 'home' | 'login' | 'signup' | 'not-found';

/** The shell's own pages, by unprefixed path. */
export const SHELL_PAGES: Readonly<Record<string, ShellPage>> = {
  '/': 'home',
  '/login': 'login',
  '/signup': 'signup',
};

/** Where `/` leads: the trade home. */
export const TRADE_HOME_PATH = '/trade';

export type RouteMatch =
  | { owner: 'shell'; page: ShellPage }
  | { owner: 'remote'; remote: RemoteId; mount: string; /** path below the mount, `/` for the mount itself */ subpath: string };

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The owner of an unprefixed path. */
export function matchRoute(path: string): RouteMatch {
  const page = SHELL_PAGES[path];
  if (page) return { owner: 'shell', page };
  const mount = REMOTE_MOUNTS.find((m) => isUnder(path, m.prefix));
  if (mount) {
    return { owner: 'remote', remote: mount.remote, mount: mount.prefix, subpath: path.slice(mount.prefix.length) || '/' };
  }
  return { owner: 'shell', page: 'not-found' };
}

/** The owner of a full browser pathname (with any `/en` or `/pwa` prefix). */
export const resolvePathname = (pathname: string): RouteMatch => matchRoute(parseLocation(pathname).path);

/** The mounts of one remote (mf_trade has two: `/trade` and `/asset`). */
export const mountsOf = (remote: RemoteId): string[] =>
  REMOTE_MOUNTS.filter((m) => m.remote === remote).map((m) => m.prefix);

/**
 * A remote route's path relative to its mount (`/trade/USDT-IDR` under `/trade` -> `USDT-IDR`,
 * `/trade` -> `''`), or null when the route lives under another mount.
 */
export function relativeToMount(routePath: string, mount: string): string | null {
  if (routePath === mount) return '';
  if (routePath.startsWith(`${mount}/`)) return routePath.slice(mount.length + 1);
  return null;
}
