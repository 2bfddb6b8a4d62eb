import { render } from '@testing-library/react';
import { collectCssText } from '../testing/css-rules';
import { GlobalStyles } from './GlobalStyles';

describe('GlobalStyles', () => {
  it('sets box-sizing, the body font and colours from tokens, a focus ring, .sr-only and reduced motion', () => {
    render(<GlobalStyles />);
    const css = collectCssText();
    expect(css).toMatch(/\*,\s*\*::before,\s*\*::after\s*\{[^}]*box-sizing: border-box/);
    expect(css).toMatch(/body\s*\{[^}]*font-family: var\(--pasar-font-body/);
    expect(css).toMatch(/body\s*\{[^}]*background: var\(--pasar-color-background/);
    expect(css).toMatch(/:focus-visible\s*\{[^}]*outline: 2px solid var\(--pasar-color-focus-ring/);
    expect(css).toMatch(/\.sr-only\s*\{[^}]*clip: rect\(0,? 0,? 0,? 0\)/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)[\s\S]*animation-duration: 0\.01ms/);
  });
});
