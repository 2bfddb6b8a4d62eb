// The US stock calls (§7 Global stock) over the trading engine: the §3 payload becomes the
// engine's OrderSpec (stockId -> ticker, unitPrice -> limit price), leverage is refused here (3805:
// leveraged orders are the leverage calls', leverage.ts), and the answers take the
// contract's shapes (estimate in USD and IDR, what may be placed now, positions, market status).
import {
  ERROR_CATALOGUE,
  US_STOCK_ORDERS_PAGE_SIZE,
  type Instrument,
  type Language,
  type Order,
  type ProductInfo,
  type UsMarketStatusResponse,
  type UsStockAmendRequest,
  type UsStockEstimate,
  type UsStockHoldingDetails,
  type UsStockOrderList,
  type UsStockOrderRequest,
  type UsStockOrdersQuery,
  type UsStockOrderTypesResponse,
  type UsStockPlaceResponse,
  type UsStockPositionResponse,
  type UsStockPriceQuery,
  type UsStockHoldingsResponse,
} from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../../ledger/api';
import { nyseCalendar } from '../../market/calendar';
import { addDays } from '../../market/calendar/time';
import type { OrderSpec, Side, TradingEngine } from '../../trading';
import type { UsStockRepo } from './repo';
import { US_MARKET, sharesOf, type createUsStockRules } from './rules';
import { sessionRefusal, usSessionNow } from './sessions';
import { tickSizeAt, usCharges } from './us-math';

type UsRules = ReturnType<typeof createUsStockRules>;
const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export interface UsStockServiceDeps {
  readonly engine: Pick<TradingEngine, 'place' | 'estimate' | 'cancel' | 'amend' | 'list' | 'get'>;
  readonly rules: UsRules;
  readonly repo: UsStockRepo;
  readonly ledger: Ledger;
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
  /** The portfolio's US holdings (average cost in USD, value in USD and IDR). */
  readonly usHoldings: (userId: string) => Promise<UsStockHoldingsResponse>;
  /** IDR per USD (2 decimals) at an instant. */
  readonly usdIdr: (at: number) => string;
  readonly now: () => number;
  /** Shares of the user's intraday (4x) position in a stock (leverage sells take them). */
  readonly intradayQuantity?: (userId: string, symbol: string) => Promise<string>;
}

export type UsStockService = ReturnType<typeof createUsStockService>;

const SUB_TYPE_REFUSAL = { id: 'tidak cocok dengan jenis order', en: 'does not match the order type' };

/** The engine's spec of a §3 payload. */
export function specOf(side: Side, body: UsStockOrderRequest, inst: Instrument): OrderSpec {
  return {
    source: 'ADVANCED',
    side,
    symbol: inst.symbol,
    orderType: body.orderType,
    inputType: body.amount !== undefined && body.quantity === undefined ? 'amount' : 'quantity',
    quantity: body.quantity,
    amount: body.amount,
    limitPrice: body.unitPrice,
    stopPrice: body.stopPrice,
    takeProfit: body.takeProfit,
    stopLoss: body.stopLoss,
    timeInForce: body.timeInForce,
    tradingHours: body.tradingHours,
    leverage: String(body.leverage),
  };
}

