// Live market data for one symbol: a REST snapshot first (the page shows something at once, and
// works while the stream reconnects), then the stream's messages — subscribed once the page is
// idle after its first view, so the initial load stays quiet — rendered at most once per frame
// (the ticker) or once per BOOK_RENDER_INTERVAL_MS (the book and trades, decision 0006).
import type { StreamChannel } from '@pasar/shared';
import { useEffect, useRef } from 'react';
import { afterPageIdle } from './page-idle';
import { subscribeLive, type LiveData, type LiveMessage, type LiveOptions } from './live-source';
import { fetchOrderBook, fetchTicker, fetchTrades } from './market-api';
import type { OrderBook, Ticker, Trade } from './types';
import { useFrameState } from './use-frame-state';
import { useResource, type Resource } from './use-resource';

/**
 * The order book and the trades list commit a stream update at most this often: a reader cannot
 * follow faster, and each commit re-renders tens of rows (a long task on a slow phone).
 */
export const BOOK_RENDER_INTERVAL_MS = 250;

function useLive<C extends StreamChannel, T>(
  channel: C,
  symbol: string | null,
  options: LiveOptions,
  rest: Resource<T>,
  apply: (previous: T | undefined, message: LiveMessage<C>) => T,
  intervalMs = 0,
): Resource<T> {
  const [live, setSoon, setNow] = useFrameState<T | undefined>(undefined, intervalMs);
  const restData = useRef(rest.data);
  restData.current = rest.data;
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const { resolution, granularity } = options;

  useEffect(() => {
    setNow(undefined);
    if (!symbol) return undefined;
    return afterPageIdle(() =>
      subscribeLive(channel, symbol, { resolution, granularity }, (message) =>
        setSoon((previous) => applyRef.current(previous ?? restData.current, message)),
      ),
    );
  }, [channel, symbol, resolution, granularity, setNow, setSoon]);

  const data = live ?? rest.data;
  return { ...rest, data, loading: data === undefined && rest.loading, error: data === undefined ? rest.error : undefined };
}

const latest = <C extends StreamChannel>(_: unknown, message: LiveMessage<C>): LiveData[C] => message.data;

export function useLiveTicker(symbol: string): Resource<Ticker> {
  const rest = useResource(`ticker:${symbol}`, (signal) => fetchTicker(symbol, signal));
  return useLive('ticker', symbol, {}, rest, latest<'ticker'>);
}

/** The book at a granularity (undefined: the instrument's finest). */
export function useLiveBook(symbol: string, granularity: string | undefined): Resource<OrderBook> {
  const rest = useResource(`book:${symbol}:${granularity ?? ''}`, (signal) => fetchOrderBook(symbol, granularity, signal));
  return useLive('book', symbol, { granularity }, rest, latest<'book'>, BOOK_RENDER_INTERVAL_MS);
}

/** Newest first, deduplicated by id, at most `limit`. */
export function mergeTrades(previous: readonly Trade[] | undefined, incoming: readonly Trade[], limit: number): Trade[] {
  const seen = new Set<string>();
  const merged: Trade[] = [];
  for (const trade of [...incoming, ...(previous ?? [])]) {
    if (seen.has(trade.id)) continue;
    seen.add(trade.id);
    merged.push(trade);
  }
  return merged.sort((a, b) => b.t - a.t).slice(0, limit);
}

export function useLiveTrades(symbol: string, limit = 30): Resource<Trade[]> {
  const rest = useResource(`trades:${symbol}:${limit}`, (signal) => fetchTrades(symbol, limit, signal));
  return useLive(
    'trades',
    symbol,
    {},
    rest,
    (previous, message) =>
      message.type === 'snapshot' ? mergeTrades(undefined, message.data, limit) : mergeTrades(previous, message.data, limit),
    BOOK_RENDER_INTERVAL_MS,
  );
}
