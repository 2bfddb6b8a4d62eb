// The design tokens without React or emotion: for a page written outside the React tree (the
// server's first view of a page) in the same colours, sizes and fonts as the kit's components.
export { themeToCssVariables, cssVariableName, CSS_VARIABLE_PREFIX } from './css-variables';
export { breakpoints, getTheme, lightTheme, darkTheme, type Theme } from './theme-definitions';
