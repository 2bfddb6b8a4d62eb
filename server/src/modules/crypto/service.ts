// The crypto spot rules: what a user may trade (terms, identity, the switch, halts, product flags),
// placing (market orders fill at once against the book; the others rest with a hold), cancelling,
// amending, the estimate and the lists. Every change runs in one ledger transaction (`OrderTx`)
// and is announced after the commit (private events, the matcher's index).
import { randomUUID } from 'node:crypto';
import {
  ERROR_CATALOGUE,
  ORDER_TYPES,
  CRYPTO_ORDERS_PAGE_SIZE,
  errorMessage,
  type AmendOrderRequest,
  type CryptoEstimate,
  type CryptoOrder,
  type CryptoOrderList,
  type CryptoOrdersQuery,
  type CryptoOrderTypesResponse,
  type Instrument,
  type Language,
  type PlaceOrderResponse,
  type ProductInfo,
} from '@pasar/shared/contract';
import { TradingDecimal, orderNumbers, plain, type FeeRates } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import { InsufficientFunds, LedgerKeyConflict, type Ledger } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import { INITIAL_ORDER_STATE, applyEvents, canApply, isOpen, type OrderEvent } from '../../trading';
import {
  bandedPrice,
  behaviourOf,
  checkAmount,
  checkPrice,
  checkPriceRange,
  checkQuantity,
  planOrder,
  type CryptoSettings,
  type OrderPlan,
  type OrderSpec,
} from './order-plan';
import { OrderChanged, OrderTx, holdAccountOf, ledgerCode } from './order-tx';
import { shapeOf, stateOf, toCryptoOrder } from './order-view';
import type { CryptoRepo, OrderChange } from './repo';
import type { NewOrderRow, OrderRow } from './tables';

export interface CryptoServiceSettings extends CryptoSettings, FeeRates {
  readonly matchIntervalMs: number;
}

export interface CryptoServiceDeps {
  readonly ledger: Ledger;
  readonly repo: CryptoRepo;
  readonly market: MarketRuntime;
  /** The market module's product info (halts, enableBuy/enableSell and the pro flags). */
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
  readonly assertBappebtiAccepted: (userId: string) => Promise<void>;
  readonly settings: CryptoServiceSettings;
  /** Called after every commit that changed orders or balances. */
  readonly onCommit: (tx: OrderTx) => void;
}

export type CryptoService = ReturnType<typeof createCryptoService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);

/** Postgres's unique violation (the same request placed twice at once). */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
};

const mapError = (error: unknown): unknown => {
  if (error instanceof InsufficientFunds) return new AppError(ledgerCode(error), { cause: error });
  if (error instanceof LedgerKeyConflict) return new AppError('042', { cause: error });
  if (error instanceof OrderChanged) return new AppError('9604', { cause: error });
  return error;
};

/** The state a new order is stored in, reached through the table. */
const placedState = (events: readonly OrderEvent[]) => {
  const state = applyEvents(INITIAL_ORDER_STATE, ...events);
  return { status: state.status, exchangeStatus: state.exchangeStatus, isOpen: isOpen(state) };
};

