// `app.market`: the market feed as the rest of the server sees it — the simulator (or any other
// MarketFeed) with trading halts laid over it, and the market clock: `app.market.now()` is the one
// "now" of market data and trading (settable in development and tests, see clock.ts). A halted symbol's ticker says HALTED and its
// price, book and trade tape stay as they were when the halt began; candles are the market's.
//
// Steering (development and tests only: the admin route refuses in production): `steer(symbol,
// { price, until })` pins the symbol's last price to `price` (on its tick grid) from now until
// `until`. Meanwhile bid/ask are quoted around it with the instrument's spread, the book is built
// around it, trades printed since the steer began trade at its bid or ask, high/low/change
// include it and candles from then on sit at it. Data as of an instant before the steer stays
// natural. The price is exact (not a drifting path), so a test knows what a matcher will see.
import Decimal from 'decimal.js';
import type { Candle, Instrument, MarketState, OrderBook, Resolution, Trade, Ticker } from '@pasar/shared/contract';
import { MarketClock } from './clock';
import type { MarketFeed, OrderBookOptions } from './feed';
import type { HaltChange, HaltListener, HaltRegistry } from './halts';
import { roundToTick } from './idx-rules';
import { perpMarks } from './perp-marks';
import { UnknownSymbolError, type MarketSimulator } from './simulator';

export interface SteerState {
  readonly symbol: string;
  /** The pinned price, on the instrument's grid (decimal string). */
  readonly price: string;
  /** Epoch ms: when the steer began, and when it ends (null: until cleared). */
  readonly since: number;
  readonly until: number | null;
}

export interface SteerChange {
  readonly symbol: string;
  readonly steer: SteerState | null;
}

export type SteerListener = (change: SteerChange) => void;

interface ActiveSteer extends SteerState {
  readonly value: number;
  readonly bid: number;
  readonly ask: number;
}

export class MarketRuntime implements MarketFeed {
  private readonly steers = new Map<string, ActiveSteer>();
  private readonly steerListeners = new Set<SteerListener>();

  /** The market clock (`set` / `clear` in development and tests). */
  readonly clock: MarketClock;

  /** `clock`: the market clock, or a function used as its wall clock (an adjustable clock: tests). */
  constructor(
    readonly simulator: MarketSimulator,
    readonly halts: HaltRegistry,
    clock: MarketClock | (() => number) = new MarketClock({ adjustable: false }),
  ) {
    this.clock = typeof clock === 'function' ? new MarketClock({ wall: clock, adjustable: true }) : clock;
  }

