// Older candles when a person scrolls left (a small chunk, loaded on the first scroll-back): the
// bars of one more window before the oldest loaded one, from the candles-by-range call the chart
// already uses, put before the loaded ones. One request at a time per chart; a window with no bars
// means the history has started, and nothing more is asked for that symbol and resolution.
import { fetchCandles } from '../../market/market-api';
import { resolutionSeconds } from '../../markets/chart-resolutions';
import type { ChartEngine } from '../chart-engine';

/** Bars asked for per scroll-back. */
export const HISTORY_PAGE_BARS = 300;

const charts = new WeakMap<ChartEngine, { key: string; busy: boolean; ended: boolean }>();

export async function loadOlder(engine: ChartEngine, symbol: string, resolution: string, oldestMs: number, signal: AbortSignal): Promise<void> {
  const key = `${symbol}:${resolution}`;
  let state = charts.get(engine);
  if (!state || state.key !== key) {
    state = { key, busy: false, ended: false };
    charts.set(engine, state);
  }
  if (state.busy || state.ended) return;
  state.busy = true;
  const to = Math.floor(oldestMs / 1000) - 1;
  const from = to - HISTORY_PAGE_BARS * resolutionSeconds(resolution);
  try {
    const { candles } = await fetchCandles(symbol, resolution, from, to, signal);
    if (signal.aborted) return;
    if (candles.length === 0) state.ended = true;
    else engine.prependCandles(candles);
  } catch (error) {
    if (!signal.aborted) console.error('[trade] older candles failed', error);
  } finally {
    state.busy = false;
  }
}
