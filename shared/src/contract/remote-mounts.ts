// Which remote owns which path (§2), as plain data: the shell's route table mounts remotes with
// it and the server preloads the owning remote of a page it serves. No zod, so the browser's
// first load can import it (decision 0006).
import type { Language } from './enums';

/** A path prefix whose whole subtree belongs to one remote (federation name). */
export interface RemoteMount {
  readonly prefix: string;
  readonly remote: 'mf_trade' | 'mf_portfolio' | 'mf_account' | 'mf_wallet' | 'mf_reports';
}

/** Federation names of the remotes the shell mounts. */
export type RemoteId = RemoteMount['remote'];

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

/** URL prefix segments: mobile web (`/pwa`) first, then English (`/en`). */
export const MOBILE_WEB_SEGMENT = 'pwa';
export const ENGLISH_SEGMENT = 'en';

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The mount that owns an unprefixed path (`/trade/USDT-IDR`), or undefined. */
export const remoteMountForPath = (unprefixedPath: string): RemoteMount | undefined =>
  REMOTE_MOUNTS.find((m) => isUnder(unprefixedPath, m.prefix));

/** The remote that owns an unprefixed path, or undefined (a shell page, or nobody). */
export const remoteForPath = (unprefixedPath: string): RemoteId | undefined => remoteMountForPath(unprefixedPath)?.remote;

/** Drops `/<segment>` from the front of `path`; null when `path` does not start with it. */
const stripSegment = (path: string, segment: string): string | null => {
  if (path === `/${segment}`) return '/';
  if (path.startsWith(`/${segment}/`)) return path.slice(segment.length + 1);
  return null;
};

/**
 * A pathname without its `/pwa`, `/en` or `/pwa/en` prefix (`/pwa/en/trade` -> `/trade`), with
 * the prefixes it had. Duplicate slashes collapse and a trailing slash goes.
 */
export function splitLocalePrefix(pathname: string): { path: string; mobileWeb: boolean; english: boolean } {
  const withSlash = (pathname || '/').startsWith('/') ? pathname || '/' : `/${pathname}`;
  const collapsed = withSlash.replace(/\/{2,}/g, '/');
  let path = collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
  const afterMobile = stripSegment(path, MOBILE_WEB_SEGMENT);
  if (afterMobile !== null) path = afterMobile;
  const afterLanguage = stripSegment(path, ENGLISH_SEGMENT);
  if (afterLanguage !== null) path = afterLanguage;
  return { path, mobileWeb: afterMobile !== null, english: afterLanguage !== null };
}

/** The prefix of a language and mode: `''`, `/en`, `/pwa` or `/pwa/en` (the router's basename). */
export const localePrefix = (language: Language, mobileWeb: boolean): string =>
  `${mobileWeb ? `/${MOBILE_WEB_SEGMENT}` : ''}${language === 'en' ? `/${ENGLISH_SEGMENT}` : ''}`;

/** The same page in another language, keeping the mobile-web prefix (`/pwa/x` -> `/pwa/en/x`). */
export function pathInLanguage(pathname: string, language: Language): string {
  const { path, mobileWeb } = splitLocalePrefix(pathname);
  const prefix = localePrefix(language, mobileWeb);
  return path === '/' ? prefix || '/' : `${prefix}${path}`;
}

/** The unprefixed path of a pathname (`/pwa/en/trade/USDT-IDR` -> `/trade/USDT-IDR`). */
export const stripLocalePrefix = (pathname: string): string => splitLocalePrefix(pathname).path;
