// The perpetual futures service: §7 Perp futures over the trading engine (orders) and the margin
// engine (positions, leverage, margin, TP/SL, funding). Routes translate the wire; this decides.
import type {
  CryptoFuturesPortfolio,
  Language,
  Order,
  PerpBalance,
  PerpCloseEstimate,
  PerpCloseQuery,
  PerpCloseRequest,
  PerpEstimateQuery,
  PerpFundingHistory,
  PerpFundingHistoryQuery,
  PerpFundingRate,
  PerpInstrument,
  PerpLeverageResponse,
  PerpOrder,
  PerpOrderEstimate,
  PerpOrderList,
  PerpOrderRequest,
  PerpOrdersQuery,
  PerpOrderTypesResponse,
  PerpPlaceResponse,
  PerpPosition,
  PerpPositionMarginRequest,
  PerpPositionResponse,
  PerpPositionsResponse,
  PerpTpSlRequest,
} from '@pasar/shared/contract';
import { ERROR_CATALOGUE, PERP_CLOSE_REASONS, PERP_ORDERS_PAGE_SIZE, PERP_ORDER_TYPES } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import type { Engine } from '../../trading/engine';
import type { OrderSpec, Side } from '../../trading';
import type { MarginMode, PositionView } from '../../trading/margin/api';
import type { MarginEngineImpl } from '../../trading/margin/engine';
import type { MarginFillReads } from '../../trading/margin/fill-reads';
import { applyFill, initialMargin, liquidationPrice, maxLeverageFor } from '../../trading/margin/math';
import { PERP_BOOK, perpAccount, tiersOf, type PerpRules, type PerpSettings } from './rules';

export interface PerpServiceDeps {
  readonly engine: Engine;
  readonly margin: MarginEngineImpl;
  readonly rules: PerpRules;
  readonly market: MarketRuntime;
  readonly ledger: Ledger;
  /** The fills of a page's orders (their realized P&L is in the fills' MARGIN_FILL memos), and the closed positions' totals. */
  readonly fills: Pick<MarginFillReads, 'fillsOfOrders' | 'closedTotals'>;
  readonly settings: PerpSettings;
  /** USDT price in IDR (mid), for the portfolio's IDR figure. */
  readonly usdtIdr: () => string;
}

const D = (v: Decimal.Value): Decimal => new Decimal(v);
const usdt = (v: Decimal.Value): string => D(v).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();

export type PerpService = ReturnType<typeof createPerpService>;

