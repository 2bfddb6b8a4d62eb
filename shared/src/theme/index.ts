export * from './theme-definitions';
export * from './css-variables';
export * from './apply-theme';
export * from './contrast-math';
export * from './visually-hidden';
export * from './GlobalStyles';
export * from './theme-controller';
