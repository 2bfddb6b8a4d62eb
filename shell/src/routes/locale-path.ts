// URL prefixes (§2): Indonesian at `/`, English under `/en`, mobile web under `/pwa` (and
// `/pwa/en`). Everything below the prefix is the unprefixed path the route table speaks.
import { ENGLISH_SEGMENT, localePrefix, MOBILE_WEB_SEGMENT, splitLocalePrefix, type Language } from '@pasar/shared';

export interface ShellLocation {
  language: Language;
  /** A mobile-web route (`/pwa/...`): the layout is hidden. */
  mobileWeb: boolean;
  /** The path without its prefixes, always starting with `/`. */
  path: string;
}

export { MOBILE_WEB_SEGMENT, ENGLISH_SEGMENT };

const normalize = (path: string): string => {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const collapsed = withSlash.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
};

/** The prefixes are parsed by the contract's `splitLocalePrefix`, which the server uses too. */
export function parseLocation(pathname: string): ShellLocation {
  const { path, mobileWeb, english } = splitLocalePrefix(pathname || '/');
  return { language: english ? 'en' : 'id', mobileWeb, path };
}

/** The prefix of a location (`''`, `/en`, `/pwa`, `/pwa/en`): the router's basename. */
export const prefixOf = ({ language, mobileWeb }: Pick<ShellLocation, 'language' | 'mobileWeb'>): string =>
  localePrefix(language, mobileWeb);

/** The inverse of parseLocation. `path` may carry a query or hash; it is kept as given. */
export function buildPath({ language, mobileWeb, path }: ShellLocation): string {
  const prefix = prefixOf({ language, mobileWeb });
  const [pathname, rest] = splitPath(path);
  const normalized = normalize(pathname);
  const full = normalized === '/' ? prefix || '/' : `${prefix}${normalized}`;
  return `${full}${rest}`;
}

/** Splits `/a/b?x=1#h` into `['/a/b', '?x=1#h']`. */
const splitPath = (path: string): [string, string] => {
  const at = path.search(/[?#]/);
  return at === -1 ? [path || '/', ''] : [path.slice(0, at) || '/', path.slice(at)];
};