  /** The market's current instant (epoch ms): what every market and trading rule calls "now". */
  now(): number {
    return this.clock.now();
  }

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
    const dataAt = this.frozenAt(symbol, at);
    const natural = this.simulator.ticker(symbol, dataAt);
    const steer = this.steerAt(natural.symbol, dataAt);
    const ticker = steer ? this.steeredTicker(natural, steer) : natural;
    const out: Ticker = this.halts.get(symbol.toUpperCase()) ? { ...ticker, marketState: 'HALTED', updatedAt: at } : ticker;
    // Perps carry their index and mark price, funding rate and next funding time (perp-marks.ts).
    return out.assetType === 'PERPS' ? { ...out, ...perpMarks(out, dataAt, this.simulator.instrument(out.symbol)?.pricePrecision ?? 2) } : out;
  }

  orderBook(symbol: string, opts: OrderBookOptions = {}): OrderBook {
    const at = opts.at ?? this.now();
    const dataAt = this.frozenAt(symbol, at);
    const steer = this.steerAt(symbol, dataAt);
    return { ...this.simulator.orderBook(symbol, { ...opts, at: dataAt }, steer?.value), updatedAt: at };
  }

  recentTrades(symbol: string, limit: number, at: number = this.now(), since?: number): Trade[] {
    const dataAt = this.frozenAt(symbol, at);
    const trades = this.simulator.recentTrades(symbol, limit, dataAt, since);
    const steer = this.steerAt(symbol, dataAt);
    if (!steer) return trades;
    const bid = this.simulator.fmtPrice(steer.symbol, steer.bid);
    const ask = this.simulator.fmtPrice(steer.symbol, steer.ask);
    for (const trade of trades) if (trade.t >= steer.since) trade.price = trade.side === 'BUY' ? ask : bid;
    return trades;
  }

  candles(symbol: string, resolution: Resolution, from: number, to: number, now: number = this.now()): Candle[] {
    const candles = this.simulator.candles(symbol, resolution, from, to, now);
    const steer = this.steerAt(symbol, now);
    if (!steer || candles.length === 0) return candles;
    // Bars opened since the steer sit at its price; the bar in progress closes at it.
    const price = steer.price;
    const last = candles.length - 1;
    return candles.map((bar, i) => {
      if (bar.t >= steer.since) return { ...bar, o: price, h: price, l: price, c: price };
      if (i !== last) return bar;
      const p = new Decimal(price);
      return { ...bar, h: p.gt(bar.h) ? price : bar.h, l: p.lt(bar.l) ? price : bar.l, c: price };
    });
  }

  marketState(symbol: string, at: number = this.now()): MarketState {
    return this.halts.get(symbol.toUpperCase()) ? 'HALTED' : this.simulator.marketState(symbol, at);
  }

  /** Hear halts and resumptions (this instance's, and others' once its cache refreshes). */
  onHaltChange(listener: HaltListener): () => void {
    return this.halts.onChange(listener);
  }

  // ---- steering (development and tests) ----

  /**
   * Pins a symbol's price from `since` (default now) until `until` (epoch ms; absent: until
   * cleared). The price is put on the instrument's grid (at least one tick). Replaces a steer of
   * the symbol. Throws UnknownSymbolError for a symbol the market does not list.
   */
  steer(symbol: string, options: { price: string | number; until?: number | null; since?: number }): SteerState {
    const inst = this.simulator.instrument(symbol);
    if (!inst) throw new UnknownSymbolError(symbol);
    const sim = this.simulator;
    const wanted = Number(options.price);
    if (!Number.isFinite(wanted) || wanted <= 0) throw new RangeError(`steer price must be positive, got ${options.price}`);
    const tick = sim.model(inst.symbol).tick;
    let value = sim.seriesOf(inst.symbol).idxRules ? roundToTick(wanted) : sim.roundPrice(inst.symbol, wanted);
    if (value <= 0) value = sim.seriesOf(inst.symbol).idxRules ? roundToTick(1) : tick;
    const { bid, ask } = sim.quote(inst.symbol, value);
    const since = options.since ?? this.now();
    const until = options.until ?? null;
    const state: ActiveSteer = { symbol: inst.symbol, price: sim.fmtPrice(inst.symbol, value), since, until, value, bid, ask };
    this.steers.set(inst.symbol, state);
    this.emitSteer({ symbol: inst.symbol, steer: publicSteer(state) });
    return publicSteer(state);
  }

  /** Ends a symbol's steer; true when there was one. */
  clearSteer(symbol: string): boolean {
    const inst = this.simulator.instrument(symbol);
    if (!inst || !this.steers.delete(inst.symbol)) return false;
    this.emitSteer({ symbol: inst.symbol, steer: null });
    return true;
  }

  /** The steers in force now (expired ones are forgotten). */
  steering(at: number = this.now()): SteerState[] {
    const out: SteerState[] = [];
    for (const steer of this.steers.values()) if (this.steerAt(steer.symbol, at)) out.push(publicSteer(steer));
    return out;
  }

  /** Hear steers set and cleared on this instance (the stream module pushes and shares them). */
  onSteerChange(listener: SteerListener): () => void {
    this.steerListeners.add(listener);
    return () => this.steerListeners.delete(listener);
  }

  /** The steer in force at instant `at`, if any; one that has ended by now is dropped. */
  private steerAt(symbol: string, at: number): ActiveSteer | undefined {
    if (this.steers.size === 0) return undefined;
    const steer = this.steers.get(symbol) ?? this.steers.get(symbol.toUpperCase());
    if (!steer) return undefined;
    if (steer.until !== null && this.now() >= steer.until && at >= steer.until) {
      this.steers.delete(steer.symbol);
      return undefined;
    }
    return at >= steer.since && (steer.until === null || at < steer.until) ? steer : undefined;
  }

  /** The natural ticker with the steered price: last, bid, ask, and high/low/change including it. */
  private steeredTicker(natural: Ticker, steer: ActiveSteer): Ticker {
    const sim = this.simulator;
    const precision = sim.model(steer.symbol).pricePrecision;
    const price = new Decimal(steer.price);
    const open = new Decimal(natural.open24h);
    const change = price.minus(open);
    return {
      ...natural,
      price: steer.price,
      bid: sim.fmtPrice(steer.symbol, steer.bid),
      ask: sim.fmtPrice(steer.symbol, steer.ask),
      high24h: price.gt(natural.high24h) ? steer.price : natural.high24h,
      low24h: price.lt(natural.low24h) ? steer.price : natural.low24h,
      change24h: change.toFixed(precision),
      changePercent24h: (open.isZero() ? new Decimal(0) : change.div(open).times(100)).toFixed(2),
    };
  }

  private emitSteer(change: SteerChange): void {
    for (const listener of this.steerListeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own (the stream module logs its own errors).
      }
    }
  }
}

const publicSteer = ({ symbol, price, since, until }: ActiveSteer): SteerState => ({ symbol, price, since, until });

export type { HaltChange };
