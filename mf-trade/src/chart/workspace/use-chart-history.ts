// Older candles when a person scrolls left: the engine says when the oldest loaded bar comes near
// (onNeedHistory), and the bars of one more window before it come from the candles-by-range call
// the chart already uses, put before the loaded ones (prependCandles). One request at a time; a
// window with no bars means the history has started, and nothing more is asked.
import { useEffect } from 'react';
import { fetchCandles } from '../../market/market-api';
import { resolutionSeconds } from '../../markets/chart-resolutions';
import type { ChartEngine } from '../chart-engine';

/** Bars asked for per scroll-back. */
export const HISTORY_PAGE_BARS = 300;

export function useChartHistory(engine: ChartEngine | null, symbol: string, resolution: string): void {
  useEffect(() => {
    if (!engine) return undefined;
    const controller = new AbortController();
    let busy = false;
    let ended = false;
    const off = engine.onNeedHistory((oldestMs) => {
      if (busy || ended) return;
      busy = true;
      const to = Math.floor(oldestMs / 1000) - 1;
      const from = to - HISTORY_PAGE_BARS * resolutionSeconds(resolution);
      fetchCandles(symbol, resolution, from, to, controller.signal).then(
        ({ candles }) => {
          busy = false;
          if (candles.length === 0) ended = true;
          else engine.prependCandles(candles);
        },
        (error: unknown) => {
          busy = false;
          if (!controller.signal.aborted) console.error('[trade] older candles failed', error);
        },
      );
    });
    return () => {
      controller.abort();
      off();
    };
  }, [engine, symbol, resolution]);
}
