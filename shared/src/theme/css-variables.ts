// Theme -> CSS custom properties. `tokens` are `var(--pasar-…)` references with the light value
// as fallback, so a remote rendered before (or without) applyTheme still looks right.
import { lightTheme, type Theme } from './theme-definitions';

export const CSS_VARIABLE_PREFIX = '--pasar';

type TokenGroup = Exclude<keyof Theme, 'name'>;

const GROUP_PREFIX: Record<TokenGroup, string> = {
  colors: 'color',
  space: 'space',
  radii: 'radius',
  fonts: 'font',
  fontSizes: 'font-size',
  fontWeights: 'font-weight',
  lineHeights: 'line-height',
  shadows: 'shadow',
  zIndex: 'z',
  motion: 'motion',
};

const TOKEN_GROUPS = Object.keys(GROUP_PREFIX) as TokenGroup[];

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `cssVariableName('colors', 'surfaceElevated')` -> `--pasar-color-surface-elevated`. */
export const cssVariableName = (group: TokenGroup, key: string): string =>
  `${CSS_VARIABLE_PREFIX}-${GROUP_PREFIX[group]}-${kebab(key)}`;

/** Every custom property of a theme, name -> value. */
export const themeToCssVariables = (theme: Theme): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const group of TOKEN_GROUPS) {
    for (const [key, value] of Object.entries(theme[group])) {
      out[cssVariableName(group, key)] = value;
    }
  }
  return out;
};

export type ThemeTokens = { [G in TokenGroup]: { readonly [K in keyof Theme[G]]: string } };

const buildTokens = (): ThemeTokens => {
  const out: Record<string, Record<string, string>> = {};
  for (const group of TOKEN_GROUPS) {
    out[group] = {};
    for (const [key, value] of Object.entries(lightTheme[group])) {
      out[group][key] = `var(${cssVariableName(group, key)}, ${value})`;
    }
  }
  return out as ThemeTokens;
};

/** CSS references for styled components: `color: ${tokens.colors.text};`. */
export const tokens: ThemeTokens = buildTokens();
