// Heikin-Ashi bars (a chart type, not a study): each bar averages the bar with the previous
// Heikin-Ashi bar, so a live bar needs only the previous one, never the history again.
export interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The Heikin-Ashi bar of `bar`, given the previous Heikin-Ashi bar (none for the first). */
export function heikinAshiBar(bar: Ohlc, previous: Ohlc | null): Ohlc {
  const close = (bar.open + bar.high + bar.low + bar.close) / 4;
  const open = previous ? (previous.open + previous.close) / 2 : (bar.open + bar.close) / 2;
  return { open, high: Math.max(bar.high, open, close), low: Math.min(bar.low, open, close), close };
}

export function heikinAshi(bars: readonly Ohlc[]): Ohlc[] {
  const out: Ohlc[] = [];
  for (const bar of bars) out.push(heikinAshiBar(bar, out.at(-1) ?? null));
  return out;
}
