// WCAG 2.x contrast ratio of two opaque colours, used to keep both themes at AA.

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const parseHexColor = (hex: string): [number, number, number] => {
  const match = HEX.exec(hex.trim());
  if (!match) throw new Error(`Not an opaque hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
};

const channel = (value: number): number => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export const relativeLuminance = (hex: string): number => {
  const [r, g, b] = parseHexColor(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

export const contrastRatio = (foreground: string, background: string): number => {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
};

/** WCAG AA minimums. */
export const AA_BODY_TEXT = 4.5;
export const AA_NON_TEXT = 3;
