// The US stock market's rules for the trading engine (cash trading on the PALN wallet, decision
// 0015): who may trade, validation and sizes (fractional shares, orders by USD amount, $0.01 /
// $0.0001 ticks), fees (commission; SEC fee and FINRA TAF on sells), the ledger accounts (USD and
// shares of the PALN wallet), sessions and time in force (sessions.ts). Money: us-math.ts.
import type { ErrorCode, Instrument, Language, ProductInfo } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import type { AccountRef, InsufficientFunds, TransferLeg } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import {
  behaviourOf,
  type AmendRequest,
  type EligibilityRequest,
  type FillNumbers,
  type LegPlan,
  type MarketRules,
  type OrderChange,
  type OrderPlan,
  type OrderRow,
  type OrderShape,
  type OrderSpec,
  type PlanContext,
} from '../../trading';
import type { UsStockConfig } from '../../config';
import { expiryOf, isExtended, marketOrderVerdict, mayMatchIn, sessionRefusal, usSessionAt } from './sessions';
import {
  decimalsOf,
  feeOf,
  fitBuyQuantity,
  floorCents,
  floorToGrid,
  isOnTick,
  quantityStep,
  taxOf,
  usCharges,
  usFillNumbers,
  walkUsBook,
  type UsFees,
} from './us-math';

export const US_MARKET = 'USSTOCK' as const;
const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);

/** The PALN wallet's USD, and its shares of one stock (an account per ticker, purpose USD_PALN). */
export const usdOf = (userId: string): AccountRef => ({ userId, currency: 'USD', purpose: 'USD_PALN' });
export const sharesOf = (userId: string, ticker: string): AccountRef => ({ userId, currency: ticker, purpose: 'USD_PALN' });

export interface UsStockRulesDeps {
  readonly market: Pick<MarketRuntime, 'instrument' | 'instruments' | 'ticker' | 'orderBook' | 'halts' | 'now'>;
  readonly settings: UsStockConfig;
  /** The user's US-stock declaration status (gssKycStatus); null for an unknown user. */
  readonly gssStatus: (userId: string) => Promise<string | null>;
  /** 018 until the trading terms are accepted. */
  readonly assertTermsAccepted: (userId: string) => Promise<void>;
  /** Halts and the buy/sell flags as the market module computes them. */
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
}

type Text = Readonly<Record<Language, string>>;
const MESSAGES = {
  required: { id: 'wajib diisi untuk jenis order ini', en: 'is required for this order type' },
  unused: { id: 'tidak dipakai oleh jenis order ini', en: 'is not used by this order type' },
  oneOfSize: { id: 'isi jumlah saham atau nominal USD, salah satu saja', en: 'give either a quantity or a USD amount, not both' },
  decimals: { id: 'terlalu banyak angka desimal', en: 'has too many decimals' },
  tick: { id: 'harus kelipatan $0,01 (di bawah $1: $0,0001)', en: 'must be a multiple of $0.01 ($0.0001 below $1)' },
  cents: { id: 'nominal USD paling banyak 2 desimal', en: 'USD amounts have at most 2 decimals' },
  minimum: { id: 'minimal', en: 'at least' },
  stopAbove: { id: 'harus di atas harga terakhir', en: 'must be above the last price' },
  stopBelow: { id: 'harus di bawah harga terakhir', en: 'must be below the last price' },
  wholeShare: { id: 'take profit/stop loss menjual saham utuh: minimal 1 lembar', en: 'a take-profit/stop-loss sells whole shares: at least 1' },
  ocoSell: { id: 'take profit/stop loss OCO hanya untuk penjualan', en: 'a take-profit/stop-loss OCO is a sell' },
  subType: { id: 'tidak cocok dengan jenis order', en: 'does not match the order type' },
  filled: { id: 'harus lebih besar dari yang sudah terisi', en: 'must be more than what has already filled' },
  notAmendable: { id: 'tidak dapat diubah untuk order ini', en: 'cannot be amended on this order' },
} satisfies Record<string, Text>;

