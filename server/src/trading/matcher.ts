// The matcher of every market: keeps the open orders in the resting index (resting-index.ts),
// evaluates the symbols that have some on every tick and executes what the tick crossed or
// triggered, each order in its own ledger transaction. It also executes queued market orders once
// their market opens and cancels orders whose time in force ran out (reason EXPIRED), releasing
// their holds. Whether an order may match now is its market's rules' (`mayMatch`), at the engine's
// clock. A market with call auctions (`auctionDue`/`uncross`, IDX) has each auction uncrossed at
// its one price once collection ends, first in the tick, exactly once (the `trading_auctions` row
// claimed in the uncross's transaction). Every execution locks the order (and its OCO sibling),
// re-checks it against the tick and changes it only through conditional updates and ledger keys,
// so a second instance doing the same work at the same time changes nothing.
//
// Instances: one holds the lease `trading.matcher` and ticks for every registered market; every
// instance keeps its index up to date from its own commits and from the others' (topic
// `trading.index` on pub/sub), and the holder reloads it from the database when it takes the lease
// and every RESYNC_MS (pub/sub is at-most-once).
import { randomUUID } from 'node:crypto';
import type { Instrument, OrderBook } from '@pasar/shared/contract';
import { TradingDecimal, floorToStep, plain } from '@pasar/shared/trading';
import type { FastifyBaseLogger } from 'fastify';
import { InsufficientFunds } from '../ledger/api';
import type { MarketRuntime } from '../market/runtime';
import type { PubSub, Unsubscribe } from '../pubsub';
import type { LevelFill } from './book-walk';
import { EXPIRED_REASON, type AuctionDue, type MarketRules } from './market-rules';
import { behaviourOf, type Market, type Side } from './order-model';
import type { OrderTx } from './order-tx';
import { shapeOf } from './order-view';
import type { OrdersRepo } from './repo';
import { RestingIndex, type PriceTick, type RestingOrder } from './resting-index';
import type { OrderRow } from './tables';

export const MATCHER_LEASE = 'trading.matcher';
export const INDEX_TOPIC = 'trading.index';
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
  /** Orders the ticks hit (crossed, triggered, queued market orders whose market opened, expired). */
  readonly hits: number;
  /** Executions that changed an order. */
  readonly executed: number;
  /** Executions that threw (logged; the order stays as it was). */
  readonly failed: number;
  readonly elapsedMs: number;
}

export interface MatcherDeps {
  readonly repo: OrdersRepo;
  readonly market: MarketRuntime;
  readonly pubsub: PubSub;
  readonly log: FastifyBaseLogger;
  /** The registered markets and their rules. */
  readonly markets: () => readonly Market[];
  readonly rulesOf: (market: Market) => MarketRules;
  readonly intervalMs: number;
  /** The engine's clock (epoch ms): sessions and expiry are decided at it. */
  readonly now: () => number;
  /** One ledger transaction, announced after its commit (the engine's `run`). */
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

/** An index entry: the resting order with what its market's session check reads. */
export interface IndexedOrder extends RestingOrder {
  readonly market: Market;
  readonly tradingHours: OrderRow['tradingHours'];
  readonly orderType: OrderRow['orderType'];
}

/** The index entry of an open order: a limit at its limit price, or a stop at its stop price. */
export function restingEntry(row: OrderRow): IndexedOrder | null {
  if (!row.isOpen || row.orderType === 'MARKET') return null;
  const behaviour = behaviourOf(shapeOf(row));
  const base = { id: row.id, symbol: row.symbol, side: row.side, market: row.market, tradingHours: row.tradingHours, orderType: row.orderType };
  if (behaviour === 'LIMIT') return { ...base, kind: 'LIMIT', price: plain(new TradingDecimal(row.limitPrice as string)) };
  // A triggered stop (market) never rests: it executes within the transaction that triggered it.
  if (row.triggeredAt) return null;
  return { ...base, kind: 'STOP', price: plain(new TradingDecimal(row.stopPrice as string)) };
}

/** A market order waiting for its market to open. */
const isQueued = (row: OrderRow): boolean => row.isOpen && row.orderType === 'MARKET';

export class Matcher {
  private index = new RestingIndex<IndexedOrder>();
  private readonly symbols = new Set<string>();
  /** Queued market orders by id. */
  private queued = new Map<string, { symbol: string; market: Market; side: Side; tradingHours: OrderRow['tradingHours'] }>();
  /** Open orders with an expiry, by id (epoch ms). */
  private expiries = new Map<string, number>();
  /** Call auctions this instance saw uncrossed (`<market>:<symbol>:<key>`): not asked again. */
  private readonly auctionsDone = new Set<string>();
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
    return this.index.size + this.queued.size;
  }

