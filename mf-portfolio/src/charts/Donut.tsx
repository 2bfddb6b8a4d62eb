// A small SVG donut of shares (no chart library: a few circles with dash arrays). It is a picture
// of the table beside it, which carries every figure: the SVG has one label naming each slice and
// its percent, and each slice's colour comes with its swatch in the table, never alone.
import { tokens } from '@pasar/shared';

/** Colours of the slices, in order (readable on the light and the dark surface). */
export const SLICE_COLOURS = ['#1d7f6e', '#3b6fd4', '#d08a1c', '#9a4fc2', '#c2465a', '#4f9a3b', '#2a9bb8', '#8a6a3a', '#6b7280', '#b8478f'];
export const colourOf = (index: number): string => SLICE_COLOURS[index % SLICE_COLOURS.length]!;

const RADIUS = 15.915; // a circumference of 100
const STROKE = 6;

export interface DonutSlice {
  readonly key: string;
  /** Percent of the whole, 0–100. */
  readonly percent: number;
}

export function Donut({ slices, label, size = 160 }: { slices: readonly DonutSlice[]; label: string; size?: number }) {
  let offset = 25; // start at 12 o'clock
  return (
    <svg viewBox="0 0 42 42" width={size} height={size} role="img" aria-label={label} data-testid="allocation-donut">
      <circle cx="21" cy="21" r={RADIUS} fill="none" stroke={tokens.colors.surfaceSunken} strokeWidth={STROKE} />
      {slices.map((slice, i) => {
        const dash = Math.max(0, Math.min(100, slice.percent));
        const circle = (
          <circle
            key={slice.key}
            data-slice={slice.key}
            cx="21"
            cy="21"
            r={RADIUS}
            fill="none"
            stroke={colourOf(i)}
            strokeWidth={STROKE}
            strokeDasharray={`${dash} ${100 - dash}`}
            strokeDashoffset={offset}
          />
        );
        offset -= dash;
        return circle;
      })}
    </svg>
  );
}
