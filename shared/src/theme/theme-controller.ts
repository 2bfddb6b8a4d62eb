// The one way to switch theme: applies the CSS variables, remembers the choice (cookie), updates
// the shared store and tells every remote (`theme:changed`). Mirrors i18n's setLanguage.
import type { StoreApi } from 'zustand/vanilla';
import type { ThemeName } from '../contract/enums';
import { eventBus, type EventBus, type EventMap } from '../events';
import { appStore, type AppState } from '../store/app-store';
import { COOKIE_KEYS, LONG_LIVED_COOKIE_DAYS, setCookie } from '../storage/cookie-storage';
import { applyTheme } from './apply-theme';

export interface ThemeControllerDeps {
  store?: StoreApi<AppState>;
  bus?: EventBus<EventMap>;
  root?: HTMLElement;
}

export const setTheme = (theme: ThemeName, deps: ThemeControllerDeps = {}): void => {
  const { store = appStore, bus = eventBus, root = document.documentElement } = deps;
  applyTheme(theme, root);
  setCookie(COOKIE_KEYS.theme, theme, { expires: LONG_LIVED_COOKIE_DAYS });
  const changed = store.getState().theme !== theme;
  store.getState().setTheme(theme);
  if (changed) bus.emit('theme:changed', { theme });
};

/** At boot (shell, or a remote run on its own): apply the theme the store started with. */
export const initTheme = (deps: Omit<ThemeControllerDeps, 'bus'> = {}): ThemeName => {
  const { store = appStore, root = document.documentElement } = deps;
  const { theme } = store.getState();
  applyTheme(theme, root);
  return theme;
};