const invalid = (path: string, message: Text, language: Language): AppError =>
  new AppError('002', { details: [{ path, message: message[language] }] });

const PRICE_FIELDS = ['limitPrice', 'stopPrice', 'takeProfit', 'stopLoss'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];
const FIELDS: Record<OrderSpec['orderType'], readonly PriceField[]> = {
  MARKET: [],
  LIMIT: ['limitPrice'],
  STOP: ['stopPrice'],
  STOP_LIMIT: ['stopPrice', 'limitPrice'],
  OCO: ['takeProfit', 'stopLoss'],
};

export function createUsStockRules(deps: UsStockRulesDeps): MarketRules & {
  readonly fees: UsFees;
  readonly step: string;
  readonly settings: UsStockConfig;
  byStockId(stockId: number): Instrument;
  lastPrice(symbol: string): string;
} {
  const { market, settings } = deps;
  const fees: UsFees = settings;
  const step = quantityStep(settings.quantityPrecision);
  const minimum = (path: string, language: Language) =>
    new AppError('3704', { details: [{ path, message: `${MESSAGES.minimum[language]} $${settings.minOrderAmount}` }] });

  function assertOrdersOn(): void {
    if (!settings.ordersEnabled) throw new AppError('3807');
  }

  function instrument(symbol: string): Instrument {
    const inst = market.instrument(symbol.toUpperCase());
    if (!inst || inst.kind !== 'usstock') throw new AppError('003');
    return inst;
  }

  function checkPrice(value: string, path: string, language: Language): TradingDecimal {
    if (!isOnTick(value)) throw new AppError('3804', { details: [{ path, message: MESSAGES.tick[language] }] });
    return D(value);
  }

  /** A stop buy waits above the last price, a stop sell (and a stop loss) below; a take-profit sell above. */
  function checkDirection(kind: 'stop' | 'takeProfit', price: TradingDecimal, side: OrderSpec['side'], last: string, path: string, language: Language): void {
    const above = kind === 'takeProfit' ? side === 'SELL' : side === 'BUY';
    const code: ErrorCode = kind === 'takeProfit' ? '9600' : '9601';
    if (above && !price.gt(last)) throw new AppError(code, { details: [{ path, message: MESSAGES.stopAbove[language] }] });
    if (!above && !price.lt(last)) throw new AppError(code, { details: [{ path, message: MESSAGES.stopBelow[language] }] });
  }

  /** The banded price a queued market buy or a stop buy (which becomes a market order) holds at. */
  const banded = (price: string | TradingDecimal): TradingDecimal => D(price).times(D(settings.marketBandPercent).div(100).plus(1));

  /** What one open leg may still spend (buy: USD) or deliver (sell: shares). */
  function legNeeds(order: OrderShape): TradingDecimal {
    const filled = D(order.filledQuantity);
    if (order.side === 'SELL') return TradingDecimal.max(D(order.execQuantity ?? '0').minus(filled), D('0'));
    const paid = D(order.total);
    // By amount (a queued market buy by amount, a stop buy by amount): what is left of the amount.
    if (order.execQuantity === null) return TradingDecimal.max(D(order.amount ?? '0').minus(paid), D('0'));
    // A queued market buy by quantity is held at placement (plan) and executes whole at the open.
    if (order.orderType === 'MARKET') throw new Error('a queued market buy by quantity is held once, when placed');
    const rest = D(order.execQuantity).minus(filled);
    const behaviour = behaviourOf(order);
    const price = behaviour === 'STOP_MARKET' ? banded(order.stopPrice as string) : D(order.limitPrice as string);
    const whole = usCharges('BUY', D(order.filledAmount).plus(rest.times(price)), D(order.execQuantity), fees);
    return TradingDecimal.max(D(whole.total).minus(paid), D('0'));
  }

  function holdNeeds(legs: readonly OrderShape[]): string {
    let most = D('0');
    for (const leg of legs) most = TradingDecimal.max(most, legNeeds(leg));
    return plain(legs[0]?.side === 'BUY' ? most.toDecimalPlaces(2, TradingDecimal.ROUND_UP) : most);
  }

  function checkQuantity(value: string, path: string, language: Language): TradingDecimal {
    if (decimalsOf(value) > settings.quantityPrecision) throw invalid(path, MESSAGES.decimals, language);
    return D(value);
  }
  function checkAmount(value: string, path: string, language: Language): TradingDecimal {
    if (decimalsOf(value) > 2) throw invalid(path, MESSAGES.cents, language);
    return D(value);
  }

  function plan(spec: OrderSpec, inst: Instrument, context: PlanContext): OrderPlan {
    const { language } = context;
    if (spec.leverage !== undefined && !D(spec.leverage).eq(1)) throw new AppError('3805');
    if (spec.orderType === 'OCO' && spec.side !== 'SELL') throw new AppError('3806', { details: [{ path: 'orderType', message: MESSAGES.ocoSell[language] }] });
    const ocoSell = spec.orderType === 'OCO';

    // Size: exactly the one the input type names (§5). A TP/SL OCO sell trades whole shares and
    // floors its amount to cents (§5: non-leveraged).
    const other = spec.inputType === 'quantity' ? 'amount' : 'quantity';
    if (spec[other] !== undefined) throw invalid(other, MESSAGES.oneOfSize, language);
    const sizeText = spec[spec.inputType];
    if (sizeText === undefined) throw invalid(spec.inputType, MESSAGES.required, language);
    let size: TradingDecimal;
    if (spec.inputType === 'quantity') {
      size = ocoSell ? D(sizeText).floor() : checkQuantity(sizeText, 'quantity', language);
      if (size.isZero()) {
        if (ocoSell) throw new AppError('3704', { details: [{ path: 'quantity', message: MESSAGES.wholeShare[language] }] });
        throw invalid('quantity', MESSAGES.decimals, language);
      }
    } else {
      size = ocoSell ? floorCents(sizeText) : checkAmount(sizeText, 'amount', language);
      if (size.lt(settings.minOrderAmount)) throw minimum('amount', language);
    }

    // Prices: the ones the type uses, on the tick grid, stops on the side they wait for.
    const used = FIELDS[spec.orderType];
    for (const field of PRICE_FIELDS) {
      if (used.includes(field)) {
        if (spec[field] === undefined) throw invalid(field, MESSAGES.required, language);
        checkPrice(spec[field] as string, field, language);
      } else if (spec[field] !== undefined) {
        throw invalid(field, MESSAGES.unused, language);
      }
    }
    const last = market.ticker(inst.symbol).price;
    if (spec.stopPrice !== undefined) checkDirection('stop', D(spec.stopPrice), spec.side, last, 'stopPrice', language);
    if (spec.takeProfit !== undefined) checkDirection('takeProfit', D(spec.takeProfit), spec.side, last, 'takeProfit', language);
    if (spec.stopLoss !== undefined) checkDirection('stop', D(spec.stopLoss), spec.side, last, 'stopLoss', language);

    if (spec.orderType === 'MARKET' && !context.queued) {
      const walk = walkUsBook({
        side: spec.side,
        book: market.orderBook(inst.symbol),
        ...(spec.inputType === 'quantity' ? { quantity: plain(size) } : { amount: plain(size) }),
        step,
        fees,
        bandPercent: settings.marketBandPercent,
      });
      if (!walk.ok) throw walk.reason === 'BELOW_STEP' ? minimum(spec.inputType, language) : new AppError('3705');
      if (D(walk.base).lt(settings.minOrderAmount)) throw minimum(spec.inputType, language);
      return {
        spec: { ...spec, [spec.inputType]: plain(size) },
        asset: inst.symbol,
        execQuantity: null,
        legs: [{ ocoLeg: null, limitPrice: null, stopPrice: null }],
        hold: null,
        walk,
        estimate: { price: walk.averagePrice, quantity: walk.quantity, base: walk.base, fee: walk.fee, tax: walk.tax, total: walk.total, worstPrice: walk.worstPrice },
      };
    }

    // Resting and queued orders: the price the size is reckoned at.
    const ref =
      spec.orderType === 'MARKET'
        ? spec.side === 'BUY'
          ? banded(last)
          : D(last)
        : D((spec.limitPrice ?? spec.takeProfit ?? spec.stopPrice) as string);
    const stopBuyByAmount = spec.side === 'BUY' && spec.inputType === 'amount' && (spec.orderType === 'STOP' || spec.orderType === 'MARKET');
    let execQuantity: TradingDecimal | null = null;
    if (spec.inputType === 'quantity') execQuantity = size;
    else if (!stopBuyByAmount) {
      execQuantity = spec.side === 'BUY' ? fitBuyQuantity(size, ref, step, fees) : floorToGrid(size.div(ref), ocoSell ? '1' : step);
      if (execQuantity.isZero()) throw minimum('amount', language);
    }
    const estimateQuantity = execQuantity ?? fitBuyQuantity(size, ref, step, fees);
    const charges = usCharges(spec.side, estimateQuantity.times(spec.orderType === 'MARKET' ? last : ref), estimateQuantity, fees);
    if (spec.inputType === 'quantity' && D(charges.amount).lt(settings.minOrderAmount)) throw minimum('quantity', language);

    const planned: OrderSpec = { ...spec, [spec.inputType]: plain(size) };
    const legs: LegPlan[] = ocoSell
      ? [
          { ocoLeg: 'TAKE_PROFIT', limitPrice: spec.takeProfit as string, stopPrice: null },
          { ocoLeg: 'STOP_LOSS', limitPrice: null, stopPrice: spec.stopLoss as string },
        ]
      : [{ ocoLeg: null, limitPrice: spec.limitPrice ?? null, stopPrice: spec.stopPrice ?? null }];
    // A queued market buy by quantity holds the most it may cost: the quantity at the banded last price.
    const queuedBuyByQuantity = spec.orderType === 'MARKET' && spec.side === 'BUY' && spec.inputType === 'quantity';
    const shapes: OrderShape[] = legs.map((leg) => ({
      side: spec.side,
      orderType: spec.orderType,
      ocoLeg: leg.ocoLeg,
      triggered: false,
      amount: planned.amount ?? null,
      execQuantity: execQuantity ? plain(execQuantity) : null,
      limitPrice: leg.limitPrice,
      stopPrice: leg.stopPrice,
      filledQuantity: '0',
      filledAmount: '0',
      total: '0',
    }));
    const needs = queuedBuyByQuantity ? usCharges('BUY', size.times(ref), size, fees).total : holdNeeds(shapes);
    return {
      spec: planned,
      asset: inst.symbol,
      execQuantity: execQuantity ? plain(execQuantity) : null,
      legs,
      hold: { currency: spec.side === 'BUY' ? 'USD' : inst.symbol, amount: needs },
      walk: null,
      estimate: {
        price: plain(spec.orderType === 'MARKET' ? D(last) : ref),
        quantity: plain(estimateQuantity),
        base: charges.amount,
        fee: feeOf(charges),
        tax: taxOf(charges),
        total: charges.total,
        worstPrice: null,
      },
    };
  }

  function planAmend(order: OrderRow, group: readonly OrderRow[], body: AmendRequest, inst: Instrument, language: Language): Map<string, OrderChange> {
    if (order.orderType === 'MARKET') throw new AppError('9605');
    const behaviour = behaviourOf({ orderType: order.orderType, ocoLeg: order.ocoLeg, triggered: order.triggeredAt !== null });
    const usesLimit = behaviour === 'LIMIT' || behaviour === 'STOP_LIMIT';
    const usesStop = behaviour === 'STOP_MARKET' || behaviour === 'STOP_LIMIT';
    if (body.limitPrice !== undefined && !usesLimit) throw invalid('limitPrice', MESSAGES.notAmendable, language);
    if (body.stopPrice !== undefined && !usesStop) throw invalid('stopPrice', MESSAGES.notAmendable, language);
    const otherSize = order.inputType === 'quantity' ? 'amount' : 'quantity';
    if (body[otherSize] !== undefined) throw invalid(otherSize, MESSAGES.notAmendable, language);
    const last = market.ticker(inst.symbol).price;
    const isOco = order.orderType === 'OCO';
    const change: OrderChange = {};
    if (body.limitPrice !== undefined) {
      const p = checkPrice(body.limitPrice, 'limitPrice', language);
      if (isOco) checkDirection('takeProfit', p, order.side, last, 'limitPrice', language);
      change.limitPrice = plain(p);
    }
    if (body.stopPrice !== undefined) {
      const p = checkPrice(body.stopPrice, 'stopPrice', language);
      checkDirection('stop', p, order.side, last, 'stopPrice', language);
      change.stopPrice = plain(p);
    }
    const changes = new Map<string, OrderChange>([[order.id, change]]);
    const legs = group.filter((r) => r.isOpen);
    for (const leg of legs) if (leg.id !== order.id) changes.set(leg.id, {});
    const priced = legs.map((leg) => ({ ...leg, ...(changes.get(leg.id) ?? {}) }));
    const newSize = body[order.inputType];
    if (newSize !== undefined || (order.inputType === 'amount' && order.execQuantity !== null && (body.limitPrice !== undefined || body.stopPrice !== undefined))) {
      const amount = order.inputType === 'amount' ? (isOco ? floorCents(newSize ?? (order.amount as string)) : checkAmount(newSize ?? (order.amount as string), 'amount', language)) : null;
      if (amount !== null && amount.lt(settings.minOrderAmount)) throw minimum('amount', language);
      const first = priced.find((l) => l.ocoLeg !== 'STOP_LOSS') ?? priced[0];
      const ref = D((first?.limitPrice ?? first?.stopPrice ?? last) as string);
      let execQuantity: TradingDecimal | null;
      if (order.inputType === 'quantity') execQuantity = isOco ? D(newSize as string).floor() : checkQuantity(newSize as string, 'quantity', language);
      else if (order.execQuantity === null) execQuantity = null;
      else execQuantity = order.side === 'BUY' ? fitBuyQuantity(amount as TradingDecimal, ref, step, fees) : floorToGrid((amount as TradingDecimal).div(ref), isOco ? '1' : step);
      if (execQuantity !== null) {
        if (!execQuantity.gt(order.filledQuantity)) throw invalid(order.inputType, MESSAGES.filled, language);
        if (order.inputType === 'quantity' && ceilNotional(execQuantity, ref).lt(settings.minOrderAmount)) throw minimum('quantity', language);
      }
      for (const leg of legs) {
        const c = changes.get(leg.id) as OrderChange;
        c.execQuantity = execQuantity ? plain(execQuantity) : null;
        if (order.inputType === 'quantity') c.quantity = execQuantity ? plain(execQuantity) : null;
        else c.amount = amount ? plain(amount) : null;
      }
    }
    return changes;
  }

  const ceilNotional = (q: TradingDecimal, price: TradingDecimal) => D(usCharges('BUY', q.times(price), q, fees).amount);

  return {
    market: US_MARKET,
    currency: 'USD',
    keys: { fill: 'us-fill', hold: 'us-hold' },
    fees,
    step,
    settings,
    instrument,
    lastPrice: (symbol: string) => market.ticker(symbol).price,
    byStockId(stockId: number): Instrument {
      const inst = market.instruments().find((i) => i.kind === 'usstock' && i.id === stockId);
      if (!inst) throw new AppError('003');
      return inst;
    },

    /** The US-stock declaration verified (007), the terms accepted (018), US orders switched on. */
    async assertMayTrade(userId: string): Promise<void> {
      await deps.assertTermsAccepted(userId);
      if ((await deps.gssStatus(userId)) !== 'VERIFIED') throw new AppError('007');
      assertOrdersOn();
    },
    assertOrdersOn,
    /** Halts (3701), product flags (3702/3703), leverage (3805), the session and extended hours (3801–3803). */
    async assertTradable(request: EligibilityRequest): Promise<void> {
      const { spec, instrument: inst, language } = request;
      if (spec.leverage !== undefined && !D(spec.leverage).eq(1)) throw new AppError('3805');
      await market.halts.fresh();
      if (market.halts.get(inst.symbol)) throw new AppError('3701');
      const info = await deps.productInfo(inst.symbol, language);
      if (!(spec.side === 'BUY' ? info.enableBuy : info.enableSell)) throw new AppError(spec.side === 'BUY' ? '3702' : '3703');
      const refusal = sessionRefusal({ orderType: spec.orderType, tradingHours: spec.tradingHours, ipme: inst.hasPostMarket, session: usSessionAt(market.now()) });
      if (refusal) throw new AppError(refusal);
    },

    plan,
    planAmend,
    pricePrecision: () => 4,
    fillNumbers: (order, levels): FillNumbers => usFillNumbers(order, levels, fees),
    holdNeeds,
    walk(order, book) {
      const rest = D(order.execQuantity ?? '0').minus(order.filledQuantity);
      const byAmount = order.inputType === 'amount' && order.execQuantity === null;
      return walkUsBook({
        side: order.side,
        book,
        ...(byAmount ? { amount: plain(D(order.amount as string).minus(order.total)) } : { quantity: plain(rest) }),
        step,
        fees,
        bandPercent: settings.marketBandPercent,
      });
    },

    holdAccount: (order) => (order.side === 'BUY' ? usdOf(order.userId) : sharesOf(order.userId, order.asset)),
    fillLegs(order, n): TransferLeg[] {
      const cash = usdOf(order.userId);
      const shares = sharesOf(order.userId, order.asset);
      const inventory = (currency: string): AccountRef => ({ house: 'INVENTORY', currency });
      const positive = (v: string) => D(v).gt(0);
      const legs: TransferLeg[] = [];
      if (order.side === 'BUY') {
        if (positive(n.amount)) legs.push({ from: cash, to: inventory('USD'), amount: n.amount });
        legs.push({ from: inventory(order.asset), to: shares, amount: n.quantity });
      } else {
        legs.push({ from: shares, to: inventory(order.asset), amount: n.quantity });
        if (positive(n.amount)) legs.push({ from: inventory('USD'), to: cash, amount: n.amount });
      }
      if (positive(n.fee)) legs.push({ from: cash, to: { house: 'FEES', currency: 'USD' }, amount: n.fee });
      // The SEC fee and FINRA TAF are owed onwards to the regulators.
      if (positive(n.tax)) legs.push({ from: cash, to: { house: 'TAX_PAYABLE', currency: 'USD' }, amount: n.tax });
      return legs;
    },
    fillCurrencies: (order) => ['USD', order.asset],
    insufficientCode: (error: InsufficientFunds): ErrorCode => ('purpose' in error.account && error.account.currency !== 'USD' ? '1116' : '1117'),

    marketOrderAt: (_inst, spec, now) => {
      const verdict = marketOrderVerdict(usSessionAt(now), spec.tradingHours);
      if (verdict !== 'REFUSE') return verdict;
      return { refuse: isExtended(spec.tradingHours) ? '3803' : '3801' };
    },
    mayMatch: (order, now) => mayMatchIn(usSessionAt(now), order.orderType, order.tradingHours),
    expiresAt: (spec, _inst, now) => {
      const at = expiryOf(spec.timeInForce, spec.tradingHours, now);
      return at === null ? null : new Date(at);
    },
  };
}
