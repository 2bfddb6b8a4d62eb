// Design tokens of the two themes (§1: light and dark). Components never read these objects
// directly: they use `tokens` (CSS custom properties), so a theme switch needs no re-render.
import type { ThemeName } from '../contract/enums';
import { BREAKPOINTS } from '../format/constants';

export interface ThemeColors {
  background: string;
  surface: string;
  surfaceElevated: string;
  /** Inset areas: input fills, table stripes, skeleton base. */
  surfaceSunken: string;
  text: string;
  textMuted: string;
  /** Dividers and card outlines (decorative). */
  border: string;
  /** Borders that identify a control (inputs): at least 3:1 against the surface. */
  borderStrong: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  /** Brand colour used as text or links on background/surface. */
  primaryText: string;
  buy: string;
  buyHover: string;
  onBuy: string;
  /** Buy green used as text (price up, buy labels). */
  buyText: string;
  sell: string;
  sellHover: string;
  onSell: string;
  sellText: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerText: string;
  warning: string;
  onWarning: string;
  warningText: string;
  info: string;
  onInfo: string;
  focusRing: string;
  overlay: string;
  skeleton: string;
  skeletonHighlight: string;
  tooltipBackground: string;
  tooltipText: string;
}

export interface ThemeSpace {
  none: string;
  xxs: string;
  xs: string;
  sm: string;
  md: string;
  lg: string;
  xl: string;
  xxl: string;
  xxxl: string;
}

export interface ThemeRadii {
  none: string;
  sm: string;
  md: string;
  lg: string;
  pill: string;
}

export interface ThemeFonts {
  body: string;
  mono: string;
}

export interface ThemeFontSizes {
  xs: string;
  sm: string;
  md: string;
  lg: string;
  xl: string;
  xxl: string;
  xxxl: string;
}

export interface ThemeFontWeights {
  regular: string;
  medium: string;
  semibold: string;
  bold: string;
}

export interface ThemeLineHeights {
  tight: string;
  normal: string;
}

export interface ThemeShadows {
  sm: string;
  md: string;
  lg: string;
}

/** Stacking layers, low to high. */
export interface ThemeZIndex {
  base: string;
  sticky: string;
  dropdown: string;
  overlay: string;
  modal: string;
  toast: string;
  tooltip: string;
}

export interface ThemeMotion {
  fast: string;
  normal: string;
  easing: string;
}

export interface Theme {
  name: ThemeName;
  colors: ThemeColors;
  space: ThemeSpace;
  radii: ThemeRadii;
  fonts: ThemeFonts;
  fontSizes: ThemeFontSizes;
  fontWeights: ThemeFontWeights;
  lineHeights: ThemeLineHeights;
  shadows: ThemeShadows;
  zIndex: ThemeZIndex;
  motion: ThemeMotion;
}

export type SpaceKey = keyof ThemeSpace;
export type RadiusKey = keyof ThemeRadii;
export type FontSizeKey = keyof ThemeFontSizes;

type ModeIndependent = Omit<Theme, 'name' | 'colors' | 'shadows'>;

// System fonts only: no web-font download on a trading screen's first paint.
const shared: ModeIndependent = {
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radii: { none: '0', sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    xxxl: '2rem',
  },
  fontWeights: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeights: { tight: '1.25', normal: '1.5' },
  zIndex: {
    base: '0',
    sticky: '100',
    dropdown: '1000',
    overlay: '1300',
    modal: '1400',
    toast: '1500',
    tooltip: '1600',
  },
  motion: { fast: '120ms', normal: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
};

export const lightTheme: Theme = {
  name: 'light',
  ...shared,
  colors: {
    background: '#f5f7f6',
    surface: '#ffffff',
    surfaceElevated: '#ffffff',
    surfaceSunken: '#eef2f0',
    text: '#0f1a17',
    textMuted: '#52605b',
    border: '#d8e0dc',
    borderStrong: '#7d8b86',
    primary: '#00705f',
    primaryHover: '#005a4d',
    onPrimary: '#ffffff',
    primaryText: '#006b5b',
    buy: '#0b7a48',
    buyHover: '#08633a',
    onBuy: '#ffffff',
    buyText: '#0a7343',
    sell: '#c4262e',
    sellHover: '#a31d24',
    onSell: '#ffffff',
    sellText: '#bb2028',
    danger: '#b42318',
    dangerHover: '#912018',
    onDanger: '#ffffff',
    dangerText: '#b42318',
    warning: '#f2b01e',
    onWarning: '#1f1600',
    warningText: '#8a5300',
    info: '#1d5fbf',
    onInfo: '#ffffff',
    focusRing: '#1a63d6',
    overlay: 'rgba(8, 15, 13, 0.55)',
    skeleton: '#e4eae7',
    skeletonHighlight: '#f3f6f5',
    tooltipBackground: '#1c2724',
    tooltipText: '#f4f7f6',
  },
  shadows: {
    sm: '0 1px 2px rgba(15, 26, 23, 0.08)',
    md: '0 4px 12px rgba(15, 26, 23, 0.12)',
    lg: '0 12px 32px rgba(15, 26, 23, 0.18)',
  },
};

export const darkTheme: Theme = {
  name: 'dark',
  ...shared,
  colors: {
    background: '#0b1110',
    surface: '#131b19',
    surfaceElevated: '#1b2522',
    surfaceSunken: '#0f1614',
    text: '#e8efec',
    textMuted: '#a3b3ad',
    border: '#2a3733',
    borderStrong: '#71827c',
    primary: '#2bbfa6',
    primaryHover: '#4fd3bc',
    onPrimary: '#03201a',
    primaryText: '#4fd3bc',
    buy: '#22b872',
    buyHover: '#3acb86',
    onBuy: '#021a0d',
    buyText: '#3fd08d',
    sell: '#f0575c',
    sellHover: '#f57478',
    onSell: '#1f0304',
    sellText: '#ff7b7f',
    danger: '#f0575c',
    dangerHover: '#f57478',
    onDanger: '#1f0304',
    dangerText: '#ff7b7f',
    warning: '#f2b01e',
    onWarning: '#1f1600',
    warningText: '#f5c04a',
    info: '#6aa8ff',
    onInfo: '#03142d',
    focusRing: '#7cb4ff',
    overlay: 'rgba(0, 0, 0, 0.65)',
    skeleton: '#1f2a27',
    skeletonHighlight: '#2a3834',
    tooltipBackground: '#e8efec',
    tooltipText: '#0f1a17',
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.5)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

export const themes: Record<ThemeName, Theme> = { light: lightTheme, dark: darkTheme };

export const getTheme = (name: ThemeName): Theme => themes[name];

/** Layout breakpoints of §9 (px). Media queries cannot read CSS variables, so these are plain numbers. */
export const breakpoints = { sm: BREAKPOINTS.small, md: BREAKPOINTS.medium, lg: BREAKPOINTS.large } as const;
export type Breakpoint = keyof typeof breakpoints;

/** `${media.md} { … }` applies from the `md` breakpoint up (mobile first). */
export const media: Record<Breakpoint, string> = {
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
};

export const reducedMotion = '@media (prefers-reduced-motion: reduce)';