export function createCryptoService(deps: CryptoServiceDeps) {
  const { ledger, repo, market, settings } = deps;
  const rates: FeeRates = { feeRate: settings.feeRate, buyTaxRate: settings.buyTaxRate, sellTaxRate: settings.sellTaxRate };

  /** Runs `fn` in one ledger transaction and announces what it changed once committed. */
  async function run<T>(fn: (tx: OrderTx) => Promise<T>): Promise<T> {
    let tx: OrderTx | undefined;
    const value = await ledger.transaction(async (ops) => {
      tx = new OrderTx(ops, settings, rates);
      return fn(tx);
    });
    if (tx && (tx.changed.size > 0 || tx.balances.size > 0)) deps.onCommit(tx);
    return value;
  }

  const pricePrecisionOf = (symbol: string): number => market.instrument(symbol)?.pricePrecision ?? 0;
  const view = (row: OrderRow): CryptoOrder => toCryptoOrder(row, pricePrecisionOf(row.symbol));

  /** A crypto pair quoted in IDR, or 003. */
  function cryptoInstrument(symbol: string): Instrument {
    const inst = market.instrument(symbol.toUpperCase());
    if (!inst || inst.kind !== 'crypto' || inst.quoteCurrency !== 'IDR') throw new AppError('003');
    return inst;
  }

  /** Halted symbols (3701), then the product flags: simple mode's, or the pro flags (3702 / 3703). */
  async function assertTradable(inst: Instrument, source: OrderSpec['source'], side: OrderSpec['side'], language: Language): Promise<void> {
    await market.halts.fresh();
    if (market.halts.get(inst.symbol)) throw new AppError('3701');
    const info = await deps.productInfo(inst.symbol, language);
    const enabled =
      source === 'INSTANT' ? (side === 'BUY' ? info.enableBuy : info.enableSell) : side === 'BUY' ? info.enableBuyForProMode : info.enableSellForProMode;
    if (!enabled) throw new AppError(side === 'BUY' ? '3702' : '3703');
  }

  function plan(spec: OrderSpec, inst: Instrument, language: Language): OrderPlan {
    const ticker = market.ticker(inst.symbol);
    return planOrder(
      { ...spec, symbol: inst.symbol },
      { instrument: inst, last: ticker.price, book: () => market.orderBook(inst.symbol), settings, rates, language },
    );
  }

  async function placeMarket(tx: OrderTx, userId: string, requestId: string, p: OrderPlan): Promise<OrderRow[]> {
    const walk = p.walk as NonNullable<OrderPlan['walk']>;
    return [await tx.placeFilled({ ...baseRow(userId, requestId, p), id: randomUUID() }, walk.fills)];
  }

  async function placeResting(tx: OrderTx, userId: string, requestId: string, p: OrderPlan): Promise<OrderRow[]> {
    const ids = p.legs.map(() => randomUUID());
    const groupId = p.legs.length > 1 ? randomUUID() : null;
    const owner = groupId ?? (ids[0] as string);
    const holdPlan = p.hold as NonNullable<OrderPlan['hold']>;
    const hold = await tx.ops.hold({
      key: `crypto-hold:${owner}`,
      account: holdAccountOf({ userId, side: p.spec.side, asset: p.asset }),
      amount: holdPlan.amount,
      reason: 'ORDER',
      ref: owner,
    });
    tx.touched(userId, holdPlan.currency);
    const rows = await tx.repo.insertOrders(
      p.legs.map((leg, i): NewOrderRow => {
        const behaviour = behaviourOf({ orderType: p.spec.orderType, ocoLeg: leg.ocoLeg, triggered: false });
        return {
          ...baseRow(userId, requestId, p),
          id: ids[i] as string,
          limitPrice: leg.limitPrice,
          stopPrice: leg.stopPrice,
          ocoGroupId: groupId,
          ocoLeg: leg.ocoLeg,
          holdId: hold.id,
          holdAmount: hold.amount,
          // A limit rests at once; a stop waits, unsent, until its stop price is crossed.
          ...placedState(behaviour === 'LIMIT' ? ['PLACE', 'SEND', 'ACCEPT'] : ['PLACE']),
        };
      }),
    );
    return rows.map((row) => tx.record(row));
  }

  function baseRow(userId: string, requestId: string, p: OrderPlan): Omit<NewOrderRow, 'id' | 'status' | 'exchangeStatus' | 'isOpen'> {
    const s = p.spec;
    return {
      userId,
      requestId,
      symbol: s.symbol,
      asset: p.asset,
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
    };
  }

  /** Locks an order of the user (and its OCO sibling); 003 for an unknown id or another user's order. */
  async function lockOwn(tx: OrderTx, userId: string, orderId: string): Promise<{ order: OrderRow; rows: OrderRow[] }> {
    if (!UUID.test(orderId)) throw new AppError('003');
    const rows = await tx.repo.lock(orderId);
    const order = rows.find((r) => r.id === orderId);
    if (!order || order.userId !== userId) throw new AppError('003');
    return { order, rows };
  }

  return {
    rates,
    run,
    view,
    cryptoInstrument,

    async orderTypes(symbol: string, language: Language): Promise<CryptoOrderTypesResponse> {
      const inst = cryptoInstrument(symbol);
      const info = await deps.productInfo(inst.symbol, language);
      const on = settings.ordersEnabled;
      let disabledReason: string | null = null;
      if (!on) disabledReason = errorMessage('1162', language);
      else if (info.tradingHaltReason) disabledReason = info.tradingHaltReason.title;
      else if (!info.enableBuy && !info.enableSell) disabledReason = ERROR_CATALOGUE['3701'][language];
      const percent = (rate: string) => plain(D(rate).times(100));
      return {
        symbol: inst.symbol,
        instant: { enableBuy: on && info.enableBuy, enableSell: on && info.enableSell },
        advanced: {
          enableBuy: on && info.enableBuyForProMode,
          enableSell: on && info.enableSellForProMode,
          orderTypes: [...ORDER_TYPES],
          inputTypes: ['quantity', 'amount'],
        },
        disabledReason,
        pricePrecision: inst.pricePrecision,
        quantityPrecision: inst.quantityPrecision,
        quantityStep: inst.quantityStep,
        amountPrecision: 0,
        minQuantity: inst.minQuantity,
        minAmount: settings.minOrderAmount,
        feeRatePercent: percent(rates.feeRate),
        buyTaxRatePercent: percent(rates.buyTaxRate),
        sellTaxRatePercent: percent(rates.sellTaxRate),
      };
    },

    /** The numbers an order would execute with now (nothing changes). */
    estimate(spec: OrderSpec, language: Language): CryptoEstimate {
      const inst = cryptoInstrument(spec.symbol);
      const p = plan(spec, inst, language);
      return {
        symbol: inst.symbol,
        side: spec.side,
        price: p.estimate.price,
        quantity: p.estimate.quantity,
        estimatedAmount: p.estimate.base,
        fee: p.estimate.fee,
        tax: p.estimate.tax,
        estimatedTotalAmount: p.estimate.total,
        cryptocurrencyUnits: p.asset,
        worstPrice: p.estimate.worstPrice,
      };
    },

    /**
     * Places an order (both legs of an OCO). The same request id again answers the order(s) it
     * placed, even if the first attempt's answer was lost.
     */
    async place(userId: string, requestId: string, spec: OrderSpec, language: Language): Promise<PlaceOrderResponse> {
      // The three reads at once (separate connections on PostgreSQL); their verdicts in order.
      const [earlier, terms, kyc] = await Promise.all([
        repo.byRequest(userId, requestId),
        deps.assertBappebtiAccepted(userId).then(
          () => null,
          (error: unknown) => ({ error }),
        ),
        repo.kycStatus(userId),
      ]);
      if (earlier.length > 0) return { orders: earlier.map(view) };
      if (terms) throw terms.error;
      if (kyc !== 'VERIFIED') throw new AppError('007');
      if (!settings.ordersEnabled) throw new AppError('1162');
      const inst = cryptoInstrument(spec.symbol);
      await assertTradable(inst, spec.source, spec.side, language);
      const p = plan(spec, inst, language);
      try {
        const rows = await run((tx) => (p.walk ? placeMarket(tx, userId, requestId, p) : placeResting(tx, userId, requestId, p)));
        return { orders: rows.map(view) };
      } catch (error) {
        if (isUniqueViolation(error)) {
          const winner = await repo.byRequest(userId, requestId);
          if (winner.length > 0) return { orders: winner.map(view) };
        }
        throw mapError(error);
      }
    },

    /** Cancels an open order (an OCO leg with its sibling) and releases its hold. */
    async cancel(userId: string, orderId: string): Promise<PlaceOrderResponse> {
      try {
        const rows = await run(async (tx) => {
          const { order, rows: group } = await lockOwn(tx, userId, orderId);
          if (!order.isOpen) throw new AppError(order.status === 'SUCCESS' ? '9603' : '9602');
          return tx.cancel(group, 'USER');
        });
        return { orders: rows.map(view) };
      } catch (error) {
        throw mapError(error);
      }
    },

    /**
     * Amends an open order's size and/or prices: AMEND_REQUEST then AMEND_DONE (an unsent stop:
     * AMEND_DONE alone), with its hold made exactly what the amended order may spend.
     */
    async amend(userId: string, orderId: string, body: AmendOrderRequest, language: Language): Promise<PlaceOrderResponse> {
      if (!settings.ordersEnabled) throw new AppError('1162');
      // Halts first, outside the transaction (reading them inside would wait on PGlite's one connection).
      const found = UUID.test(orderId) ? await repo.byId(orderId) : null;
      if (!found || found.userId !== userId) throw new AppError('003');
      await market.halts.fresh();
      if (market.halts.get(found.symbol)) throw new AppError('3701');
      try {
        const rows = await run(async (tx) => {
          const { order, rows: group } = await lockOwn(tx, userId, orderId);
          if (!order.isOpen) throw new AppError('9605');
          amendEvents(order);
          const inst = cryptoInstrument(order.symbol);
          const changes = planAmend(order, group, body, inst, language);
          const merged = group.map((row) => ({ ...row, ...(changes.get(row.id) ?? {}) }));
          const hold = await tx.rehold(merged, `crypto-hold:${order.ocoGroupId ?? order.id}:v${order.version + 1}`);
          const out: OrderRow[] = [];
          for (const row of group) {
            const change = changes.get(row.id);
            if (!change || !row.isOpen) continue;
            out.push(await tx.transition(row, amendEvents(row), { ...change, holdId: hold?.holdId ?? null, holdAmount: hold?.amount ?? null }));
          }
          return out;
        });
        return { orders: rows.map(view) };
      } catch (error) {
        throw mapError(error);
      }
    },

    async list(userId: string, query: CryptoOrdersQuery): Promise<CryptoOrderList> {
      const size = query.size ?? CRYPTO_ORDERS_PAGE_SIZE;
      const rows = await repo.list(userId, {
        open: query.scope === 'open',
        ...(query.symbol ? { symbol: query.symbol.toUpperCase() } : {}),
        offset: (query.page - 1) * size,
        limit: size + 1,
      });
      return { items: rows.slice(0, size).map(view), page: query.page, size, hasMore: rows.length > size };
    },

    async get(userId: string, orderId: string): Promise<CryptoOrder> {
      if (!UUID.test(orderId)) throw new AppError('003');
      const row = await repo.byId(orderId);
      if (!row || row.userId !== userId) throw new AppError('003');
      return view(row);
    },
  };

  /** A resting order is amended AMEND_REQUEST then AMEND_DONE; an unsent stop AMEND_DONE alone; others not (9605). */
  function amendEvents(row: OrderRow): OrderEvent[] {
    const state = stateOf(row);
    if (canApply(state, 'AMEND_REQUEST')) return ['AMEND_REQUEST', 'AMEND_DONE'];
    if (canApply(state, 'AMEND_DONE')) return ['AMEND_DONE'];
    throw new AppError('9605');
  }

  /**
   * The new prices and size of an amendment, validated like a new order's (002, 3704, 9600/9601).
   * Prices change on the leg amended; a size change applies to every open leg of an OCO.
   */
  function planAmend(order: OrderRow, group: readonly OrderRow[], body: AmendOrderRequest, inst: Instrument, language: Language): Map<string, OrderChange> {
    const behaviour = behaviourOf(shapeOf(order));
    const usesLimit = behaviour === 'LIMIT' || behaviour === 'STOP_LIMIT';
    const usesStop = behaviour === 'STOP_MARKET' || behaviour === 'STOP_LIMIT';
    const bad = (path: string) =>
      new AppError('002', { details: [{ path, message: language === 'id' ? 'tidak dapat diubah untuk order ini' : 'cannot be amended on this order' }] });
    if (body.limitPrice !== undefined && !usesLimit) throw bad('limitPrice');
    if (body.stopPrice !== undefined && !usesStop) throw bad('stopPrice');
    const otherSize = order.inputType === 'quantity' ? 'amount' : 'quantity';
    if (body[otherSize] !== undefined) throw bad(otherSize);

    const last = market.ticker(inst.symbol).price;
    const isOco = order.orderType === 'OCO';
    const change: OrderChange = {};
    if (body.limitPrice !== undefined) {
      const p = checkPrice(body.limitPrice, inst, language, 'limitPrice');
      checkPriceRange(isOco ? 'takeProfit' : 'limit', p, order.side, last, settings, language, 'limitPrice');
      change.limitPrice = plain(p);
    }
    if (body.stopPrice !== undefined) {
      const p = checkPrice(body.stopPrice, inst, language, 'stopPrice');
      checkPriceRange(isOco ? 'stopLoss' : 'stop', p, order.side, last, settings, language, 'stopPrice');
      change.stopPrice = plain(p);
    }
    const changes = new Map<string, OrderChange>([[order.id, change]]);
    const legs = group.filter((r) => r.isOpen);
    for (const leg of legs) if (leg.id !== order.id) changes.set(leg.id, {});

    const newSize = body[order.inputType];
    const priced = legs.map((leg) => ({ ...leg, ...(changes.get(leg.id) ?? {}) }));
    if (newSize !== undefined || (order.inputType === 'amount' && (body.limitPrice !== undefined || body.stopPrice !== undefined))) {
      let execQuantity: string | null;
      const amount = order.inputType === 'amount' ? plain(checkAmount(newSize ?? (order.amount as string), language)) : null;
      if (order.inputType === 'quantity') {
        execQuantity = plain(checkQuantity(newSize as string, inst, language));
      } else if (order.execQuantity === null) {
        execQuantity = null; // a stop buy by amount keeps spending by amount
      } else {
        // Amount orders: units at the (new) reference price, as when placed.
        const ref = referenceOf(priced);
        execQuantity = orderNumbers({ side: order.side, price: plain(ref), amount: amount as string, quantityStep: inst.quantityStep, rates }).quantity;
      }
      if (amount !== null && D(amount).lt(settings.minOrderAmount)) throw minimum('amount', language);
      if (execQuantity !== null) {
        if (!D(execQuantity).gt(order.filledQuantity)) {
          throw new AppError('002', {
            details: [{ path: order.inputType, message: language === 'id' ? 'harus lebih besar dari yang sudah terisi' : 'must be more than what has already filled' }],
          });
        }
        const refPrice = priced[0]?.limitPrice ?? priced[0]?.stopPrice ?? '0';
        if (order.inputType === 'quantity' && D(execQuantity).times(refPrice).lt(settings.minOrderAmount)) throw minimum('quantity', language);
      }
      for (const leg of legs) {
        const c = changes.get(leg.id) as OrderChange;
        c.execQuantity = execQuantity;
        if (order.inputType === 'quantity') c.quantity = execQuantity;
        else c.amount = amount;
      }
    }
    return changes;
  }

  /** The reference price of an amount order's legs (as `planOrder` uses it). */
  function referenceOf(legs: readonly Pick<OrderRow, 'side' | 'orderType' | 'ocoLeg' | 'limitPrice' | 'stopPrice'>[]): TradingDecimal {
    const first = legs[0] as (typeof legs)[number];
    if (first.orderType === 'OCO') {
      const tp = legs.find((l) => l.ocoLeg === 'TAKE_PROFIT');
      const sl = legs.find((l) => l.ocoLeg === 'STOP_LOSS');
      if (first.side === 'SELL' || !sl) return D((tp ?? first).limitPrice as string);
      const banded = bandedPrice(sl.stopPrice as string, settings.marketBandPercent, 'BUY');
      return tp ? TradingDecimal.max(D(tp.limitPrice as string), banded) : banded;
    }
    return D((first.limitPrice ?? first.stopPrice) as string);
  }

  function minimum(path: string, language: Language): AppError {
    return new AppError('3704', { details: [{ path, message: `${language === 'id' ? 'minimal' : 'at least'} Rp${settings.minOrderAmount}` }] });
  }
}
