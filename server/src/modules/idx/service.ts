// The IDX calls over the trading engine: the wire's order (stockId, shares, unitPrice) becomes the
// engine's OrderSpec; the answers take the contract's shapes (estimate with fee, tax and the
// settlement date, what may be placed now with the day's band, positions valued in IDR with the
// average cost including fees, the wallet's cash, unsettled proceeds and what may be withdrawn).
import {
  ERROR_CATALOGUE,
  IDX_LOT_SIZE,
  IDX_ORDERS_PAGE_SIZE,
  type IdxAmendRequest,
  type IdxEstimate,
  type IdxHolding,
  type IdxHoldingDetails,
  type IdxMarketStatusResponse,
  type IdxOrderList,
  type IdxOrderRequest,
  type IdxOrdersQuery,
  type IdxOrderTypesResponse,
  type IdxPlaceResponse,
  type IdxPositionResponse,
  type IdxPriceQuery,
  type IdxWalletResponse,
  type Instrument,
  type Language,
  type Order,
  type ProductInfo,
} from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../../ledger/api';
import { idxCalendar } from '../../market/calendar';
import { addDays } from '../../market/calendar/time';
import { idxTickSize } from '../../market/idx-rules';
import type { FillRow, OrderSpec, Side, TradingEngine } from '../../trading';
import type { IdxRepo } from './repo';
import { IDX_MARKET, idrCashOf, idxSharesOf, idxUnsettledOf, type IdxRules } from './rules';
import { acceptsOrders, idxSessionNow, isContinuous, settlementDate, tradingDayOf, type IdxSessionNow } from './sessions';
import { unsettledLeftByDate, type SettlementRun } from './settlement';

const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export interface IdxServiceDeps {
  readonly engine: Pick<TradingEngine, 'place' | 'estimate' | 'cancel' | 'amend' | 'list' | 'get' | 'fillsOf'>;
  readonly rules: IdxRules;
  readonly repo: IdxRepo;
  readonly ledger: Pick<Ledger, 'balance'>;
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
  readonly settle: () => Promise<SettlementRun>;
  readonly now: () => number;
}

export type IdxService = ReturnType<typeof createIdxService>;

/** The engine's spec of an IDX order. */
export function idxSpecOf(side: Side, body: Pick<IdxOrderRequest, 'quantity' | 'unitPrice' | 'orderType' | 'timeInForce'>, inst: Instrument): OrderSpec {
  return {
    source: 'ADVANCED',
    side,
    symbol: inst.symbol,
    orderType: body.orderType,
    inputType: 'quantity',
    quantity: body.quantity,
    limitPrice: body.unitPrice,
    timeInForce: body.timeInForce,
  };
}

const sessionInfo = (s: IdxSessionNow) => ({
  session: s.session,
  acceptingOrders: acceptsOrders(s.session),
  continuous: isContinuous(s.session),
  nextChangeAt: iso(s.nextChangeAt),
  nextSession: s.nextSession,
});

/** Average cost (fees included) of what a user still holds of one stock, from its fills in order. */
export function averageCostOf(fills: readonly Pick<FillRow, 'side' | 'quantity' | 'amount' | 'fee' | 'tax'>[]): { quantity: TradingDecimal; cost: TradingDecimal } {
  let quantity = D('0');
  let cost = D('0');
  for (const f of fills) {
    if (f.side === 'BUY') {
      quantity = quantity.plus(f.quantity);
      cost = cost.plus(f.amount).plus(f.fee).plus(f.tax);
    } else if (quantity.gt(0)) {
      const sold = TradingDecimal.min(D(f.quantity), quantity);
      cost = cost.minus(cost.times(sold).div(quantity));
      quantity = quantity.minus(sold);
    }
  }
  return { quantity, cost };
}

