// The top-level route table (§2): which part of Pasar owns each path. Pure data and functions,
// so the owner of every specified route is tested without rendering anything.
// The prefix -> remote mapping itself is contract data (`REMOTE_MOUNTS` in @pasar/shared), shared
// with the server, which preloads the owning remote of the page it serves.
import { REMOTE_MOUNTS, remoteMountForPath, type RemoteId } from '@pasar/shared';
import { parseLocation } from './locale-path';

export { REMOTE_MOUNTS };
export type { RemoteId, RemoteMount } from '@pasar/shared';

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

/** The owner of an unprefixed path. */
export function matchRoute(path: string): RouteMatch {
  const page = SHELL_PAGES[path];
  if (page) return { owner: 'shell', page };
  const mount = remoteMountForPath(path);
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
