// The order engine of every market: placing (a market order fills at once against the book, or
// waits for its market's open; the others rest with a hold), cancelling, amending, the estimate,
// the lists and the fills, for whichever market's rules are registered. Every change runs in one
// ledger transaction (`OrderTx`) and is announced after the commit (private events, the matcher's
// index). The rules decide everything market-specific (market-rules.ts).
import { randomUUID } from 'node:crypto';
import type { Instrument, Language, Order } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/app-error';
import { InsufficientFunds, LedgerKeyConflict, type Ledger, type TransactionOptions } from '../ledger/api';
import type { MarketRuntime } from '../market/runtime';
import type { PubSub } from '../pubsub';
import { isEngineClose, type FillListener, type TradingEngine } from './engine-api';
import { publishCommit } from './events';
import type { AmendRequest, MarketRules } from './market-rules';
import { Matcher } from './matcher';
import { behaviourOf, type Market, type OrderPlan, type OrderSpec } from './order-model';
import { INITIAL_ORDER_STATE, applyEvents, canApply, isOpen, type OrderEvent } from './order-states';
import { OrderChanged, OrderTx } from './order-tx';
import { stateOf, toOrder } from './order-view';
import { createOrdersRepo } from './repo';
import { holdAccountsOf, holdAcross } from './split-hold';
import type { NewOrderRow, OrderRow } from './tables';

export interface EngineDeps {
  readonly ledger: Ledger;
  readonly db: Parameters<typeof createOrdersRepo>[0];
  readonly market: MarketRuntime;
  readonly pubsub: PubSub;
  readonly log: FastifyBaseLogger;
  /** The matcher's interval (0: it only moves when handed a tick). */
  readonly matchIntervalMs: number;
  /** The clock (epoch ms) sessions and expiry are decided at. */
  readonly now: () => number;
}

