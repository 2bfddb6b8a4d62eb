// The market-data interface. The simulator (./simulator.ts) implements it; a real venue feed
// (an exchange's REST + WebSocket, a broker's quotes) could implement it instead, and nothing
// above it (routes, the stream hub, orders) would change.
//
// Everything is synchronous and answers "as of `at`" (epoch ms, default now): the stream hub
// polls it every MARKET_TICK_MS for the symbols someone watches and publishes what changed.
import type { Candle, Instrument, MarketState, OrderBook, Resolution, Trade, Ticker } from '@pasar/shared/contract';

export interface OrderBookOptions {
  /** Price grouping (one of the instrument's granularities); default the finest. */
  readonly granularity?: string;
  /** Levels per side, at most 10 (§9). */
  readonly depth?: number;
  readonly at?: number;
}

export interface MarketFeed {
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  ticker(symbol: string, at?: number): Ticker;
  /** `seq` is 0: the stream hub numbers the updates it publishes. */
  orderBook(symbol: string, opts?: OrderBookOptions): OrderBook;
  /**
   * Most recent first, at most `limit`, up to `at`. With `since` (epoch ms) only the trades after
   * it (t > since): what a poller has not seen yet, at a cost proportional to what is new.
   */
  recentTrades(symbol: string, limit: number, at?: number, since?: number): Trade[];
  /**
   * Bars opening in [from, to) (epoch ms), oldest first. The bar containing `now` is partial
   * (its close is the live price), so a client polling it sees the bar grow.
   */
  candles(symbol: string, resolution: Resolution, from: number, to: number, now?: number): Candle[];
  marketState(symbol: string, at?: number): MarketState;
}
