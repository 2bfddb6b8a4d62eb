// Query flags of the app shell (§2). A flag is on only when its value is the string `true`:
// `?registerUtc=1`, `?registerUtc=TRUE` and a bare `?registerUtc` are all off.
import type { ThemeName } from '@pasar/shared';

export const QUERY_FLAG_NAMES = ['registerUtc', 'registerRamadan', 'registerTopUp', 'loginSalesforce'] as const;
export type QueryFlagName = (typeof QUERY_FLAG_NAMES)[number];
export type QueryFlags = Record<QueryFlagName, boolean>;

export const NO_QUERY_FLAGS: QueryFlags = {
  registerUtc: false,
  registerRamadan: false,
  registerTopUp: false,
  loginSalesforce: false,
};

export function parseQueryFlags(search: string): QueryFlags {
  const params = new URLSearchParams(search);
  const flags = { ...NO_QUERY_FLAGS };
  for (const name of QUERY_FLAG_NAMES) flags[name] = params.get(name) === 'true';
  return flags;
}

/** The `theme` query parameter, when it names a theme. */
export function parseThemeQuery(search: string): ThemeName | null {
  const value = new URLSearchParams(search).get('theme');
  return value === 'light' || value === 'dark' ? value : null;
}
