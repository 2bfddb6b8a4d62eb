// Perpetual futures' rules for the order engine (server/src/trading/market-rules.ts) and their
// plug-in for the margin engine (server/src/trading/margin/api.ts): USDT-margined perps, open
// around the clock; sizes in base units on the step (4205 below the minimum size or notional),
// prices on the tick (4211) within the band around the mark (4203); market orders walk the book;
// maker/taker fees; fills settled by the margin engine (position, margin hold, realized P&L).
// A close the margin engine places (liquidation, take profit, stop loss) is never refused for its
// size or the band: it walks the whole book, and what the book's depth cannot take fills at the
// mark (the house takes it over), so a position can always be closed. (Nor for the person's
// identity: the trading engine skips `assertMayTrade` for it.) A halted symbol cannot fill one: it
// waits for the halt to lift.
import type { Instrument, Language, OrderBook } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { AccountRef } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import { engineCloseSpec, isEngineClose, walkBook, type LegPlan, type MarketRules, type OrderPlan, type OrderRow, type OrderSpec } from '../../trading';
import type { BookWalkFilled, LevelFill } from '../../trading/book-walk';
import type { MarginMarket, MarginTierRow } from '../../trading/margin/api';
import type { MarginEngineImpl } from '../../trading/margin/engine';
import { marginFillOf } from '../../trading/margin/fill';
import { buildTiers, initialMargin } from '../../trading/margin/math';

export const PERP_BOOK = 'PERP';
export const perpAccount = (userId: string): AccountRef => ({ userId, currency: 'USDT', purpose: 'PERP_MARGIN' });
const SCALE = 6;

export interface PerpSettings {
  readonly ordersEnabled: boolean;
  readonly makerFeeRate: string;
  readonly takerFeeRate: string;
  readonly priceBandPercent: string;
  readonly minNotional: string;
}

/** Binance's published BTCUSDT brackets (BTC and ETH); a shorter table for the other perps. */
const MAJOR_TIERS = buildTiers([
  { cap: '50000', maxLeverage: 125, rate: '0.004' },
  { cap: '250000', maxLeverage: 100, rate: '0.005' },
  { cap: '1000000', maxLeverage: 50, rate: '0.01' },
  { cap: '10000000', maxLeverage: 20, rate: '0.025' },
  { cap: '20000000', maxLeverage: 10, rate: '0.05' },
  { cap: '50000000', maxLeverage: 5, rate: '0.1' },
  { cap: '100000000', maxLeverage: 4, rate: '0.125' },
  { cap: '200000000', maxLeverage: 3, rate: '0.15' },
  { cap: '300000000', maxLeverage: 2, rate: '0.25' },
  { cap: '9223372036854775807', maxLeverage: 1, rate: '0.5' },
]);
const ALT_TIERS = buildTiers([
  { cap: '5000', maxLeverage: 50, rate: '0.01' },
  { cap: '25000', maxLeverage: 20, rate: '0.025' },
  { cap: '100000', maxLeverage: 10, rate: '0.05' },
  { cap: '250000', maxLeverage: 5, rate: '0.1' },
  { cap: '1000000', maxLeverage: 2, rate: '0.125' },
  { cap: '9223372036854775807', maxLeverage: 1, rate: '0.5' },
]);
export const tiersOf = (symbol: string): readonly MarginTierRow[] => (/^(BTC|ETH)USDT-PERP$/.test(symbol) ? MAJOR_TIERS : ALT_TIERS);

const D = (v: Decimal.Value): Decimal => new Decimal(v);
export { isEngineClose };
const decimalsOf = (v: string): number => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0);
const detail = (path: string, id: string, en: string, language: Language) => ({ details: [{ path, message: language === 'id' ? id : en }] });

export interface PerpRulesDeps {
  readonly market: MarketRuntime;
  readonly settings: PerpSettings;
  readonly margin: MarginEngineImpl;
  readonly kycStatus: (userId: string) => Promise<string | null>;
  /** The trading engine's place (closing positions at market: liquidation, TP/SL). */
  readonly placeClose: (userId: string, requestId: string, spec: OrderSpec) => Promise<unknown>;
}

export interface PerpRules extends MarketRules {
  readonly marginMarket: MarginMarket;
  markPrice(symbol: string): string;
  feeRate(orderType: string): string;
  /** Refuses a price off the tick (4211) or outside the band around the mark (4203). */
  checkPrice(value: string, inst: Instrument, path: string, language: Language): Decimal;
  /** Refuses a size off the step/precision (002) or below the minimum size or notional (4205). */
  checkSize(value: string, price: Decimal.Value, inst: Instrument, language: Language): Decimal;
}

