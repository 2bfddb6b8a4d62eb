// Crypto spot's rules for the order engine (server/src/trading/market-rules.ts): pairs quoted in
// IDR, open around the clock; validation, the book walk and the hold math of order-plan.ts; the fee
// math of §9 with whole-Rupiah rounding (fill-numbers.ts); IDR cash and SPOT asset accounts (1115
// and 9504 when short); terms (018), identity (007), the orders switch (1162), halts (3701) and the
// product flags of simple and pro mode (3702/3703).
import type { Instrument, Language, OrderBook, ProductInfo } from '@pasar/shared/contract';
import { TradingDecimal, orderNumbers, plain, type FeeRates } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import type { AccountRef, InsufficientFunds, TransferLeg } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import { walkBook, behaviourOf, type AmendRequest, type MarketRules, type OrderChange, type OrderRow } from '../../trading';
import { fillNumbers } from './fill-numbers';
import { bandedPrice, checkAmount, checkPrice, checkPriceRange, checkQuantity, groupNeeds, planOrder, type CryptoSettings } from './order-plan';

export interface CryptoRulesDeps {
  readonly market: MarketRuntime;
  readonly settings: CryptoSettings;
  readonly rates: FeeRates;
  /** The market module's product info (halts, enableBuy/enableSell and the pro flags). */
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
  /** The user's Bappebti terms (accepted opens trading) and identity check (VERIFIED does), in one read. */
  readonly tradingChecks: (userId: string) => Promise<{ readonly termsAccepted: boolean; readonly kycStatus: string | null }>;
}

export const cashOf = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
export const spotOf = (userId: string, asset: string): AccountRef => ({ userId, currency: asset, purpose: 'SPOT' });

const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
const positive = (v: string) => D(v).gt(0);

export function createCryptoRules(deps: CryptoRulesDeps): MarketRules {
  const { market, settings, rates } = deps;

  /** A crypto pair quoted in IDR, or 003. */
  function instrument(symbol: string): Instrument {
    const inst = market.instrument(symbol.toUpperCase());
    if (!inst || inst.kind !== 'crypto' || inst.quoteCurrency !== 'IDR') throw new AppError('003');
    return inst;
  }

  function minimum(path: string, language: Language): AppError {
    return new AppError('3704', { details: [{ path, message: `${language === 'id' ? 'minimal' : 'at least'} Rp${settings.minOrderAmount}` }] });
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

  return {
    market: 'CRYPTO',
    keys: { fill: 'crypto-fill', hold: 'crypto-hold' },
    currency: 'IDR',

    instrument,

    async assertMayTrade(userId) {
      const checks = await deps.tradingChecks(userId);
      if (!checks.termsAccepted) throw new AppError('018');
      if (checks.kycStatus !== 'VERIFIED') throw new AppError('007');
      if (!settings.ordersEnabled) throw new AppError('1162');
    },

    assertOrdersOn() {
      if (!settings.ordersEnabled) throw new AppError('1162');
    },

    /** Halted symbols (3701), then (placing) the product flags: simple mode's, or the pro flags (3702 / 3703). */
    async assertTradable({ spec, instrument: inst, language, amending }) {
      await market.halts.fresh();
      if (market.halts.get(inst.symbol)) throw new AppError('3701');
      if (amending) return;
      const info = await deps.productInfo(inst.symbol, language);
      const { source, side } = spec;
      const enabled =
        source === 'INSTANT' ? (side === 'BUY' ? info.enableBuy : info.enableSell) : side === 'BUY' ? info.enableBuyForProMode : info.enableSellForProMode;
      if (!enabled) throw new AppError(side === 'BUY' ? '3702' : '3703');
    },

    plan(spec, inst, { language }) {
      return planOrder(spec, { instrument: inst, last: market.ticker(inst.symbol).price, book: () => market.orderBook(inst.symbol), settings, rates, language });
    },

    /**
     * The new prices and size of an amendment, validated like a new order's (002, 3704, 9600/9601).
     * Prices change on the leg amended; a size change applies to every open leg of an OCO.
     */
    planAmend(order, group, body: AmendRequest, inst, language) {
      const behaviour = behaviourOf({ orderType: order.orderType, ocoLeg: order.ocoLeg, triggered: order.triggeredAt !== null });
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
    },

    pricePrecision: (symbol) => market.instrument(symbol)?.pricePrecision ?? 0,

    fillNumbers: (order, levels) => fillNumbers(order, levels, rates),

    holdNeeds: (legs) => groupNeeds(legs, settings, rates),

    /** A triggered stop: its rest (units, or what is left of a stop buy's amount) walks the book within the band. */
    walk(order, book: Pick<OrderBook, 'bids' | 'asks'>, inst) {
      const byAmount = order.execQuantity === null;
      return walkBook({
        side: order.side,
        book,
        ...(byAmount
          ? { amount: plain(D(order.amount as string).minus(order.total)) }
          : { quantity: plain(D(order.execQuantity as string).minus(order.filledQuantity)) }),
        quantityStep: inst.quantityStep,
        rates,
        bandPercent: settings.marketBandPercent,
        pricePrecision: inst.pricePrecision + 2,
      });
    },

    holdAccount: (order) => (order.side === 'BUY' ? cashOf(order.userId) : spotOf(order.userId, order.asset)),

    fillLegs(order, n) {
      const cash = cashOf(order.userId);
      const spot = spotOf(order.userId, order.asset);
      const inventory = (currency: string): AccountRef => ({ house: 'INVENTORY', currency });
      const legs: TransferLeg[] = [];
      if (order.side === 'BUY') {
        if (positive(n.amount)) legs.push({ from: cash, to: inventory('IDR'), amount: n.amount });
        if (positive(n.fee)) legs.push({ from: cash, to: { house: 'FEES', currency: 'IDR' }, amount: n.fee });
        if (positive(n.tax)) legs.push({ from: cash, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: n.tax });
        legs.push({ from: inventory(order.asset), to: spot, amount: n.quantity });
      } else {
        legs.push({ from: spot, to: inventory(order.asset), amount: n.quantity });
        if (positive(n.amount)) legs.push({ from: inventory('IDR'), to: cash, amount: n.amount });
        if (positive(n.fee)) legs.push({ from: cash, to: { house: 'FEES', currency: 'IDR' }, amount: n.fee });
        if (positive(n.tax)) legs.push({ from: cash, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: n.tax });
      }
      return legs;
    },

    fillCurrencies: (order) => ['IDR', order.asset],

    /** 9504 for crypto units, 1115 for IDR. */
    insufficientCode: (error: InsufficientFunds) => ('purpose' in error.account && error.account.purpose === 'SPOT' ? '9504' : '1115'),

    // Crypto trades around the clock: market orders execute at once, resting orders always match,
    // and nothing expires by itself (GOOD_TILL_MARKET_CLOSE has no close to reach).
    marketOrderAt: () => 'EXECUTE',
    mayMatch: () => true,
    expiresAt: () => null,
  };
}
