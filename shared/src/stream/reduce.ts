// A stream's value as a view holds it: the latest ticker, book or bar; for trades the most
// recent ones (a snapshot replaces the list, an update adds the new trades, duplicates dropped).
import type { StreamChannel } from '../contract/stream-paths';
import type { StreamDataByChannel } from '../contract/stream';
import type { Trade } from '../contract/market';
import type { StreamEvent } from './client';

export type StreamValue<C extends StreamChannel> = StreamDataByChannel[C];

/** Trades a view keeps by default. */
export const DEFAULT_TRADES_KEPT = 50;

export function applyStreamEvent<C extends StreamChannel>(
  previous: StreamValue<C> | undefined,
  event: StreamEvent<C>,
  tradesKept: number = DEFAULT_TRADES_KEPT,
): StreamValue<C> {
  if (event.channel !== 'trades') return event.data;
  const incoming = event.data as Trade[];
  if (event.type === 'snapshot' || !previous) return incoming.slice(0, tradesKept) as StreamValue<C>;
  const known = new Set((previous as Trade[]).map((trade) => trade.id));
  const fresh = incoming.filter((trade) => !known.has(trade.id));
  if (fresh.length === 0) return previous;
  return [...fresh, ...(previous as Trade[])].slice(0, tradesKept) as StreamValue<C>;
}
