// The one door live market data comes through: the shared stream client (one WebSocket for the
// page, reference-counted subscriptions, reconnects and book-gap resyncs are its business).
import { stream, type StreamChannel } from '@pasar/shared';
import type { Candle, OrderBook, Ticker, Trade } from './types';

export interface LiveData {
  ticker: Ticker;
  book: OrderBook;
  trades: Trade[];
  candles: Candle;
}

export interface LiveMessage<C extends StreamChannel> {
  type: 'snapshot' | 'update';
  data: LiveData[C];
}

export interface LiveOptions {
  resolution?: string;
  granularity?: string;
}

export type LiveSubscribe = <C extends StreamChannel>(
  channel: C,
  symbol: string,
  options: LiveOptions,
  handler: (message: LiveMessage<C>) => void,
) => () => void;

const sharedClient: LiveSubscribe = (channel, symbol, options, handler) =>
  stream.subscribe(channel, symbol, options, (event) => handler({ type: event.type, data: event.data }));

let source: LiveSubscribe = sharedClient;

/** Subscribes to one stream; returns the unsubscribe function. */
export const subscribeLive: LiveSubscribe = (channel, symbol, options, handler) => source(channel, symbol, options, handler);

/** Points the pages at another source (tests feed messages by hand). Returns the previous one. */
export function setLiveSource(next: LiveSubscribe): LiveSubscribe {
  const previous = source;
  source = next;
  return previous;
}
