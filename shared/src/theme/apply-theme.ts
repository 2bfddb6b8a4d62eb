// Switching theme rewrites CSS variables on one element: no React re-render, and every remote
// (whatever copy of React it runs) picks the change up at once.
import type { ThemeName } from '../contract/enums';
import { themeToCssVariables } from './css-variables';
import { getTheme, type Theme } from './theme-definitions';

export const THEME_ATTRIBUTE = 'data-theme';

export const applyTheme = (
  theme: ThemeName | Theme,
  root: HTMLElement = document.documentElement,
): Theme => {
  const resolved = typeof theme === 'string' ? getTheme(theme) : theme;
  for (const [name, value] of Object.entries(themeToCssVariables(resolved))) {
    root.style.setProperty(name, value);
  }
  root.setAttribute(THEME_ATTRIBUTE, resolved.name);
  root.style.colorScheme = resolved.name;
  // Mobile browsers tint their toolbar with <meta name="theme-color"> when the page has one.
  if (root === root.ownerDocument.documentElement) {
    root.ownerDocument
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', resolved.colors.background);
  }
  return resolved;
};

/** The theme currently applied to `root`, read back from its attribute. */
export const appliedThemeName = (root: HTMLElement = document.documentElement): ThemeName | null => {
  const value = root.getAttribute(THEME_ATTRIBUTE);
  return value === 'light' || value === 'dark' ? value : null;
};
