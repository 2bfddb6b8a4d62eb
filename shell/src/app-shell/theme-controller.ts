// Applying and remembering the theme. The CSS variables change on <html>, so the shell and every
// remote switch at once without re-rendering.
import { appStore, applyTheme, eventBus, getCookie, isThemeName, setCookie, type ThemeName } from '@pasar/shared';
import type { ShellConfig } from '../config/shell-config';
import { parseThemeQuery } from './query-flags';
import { resolveTheme } from './theme-rule';

const prefersDark = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

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