export interface Engine extends TradingEngine {
  readonly matcher: Matcher;
  /** One ledger transaction, announced after its commit (`options`: the ledger's). */
  run<T>(fn: (tx: OrderTx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** An order row as the contract's Order. */
  view(row: OrderRow): Order;
  markets(): readonly Market[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);

/** The state a new order is stored in, reached through the table. */
const placedState = (events: readonly OrderEvent[]) => {
  const state = applyEvents(INITIAL_ORDER_STATE, ...events);
  return { status: state.status, exchangeStatus: state.exchangeStatus, isOpen: isOpen(state) };
};

/** A resting order is amended AMEND_REQUEST then AMEND_DONE; an unsent stop AMEND_DONE alone; others not (9605). */
function amendEvents(row: OrderRow): OrderEvent[] {
  const state = stateOf(row);
  if (canApply(state, 'AMEND_REQUEST')) return ['AMEND_REQUEST', 'AMEND_DONE'];
  if (canApply(state, 'AMEND_DONE')) return ['AMEND_DONE'];
  throw new AppError('9605');
}

export function createEngine(deps: EngineDeps): Engine {
  const { ledger, market } = deps;
  const repo = createOrdersRepo(deps.db);
  const registered = new Map<Market, MarketRules>();
  const fillListeners: FillListener[] = [];

  const rulesOf = (m: Market): MarketRules => {
    const rules = registered.get(m);
    if (!rules) throw new Error(`no market rules registered for ${m}`);
    return rules;
  };
  const view = (row: OrderRow): Order => toOrder(row, rulesOf(row.market).pricePrecision(row.symbol));

  const mapError = (error: unknown, rules: MarketRules): unknown => {
    if (error instanceof InsufficientFunds) return new AppError(rules.insufficientCode(error), { cause: error });
    if (error instanceof LedgerKeyConflict) return new AppError('042', { cause: error });
    if (error instanceof OrderChanged) return new AppError('9604', { cause: error });
    return error;
  };

  let matcher: Matcher | undefined;
  /** Runs `fn` in one ledger transaction and announces what it changed once committed. */
  async function run<T>(fn: (tx: OrderTx) => Promise<T>, options?: TransactionOptions): Promise<T> {
    let tx: OrderTx | undefined;
    const value = await ledger.transaction(async (ops) => {
      tx = new OrderTx(ops, rulesOf, fillListeners);
      return fn(tx);
    }, options);
    if (tx && (tx.changed.size > 0 || tx.balances.size > 0)) {
      const rows = [...tx.changed.values()];
      matcher?.apply(rows);
      matcher?.announce(rows.map((r) => r.id));
      publishCommit(deps.pubsub, deps.log, tx, view);
    }
    return value;
  }

  matcher = new Matcher({
    repo,
    market,
    pubsub: deps.pubsub,
    log: deps.log,
    markets: () => [...registered.keys()],
    rulesOf,
    intervalMs: deps.matchIntervalMs,
    now: deps.now,
    run,
  });

  /** A market order's verdict now (queue or execute); throws the rules' refusal. */
  function queuedNow(rules: MarketRules, spec: OrderSpec, inst: Instrument): boolean {
    if (spec.orderType !== 'MARKET') return false;
    const verdict = rules.marketOrderAt(inst, spec, deps.now());
    if (typeof verdict === 'object') throw new AppError(verdict.refuse);
    return verdict === 'QUEUE';
  }

  function baseRow(rules: MarketRules, userId: string, requestId: string, p: OrderPlan, inst: Instrument): Omit<NewOrderRow, 'id' | 'status' | 'exchangeStatus' | 'isOpen'> {
    const s = p.spec;
    return {
      market: rules.market,
      userId,
      requestId,
      symbol: s.symbol,
      asset: p.asset,
      currency: rules.currency,
      side: s.side,
      orderType: s.orderType,
      source: s.source,
      inputType: s.inputType,
      quantity: s.inputType === 'quantity' ? plain(D(s.quantity as string)) : null,
      amount: s.inputType === 'amount' ? plain(D(s.amount as string)) : null,
      execQuantity: p.execQuantity,
      limitPrice: null,
      stopPrice: null,
      timeInForce: s.timeInForce,
      tradingHours: s.tradingHours ?? null,
      expiresAt: rules.expiresAt(s, inst, deps.now()),
      leverage: s.leverage ?? null,
      ...(s.reason ? { reason: s.reason } : {}),
    };
  }

  async function placeResting(tx: OrderTx, rules: MarketRules, userId: string, requestId: string, p: OrderPlan, inst: Instrument): Promise<OrderRow[]> {
    const ids = p.legs.map(() => randomUUID());
    const groupId = p.legs.length > 1 ? randomUUID() : null;
    const owner = groupId ?? (ids[0] as string);
    const holdPlan = p.hold as NonNullable<OrderPlan['hold']>;
    const accounts = holdAccountsOf(rules, { userId, side: p.spec.side, asset: p.asset });
    const held = await holdAcross(tx.ops, accounts, holdPlan.amount, `${rules.keys.hold}:${owner}`, owner);
    tx.touched(userId, holdPlan.currency);
    const base = baseRow(rules, userId, requestId, p, inst);
    const rows = await tx.repo.insertOrders(
      p.legs.map((leg, i): NewOrderRow => {
        const behaviour = behaviourOf({ orderType: p.spec.orderType, ocoLeg: leg.ocoLeg, triggered: false });
        return {
          ...base,
          id: ids[i] as string,
          limitPrice: leg.limitPrice,
          stopPrice: leg.stopPrice,
          ocoGroupId: groupId,
          ocoLeg: leg.ocoLeg,
          ...held,
          // A limit rests at once; a stop (or a market order waiting for the open) waits, unsent.
          ...placedState(behaviour === 'LIMIT' ? ['PLACE', 'SEND', 'ACCEPT'] : ['PLACE']),
        };
      }),
    );
    return rows.map((row) => tx.record(row));
  }

  /** Locks an order of the user in `market` (and its OCO sibling); 003 for an unknown id or another user's order. */
  async function lockOwn(tx: OrderTx, m: Market, userId: string, orderId: string): Promise<{ order: OrderRow; rows: OrderRow[] }> {
    if (!UUID.test(orderId)) throw new AppError('003');
    const rows = await tx.repo.lock(orderId);
    const order = rows.find((r) => r.id === orderId);
    if (!order || order.userId !== userId || order.market !== m) throw new AppError('003');
    return { order, rows };
  }

  return {
    matcher,
    run,
    view,
    markets: () => [...registered.keys()],

    register(rules: MarketRules, options: { readonly replace?: boolean } = {}): void {
      // Replacing is for tests that steer a market's rules (every wire market has a module now).
      if (registered.has(rules.market) && !options.replace) throw new Error(`market ${rules.market} is registered twice`);
      registered.set(rules.market, rules);
    },

    rules: rulesOf,

    estimate(m: Market, spec: OrderSpec, language: Language): OrderPlan {
      const rules = rulesOf(m);
      const inst = rules.instrument(spec.symbol);
      return rules.plan({ ...spec, symbol: inst.symbol }, inst, { language, queued: queuedNow(rules, spec, inst) });
    },

    async place(m: Market, userId: string, requestId: string, spec: OrderSpec, language: Language) {
      const rules = rulesOf(m);
      // The same request id placed before (a retry after its idempotency key expired) answers the
      // order(s) it placed, whatever this attempt would do. A new request, the common case, has
      // none, so they are read only when this attempt does not go through: a refusal, or the
      // unique index on (user, request id) refusing the new row, which rolls its transaction back.
      const earlierOr = async (error: unknown) => {
        const earlier = await repo.byRequest(userId, requestId);
        if (earlier.length > 0) return { orders: earlier.map(view) };
        throw error;
      };
      let p: OrderPlan;
      let inst: Instrument;
      try {
        // A close the margin engine places is never refused for the person's identity, terms or the
        // market's orders switch: a liquidation must happen whatever became of the account.
        if (!isEngineClose(spec)) await rules.assertMayTrade(userId);
        inst = rules.instrument(spec.symbol);
        const placing = { ...spec, symbol: inst.symbol };
        await rules.assertTradable({ userId, spec: placing, instrument: inst, language, amending: false });
        p = rules.plan(placing, inst, { language, queued: queuedNow(rules, placing, inst) });
      } catch (error) {
        return earlierOr(error);
      }
      try {
        // A fill the engine books itself (no settleFill/afterFill of the market) awaits every
        // statement uncaught and ends with one (the order and fill rows, then the fill listeners'),
        // so that last statement proves the transaction alive: no `select 1` before the commit.
        const booksItself = !rules.settleFill && !rules.afterFill;
        const plan = p;
        const rows = await run(
          async (tx) =>
            plan.walk
              ? [await tx.placeFilled({ ...baseRow(rules, userId, requestId, plan, inst), id: randomUUID() }, plan.walk.fills)]
              : placeResting(tx, rules, userId, requestId, plan, inst),
          { endsWithStatement: Boolean(plan.walk) && booksItself },
        );
        return { orders: rows.map(view) };
      } catch (error) {
        return earlierOr(mapError(error, rules));
      }
    },

    async cancel(m: Market, userId: string, orderId: string) {
      const rules = rulesOf(m);
      try {
        const rows = await run(async (tx) => {
          const { order, rows: group } = await lockOwn(tx, m, userId, orderId);
          if (!order.isOpen) throw new AppError(order.status === 'SUCCESS' ? '9603' : '9602');
          return tx.cancel(group, 'USER');
        });
        return { orders: rows.map(view) };
      } catch (error) {
        throw mapError(error, rules);
      }
    },

    async amend(m: Market, userId: string, orderId: string, body: AmendRequest, language: Language) {
      const rules = rulesOf(m);
      rules.assertOrdersOn();
      // Halts first, outside the transaction (reading them inside would wait on PGlite's one connection).
      const found = UUID.test(orderId) ? await repo.byId(orderId) : null;
      if (!found || found.userId !== userId || found.market !== m) throw new AppError('003');
      const inst = rules.instrument(found.symbol);
      await rules.assertTradable({ userId, spec: specOf(found), instrument: inst, language, amending: true });
      try {
        const rows = await run(async (tx) => {
          const { order, rows: group } = await lockOwn(tx, m, userId, orderId);
          if (!order.isOpen) throw new AppError('9605');
          amendEvents(order);
          const changes = rules.planAmend(order, group, body, inst, language);
          const merged = group.map((row) => ({ ...row, ...(changes.get(row.id) ?? {}) }));
          const hold = await tx.rehold(merged, `${rules.keys.hold}:${order.ocoGroupId ?? order.id}:v${order.version + 1}`);
          const out: OrderRow[] = [];
          for (const row of group) {
            const change = changes.get(row.id);
            if (!change || !row.isOpen) continue;
            out.push(await tx.transition(row, amendEvents(row), { ...change, holdId: hold.holdId, holdAmount: hold.holdAmount, hold2Id: hold.hold2Id, hold2Amount: hold.hold2Amount }));
          }
          return out;
        });
        return { orders: rows.map(view) };
      } catch (error) {
        throw mapError(error, rules);
      }
    },

    async list(m: Market, userId: string, query) {
      const size = query.size;
      const rows = await repo.list(userId, {
        market: m,
        open: query.scope === 'open',
        ...(query.symbol ? { symbol: query.symbol.toUpperCase() } : {}),
        offset: (query.page - 1) * size,
        limit: size + 1,
      });
      return { items: rows.slice(0, size).map(view), page: query.page, size, hasMore: rows.length > size };
    },

    async get(m: Market, userId: string, orderId: string) {
      if (!UUID.test(orderId)) throw new AppError('003');
      const row = await repo.byId(orderId);
      if (!row || row.userId !== userId || row.market !== m) throw new AppError('003');
      return view(row);
    },

    fillsOf(userId, filter) {
      return repo.userFills(userId, filter);
    },

    onFill(listener) {
      fillListeners.push(listener);
    },
  };
}

/** An open order as the request that placed it (what an amendment's checks read). */
function specOf(row: OrderRow): OrderSpec {
  return {
    source: row.source,
    side: row.side,
    symbol: row.symbol,
    orderType: row.orderType,
    inputType: row.inputType,
    quantity: row.quantity ?? undefined,
    amount: row.amount ?? undefined,
    limitPrice: row.limitPrice ?? undefined,
    stopPrice: row.stopPrice ?? undefined,
    timeInForce: row.timeInForce,
    tradingHours: row.tradingHours ?? undefined,
    leverage: row.leverage ?? undefined,
  };
}