export function createPerpRules(deps: PerpRulesDeps): PerpRules {
  const { market, settings } = deps;

  function instrument(symbol: string): Instrument {
    const inst = market.instrument(symbol.toUpperCase());
    if (!inst || inst.kind !== 'perps') throw new AppError('003');
    return inst;
  }
  const markPrice = (symbol: string): string => {
    const t = market.ticker(symbol);
    return t.markPrice ?? t.price;
  };
  const feeRate = (orderType: string): string => (orderType === 'LIMIT' ? settings.makerFeeRate : settings.takerFeeRate);
  const band = () => D(settings.priceBandPercent).div(100);

  function checkPrice(value: string, inst: Instrument, path: string, language: Language): Decimal {
    const p = D(value);
    if (decimalsOf(value) > inst.pricePrecision || !p.mod(inst.tickSize).isZero()) throw new AppError('4211', detail(path, `kelipatan ${inst.tickSize}`, `a multiple of ${inst.tickSize}`, language));
    const mark = D(markPrice(inst.symbol));
    const low = mark.times(D(1).minus(band()));
    const high = mark.times(band().plus(1));
    if (p.lt(low) || p.gt(high)) {
      throw new AppError('4203', detail(path, `antara ${low.toFixed(inst.pricePrecision)} dan ${high.toFixed(inst.pricePrecision)}`, `between ${low.toFixed(inst.pricePrecision)} and ${high.toFixed(inst.pricePrecision)}`, language));
    }
    return p;
  }

  function checkSize(value: string, price: Decimal.Value, inst: Instrument, language: Language): Decimal {
    const q = D(value);
    if (q.lt(inst.minQuantity)) throw new AppError('4205', detail('quantity', `minimal ${inst.minQuantity}`, `at least ${inst.minQuantity}`, language));
    if (decimalsOf(value) > inst.quantityPrecision || !q.mod(inst.quantityStep).isZero()) {
      throw new AppError('002', detail('quantity', `harus kelipatan ${inst.quantityStep}`, `must be a multiple of ${inst.quantityStep}`, language));
    }
    if (q.times(price).lt(settings.minNotional)) throw new AppError('4205', detail('quantity', `nilai minimal ${settings.minNotional} USDT`, `a value of at least ${settings.minNotional} USDT`, language));
    return q;
  }

  /** Fee of a notional at a rate, rounded up to the USDT scale. */
  const feeOf = (notional: Decimal.Value, rate: string): Decimal => D(notional).times(rate).toDecimalPlaces(SCALE, Decimal.ROUND_UP);

  function walk(side: 'BUY' | 'SELL', quantity: string, book: Pick<OrderBook, 'bids' | 'asks'>, inst: Instrument) {
    // Only the levels and prices of the shared walk are used: perps' money is USDT at 6 decimals.
    return walkBook({ side, book, quantity, quantityStep: inst.quantityStep, rates: { feeRate: '0', buyTaxRate: '0', sellTaxRate: '0' }, bandPercent: settings.priceBandPercent, pricePrecision: inst.pricePrecision + 2 });
  }

  /**
   * An engine's close: the book from its best level down, however far (no band, no minimum), and
   * what its depth cannot take at the mark — the house's backstop. Never refused.
   */
  function forcedWalk(side: 'BUY' | 'SELL', quantity: string, book: Pick<OrderBook, 'bids' | 'asks'>, inst: Instrument): BookWalkFilled {
    const levels = (side === 'BUY' ? book.asks : book.bids)
      .map((l) => ({ price: D(l.price), quantity: D(l.quantity) }))
      .filter((l) => l.price.gt(0) && l.quantity.gt(0))
      .sort((a, b) => (side === 'BUY' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
    const fills: LevelFill[] = [];
    let left = D(quantity);
    for (const level of levels) {
      if (left.isZero()) break;
      const take = Decimal.min(left, level.quantity);
      fills.push({ price: level.price.toFixed(), quantity: take.toFixed() });
      left = left.minus(take);
    }
    if (left.gt(0)) fills.push({ price: D(markPrice(inst.symbol)).toFixed(), quantity: left.toFixed() });
    const { amount } = sumLevels(fills);
    const prices = fills.map((f) => f.price);
    return {
      ok: true,
      side,
      fills,
      quantity: D(quantity).toFixed(),
      base: amount.toFixed(),
      fee: '0',
      tax: '0',
      total: amount.toFixed(),
      averagePrice: amount.div(quantity).toDecimalPlaces(inst.pricePrecision + 2, Decimal.ROUND_HALF_UP).toFixed(),
      bestPrice: prices[0] as string,
      worstPrice: prices[prices.length - 1] as string,
    };
  }

  function sumLevels(levels: readonly LevelFill[]) {
    let quantity = D(0);
    let amount = D(0);
    for (const l of levels) {
      quantity = quantity.plus(l.quantity);
      amount = amount.plus(D(l.quantity).times(l.price));
    }
    return { quantity, amount };
  }

  const marginMarket: MarginMarket = {
    market: 'PERPS',
    currency: 'USDT',
    scale: SCALE,
    keyPrefix: 'perp',
    account: (userId) => perpAccount(userId),
    settlementAccount: () => ({ house: 'MARGIN_SETTLEMENT', currency: 'USDT' }),
    insuranceAccount: () => ({ house: 'INSURANCE_FUND', currency: 'USDT' }),
    tiers: tiersOf,
    fees: () => ({ maker: settings.makerFeeRate, taker: settings.takerFeeRate }),
    markPrice: (symbol) => {
      try {
        return markPrice(symbol);
      } catch {
        return null;
      }
    },
    // A halted symbol cannot fill a liquidation: it waits (one notice), done at the first mark after the halt lifts.
    mayLiquidateNow: (symbol) => !market.halts.isHalted(symbol),
    async closeAtMarket(request) {
      // Nor a TP/SL or a cross liquidation's other position: not placed while halted. The position
      // stays in the at-risk index, so the first mark after the halt lifts closes it if still due.
      await market.halts.fresh();
      if (market.halts.isHalted(request.symbol)) return;
      await deps.placeClose(request.userId, request.requestId, engineCloseSpec(request));
    },
  };

  return {
    market: 'PERPS',
    keys: { fill: 'perp-fill', hold: 'perp-hold' },
    currency: 'USDT',
    marginMarket,
    markPrice,
    feeRate,
    checkPrice,
    checkSize,

    instrument,

    /** Identity (007). The orders switch (4210) is the service's: closing, liquidation and TP/SL still run with it off. */
    async assertMayTrade(userId) {
      if ((await deps.kycStatus(userId)) !== 'VERIFIED') throw new AppError('007');
    },

    assertOrdersOn() {
      if (!settings.ordersEnabled) throw new AppError('4210');
    },

    async assertTradable({ instrument: inst }) {
      await market.halts.fresh();
      if (market.halts.get(inst.symbol)) throw new AppError('4210');
    },

    plan(spec, inst, { language }): OrderPlan {
      if (spec.orderType === 'OCO') throw new AppError('002', detail('orderType', 'tidak tersedia untuk perpetual', 'not offered for perpetuals', language));
      const quantity = spec.quantity;
      if (quantity === undefined) throw new AppError('002', detail('quantity', 'wajib diisi', 'is required', language));
      const needs = (field: 'limitPrice' | 'stopPrice') => {
        const v = spec[field];
        if (v === undefined) throw new AppError('002', detail(field, 'wajib diisi untuk jenis order ini', 'is required for this order type', language));
        return checkPrice(v, inst, field, language);
      };
      const leverage = Number(spec.leverage ?? '1');
      if (spec.orderType === 'MARKET') {
        const book = market.orderBook(inst.symbol);
        const forced = isEngineClose(spec);
        if (forced && !D(quantity).gt(0)) throw new AppError('002', detail('quantity', 'harus di atas 0', 'must be above 0', language));
        if (!forced) checkSize(quantity, markPrice(inst.symbol), inst, language);
        const w = forced ? forcedWalk(spec.side, quantity, book, inst) : walk(spec.side, quantity, book, inst);
        if (!w.ok) throw w.reason === 'BELOW_STEP' ? new AppError('4205') : new AppError('3705');
        const { amount } = sumLevels(w.fills);
        const fee = feeOf(amount, settings.takerFeeRate);
        const im = spec.reduceOnly ? D(0) : initialMargin(amount, leverage).toDecimalPlaces(SCALE, Decimal.ROUND_UP);
        return {
          spec,
          asset: inst.shortName,
          execQuantity: null,
          legs: [{ ocoLeg: null, limitPrice: null, stopPrice: null }],
          hold: null,
          walk: w,
          estimate: { price: w.averagePrice, quantity: w.quantity, base: amount.toFixed(), fee: fee.toFixed(), tax: '0', total: im.plus(fee).toFixed(), worstPrice: w.worstPrice },
        };
      }
      const limit = spec.orderType === 'LIMIT' || spec.orderType === 'STOP_LIMIT' ? needs('limitPrice') : null;
      const stop = spec.orderType === 'STOP' || spec.orderType === 'STOP_LIMIT' ? needs('stopPrice') : null;
      const mark = D(markPrice(inst.symbol));
      if (stop) {
        // A buy stop waits above the mark, a sell stop below it.
        if (spec.side === 'BUY' ? stop.lte(mark) : stop.gte(mark)) {
          throw new AppError('4203', detail('stopPrice', spec.side === 'BUY' ? 'harus di atas harga mark' : 'harus di bawah harga mark', spec.side === 'BUY' ? 'must be above the mark price' : 'must be below the mark price', language));
        }
      }
      const price = (limit ?? stop) as Decimal;
      const q = checkSize(quantity, price, inst, language);
      const notional = q.times(spec.side === 'BUY' && !limit ? price.times(band().plus(1)) : price);
      const fee = feeOf(notional, feeRate(spec.orderType));
      const im = spec.reduceOnly ? D(0) : initialMargin(notional, leverage).toDecimalPlaces(SCALE, Decimal.ROUND_UP);
      const hold = im.plus(fee);
      const legs: LegPlan[] = [{ ocoLeg: null, limitPrice: limit ? limit.toFixed() : null, stopPrice: stop ? stop.toFixed() : null }];
      return {
        spec,
        asset: inst.shortName,
        execQuantity: q.toFixed(),
        legs,
        hold: { currency: 'USDT', amount: hold.toFixed() },
        walk: null,
        estimate: { price: price.toFixed(), quantity: q.toFixed(), base: q.times(price).toFixed(), fee: fee.toFixed(), tax: '0', total: hold.toFixed(), worstPrice: null },
      };
    },

    planAmend(_order, _group, _body, _inst, _language) {
      throw new AppError('9605');
    },

    pricePrecision: (symbol) => (market.instrument(symbol)?.pricePrecision ?? 2) + 2,

    fillNumbers(order, levels) {
      const { quantity, amount } = sumLevels(levels);
      const orderType = (order as Partial<OrderRow>).orderType ?? 'MARKET';
      const fee = feeOf(amount, feeRate(orderType));
      const price = quantity.isZero() ? D(0) : amount.div(quantity);
      return {
        quantity: quantity.toFixed(),
        price: price.toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed(),
        amount: amount.toFixed(),
        fee: fee.toFixed(),
        tax: '0',
        total: fee.toFixed(),
        after: {
          filledQuantity: D(order.filledQuantity).plus(quantity).toFixed(),
          filledAmount: D(order.filledAmount).plus(amount).toFixed(),
          fee: D(order.fee).plus(fee).toFixed(),
          tax: '0',
          total: D(order.total).plus(fee).toFixed(),
        },
      };
    },

    /** Amendments are refused: what a group still needs is its remaining notional at 1x with the fee. */
    holdNeeds(legs) {
      let need = D(0);
      for (const l of legs) {
        const price = D(l.limitPrice ?? l.stopPrice ?? '0');
        const left = D(l.execQuantity ?? '0').minus(l.filledQuantity);
        need = need.plus(left.times(price).times(D(settings.takerFeeRate).plus(1)));
      }
      return need.toDecimalPlaces(SCALE, Decimal.ROUND_UP).toFixed();
    },

    walk(order, book, inst) {
      return walk(order.side, D(order.execQuantity as string).minus(order.filledQuantity).toFixed(), book, inst);
    },

    holdAccount: (order) => perpAccount(order.userId),
    fillLegs: () => [],
    settleFill: (ops, order, n, key) =>
      deps.margin.settleFill(ops, marginFillOf('PERPS', PERP_BOOK, order, n, key, { reason: order.requestId.startsWith('liq:') ? 'LIQUIDATION' : null })),
    fillCurrencies: () => ['USDT'],
    insufficientCode: () => '1115',
    marketOrderAt: () => 'EXECUTE',
    mayMatch: () => true,
    expiresAt: () => null,
  };
}