export function createPerpService(deps: PerpServiceDeps) {
  const { engine, margin, rules, market, ledger, settings } = deps;

  const instruments = (): PerpInstrument[] =>
    market
      .instruments()
      .filter((i) => i.kind === 'perps')
      .map((i) => {
        const tiers = tiersOf(i.symbol);
        return {
          symbol: i.symbol,
          id: i.id,
          baseAsset: i.shortName,
          underlying: i.underlying,
          name: i.name,
          icon: i.icon,
          pricePrecision: i.pricePrecision,
          tickSize: i.tickSize,
          quantityPrecision: i.quantityPrecision,
          quantityStep: i.quantityStep,
          minQuantity: i.minQuantity,
          minNotional: settings.minNotional,
          maxLeverage: tiers[0]?.maxLeverage ?? 1,
          tiers: [...tiers],
          makerFeeRate: settings.makerFeeRate,
          takerFeeRate: settings.takerFeeRate,
          priceBandRate: D(settings.priceBandPercent).div(100).toFixed(),
          tradable: i.tradable,
        };
      });

  const positionOf = (p: PositionView): PerpPosition => ({
    symbol: p.symbol,
    side: p.side,
    quantity: p.quantity,
    entryPrice: p.entryPrice,
    markPrice: p.markPrice,
    indexPrice: market.ticker(p.symbol).indexPrice ?? p.markPrice,
    notional: p.notional,
    leverage: p.leverage,
    marginMode: p.marginMode,
    margin: p.margin,
    initialMargin: p.initialMargin,
    maintenanceMargin: p.maintenanceMargin,
    maintenanceMarginRate: p.maintenanceMarginRate,
    tier: p.tier,
    unrealizedPnl: p.unrealizedPnl,
    roePercent: p.roePercent,
    realizedPnl: p.realizedPnl,
    feesPaid: p.feesPaid,
    fundingPaid: p.fundingPaid,
    liquidationPrice: p.liquidationPrice,
    bankruptcyPrice: p.bankruptcyPrice,
    marginRatioPercentage: p.marginRatioPercentage,
    takeProfit: p.takeProfit,
    stopLoss: p.stopLoss,
    openedAt: p.openedAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  });

  async function balance(userId: string): Promise<PerpBalance> {
    const account = await ledger.balance(perpAccount(userId));
    const exposure = await margin.exposure('PERPS', userId, PERP_BOOK);
    const marginBalance = D(account.balance).plus(exposure.unrealizedPnl);
    const mm = D(exposure.maintenanceMargin);
    const ratio = mm.isZero() ? D(0) : marginBalance.lte(0) ? D(100) : mm.div(marginBalance).times(100).toDecimalPlaces(2, Decimal.ROUND_UP);
    return {
      buyingPower: usdt(account.available),
      marginRatioPercentage: ratio.toFixed(2),
      walletBalance: usdt(account.balance),
      availableBalance: usdt(account.available),
      unrealizedPnl: usdt(exposure.unrealizedPnl),
      positionMargin: usdt(exposure.positionMargin),
    };
  }

  /**
   * What each order realized: the sum of its fills' P&L as the margin engine booked it (the memo of
   * each fill's MARGIN_FILL transfer; 0 for a fill that opened or added), read for these orders only.
   */
  async function realizedOf(orderIds: readonly string[]): Promise<Map<string, Decimal>> {
    const fills = await deps.fills.fillsOfOrders(orderIds);
    const memos = await ledger.memosOf(fills.map((f) => f.transferId));
    const realized = new Map<string, Decimal>();
    for (const fill of fills) {
      const pnl = memos.get(fill.transferId)?.realizedPnl;
      realized.set(fill.orderId, (realized.get(fill.orderId) ?? D(0)).plus(typeof pnl === 'string' ? pnl : 0));
    }
    return realized;
  }

  /**
   * An order's margin mode is its symbol's: the mode cannot change while the symbol has an open
   * order (4207 here) or a position (4207 in the engine), so every open order and every fill ran
   * under the mode read now, unless the person changed it after the order ended.
   */
  async function modesOf(userId: string, orders: readonly Order[]): Promise<Map<string, MarginMode>> {
    const symbols = [...new Set(orders.map((o) => o.symbol))];
    const settings = await Promise.all(symbols.map((symbol) => margin.settings('PERPS', userId, PERP_BOOK, symbol)));
    return new Map(settings.map((s) => [s.symbol, s.marginMode]));
  }

  /** Orders as the perps wire shows them: reduce-only, margin mode and realized P&L. */
  async function perpOrders(userId: string, orders: readonly Order[]): Promise<PerpOrder[]> {
    const [realized, modes] = await Promise.all([realizedOf(orders.map((o) => o.id)), modesOf(userId, orders)]);
    return orders.map((o) => ({ ...o, reduceOnly: reduceOnlyOf(o), marginMode: modes.get(o.symbol) ?? 'CROSS', realizedPnl: usdt(realized.get(o.id) ?? 0) }));
  }

  const perpOrder = async (order: Order, reduceOnly: boolean, marginMode: MarginMode): Promise<PerpOrder> => ({
    ...order,
    reduceOnly,
    marginMode,
    realizedPnl: usdt((await realizedOf([order.id])).get(order.id) ?? 0),
  });
  /** Orders placed to reduce a position (by the person, a TP/SL or a liquidation) carry why as their reason. */
  const reduceOnlyOf = (order: Order) => order.reason !== null && (PERP_CLOSE_REASONS as readonly string[]).includes(order.reason) && order.reason !== 'USER';

  async function position(userId: string, symbol: string): Promise<PositionView | null> {
    return margin.position('PERPS', userId, PERP_BOOK, symbol);
  }

  /** 4201 when a reduce-only order would open or increase a position. */
  function assertReduces(pos: PositionView | null, side: Side, quantity: string): void {
    if (!pos || D(pos.size).isZero()) throw new AppError('4201');
    const long = D(pos.size).gt(0);
    if ((side === 'BUY') === long || D(quantity).gt(pos.quantity)) throw new AppError('4201');
  }

  function checkLeverage(leverage: number, symbol: string, notional: Decimal.Value): void {
    const max = maxLeverageFor(tiersOf(symbol), notional);
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > max) throw new AppError('4204', { details: [{ path: 'leverage', message: `1-${max}` }] });
  }

  const specOf = (side: Side, body: Pick<PerpOrderRequest, 'symbol' | 'orderType' | 'quantity' | 'limitPrice' | 'stopPrice' | 'reduceOnly'>, leverage: number): OrderSpec => ({
    source: 'ADVANCED',
    side,
    symbol: body.symbol,
    orderType: body.orderType,
    inputType: 'quantity',
    quantity: body.quantity,
    limitPrice: body.limitPrice,
    stopPrice: body.stopPrice,
    timeInForce: 'GOOD_TILL_CANCEL',
    leverage: String(leverage),
    reduceOnly: body.reduceOnly,
    ...(body.reduceOnly ? { reason: 'REDUCE_ONLY' } : {}),
  });

  async function estimateOf(userId: string, side: Side, q: PerpEstimateQuery, language: Language): Promise<PerpOrderEstimate> {
    const inst = rules.instrument(q.symbol);
    const current = await margin.settings('PERPS', userId, PERP_BOOK, inst.symbol);
    const leverage = q.leverage ?? current.leverage;
    const marginMode = q.marginMode ?? current.marginMode;
    const pos = await position(userId, inst.symbol);
    const bal = await balance(userId);
    let refusalCode: string | null = null;
    let plan;
    try {
      if (q.reduceOnly) assertReduces(pos, side, q.quantity);
      plan = engine.estimate('PERPS', { ...specOf(side, { ...q, reduceOnly: q.reduceOnly }, leverage), symbol: inst.symbol }, language);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusalCode = error.code;
      plan = null;
    }
    const price = plan ? D(plan.estimate.price) : D(rules.markPrice(inst.symbol));
    const notional = price.times(q.quantity);
    const fee = notional.times(rules.feeRate(q.orderType)).toDecimalPlaces(6, Decimal.ROUND_UP);
    const signed = side === 'BUY' ? D(q.quantity) : D(q.quantity).neg();
    const after = applyFill(pos?.size ?? '0', pos?.entryPrice ?? '0', signed, price);
    const opening = after.opened.gt(0) && !q.reduceOnly;
    // A leverage below 1 has no margin (notional / 0 or negative): none is shown, and checkLeverage refuses it.
    const im = opening && leverage >= 1 ? initialMargin(after.opened.times(price), leverage).toDecimalPlaces(6, Decimal.ROUND_UP) : D(0);
    if (refusalCode === null) {
      try {
        checkLeverage(leverage, inst.symbol, after.size.abs().times(price));
      } catch (error) {
        refusalCode = (error as AppError).code;
      }
    }
    if (refusalCode === null && im.plus(fee).gt(bal.availableBalance)) refusalCode = '1115';
    const isolatedMargin = marginMode === 'ISOLATED' ? D(pos?.margin ?? 0).plus(im) : D(bal.walletBalance).minus(fee);
    const lp = after.size.isZero() ? null : liquidationPrice({ size: after.size, entryPrice: after.entryPrice, walletBalance: isolatedMargin, tiers: tiersOf(inst.symbol) });
    return {
      symbol: inst.symbol,
      side,
      price: price.toFixed(),
      quantity: q.quantity,
      notional: usdt(notional),
      estimatedAmount: usdt(notional),
      initialMargin: im.toFixed(),
      fee: fee.toFixed(),
      feeRate: rules.feeRate(q.orderType),
      estimatedTotalAmount: im.plus(fee).toFixed(),
      leverage,
      marginMode,
      liquidationPrice: lp ? lp.toDecimalPlaces(inst.pricePrecision + 2, Decimal.ROUND_HALF_UP).toFixed() : null,
      availableBalance: bal.availableBalance,
      availableAfter: usdt(D(bal.availableBalance).minus(im).minus(fee)),
      refusalCode,
    };
  }

  async function positionResponse(userId: string, symbol: string): Promise<PerpPositionResponse> {
    const pos = await position(userId, symbol);
    return { symbol, position: pos ? positionOf(pos) : null, balance: await balance(userId) };
  }

  return {
    instruments,
    balance,
    positionOf,

    async orderTypes(userId: string, symbol: string, language: Language): Promise<PerpOrderTypesResponse> {
      const inst = rules.instrument(symbol);
      await market.halts.fresh();
      const halted = Boolean(market.halts.get(inst.symbol));
      const enabled = settings.ordersEnabled && !halted;
      const s = await margin.settings('PERPS', userId, PERP_BOOK, inst.symbol);
      const mark = D(rules.markPrice(inst.symbol));
      const band = D(settings.priceBandPercent).div(100);
      return {
        symbol: inst.symbol,
        orderTypes: [...PERP_ORDER_TYPES],
        enableBuy: enabled,
        enableSell: enabled,
        disabledReason: enabled ? null : ERROR_CATALOGUE['4210'][language],
        leverage: s.leverage,
        marginMode: s.marginMode,
        maxLeverage: tiersOf(inst.symbol)[0]?.maxLeverage ?? 1,
        minQuantity: inst.minQuantity,
        quantityStep: inst.quantityStep,
        minNotional: settings.minNotional,
        tickSize: inst.tickSize,
        makerFeeRate: settings.makerFeeRate,
        takerFeeRate: settings.takerFeeRate,
        markPrice: mark.toFixed(),
        priceBandLow: mark.times(D(1).minus(band)).toFixed(inst.pricePrecision),
        priceBandHigh: mark.times(band.plus(1)).toFixed(inst.pricePrecision),
      };
    },

    estimate: (userId: string, q: PerpEstimateQuery, language: Language) => estimateOf(userId, q.side, q, language),

    async place(userId: string, requestId: string, side: Side, body: PerpOrderRequest, language: Language): Promise<PerpPlaceResponse> {
      const inst = rules.instrument(body.symbol);
      const symbol = inst.symbol;
      if (!body.reduceOnly && !settings.ordersEnabled) throw new AppError('4210');
      if (body.leverage !== undefined) {
        const pos = await position(userId, symbol);
        checkLeverage(body.leverage, symbol, D(pos?.notional ?? 0));
        await margin.setLeverage('PERPS', userId, PERP_BOOK, symbol, body.leverage);
      }
      if (body.marginMode !== undefined) await margin.setMarginMode('PERPS', userId, PERP_BOOK, symbol, body.marginMode);
      const s = await margin.settings('PERPS', userId, PERP_BOOK, symbol);
      const pos = await position(userId, symbol);
      if (body.reduceOnly) assertReduces(pos, side, body.quantity);
      else {
        const signed = side === 'BUY' ? D(body.quantity) : D(body.quantity).neg();
        const after = D(pos?.size ?? 0).plus(signed);
        checkLeverage(s.leverage, symbol, after.abs().times(rules.markPrice(symbol)));
      }
      const { orders } = await engine.place('PERPS', userId, requestId, { ...specOf(side, body, s.leverage), symbol }, language);
      const order = orders[0] as Order;
      let after = await position(userId, symbol);
      if (after && (body.takeProfit !== undefined || body.stopLoss !== undefined)) {
        after = await margin.setTpSl('PERPS', userId, PERP_BOOK, symbol, body.takeProfit, body.stopLoss);
      }
      return { order: await perpOrder(order, body.reduceOnly, s.marginMode), position: after ? positionOf(after) : null };
    },

    async cancel(userId: string, orderId: string): Promise<PerpPlaceResponse> {
      const { orders } = await engine.cancel('PERPS', userId, orderId);
      const order = orders[0] as Order;
      const s = await margin.settings('PERPS', userId, PERP_BOOK, order.symbol);
      const pos = await position(userId, order.symbol);
      return { order: await perpOrder(order, reduceOnlyOf(order), s.marginMode), position: pos ? positionOf(pos) : null };
    },

    async list(userId: string, q: PerpOrdersQuery): Promise<PerpOrderList> {
      const size = q.size ?? PERP_ORDERS_PAGE_SIZE;
      const page = await engine.list('PERPS', userId, { scope: q.scope, symbol: q.symbol, page: q.page, size });
      return { ...page, items: await perpOrders(userId, page.items) };
    },

    async get(userId: string, orderId: string): Promise<PerpOrder> {
      const [order] = await perpOrders(userId, [await engine.get('PERPS', userId, orderId)]);
      return order as PerpOrder;
    },

    async positions(userId: string): Promise<PerpPositionsResponse> {
      const items = (await margin.positions('PERPS', userId, PERP_BOOK)).map(positionOf);
      return { items, balance: await balance(userId), updatedAt: market.now() };
    },

    async closeEstimate(userId: string, q: PerpCloseQuery): Promise<PerpCloseEstimate> {
      const inst = rules.instrument(q.symbol);
      const pos = await position(userId, inst.symbol);
      if (!pos) throw new AppError('4206');
      const quantity = D(q.quantity ?? pos.quantity);
      if (quantity.gt(pos.quantity)) throw new AppError('4201');
      const side: Side = pos.side === 'LONG' ? 'SELL' : 'BUY';
      const plan = engine.estimate('PERPS', { ...specOf(side, { symbol: inst.symbol, orderType: 'MARKET', quantity: quantity.toFixed(), reduceOnly: true }, pos.leverage) }, 'en');
      const price = D(plan.estimate.price);
      const fee = D(plan.estimate.fee);
      const signed = side === 'BUY' ? quantity : quantity.neg();
      const out = applyFill(pos.size, pos.entryPrice, signed, price);
      const released = D(pos.margin).minus(D(pos.margin).times(out.size.abs()).div(pos.quantity)).toDecimalPlaces(6, Decimal.ROUND_DOWN);
      return {
        symbol: inst.symbol,
        side,
        quantity: quantity.toFixed(),
        price: price.toFixed(),
        notional: usdt(price.times(quantity)),
        fee: fee.toFixed(),
        realizedPnl: usdt(out.realizedPnl),
        marginReleased: released.toFixed(),
        netPnl: usdt(out.realizedPnl.minus(fee)),
      };
    },

    async close(userId: string, requestId: string, body: PerpCloseRequest, language: Language): Promise<PerpPlaceResponse> {
      const inst = rules.instrument(body.symbol);
      const pos = await position(userId, inst.symbol);
      if (!pos) throw new AppError('4206');
      const quantity = body.quantity ?? pos.quantity;
      assertReduces(pos, pos.side === 'LONG' ? 'SELL' : 'BUY', quantity);
      const side: Side = pos.side === 'LONG' ? 'SELL' : 'BUY';
      const spec = specOf(side, { symbol: inst.symbol, orderType: body.orderType, quantity, limitPrice: body.limitPrice, reduceOnly: true }, pos.leverage);
      const { orders } = await engine.place('PERPS', userId, requestId, spec, language);
      const after = await position(userId, inst.symbol);
      return { order: await perpOrder(orders[0] as Order, true, pos.marginMode), position: after ? positionOf(after) : null };
    },

    fundingRate(symbol: string): PerpFundingRate {
      const inst = rules.instrument(symbol);
      const t = market.ticker(inst.symbol);
      return {
        symbol: inst.symbol,
        fundingRate: t.fundingRate ?? '0',
        nextFundingTime: t.nextFundingTime ?? 0,
        markPrice: t.markPrice ?? t.price,
        indexPrice: t.indexPrice ?? t.price,
        fundingRateCap: '0.0075',
        fundingRateFloor: '-0.0075',
        updatedAt: t.updatedAt,
      };
    },

    async leverage(userId: string, symbol: string): Promise<PerpLeverageResponse> {
      const inst = rules.instrument(symbol);
      const s = await margin.settings('PERPS', userId, PERP_BOOK, inst.symbol);
      const pos = await position(userId, inst.symbol);
      const tiers = tiersOf(inst.symbol);
      return { symbol: inst.symbol, leverage: s.leverage, marginMode: s.marginMode, maxLeverage: maxLeverageFor(tiers, pos?.notional ?? 0), tiers: [...tiers] };
    },

    async setLeverage(userId: string, symbol: string, leverage: number): Promise<PerpPositionResponse> {
      const inst = rules.instrument(symbol);
      await margin.setLeverage('PERPS', userId, PERP_BOOK, inst.symbol, leverage);
      return positionResponse(userId, inst.symbol);
    },

    async setMarginMode(userId: string, symbol: string, mode: 'CROSS' | 'ISOLATED'): Promise<PerpPositionResponse> {
      const inst = rules.instrument(symbol);
      const open = await engine.list('PERPS', userId, { scope: 'open', symbol: inst.symbol, page: 1, size: 1 });
      if (open.items.length > 0) throw new AppError('4207');
      await margin.setMarginMode('PERPS', userId, PERP_BOOK, inst.symbol, mode);
      return positionResponse(userId, inst.symbol);
    },

    async positionMargin(userId: string, requestId: string, body: PerpPositionMarginRequest): Promise<PerpPositionResponse> {
      const inst = rules.instrument(body.symbol);
      await margin.adjustMargin('PERPS', userId, PERP_BOOK, inst.symbol, body.direction, body.amount, requestId);
      return positionResponse(userId, inst.symbol);
    },

    async tpsl(userId: string, body: PerpTpSlRequest): Promise<PerpPositionResponse> {
      const inst = rules.instrument(body.symbol);
      await margin.setTpSl('PERPS', userId, PERP_BOOK, inst.symbol, body.takeProfit, body.stopLoss);
      return positionResponse(userId, inst.symbol);
    },

    async fundingHistory(userId: string, q: PerpFundingHistoryQuery): Promise<PerpFundingHistory> {
      const size = q.size ?? PERP_ORDERS_PAGE_SIZE;
      const rows = await margin.charges('PERPS', userId, q.symbol, q.page, size);
      return {
        items: rows.slice(0, size).map((r) => ({
          id: r.key,
          symbol: r.symbol,
          side: D(r.size).isNegative() ? 'SHORT' : 'LONG',
          quantity: D(r.size).abs().toFixed(),
          markPrice: r.price,
          fundingRate: r.rate,
          amount: r.amount,
          fundingTime: r.chargedAt.getTime(),
        })),
        page: q.page,
        size,
        hasMore: rows.length > size,
      };
    },

    /** The margin wallet, the open positions, and totals over every position, open or closed (closed ones from the engine's record). */
    async portfolio(userId: string): Promise<CryptoFuturesPortfolio> {
      const [views, closed] = await Promise.all([margin.positions('PERPS', userId, PERP_BOOK), deps.fills.closedTotals('PERPS', userId, PERP_BOOK)]);
      const bal = await balance(userId);
      const sum = (f: (p: PositionView) => string) => views.reduce((a, p) => a.plus(f(p)), D(0));
      const marginBalance = D(bal.walletBalance).plus(bal.unrealizedPnl);
      const price = deps.usdtIdr();
      return {
        balance: bal,
        positions: views.map(positionOf),
        marginBalance: usdt(marginBalance),
        marginBalanceIdr: marginBalance.times(price).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(),
        totalUnrealizedPnl: usdt(sum((p) => p.unrealizedPnl)),
        totalRealizedPnl: usdt(sum((p) => p.realizedPnl).plus(closed.realizedPnl)),
        totalFundingPaid: usdt(sum((p) => p.fundingPaid).plus(closed.funding)),
        totalFeesPaid: usdt(sum((p) => p.feesPaid).plus(closed.fees)),
        usdtIdrPrice: price,
        updatedAt: market.now(),
      };
    },
  };
}
