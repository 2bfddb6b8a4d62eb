import { AA_BODY_TEXT, AA_NON_TEXT, contrastRatio } from './contrast-math';
import { themes, type ThemeColors } from './theme-definitions';

type ColorKey = keyof ThemeColors;

// Every pair where one colour is read as text on the other.
const TEXT_PAIRS: [fg: ColorKey, bg: ColorKey][] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surfaceElevated'],
  ['text', 'surfaceSunken'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceElevated'],
  ['primaryText', 'background'],
  ['primaryText', 'surface'],
  ['buyText', 'background'],
  ['buyText', 'surface'],
  ['sellText', 'background'],
  ['sellText', 'surface'],
  ['dangerText', 'background'],
  ['dangerText', 'surface'],
  ['warningText', 'background'],
  ['warningText', 'surface'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['onBuy', 'buy'],
  ['onBuy', 'buyHover'],
  ['onSell', 'sell'],
  ['onSell', 'sellHover'],
  ['onDanger', 'danger'],
  ['onDanger', 'dangerHover'],
  ['onWarning', 'warning'],
  ['onInfo', 'info'],
  ['tooltipText', 'tooltipBackground'],
];

// Boundaries of controls and the focus ring must be distinguishable (WCAG 1.4.11).
const NON_TEXT_PAIRS: [fg: ColorKey, bg: ColorKey][] = [
  ['focusRing', 'background'],
  ['focusRing', 'surface'],
  ['borderStrong', 'surface'],
  ['borderStrong', 'background'],
];

describe.each(Object.values(themes))('$name theme', (theme) => {
  it.each(TEXT_PAIRS)('%s on %s meets AA for body text (4.5:1)', (fg, bg) => {
    expect(contrastRatio(theme.colors[fg], theme.colors[bg])).toBeGreaterThanOrEqual(AA_BODY_TEXT);
  });

  it.each(NON_TEXT_PAIRS)('%s against %s meets AA for UI components (3:1)', (fg, bg) => {
    expect(contrastRatio(theme.colors[fg], theme.colors[bg])).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });
});

describe('contrastRatio', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('matches a known WCAG value (#767676 on white is just above 4.5)', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('rejects colours it cannot measure', () => {
    expect(() => contrastRatio('rgba(0,0,0,0.5)', '#fff')).toThrow(/hex/);
  });
});