export function createUsStockService(deps: UsStockServiceDeps) {
  const { engine, rules, repo } = deps;

  /** Leverage (2x, 4x intraday) is refused with 3805; a TP/SL sub-type names a sell of its type (3806). */
  function assertCash(side: Side, body: UsStockOrderRequest, language: Language): void {
    if (body.leverage !== 1 || body.isIntradayLeverage || body.tradingHours === 'INTRADAY') throw new AppError('3805');
    const subTypeFits =
      body.orderSubType === 'NORMAL' ||
      (side === 'SELL' && ((body.orderSubType === 'TAKE_PROFIT' && body.orderType === 'LIMIT') || (body.orderSubType === 'STOP_LOSS' && body.orderType === 'STOP')));
    if (!subTypeFits) throw new AppError('3806', { details: [{ path: 'orderSubType', message: SUB_TYPE_REFUSAL[language] }] });
  }

  async function ownOrder(userId: string, orderId: string): Promise<Order> {
    return engine.get(US_MARKET, userId, orderId);
  }

  return {
    async place(side: Side, userId: string, requestId: string, body: UsStockOrderRequest, language: Language): Promise<UsStockPlaceResponse> {
      assertCash(side, body, language);
      const inst = rules.byStockId(body.stockId);
      // Corporate actions look at every user who has bought the stock.
      if (side === 'BUY') await repo.addHolder(userId, inst.symbol, new Date(deps.now()));
      return engine.place(US_MARKET, userId, requestId, specOf(side, body, inst), language);
    },

    async cancel(userId: string, orderId: string, stockId: number): Promise<UsStockPlaceResponse> {
      const order = await ownOrder(userId, orderId);
      if (order.symbol !== rules.byStockId(stockId).symbol) throw new AppError('003');
      return engine.cancel(US_MARKET, userId, orderId);
    },

    async amend(userId: string, orderId: string, body: UsStockAmendRequest, language: Language): Promise<UsStockPlaceResponse> {
      return engine.amend(US_MARKET, userId, orderId, { quantity: body.quantity, amount: body.amount, limitPrice: body.unitPrice, stopPrice: body.stopPrice }, language);
    },

    priceCalculate(query: UsStockPriceQuery, language: Language): UsStockEstimate {
      const inst = rules.byStockId(query.stockId);
      const body: UsStockOrderRequest = {
        stockId: query.stockId,
        quantity: query.quantity,
        amount: query.amount,
        unitPrice: query.unitPrice,
        stopPrice: query.stopPrice,
        orderType: query.orderType === 'OCO' ? 'LIMIT' : query.orderType,
        orderSubType: 'NORMAL',
        timeInForce: 'GOOD_TILL_CANCEL',
        tradingHours: 'REGULAR_HOURS',
        leverage: 1,
        isIntradayLeverage: false,
      };
      const plan = engine.estimate(US_MARKET, specOf(query.transactionType, body, inst), language);
      const e = plan.estimate;
      // The regulatory fees of a sell, separately (the engine's tax is their sum).
      const charges = usCharges(query.transactionType, e.base, e.quantity, rules.fees);
      const rate = deps.usdIdr(deps.now());
      return {
        stockId: inst.id,
        symbol: inst.symbol,
        transactionType: query.transactionType,
        price: e.price,
        quantity: e.quantity,
        estimatedAmount: e.base,
        commission: e.fee,
        secFee: charges.secFee,
        tafFee: charges.tafFee,
        estimatedTotalAmount: e.total,
        usdIdrPrice: rate,
        estimatedTotalAmountIdr: plain(D(e.total).times(rate).toDecimalPlaces(0, query.transactionType === 'BUY' ? TradingDecimal.ROUND_UP : TradingDecimal.ROUND_DOWN)),
      };
    },

    async orderTypes(userId: string, stockId: number, side: Side, language: Language): Promise<UsStockOrderTypesResponse> {
      const inst = rules.byStockId(stockId);
      const now = deps.now();
      const session = usSessionNow(now);
      const info = await deps.productInfo(inst.symbol, language);
      let disabledReason: string | null = null;
      try {
        await rules.assertMayTrade(userId);
        if (!(side === 'BUY' ? info.enableBuy : info.enableSell)) throw new AppError(side === 'BUY' ? '3702' : '3703');
        if (session.session === 'CLOSED') throw new AppError('3801');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        disabledReason = info.tradingHaltReason?.title ?? ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE]?.[language] ?? error.message;
      }
      // What each type may do in this session, for regular hours and (ipme stocks) extended hours.
      const orderTypes = (['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO'] as const).filter(
        (t) => (t !== 'OCO' || side === 'SELL') && sessionRefusal({ orderType: t, tradingHours: 'REGULAR_HOURS', ipme: inst.hasPostMarket, session: session.session }) === null,
      );
      const extendedHoursAllowed = inst.hasPostMarket && session.session !== 'CLOSED';
      const last = rules.lastPrice(inst.symbol);
      return {
        stockId: inst.id,
        symbol: inst.symbol,
        transactionType: side,
        session: { session: session.session, nextChangeAt: iso(session.nextChangeAt), nextSession: session.nextSession },
        ipme: inst.hasPostMarket,
        extendedHoursAllowed,
        enabled: disabledReason === null,
        disabledReason,
        orderTypes,
        timesInForce: ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'],
        tradingHours: extendedHoursAllowed ? ['REGULAR_HOURS', 'INCLUDE_EXTENDED_HOURS', 'PRE_MARKET'] : ['REGULAR_HOURS'],
        quantityPrecision: rules.settings.quantityPrecision,
        amountPrecision: 2,
        minAmount: rules.settings.minOrderAmount,
        minQuantity: rules.step,
        tickSize: tickSizeAt(last),
        lastPrice: last,
        commission: rules.settings.commissionMin,
        commissionRatePercent: plain(D(rules.settings.commissionRate).times(100)),
      };
    },

    async userPosition(userId: string): Promise<UsStockPositionResponse> {
      const holdings = await deps.usHoldings(userId);
      const items = holdings.items.map((h) => {
        const inst = rules.instrument(h.symbol);
        return { ...h, stockId: inst.id, name: inst.name };
      });
      const total = items.reduce((sum, h) => sum.plus(h.marketValue), D('0'));
      const totalIdr = items.reduce((sum, h) => sum.plus(h.idr.marketValue), D('0'));
      return { items, totalValue: plain(total), totalValueIdr: plain(totalIdr), usdIdr: holdings.usdIdr, updatedAt: holdings.updatedAt };
    },

    async holding(userId: string, stockId: number): Promise<UsStockHoldingDetails> {
      const inst = rules.byStockId(stockId);
      const [balance, holdings, intraday] = await Promise.all([
        deps.ledger.balance(sharesOf(userId, inst.symbol)),
        deps.usHoldings(userId),
        deps.intradayQuantity?.(userId, inst.symbol) ?? '0',
      ]);
      const held = holdings.items.find((h) => h.symbol === inst.symbol);
      return {
        stockId: inst.id,
        symbol: inst.symbol,
        quantity: plain(D(balance.balance)),
        quantityAvailableForSale: plain(D(balance.available)),
        intradayQuantityAvailableForSale: intraday,
        averageCost: held?.averageCost ?? '0',
      };
    },

    marketStatus(): UsMarketStatusResponse {
      const now = deps.now();
      const session = usSessionNow(now);
      const today = nyseCalendar.localDate(now);
      const sessions = nyseCalendar.sessions(today);
      // Today's sessions, or the next trading day's once today's are over (or today is closed).
      const over = sessions.length === 0 || (sessions[sessions.length - 1] as { close: number }).close <= now;
      const tradingDate = over ? nyseCalendar.nextTradingDay(addDays(today, 1)) : today;
      const shown = over ? nyseCalendar.sessions(tradingDate) : sessions;
      const of = (kind: string) => shown.find((s) => s.kind === kind) ?? null;
      const pre = of('PRE_MARKET');
      const regular = of('REGULAR');
      const post = of('POST_MARKET');
      return {
        session: session.session,
        nextChangeAt: iso(session.nextChangeAt),
        nextSession: session.nextSession,
        now: new Date(now).toISOString(),
        tradingDate,
        timeZone: nyseCalendar.timeZone,
        earlyClose: nyseCalendar.isEarlyClose(tradingDate),
        holiday: nyseCalendar.holidayName(today),
        marketOpenTime: iso(regular?.open ?? null),
        marketCloseTime: iso(regular?.close ?? null),
        preMarketOpenTime: iso(pre?.open ?? null),
        preMarketCloseTime: iso(pre?.close ?? null),
        postMarketOpenTime: iso(post?.open ?? null),
        postMarketCloseTime: iso(post?.close ?? null),
      };
    },

    async list(userId: string, query: UsStockOrdersQuery): Promise<UsStockOrderList> {
      const symbol = query.stockId === undefined ? undefined : rules.byStockId(query.stockId).symbol;
      return engine.list(US_MARKET, userId, { scope: query.scope, symbol, page: query.page, size: query.size ?? US_STOCK_ORDERS_PAGE_SIZE });
    },

    get: (userId: string, orderId: string): Promise<Order> => ownOrder(userId, orderId),
  };
}
