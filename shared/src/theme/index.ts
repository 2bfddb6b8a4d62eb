// contrast-math (the AA checks of theme-contrast.test) is not exported: no page needs it at run time.
export * from './theme-definitions';
export * from './css-variables';
export * from './apply-theme';
export * from './visually-hidden';
export * from './GlobalStyles';
export * from './theme-controller';