export function createIdxService(deps: IdxServiceDeps) {
  const { engine, rules, repo } = deps;

  const estimateOf = (side: Side, query: Pick<IdxPriceQuery, 'stockId' | 'orderType' | 'quantity' | 'unitPrice'>, language: Language): IdxEstimate => {
    const inst = rules.byStockId(query.stockId);
    const plan = engine.estimate(IDX_MARKET, idxSpecOf(side, { ...query, timeInForce: 'GOOD_TILL_MARKET_CLOSE' }, inst), language);
    const e = plan.estimate;
    const tradeDate = tradingDayOf(deps.now());
    return {
      stockId: inst.id,
      symbol: inst.symbol,
      transactionType: side,
      price: e.price,
      quantity: e.quantity,
      lots: Number(e.quantity) / IDX_LOT_SIZE,
      amount: e.base,
      fee: e.fee,
      tax: e.tax,
      total: e.total,
      tradeDate,
      settlementDate: settlementDate(tradeDate),
    };
  };

  /** Available cash plus available unsettled proceeds: what an IDX buy may reserve (rules.holdAccounts). */
  async function buyingPowerOf(userId: string): Promise<string> {
    const [cash, unsettled] = await Promise.all([deps.ledger.balance(idrCashOf(userId)), deps.ledger.balance(idxUnsettledOf(userId))]);
    return plain(TradingDecimal.max(D(cash.available), 0).plus(TradingDecimal.max(D(unsettled.available), 0)));
  }

  async function holdingsOf(userId: string): Promise<IdxHolding[]> {
    const fills = await engine.fillsOf(userId, { market: IDX_MARKET });
    const bySymbol = new Map<string, FillRow[]>();
    for (const f of fills) bySymbol.set(f.symbol, [...(bySymbol.get(f.symbol) ?? []), f]);
    const items: IdxHolding[] = [];
    for (const [symbol, list] of [...bySymbol].sort(([a], [b]) => a.localeCompare(b))) {
      const balance = await deps.ledger.balance(idxSharesOf(userId, symbol));
      const quantity = D(balance.balance);
      if (!quantity.gt(0)) continue;
      const inst = rules.instrument(symbol);
      const { cost } = averageCostOf(list);
      const average = cost.div(quantity);
      const last = D(rules.lastPrice(symbol));
      const value = last.times(quantity);
      const basis = cost.toDecimalPlaces(0, TradingDecimal.ROUND_HALF_UP);
      const pnl = value.minus(basis);
      items.push({
        stockId: inst.id,
        symbol,
        name: inst.name,
        quantity: plain(quantity),
        lots: plain(quantity.div(IDX_LOT_SIZE)),
        availableQuantity: plain(D(balance.available)),
        averageCost: plain(average.toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP)),
        costBasis: plain(basis),
        lastPrice: plain(last),
        marketValue: plain(value),
        unrealizedPnl: plain(pnl),
        unrealizedPnlPercent: basis.isZero() ? '0' : plain(pnl.div(basis).times(100).toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP)),
      });
    }
    return items;
  }

  return {
    async place(side: Side, userId: string, requestId: string, body: IdxOrderRequest, language: Language): Promise<IdxPlaceResponse> {
      const inst = rules.byStockId(body.stockId);
      return engine.place(IDX_MARKET, userId, requestId, idxSpecOf(side, body, inst), language);
    },

    async cancel(userId: string, orderId: string, stockId: number): Promise<IdxPlaceResponse> {
      const order = await engine.get(IDX_MARKET, userId, orderId);
      if (order.symbol !== rules.byStockId(stockId).symbol) throw new AppError('003');
      return engine.cancel(IDX_MARKET, userId, orderId);
    },

    amend: (userId: string, orderId: string, body: IdxAmendRequest, language: Language): Promise<IdxPlaceResponse> =>
      engine.amend(IDX_MARKET, userId, orderId, { quantity: body.quantity, limitPrice: body.unitPrice }, language),

    priceCalculate: (query: IdxPriceQuery, language: Language): IdxEstimate => estimateOf(query.transactionType, query, language),

    async orderTypes(userId: string, stockId: number, side: Side, language: Language): Promise<IdxOrderTypesResponse> {
      const inst = rules.byStockId(stockId);
      const now = deps.now();
      const session = idxSessionNow(now);
      const info = await deps.productInfo(inst.symbol, language);
      let disabledReason: string | null = null;
      try {
        await rules.assertMayTrade(userId);
        if (info.tradingHaltReason) throw new AppError('3701');
        if (!(side === 'BUY' ? info.enableBuy : info.enableSell)) throw new AppError(side === 'BUY' ? '3702' : '3703');
        if (!acceptsOrders(session.session)) throw new AppError('3904');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        disabledReason = info.tradingHaltReason?.title ?? ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE]?.[language] ?? error.message;
      }
      const band = rules.bandFor(inst.symbol);
      const last = rules.lastPrice(inst.symbol);
      const tradeDate = tradingDayOf(now);
      return {
        stockId: inst.id,
        symbol: inst.symbol,
        transactionType: side,
        session: sessionInfo(session),
        enabled: disabledReason === null,
        disabledReason,
        orderTypes: isContinuous(session.session) ? ['LIMIT', 'MARKET'] : ['LIMIT'],
        timesInForce: ['GOOD_TILL_MARKET_CLOSE', 'GOOD_TILL_CANCEL'],
        lotSize: IDX_LOT_SIZE,
        band: { previousClose: band.previousClose, arb: String(band.low), ara: String(band.high) },
        lastPrice: last,
        tickSize: String(idxTickSize(Number(last))),
        fees: { buyFeeRate: rules.settings.buyFeeRate, sellFeeRate: rules.settings.sellFeeRate, sellTaxRate: rules.settings.sellTaxRate },
        settlementDate: settlementDate(tradeDate),
        buyingPower: await buyingPowerOf(userId),
      };
    },

    async userPosition(userId: string): Promise<IdxPositionResponse> {
      const items = await holdingsOf(userId);
      const sum = (f: (h: IdxHolding) => string) => plain(items.reduce((s, h) => s.plus(f(h)), D('0')));
      return { items, totalValue: sum((h) => h.marketValue), totalCost: sum((h) => h.costBasis), totalUnrealizedPnl: sum((h) => h.unrealizedPnl), updatedAt: deps.now() };
    },

    async holding(userId: string, stockId: number): Promise<IdxHoldingDetails> {
      const inst = rules.byStockId(stockId);
      const [balance, items] = await Promise.all([deps.ledger.balance(idxSharesOf(userId, inst.symbol)), holdingsOf(userId)]);
      return {
        stockId: inst.id,
        symbol: inst.symbol,
        quantity: plain(D(balance.balance)),
        quantityAvailableForSale: plain(D(balance.available)),
        averageCost: items.find((h) => h.symbol === inst.symbol)?.averageCost ?? '0',
      };
    },

    async wallet(userId: string): Promise<IdxWalletResponse> {
      const [cash, unsettled, rows] = await Promise.all([deps.ledger.balance(idrCashOf(userId)), deps.ledger.balance(idxUnsettledOf(userId)), repo.unsettledOf(userId)]);
      return {
        cash: plain(D(cash.balance)),
        unsettled: plain(D(unsettled.balance)),
        // What each date will settle: proceeds a buy spent are gone from the latest-settling dates.
        unsettledByDate: unsettledLeftByDate(rows, unsettled.balance),
        withdrawable: plain(D(cash.available)),
      };
    },

    settle: () => deps.settle(),

    marketStatus(): IdxMarketStatusResponse {
      const now = deps.now();
      const today = idxCalendar.localDate(now);
      const sessions = idxCalendar.sessions(today);
      const over = sessions.length === 0 || (sessions[sessions.length - 1] as { close: number }).close <= now;
      const tradingDate = over ? idxCalendar.nextTradingDay(addDays(today, 1)) : today;
      const shown = over ? idxCalendar.sessions(tradingDate) : sessions;
      const of = (kind: string) => shown.find((s) => s.kind === kind) ?? null;
      return {
        ...sessionInfo(idxSessionNow(now)),
        now: new Date(now).toISOString(),
        tradingDate,
        timeZone: idxCalendar.timeZone,
        holiday: idxCalendar.holidayName(today),
        friday: new Date(`${tradingDate}T00:00:00Z`).getUTCDay() === 5,
        preOpeningTime: iso(of('PRE_MARKET')?.open ?? null),
        session1OpenTime: iso(of('SESSION_1')?.open ?? null),
        session1CloseTime: iso(of('SESSION_1')?.close ?? null),
        session2OpenTime: iso(of('SESSION_2')?.open ?? null),
        session2CloseTime: iso(of('SESSION_2')?.close ?? null),
        preClosingCloseTime: iso(of('POST_MARKET')?.close ?? null),
      };
    },

    async list(userId: string, query: IdxOrdersQuery): Promise<IdxOrderList> {
      const symbol = query.stockId === undefined ? undefined : rules.byStockId(query.stockId).symbol;
      return engine.list(IDX_MARKET, userId, { scope: query.scope, symbol, page: query.page, size: query.size ?? IDX_ORDERS_PAGE_SIZE });
    },

    get: (userId: string, orderId: string): Promise<Order> => engine.get(IDX_MARKET, userId, orderId),
  };
}
