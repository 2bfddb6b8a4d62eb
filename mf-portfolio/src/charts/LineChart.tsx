// A small SVG line of values over days (no chart library). The card states the first and last
// values and the change in words beside it; the SVG is labelled with the same.
import { tokens } from '@pasar/shared';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

/** Points of the line in the SVG's coordinates: x by position, y scaled between the lowest and highest value. */
export function linePoints(values: readonly number[]): string {
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = PAD + i * step;
      const y = high === low ? HEIGHT / 2 : PAD + (1 - (v - low) / span) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export function LineChart({ values, label, rising }: { values: readonly number[]; label: string; rising: boolean }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} preserveAspectRatio="none" role="img" aria-label={label} data-testid="value-history-chart">
      <polyline
        points={linePoints(values)}
        fill="none"
        stroke={rising ? tokens.colors.buy : tokens.colors.sell}
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
    </svg>
  );
}
