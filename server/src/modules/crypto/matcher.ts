// The matcher: keeps the open orders in the resting index (server/src/trading/resting-index.ts),
// evaluates the symbols that have some on every tick and executes what the tick crossed or
// triggered, each order in its own ledger transaction. Every execution locks the order (and its
// OCO sibling), re-checks it against the tick and changes it only through conditional updates and
// ledger keys, so a second instance doing the same work at the same time changes nothing.
//
// Instances: one holds the lease `crypto.matcher` and ticks; every instance keeps its index up to
// date from its own commits and from the others' (topic `crypto.index` on pub/sub), and the
// holder reloads it from the database when it takes the lease and every RESYNC_MS (pub/sub is
// at-most-once).
import { randomUUID } from 'node:crypto';
import type { OrderBook } from '@pasar/shared/contract';
import { TradingDecimal, floorToStep, plain, type FeeRates } from '@pasar/shared/trading';
import type { FastifyBaseLogger } from 'fastify';
import { InsufficientFunds } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import type { PubSub, Unsubscribe } from '../../pubsub';
import { RestingIndex, walkBook, type LevelFill, type PriceTick, type RestingOrder } from '../../trading';
import { behaviourOf, type CryptoSettings, type Side } from './order-plan';
import { ledgerCode, type OrderTx } from './order-tx';
import { shapeOf } from './order-view';
import type { CryptoRepo } from './repo';
import type { OrderRow } from './tables';

export const MATCHER_LEASE = 'crypto.matcher';
export const INDEX_TOPIC = 'crypto.index';
const RESYNC_MS = 60_000;

/** A tick handed to the matcher (tests): prices, and the book to fill against (else the market's). */
export interface ManualTick {
  readonly symbol: string;
  readonly last: string;
  readonly bid: string;
  readonly ask: string;
  readonly book?: Pick<OrderBook, 'bids' | 'asks'>;
}

export interface TickReport {
  /** Orders the ticks hit (crossed or triggered). */
  readonly hits: number;
  /** Executions that changed an order. */
  readonly executed: number;
  /** Executions that threw (logged; the order stays as it was). */
  readonly failed: number;
  readonly elapsedMs: number;
}

export interface MatcherDeps {
  readonly repo: CryptoRepo;
  readonly market: MarketRuntime;
  readonly pubsub: PubSub;
  readonly log: FastifyBaseLogger;
  readonly settings: CryptoSettings;
  readonly rates: FeeRates;
  readonly intervalMs: number;
  /** One ledger transaction, announced after its commit (the service's `run`). */
  readonly run: <T>(fn: (tx: OrderTx) => Promise<T>) => Promise<T>;
}

interface Level {
  readonly price: TradingDecimal;
  quantity: TradingDecimal;
}

/**
 * The book of one symbol during one tick. Fills take liquidity from it, so orders the same tick
 * crosses share the depth in price-time order (the later ones may fill partly, or not at all).
 */
class TickBook {
  private readonly bids: Level[];
  private readonly asks: Level[];

  constructor(book: Pick<OrderBook, 'bids' | 'asks'>) {
    const levels = (side: Pick<OrderBook, 'bids'>['bids']) => side.map((l) => ({ price: new TradingDecimal(l.price), quantity: new TradingDecimal(l.quantity) }));
    this.bids = levels(book.bids).sort((a, b) => b.price.comparedTo(a.price));
    this.asks = levels(book.asks).sort((a, b) => a.price.comparedTo(b.price));
  }

  /** What the book's side offers the order at or better than `limit`, up to `max` (on the step grid). */
  within(side: Side, limit: string, max: TradingDecimal, step: string): LevelFill[] {
    const out: LevelFill[] = [];
    let left = max;
    for (const level of side === 'BUY' ? this.asks : this.bids) {
      if (left.lte(0)) break;
      if (side === 'BUY' ? level.price.gt(limit) : level.price.lt(limit)) break;
      const take = floorToStep(TradingDecimal.min(left, level.quantity), step);
      if (take.gt(0)) {
        out.push({ price: plain(level.price), quantity: plain(take) });
        left = left.minus(take);
      }
    }
    return out;
  }

  view(): Pick<OrderBook, 'bids' | 'asks'> {
    const out = (levels: Level[]) =>
      levels.filter((l) => l.quantity.gt(0)).map((l) => ({ price: plain(l.price), quantity: plain(l.quantity), cumulativePercent: '0' }));
    return { bids: out(this.bids), asks: out(this.asks) };
  }

  consume(side: Side, fills: readonly LevelFill[]): void {
    const levels = side === 'BUY' ? this.asks : this.bids;
    for (const fill of fills) {
      const level = levels.find((l) => l.price.eq(fill.price));
      if (level) level.quantity = TradingDecimal.max(level.quantity.minus(fill.quantity), 0);
    }
  }
}

