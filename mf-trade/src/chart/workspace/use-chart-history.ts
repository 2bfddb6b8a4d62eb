// Older candles on scroll-back: the engine says when the oldest loaded bar comes near, and the
// loading code (chart-history.ts) is fetched then, not with the page.
import { useEffect } from 'react';
import type { ChartEngine } from '../chart-engine';

export function useChartHistory(engine: ChartEngine | null, symbol: string, resolution: string): void {
  useEffect(() => {
    if (!engine) return undefined;
    const controller = new AbortController();
    const off = engine.onNeedHistory((oldestMs) => {
      void import(/* webpackChunkName: "chart-history" */ './chart-history').then((m) => m.loadOlder(engine, symbol, resolution, oldestMs, controller.signal));
    });
    return () => {
      controller.abort();
      off();
    };
  }, [engine, symbol, resolution]);
}