  has(id: string): boolean {
    return this.index.has(id) || this.queued.has(id);
  }

  /** Loads the index, listens to other instances' changes and starts ticking (unless the interval is 0). */
  async start(): Promise<void> {
    await this.reload();
    this.holder = true;
    this.unsubscribe = await this.deps.pubsub.subscribe(INDEX_TOPIC, (message) => {
      const m = message as { instance?: string; ids?: string[] };
      if (this.closed || m.instance === this.instance || !Array.isArray(m.ids)) return;
      void this.refresh(m.ids).catch((err: unknown) => this.deps.log.warn({ err }, 'matcher: refreshing orders failed'));
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
      rows = await this.deps.repo.open(this.deps.markets());
    } catch (error) {
      this.reloading = null;
      throw error;
    }
    this.index = new RestingIndex<IndexedOrder>();
    this.queued = new Map();
    this.expiries = new Map();
    this.symbols.clear();
    for (const row of rows) this.place(row);
    this.loadedAt = Date.now();
    const missed = [...this.reloading];
    this.reloading = null;
    if (missed.length > 0) await this.refresh(missed);
  }

  private place(row: OrderRow): void {
    const entry = restingEntry(row);
    if (entry) {
      this.index.add(entry);
      this.symbols.add(entry.symbol);
    }
    if (isQueued(row)) {
      this.queued.set(row.id, { symbol: row.symbol, market: row.market, side: row.side, tradingHours: row.tradingHours });
      this.symbols.add(row.symbol);
    }
    if (row.isOpen && row.expiresAt) this.expiries.set(row.id, row.expiresAt.getTime());
  }

  /** Takes the orders as they are now (after a commit here): open ones rest, the others leave. */
  apply(rows: readonly OrderRow[]): void {
    for (const row of rows) {
      this.reloading?.add(row.id);
      const entry = restingEntry(row);
      const current = this.index.get(row.id);
      this.queued.delete(row.id);
      this.expiries.delete(row.id);
      if (current && entry && current.kind === entry.kind && current.price === entry.price) {
        // keeps its time priority
        if (row.expiresAt) this.expiries.set(row.id, row.expiresAt.getTime());
        continue;
      }
      if (current) this.index.remove(row.id);
      this.place(row);
    }
  }

  /** Tells the other instances which orders changed (they read them again). */
  announce(ids: readonly string[]): void {
    if (ids.length === 0) return;
    void this.deps.pubsub.publish(INDEX_TOPIC, { instance: this.instance, ids }).catch((err: unknown) => this.deps.log.warn({ err }, 'matcher: announcing failed'));
  }

  private remove(id: string): void {
    this.index.remove(id);
    this.queued.delete(id);
    this.expiries.delete(id);
  }

  private async refresh(ids: readonly string[]): Promise<void> {
    const rows = await this.deps.repo.byIds(ids);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) this.remove(id);
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
      this.deps.log.warn({ err }, 'matcher: tick failed');
    } finally {
      this.busy = false;
    }
  }

  /**
   * Expires what ran out, then evaluates every symbol with resting or queued orders at the market's
   * current prices, or the ticks given (tests), and executes what they hit. Ticks never overlap: a
   * call waits for the one running.
   */
  tick(manual?: readonly ManualTick[]): Promise<TickReport> {
    const run = this.chain.then(() => this.evaluate(manual));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async evaluate(manual?: readonly ManualTick[]): Promise<TickReport> {
    const started = performance.now();
    const { market } = this.deps;
    const now = this.deps.now();
    await market.halts.fresh();
    let hits = 0;
    let executed = 0;
    let failed = 0;
    const attempt = async (id: string, work: () => Promise<boolean>) => {
      hits++;
      try {
        if (await work()) executed++;
      } catch (err) {
        failed++;
        this.deps.log.error({ err, orderId: id }, 'matcher: execution failed');
      }
    };

    const symbols = manual ? manual.map((m) => m.symbol) : [...this.symbols];
    const bookFor = (symbol: string) => {
      const given = manual?.find((m) => m.symbol === symbol)?.book;
      return new TickBook(given ?? market.orderBook(symbol));
    };

    // Call auctions whose collection ended first: before expiry (a day order takes part in its
    // day's closing auction) and before the continuous matching they precede. A symbol uncrossed
    // in this tick does nothing else in it.
    const uncrossed = new Set<string>();
    for (const symbol of symbols) {
      if (market.halts.get(symbol)) continue;
      for (const m of this.deps.markets()) {
        const rules = this.deps.rulesOf(m);
        const due = rules.auctionDue?.(symbol, now);
        if (!due || this.auctionsDone.has(`${m}:${symbol}:${due.key}`)) continue;
        await attempt(`${m}:${symbol}:${due.key}`, async () => {
          const done = await this.uncross(rules, symbol, due, () => bookFor(symbol).view());
          if (done) uncrossed.add(symbol);
          return done;
        });
      }
    }

    for (const [id, at] of [...this.expiries]) {
      if (at <= now) await attempt(id, () => this.expire(id, now));
    }

    for (const symbol of symbols) {
      if (uncrossed.has(symbol)) continue;
      const queued = [...this.queued].filter(([, q]) => q.symbol === symbol);
      if (this.index.sizeOf(symbol) === 0 && queued.length === 0) {
        if (!manual) this.symbols.delete(symbol);
        continue;
      }
      if (market.halts.get(symbol)) continue;
      const given = manual?.find((m) => m.symbol === symbol);
      const ticker = given ?? market.ticker(symbol);
      const tick = { last: 'last' in ticker ? ticker.last : ticker.price, bid: ticker.bid, ask: ticker.ask };
      let book: TickBook | null = null;
      const bookOf = () => (book ??= bookFor(symbol));

      // Queued market orders first (they were placed before anything resting could be hit at the open).
      for (const [id, q] of queued) {
        const rules = this.deps.rulesOf(q.market);
        const inst = market.instrument(symbol);
        if (!inst || rules.marketOrderAt(inst, { tradingHours: q.tradingHours ?? undefined, side: q.side }, now) !== 'EXECUTE') continue;
        await attempt(id, () => this.execute(id, tick, bookOf, now));
      }
      const found = this.index.evaluate(symbol, tick);
      for (const entry of [...found.triggered, ...found.crossed]) {
        if (!this.deps.rulesOf(entry.market).mayMatch(entry, now)) continue;
        await attempt(entry.id, () => this.execute(entry.id, tick, bookOf, now));
      }
    }
    return { hits, executed, failed, elapsedMs: performance.now() - started };
  }

  /**
   * Uncrosses one call auction: claims its key (a second run, here or on another instance, finds
   * it claimed and changes nothing), then fills every collected order the rules allot a share of
   * the one price, each through the normal fill path, all in one ledger transaction. True when
   * orders filled.
   */
  private async uncross(rules: MarketRules, symbol: string, due: AuctionDue, bookOf: () => Pick<OrderBook, 'bids' | 'asks'>): Promise<boolean> {
    const m = rules.market;
    const filled = await this.deps.run(async (tx) => {
      if (!(await tx.repo.claimAuction(m, symbol, due.key))) return false;
      const rows = (await tx.repo.lockOpenLimits(m, symbol)).filter((r) => !r.expiresAt || r.expiresAt.getTime() >= due.endedAt);
      const result = rows.length > 0 ? rules.uncross?.(symbol, rows, bookOf()) : null;
      if (!result) return false;
      for (const row of rows) {
        const quantity = result.fills.get(row.id);
        if (!quantity || !new TradingDecimal(quantity).gt(0)) continue;
        const rest = new TradingDecimal(row.execQuantity as string).minus(row.filledQuantity);
        await this.fillOrRefuse(tx, rules, row, [{ price: result.price, quantity }], new TradingDecimal(quantity).gte(rest));
      }
      await tx.repo.recordAuction(m, symbol, due.key, result.price, result.volume);
      return true;
    });
    this.auctionsDone.add(`${m}:${symbol}:${due.key}`);
    return filled;
  }

  /** Cancels an order whose time in force ran out (and its OCO sibling), releasing the hold. */
  private async expire(id: string, now: number): Promise<boolean> {
    let seen: OrderRow | null = null;
    const changed = await this.deps.run(async (tx) => {
      const rows = await tx.repo.lock(id);
      const order = rows.find((r) => r.id === id);
      seen = order ?? null;
      if (!order?.isOpen || !order.expiresAt || order.expiresAt.getTime() > now) return false;
      await tx.cancel(rows, EXPIRED_REASON);
      return true;
    });
    if (!changed) {
      const row = seen as OrderRow | null;
      if (row) this.apply([row]);
      else this.remove(id);
    }
    return changed;
  }

  /** Executes one order the tick hit; false when it had moved on (the index is corrected). */
  private async execute(id: string, tick: Required<PriceTick>, bookOf: () => TickBook, now: number): Promise<boolean> {
    const { market } = this.deps;
    const consumed: { side: Side; fills: readonly LevelFill[] }[] = [];
    // The row as read under the lock, when nothing was executed (the index is corrected from it).
    let seen: OrderRow | null = null;
    const changed = await this.deps.run(async (tx) => {
      const rows = await tx.repo.lock(id);
      const order = rows.find((r) => r.id === id);
      if (!order) return false;
      seen = order;
      if (!order.isOpen) return false;
      if (order.expiresAt && order.expiresAt.getTime() <= now) return false;
      const inst = market.instrument(order.symbol);
      if (!inst) return false;
      const rules = this.deps.rulesOf(order.market);
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
        await this.fillOrRefuse(tx, rules, row, levels, quantity.eq(rest));
        consumed.push({ side: row.side, fills: levels });
        return true;
      };

      const atMarket = async (sent: OrderRow, instrument: Instrument): Promise<boolean> => {
        const walk = rules.walk(sent, bookOf().view(), instrument);
        if (!walk.ok) {
          await tx.refuse(sent, walk.reason === 'BELOW_STEP' ? '3704' : '3705');
          return true;
        }
        await this.fillOrRefuse(tx, rules, sent, walk.fills, true);
        consumed.push({ side: sent.side, fills: walk.fills });
        return true;
      };

      if (behaviour === 'MARKET') return atMarket(await tx.transition(order, ['SEND']), inst);
      if (behaviour === 'LIMIT') return fillAsLimit(order);

      const last = new TradingDecimal(tick.last);
      const stop = order.stopPrice as string;
      if (!(order.side === 'BUY' ? last.gte(stop) : last.lte(stop))) return false;
      // Triggered: an OCO's other leg is cancelled in the same transaction, so exactly one leg executes.
      if (siblings.length > 0) await tx.cancel(siblings, 'OCO');
      if (behaviour === 'STOP_LIMIT') {
        const resting = await tx.transition(order, ['TRIGGER', 'ACCEPT'], { triggeredAt: new Date(now) });
        await fillAsLimit(resting);
        return true;
      }
      return atMarket(await tx.transition(order, ['TRIGGER'], { triggeredAt: new Date(now) }), inst);
    });
    for (const c of consumed) bookOf().consume(c.side, c.fills);
    if (!changed) {
      // Not hit after all (the book had nothing within its limit), moved on, or gone.
      const row = seen as OrderRow | null;
      if (row) this.apply([row]);
      else this.remove(id);
    }
    return changed;
  }

  /** A fill, or, when the user's balance cannot pay what the hold does not cover, the order's end. */
  private async fillOrRefuse(tx: OrderTx, rules: MarketRules, order: OrderRow, levels: readonly LevelFill[], complete: boolean): Promise<void> {
    try {
      await tx.fill(order, levels, complete);
    } catch (error) {
      if (!(error instanceof InsufficientFunds)) throw error;
      await tx.refuse(order, rules.insufficientCode(error));
    }
  }
}
