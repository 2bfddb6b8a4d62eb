// The same page under another language's prefix (§2: Indonesian at `/`, English under `/en`;
// mobile web under `/pwa`, kept as it is). The shell writes the prefixes `/pwa/en` in that order;
// `/en/pwa` is read too. Shared has no path-prefix helper yet, so this remote keeps its own.
import type { Language } from '@pasar/shared';

const ENGLISH = 'en';
const MOBILE_WEB = 'pwa';

/** `fullPath` is the browser's pathname, prefixes included; the result keeps the mobile prefix. */
export function languagePath(fullPath: string, language: Language): string {
  const segments = fullPath.split('/').filter(Boolean);
  let mobileWeb = false;
  for (let i = 0; i < 2 && (segments[0] === ENGLISH || segments[0] === MOBILE_WEB); i += 1) {
    if (segments.shift() === MOBILE_WEB) mobileWeb = true;
  }
  const prefix = `${mobileWeb ? `/${MOBILE_WEB}` : ''}${language === 'en' ? `/${ENGLISH}` : ''}`;
  const rest = segments.length ? `/${segments.join('/')}` : '';
  return `${prefix}${rest}` || '/';
}
