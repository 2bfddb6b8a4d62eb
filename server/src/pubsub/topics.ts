// Topic names, built in one place so publishers and subscribers agree. Dots separate parts; a
// part may itself contain dots (a granularity such as 0.01): nothing parses topics back.
import type { StreamSpec } from '@pasar/shared/contract';

export const topics = {
  ticker: (symbol: string) => `market.ticker.${symbol}`,
  /** One topic per grouping: `market.book.BTC-IDR` (finest) or `market.book.BTC-IDR.1000`. */
  book: (symbol: string, granularity?: string) =>
    granularity ? `market.book.${symbol}.${granularity}` : `market.book.${symbol}`,
  trades: (symbol: string) => `market.trades.${symbol}`,
  candles: (symbol: string, resolution: string) => `market.candles.${symbol}.${resolution}`,
  /** A halt or resume of `symbol`, announced by the instance that handled it ({symbol, instance}). */
  halt: () => 'market.halt',
  /** A steer set or cleared (development), shared by the instance that handled it ({instance, symbol, steer}). */
  steer: () => 'market.steer',
  /** The market clock set or cleared (development), shared by the instance that handled it ({instance, setting}). */
  clock: () => 'market.clock',
  /** Stream hubs announce the streams their clients hold ({instance, streams}); see the publisher. */
  streamInterest: () => 'stream.interest',
  /** A device session ended or changed by the instance that handled it ({sessionId}): every instance's session cache forgets it. */
  sessionChanged: () => 'identity.session',
  /** Private events of one user: `user.<id>.orders`, `user.<id>.balances`, … */
  user: (userId: string, kind: string) => `user.${userId}.${kind}`,
} as const;

/** The topic a stream's messages arrive on. */
export function topicOfStream(spec: StreamSpec): string {
  switch (spec.channel) {
    case 'ticker':
      return topics.ticker(spec.symbol);
    case 'book':
      return topics.book(spec.symbol, spec.granularity);
    case 'trades':
      return topics.trades(spec.symbol);
    case 'candles':
      return topics.candles(spec.symbol, spec.resolution ?? '1');
  }
}
