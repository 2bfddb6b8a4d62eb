import { Global, css } from '@emotion/react';
import { tokens } from './css-variables';
import { reducedMotion } from './theme-definitions';
import { SR_ONLY_CLASS, visuallyHiddenStyles } from './visually-hidden';

const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-width: 320px;
    font-family: ${tokens.fonts.body};
    font-size: ${tokens.fontSizes.md};
    line-height: ${tokens.lineHeights.normal};
    color: ${tokens.colors.text};
    background: ${tokens.colors.background};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }

  :focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 2px;
  }

  :focus:not(:focus-visible) {
    outline: none;
  }

  .${SR_ONLY_CLASS} {
    ${visuallyHiddenStyles}
  }

  ${reducedMotion} {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;

/** Base document styles. Render once, in the shell (or in a remote's standalone bootstrap). */
export const GlobalStyles = () => <Global styles={globalStyles} />;
