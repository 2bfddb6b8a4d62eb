// What the stream hub and the market publisher need from market data, and its implementation
// over the MarketFeed (server/src/market/feed.ts). Tests and the benchmark use small fakes.
import {
  marketOfAssetType,
  resolutionSeconds,
  type Candle,
  type OrderBook,
  type StreamSpec,
  type Ticker,
  type Trade,
} from '@pasar/shared/contract';
import type { Resolution } from '@pasar/shared/contract';
import type { MarketFeed } from '../../market/feed';

/** Why a spec cannot be subscribed: a catalogue code and the field at fault. */
export interface SpecProblem {
  readonly code: '002' | '003';
  readonly path: string;
  readonly message: string;
}

export interface StreamSource {
  /** null when the spec names a stream that exists. */
  validate(spec: StreamSpec): SpecProblem | null;
  ticker(symbol: string): Ticker;
  book(symbol: string, granularity?: string): OrderBook;
  /** Most recent first; with `since` (epoch ms) only the trades after it. */
  recentTrades(symbol: string, limit: number, since?: number): Trade[];
  /** The bar containing now (partial), if the market has one. */
  currentCandle(symbol: string, resolution: string): Candle | undefined;
  /** The market's clock (epoch ms) the data is computed at; the wall clock when absent. */
  now?(): number;
}

/** The data a snapshot of `spec` carries, fresh from the source. */
export function snapshotOf(source: StreamSource, spec: StreamSpec): unknown {
  switch (spec.channel) {
    case 'ticker':
      return source.ticker(spec.symbol);
    case 'book':
      return source.book(spec.symbol, spec.granularity);
    case 'trades':
      return source.recentTrades(spec.symbol, SNAPSHOT_TRADES);
    case 'candles':
      return source.currentCandle(spec.symbol, spec.resolution ?? '') ?? null;
  }
}

/** Trades in a trades snapshot. */
export const SNAPSHOT_TRADES = 50;

const DAY_MS = 86_400_000;

/** How far back the bar containing now can have opened. */
function barLookbackMs(resolution: string): number {
  const seconds = resolutionSeconds(resolution);
  if (seconds !== null) return seconds * 1000;
  return resolution === '1D' ? DAY_MS : resolution === '1W' ? 7 * DAY_MS : 32 * DAY_MS;
}

export function marketStreamSource(feed: MarketFeed, now: () => number = Date.now): StreamSource {
  return {
    validate(spec) {
      const instrument = feed.instrument(spec.symbol);
      if (!instrument) return { code: '003', path: 'symbol', message: `unknown symbol ${spec.symbol}` };
      if (spec.channel === 'candles') {
        const allowed: readonly string[] = marketOfAssetType(instrument.assetType).resolutions;
        if (!spec.resolution) return { code: '002', path: 'resolution', message: 'required for candles' };
        if (!allowed.includes(spec.resolution)) {
          return { code: '002', path: 'resolution', message: `one of ${allowed.join(', ')}` };
        }
      }
      if (spec.channel === 'book' && spec.granularity && !instrument.granularities.includes(spec.granularity)) {
        return { code: '002', path: 'granularity', message: `one of ${instrument.granularities.join(', ')}` };
      }
      return null;
    },
    now,
    ticker: (symbol) => feed.ticker(symbol, now()),
    book: (symbol, granularity) => feed.orderBook(symbol, { at: now(), ...(granularity ? { granularity } : {}) }),
    recentTrades: (symbol, limit, since) => feed.recentTrades(symbol, limit, now(), since),
    currentCandle(symbol, resolution) {
      const at = now();
      const bars = feed.candles(symbol, resolution as Resolution, at - barLookbackMs(resolution), at + 1, at);
      return bars[bars.length - 1];
    },
  };
}
