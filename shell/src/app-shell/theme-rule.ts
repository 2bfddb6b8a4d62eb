// Which theme a page opens in (§2): mobile-web routes are dark unless the query asks for light;
// elsewhere the query, then the saved cookie, then the OS preference, then light.
import type { ThemeName } from '@pasar/shared';

export interface ThemeInputs {
  mobileWeb: boolean;
  /** From the `theme` query parameter. */
  queryTheme: ThemeName | null;
  /** From the theme cookie. */
  savedTheme: ThemeName | null;
  /** `prefers-color-scheme: dark`. */
  prefersDark: boolean;
}

export function resolveTheme({ mobileWeb, queryTheme, savedTheme, prefersDark }: ThemeInputs): ThemeName {
  if (mobileWeb) return queryTheme === 'light' ? 'light' : 'dark';
  return queryTheme ?? savedTheme ?? (prefersDark ? 'dark' : 'light');
}
