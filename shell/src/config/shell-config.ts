// The shell's settings in one place, with defaults. A deploy can set the canonical site base
// with <meta name="pasar:site-base" content="https://…"> in index.html.
import { COOKIE_KEYS, LONG_LIVED_COOKIE_DAYS } from '@pasar/shared';

export interface ShellConfig {
  /** Origin (and optional base path) of canonical links. */
  siteBase: string;
  manifestHref: string;
  faviconHref: string;
  themeCookie: string;
  themeCookieDays: number;
}

const SITE_BASE_META = 'pasar:site-base';

export function readShellConfig(doc: Document = document): ShellConfig {
  const configuredBase = doc.querySelector<HTMLMetaElement>(`meta[name="${SITE_BASE_META}"]`)?.content;
  return {
    siteBase: configuredBase || doc.defaultView?.location.origin || '',
    manifestHref: '/manifest.webmanifest',
    faviconHref: '/favicon.svg',
    themeCookie: COOKIE_KEYS.theme,
    themeCookieDays: LONG_LIVED_COOKIE_DAYS,
  };
}
