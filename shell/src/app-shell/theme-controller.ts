// Applying and remembering the theme. The CSS variables change on <html>, so the shell and every
// remote switch at once without re-rendering.
import { appStore, applyTheme, eventBus, getCookie, isThemeName, setCookie, type ThemeName } from '@pasar/shared';
import type { ShellConfig } from '../config/shell-config';
import { parseThemeQuery } from './query-flags';
import { resolveTheme } from './theme-rule';

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

const prefersDark = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;

export function savedTheme(config: Pick<ShellConfig, 'themeCookie'>): ThemeName | null {
  const saved = getCookie(config.themeCookie);
  return isThemeName(saved) ? saved : null;
}

/** Puts a theme on screen and in the shared store; `persist` also remembers it in the cookie. */
export function setShellTheme(theme: ThemeName, config: Pick<ShellConfig, 'themeCookie' | 'themeCookieDays'>, persist: boolean): void {
  applyTheme(theme);
  if (persist) setCookie(config.themeCookie, theme, { expires: config.themeCookieDays });
  if (appStore.getState().theme !== theme) {
    appStore.getState().setTheme(theme);
    eventBus.emit('theme:changed', { theme });
  }
}

/** The theme a page opens in (§2), from its URL, the cookie and the OS. */
export function initialTheme(mobileWeb: boolean, search: string, config: Pick<ShellConfig, 'themeCookie'>): ThemeName {
  return resolveTheme({
    mobileWeb,
    queryTheme: parseThemeQuery(search),
    savedTheme: savedTheme(config),
    prefersDark: prefersDark(),
  });
}

/**
 * Calls `onChange(prefersDark)` when the OS switches between light and dark while the page is
 * open; returns the stop function. A browser without matchMedia never calls.
 */
export function watchSystemScheme(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY) as MediaQueryList | undefined;
  if (!query) return () => undefined;
  const listener = (event: MediaQueryListEvent) => onChange(event.matches);
  if (typeof query.addEventListener === 'function') {
    query.addEventListener('change', listener);
    return () => query.removeEventListener('change', listener);
  }
  // Safari before 14 has only the older pair.
  if (typeof query.addListener === 'function') {
    query.addListener(listener);
    return () => query.removeListener(listener);
  }
  return () => undefined;
}

/**
 * The theme to show after the OS scheme changed, or null to keep the current one: only when the
 * person has not chosen (no theme cookie, no `theme` query), and never on a mobile-web route,
 * whose theme does not follow the OS (§2).
 */
export function themeAfterSchemeChange(
  prefersDarkNow: boolean,
  mobileWeb: boolean,
  search: string,
  config: Pick<ShellConfig, 'themeCookie'>,
): ThemeName | null {
  if (mobileWeb || savedTheme(config) !== null || parseThemeQuery(search) !== null) return null;
  return resolveTheme({ mobileWeb, queryTheme: null, savedTheme: null, prefersDark: prefersDarkNow });
}