/** The index entry of an open order: a limit at its limit price, or a stop at its stop price. */
export function restingEntry(row: OrderRow): RestingOrder | null {
  if (!row.isOpen || row.orderType === 'MARKET') return null;
  const behaviour = behaviourOf(shapeOf(row));
  if (behaviour === 'LIMIT') return { id: row.id, symbol: row.symbol, side: row.side, kind: 'LIMIT', price: plain(new TradingDecimal(row.limitPrice as string)) };
  // A triggered stop (market) never rests: it executes within the transaction that triggered it.
  if (row.triggeredAt) return null;
  return { id: row.id, symbol: row.symbol, side: row.side, kind: 'STOP', price: plain(new TradingDecimal(row.stopPrice as string)) };
}

export class CryptoMatcher {
  private index = new RestingIndex<RestingOrder>();
  private readonly symbols = new Set<string>();
  private readonly instance = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private holder = false;
  private loadedAt = 0;
  /** Ids changed while a reload read the database: applied again once it is swapped in. */
  private reloading: Set<string> | null = null;
  private unsubscribe: Unsubscribe | null = null;
  private closed = false;
  private busy = false;

  constructor(private readonly deps: MatcherDeps) {}

  get size(): number {
    return this.index.size;
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  /** Loads the index, listens to other instances' changes and starts ticking (unless the interval is 0). */
  async start(): Promise<void> {
    await this.reload();
    this.holder = true;
    this.unsubscribe = await this.deps.pubsub.subscribe(INDEX_TOPIC, (message) => {
      const m = message as { instance?: string; ids?: string[] };
      if (this.closed || m.instance === this.instance || !Array.isArray(m.ids)) return;
      void this.refresh(m.ids).catch((err: unknown) => this.deps.log.warn({ err }, 'crypto matcher: refreshing orders failed'));
    });
    if (this.deps.intervalMs > 0) {
      this.timer = setInterval(() => void this.autoTick(), this.deps.intervalMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain.catch(() => undefined);
    await this.unsubscribe?.();
    if (this.holder) await this.deps.pubsub.releaseLease(MATCHER_LEASE, this.instance).catch(() => undefined);
  }

  /** Rebuilds the index from the open orders in the database. */
  async reload(): Promise<void> {
    this.reloading = new Set();
    let rows: OrderRow[];
    try {
      rows = await this.deps.repo.open();
    } catch (error) {
      this.reloading = null;
      throw error;
    }
    const index = new RestingIndex<RestingOrder>();
    this.symbols.clear();
    for (const row of rows) {
      const entry = restingEntry(row);
      if (entry) {
        index.add(entry);
        this.symbols.add(entry.symbol);
      }
    }
    this.index = index;
    this.loadedAt = Date.now();
    const missed = [...this.reloading];
    this.reloading = null;
    if (missed.length > 0) await this.refresh(missed);
  }

  /** Takes the orders as they are now (after a commit here): open ones rest, the others leave. */
  apply(rows: readonly OrderRow[]): void {
    for (const row of rows) {
      this.reloading?.add(row.id);
      const entry = restingEntry(row);
      const current = this.index.get(row.id);
      if (current && entry && current.kind === entry.kind && current.price === entry.price) continue; // keeps its time priority
      if (current) this.index.remove(row.id);
      if (entry) {
        this.index.add(entry);
        this.symbols.add(entry.symbol);
      }
    }
  }

  /** Tells the other instances which orders changed (they read them again). */
  announce(ids: readonly string[]): void {
    if (ids.length === 0) return;
    void this.deps.pubsub.publish(INDEX_TOPIC, { instance: this.instance, ids }).catch((err: unknown) => this.deps.log.warn({ err }, 'crypto matcher: announcing failed'));
  }

  private async refresh(ids: readonly string[]): Promise<void> {
    const rows = await this.deps.repo.byIds(ids);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) this.index.remove(id);
    this.apply(rows);
  }

  private async autoTick(): Promise<void> {
    // A slow tick makes the timer skip, not queue up.
    if (this.closed || this.busy) return;
    this.busy = true;
    try {
      const held = await this.deps.pubsub.acquireLease(MATCHER_LEASE, this.instance, Math.max(5000, this.deps.intervalMs * 10));
      if (!held) {
        this.holder = false;
        return;
      }
      if (!this.holder || Date.now() - this.loadedAt > RESYNC_MS) {
        this.holder = true;
        await this.reload();
      }
      await this.tick();
    } catch (err) {
      this.deps.log.warn({ err }, 'crypto matcher: tick failed');
    } finally {
      this.busy = false;
    }
  }

  /**
   * Evaluates every symbol with resting orders at the market's current prices, or the ticks given
   * (tests), and executes what they hit. Ticks never overlap: a call waits for the one running.
   */
  tick(manual?: readonly ManualTick[]): Promise<TickReport> {
    const run = this.chain.then(() => this.evaluate(manual));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async evaluate(manual?: readonly ManualTick[]): Promise<TickReport> {
    const started = performance.now();
    const { market } = this.deps;
    await market.halts.fresh();
    let hits = 0;
    let executed = 0;
    let failed = 0;
    const symbols = manual ? manual.map((m) => m.symbol) : [...this.symbols];
    for (const symbol of symbols) {
      if (this.index.sizeOf(symbol) === 0) {
        if (!manual) this.symbols.delete(symbol);
        continue;
      }
      if (market.halts.get(symbol)) continue;
      const given = manual?.find((m) => m.symbol === symbol);
      const ticker = given ?? market.ticker(symbol);
      const tick = { last: 'last' in ticker ? ticker.last : ticker.price, bid: ticker.bid, ask: ticker.ask };
      let book: TickBook | null = given?.book ? new TickBook(given.book) : null;
      const bookOf = () => (book ??= new TickBook(market.orderBook(symbol)));
      const found = this.index.evaluate(symbol, tick);
      const orders = [...found.triggered, ...found.crossed];
      hits += orders.length;
      for (const entry of orders) {
        try {
          if (await this.execute(entry.id, tick, bookOf)) executed++;
        } catch (err) {
          failed++;
          this.deps.log.error({ err, orderId: entry.id }, 'crypto matcher: execution failed');
        }
      }
    }
    return { hits, executed, failed, elapsedMs: performance.now() - started };
  }

  /** Executes one order the tick hit; false when it had moved on (the index is corrected). */
  private async execute(id: string, tick: Required<PriceTick>, bookOf: () => TickBook): Promise<boolean> {
    const { settings, rates, market } = this.deps;
    const consumed: { side: Side; fills: readonly LevelFill[] }[] = [];
    // The row as read under the lock, when nothing was executed (the index is corrected from it).
    let seen: OrderRow | null = null;
    const changed = await this.deps.run(async (tx) => {
      const rows = await tx.repo.lock(id);
      const order = rows.find((r) => r.id === id);
      if (!order) return false;
      seen = order;
      if (!order.isOpen) return false;
      const inst = market.instrument(order.symbol);
      if (!inst) return false;
      const siblings = rows.filter((r) => r.id !== id && r.isOpen);
      const behaviour = behaviourOf(shapeOf(order));

      const fillAsLimit = async (row: OrderRow): Promise<boolean> => {
        const limit = row.limitPrice as string;
        const crossed = row.side === 'BUY' ? new TradingDecimal(tick.ask).lte(limit) : new TradingDecimal(tick.bid).gte(limit);
        if (!crossed) return false;
        const rest = new TradingDecimal(row.execQuantity as string).minus(row.filledQuantity);
        const levels = bookOf().within(row.side, limit, rest, inst.quantityStep);
        if (levels.length === 0) return false;
        const quantity = levels.reduce((sum, l) => sum.plus(l.quantity), new TradingDecimal(0));
        // The first fill of an OCO leg cancels the other leg (the hold stays with this one).
        if (siblings.length > 0) await tx.cancel(siblings, 'OCO');
        await this.fillOrRefuse(tx, row, levels, quantity.eq(rest));
        consumed.push({ side: row.side, fills: levels });
        return true;
      };

      if (behaviour === 'LIMIT') return fillAsLimit(order);

      const last = new TradingDecimal(tick.last);
      const stop = order.stopPrice as string;
      if (!(order.side === 'BUY' ? last.gte(stop) : last.lte(stop))) return false;
      // Triggered: an OCO's other leg is cancelled in the same transaction, so exactly one leg executes.
      if (siblings.length > 0) await tx.cancel(siblings, 'OCO');
      if (behaviour === 'STOP_LIMIT') {
        const resting = await tx.transition(order, ['TRIGGER', 'ACCEPT'], { triggeredAt: new Date() });
        await fillAsLimit(resting);
        return true;
      }
      const sent = await tx.transition(order, ['TRIGGER'], { triggeredAt: new Date() });
      const byAmount = sent.execQuantity === null;
      const walk = walkBook({
        side: sent.side,
        book: bookOf().view(),
        ...(byAmount
          ? { amount: plain(new TradingDecimal(sent.amount as string).minus(sent.total)) }
          : { quantity: plain(new TradingDecimal(sent.execQuantity as string).minus(sent.filledQuantity)) }),
        quantityStep: inst.quantityStep,
        rates,
        bandPercent: settings.marketBandPercent,
        pricePrecision: inst.pricePrecision + 2,
      });
      if (!walk.ok) {
        await tx.refuse(sent, walk.reason === 'BELOW_STEP' ? '3704' : '3705');
        return true;
      }
      await this.fillOrRefuse(tx, sent, walk.fills, true);
      consumed.push({ side: sent.side, fills: walk.fills });
      return true;
    });
    for (const c of consumed) bookOf().consume(c.side, c.fills);
    if (!changed) {
      // Not hit after all (the book had nothing within its limit), moved on, or gone.
      const row = seen as OrderRow | null;
      if (row) this.apply([row]);
      else this.index.remove(id);
    }
    return changed;
  }

  /** A fill, or, when the user's balance cannot pay what the hold does not cover, the order's end. */
  private async fillOrRefuse(tx: OrderTx, order: OrderRow, levels: readonly LevelFill[], complete: boolean): Promise<void> {
    try {
      await tx.fill(order, levels, complete);
    } catch (error) {
      if (!(error instanceof InsufficientFunds)) throw error;
      await tx.refuse(order, ledgerCode(error));
    }
  }
}
