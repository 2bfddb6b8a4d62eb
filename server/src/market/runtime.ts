// `app.market`: the market feed as the rest of the server sees it — the simulator (or any other
// MarketFeed) with trading halts laid over it. A halted symbol's ticker says HALTED and its
// price, book and trade tape stay as they were when the halt began; candles are the market's.
import type { Candle, Instrument, MarketState, OrderBook, Resolution, Trade, Ticker } from '@pasar/shared/contract';
import type { MarketFeed, OrderBookOptions } from './feed';
import type { HaltChange, HaltListener, HaltRegistry } from './halts';
import type { MarketSimulator } from './simulator';

export class MarketRuntime implements MarketFeed {
  constructor(
    readonly simulator: MarketSimulator,
    readonly halts: HaltRegistry,
    private readonly now: () => number = Date.now,
  ) {}

  instruments(): readonly Instrument[] {
    return this.simulator.instruments();
  }

  instrument(symbol: string): Instrument | undefined {
    return this.simulator.instrument(symbol);
  }

  /** The instant market data is computed for: a halted symbol stays at its halt time. */
  private frozenAt(symbol: string, at: number): number {
    const halt = this.halts.get(symbol.toUpperCase());
    return halt ? Math.min(at, halt.haltedAt) : at;
  }

  ticker(symbol: string, at: number = this.now()): Ticker {
    const ticker = this.simulator.ticker(symbol, this.frozenAt(symbol, at));
    return this.halts.get(symbol.toUpperCase()) ? { ...ticker, marketState: 'HALTED', updatedAt: at } : ticker;
  }

  orderBook(symbol: string, opts: OrderBookOptions = {}): OrderBook {
    const at = opts.at ?? this.now();
    return { ...this.simulator.orderBook(symbol, { ...opts, at: this.frozenAt(symbol, at) }), updatedAt: at };
  }

  recentTrades(symbol: string, limit: number, at: number = this.now(), since?: number): Trade[] {
    return this.simulator.recentTrades(symbol, limit, this.frozenAt(symbol, at), since);
  }

  candles(symbol: string, resolution: Resolution, from: number, to: number, now: number = this.now()): Candle[] {
    return this.simulator.candles(symbol, resolution, from, to, now);
  }

  marketState(symbol: string, at: number = this.now()): MarketState {
    return this.halts.get(symbol.toUpperCase()) ? 'HALTED' : this.simulator.marketState(symbol, at);
  }

  /** Hear halts and resumptions (this instance's, and others' once its cache refreshes). */
  onHaltChange(listener: HaltListener): () => void {
    return this.halts.onChange(listener);
  }
}

export type { HaltChange };
