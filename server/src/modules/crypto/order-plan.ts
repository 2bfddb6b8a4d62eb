// From a request to an order the ledger can carry: validation (precisions, step, minimum, price
// range), the units a resting order executes, what it must hold, and the market order's walk of
// the book. Pure: the service passes the instrument, the last price and the book.
import type { Instrument, Language, OrderBook } from '@pasar/shared/contract';
import { TradingDecimal, chargesForBase, orderNumbers, plain, type FeeRates } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import { behaviourOf, walkBook, type EngineOrderType, type LegPlan, type OrderPlan, type OrderShape, type OrderSpec, type Side } from '../../trading';

export type { Side, OrderSpec, OrderPlan, LegPlan, OrderShape, Behaviour } from '../../trading';
export type CryptoOrderType = EngineOrderType;

export interface CryptoSettings {
  readonly ordersEnabled: boolean;
  readonly marketBandPercent: string;
  readonly priceRangePercent: string;
  readonly minOrderAmount: string;
}

export interface CryptoPlanContext {
  readonly instrument: Instrument;
  /** The last price (ranges and stop directions are checked against it). */
  readonly last: string;
  readonly book: () => Pick<OrderBook, 'bids' | 'asks'>;
  readonly settings: CryptoSettings;
  readonly rates: FeeRates;
  readonly language: Language;
}

type Text = Readonly<Record<Language, string>>;
const MESSAGES = {
  required: { id: 'wajib diisi untuk jenis order ini', en: 'is required for this order type' },
  unused: { id: 'tidak dipakai oleh jenis order ini', en: 'is not used by this order type' },
  oneOfSize: { id: 'isi jumlah unit atau nominal, salah satu saja', en: 'give either a quantity or an amount, not both' },
  buyByAmount: { id: 'pembelian instan memakai nominal (Rupiah)', en: 'instant buys are by amount (Rupiah)' },
  quantityGrid: { id: 'harus kelipatan langkah jumlah', en: 'must be a multiple of the quantity step' },
  quantityDecimals: { id: 'terlalu banyak angka desimal', en: 'has too many decimals' },
  wholeRupiah: { id: 'harus berupa Rupiah bulat', en: 'must be whole Rupiah' },
  priceGrid: { id: 'harus kelipatan fraksi harga', en: 'must be a multiple of the tick size' },
  minimum: { id: 'minimal', en: 'at least' },
  limitRange: { id: 'harus dalam rentang harga yang diizinkan', en: 'must be within the allowed price range' },
  stopAbove: { id: 'harus di atas harga terakhir', en: 'must be above the last price' },
  stopBelow: { id: 'harus di bawah harga terakhir', en: 'must be below the last price' },
  takeProfitAbove: { id: 'harus di atas harga terakhir', en: 'must be above the last price' },
  takeProfitBelow: { id: 'harus di bawah harga terakhir', en: 'must be below the last price' },
} satisfies Record<string, Text>;

const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
const decimalsOf = (v: string): number => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0);
const invalid = (path: string, message: Text, language: Language): AppError =>
  new AppError('002', { details: [{ path, message: message[language] }] });

/** The price a stop that becomes a market order may pay at worst: the stop plus the band. */
export const bandedPrice = (price: string, bandPercent: string, side: Side): TradingDecimal =>
  side === 'BUY' ? D(price).times(D(bandPercent).div(100).plus(1)) : D(price);

/** Checks a quantity against the instrument's precision and step (002 otherwise). */
export function checkQuantity(value: string, instrument: Instrument, language: Language, path = 'quantity'): TradingDecimal {
  if (decimalsOf(value) > instrument.quantityPrecision) throw invalid(path, MESSAGES.quantityDecimals, language);
  const q = D(value);
  if (!q.mod(D(instrument.quantityStep)).isZero()) throw invalid(path, MESSAGES.quantityGrid, language);
  if (q.lt(instrument.minQuantity)) {
    throw new AppError('3704', { details: [{ path, message: `${MESSAGES.minimum[language]} ${instrument.minQuantity}` }] });
  }
  return q;
}

export function checkAmount(value: string, language: Language, path = 'amount'): TradingDecimal {
  if (decimalsOf(value) > 0 && !D(value).isInteger()) throw invalid(path, MESSAGES.wholeRupiah, language);
  return D(value);
}

export function checkPrice(value: string, instrument: Instrument, language: Language, path: string): TradingDecimal {
  const p = D(value);
  if (!p.mod(D(instrument.tickSize)).isZero()) throw invalid(path, MESSAGES.priceGrid, language);
  return p;
}

const belowMinimum = (settings: CryptoSettings, language: Language, path: string): AppError =>
  new AppError('3704', { details: [{ path, message: `${MESSAGES.minimum[language]} Rp${settings.minOrderAmount}` }] });

/**
 * Limit/take-profit prices (9600) and stop prices (9601) within the configured range of the last
 * price; a stop must lie on the side it waits for (a buy stop above the last price, a sell stop
 * below), and an OCO's take-profit on the other side.
 */
export function checkPriceRange(
  kind: 'limit' | 'stop' | 'takeProfit' | 'stopLoss',
  price: TradingDecimal,
  side: Side,
  last: string,
  settings: CryptoSettings,
  language: Language,
  path: string,
): void {
  const code = kind === 'limit' || kind === 'takeProfit' ? '9600' : '9601';
  const lastD = D(last);
  const range = lastD.times(D(settings.priceRangePercent).div(100));
  if (price.lt(lastD.minus(range)) || price.gt(lastD.plus(range))) {
    throw new AppError(code, { details: [{ path, message: MESSAGES.limitRange[language] }] });
  }
  const mustBeAbove = (kind === 'stop' || kind === 'stopLoss') === (side === 'BUY');
  if (kind === 'limit') return;
  if (mustBeAbove && !price.gt(lastD)) {
    throw new AppError(code, { details: [{ path, message: (kind === 'takeProfit' ? MESSAGES.takeProfitAbove : MESSAGES.stopAbove)[language] }] });
  }
  if (!mustBeAbove && !price.lt(lastD)) {
    throw new AppError(code, { details: [{ path, message: (kind === 'takeProfit' ? MESSAGES.takeProfitBelow : MESSAGES.stopBelow)[language] }] });
  }
}

/** Which fields each order type uses (others must be absent). */
const FIELDS: Record<CryptoOrderType, readonly ('limitPrice' | 'stopPrice' | 'takeProfit' | 'stopLoss')[]> = {
  MARKET: [],
  LIMIT: ['limitPrice'],
  STOP: ['stopPrice'],
  STOP_LIMIT: ['stopPrice', 'limitPrice'],
  OCO: ['takeProfit', 'stopLoss'],
};

/** The price at which a resting order's amount becomes units (a buy never spends more than the amount). */
function referencePrice(spec: OrderSpec, settings: CryptoSettings): TradingDecimal | null {
  switch (spec.orderType) {
    case 'LIMIT':
    case 'STOP_LIMIT':
      return D(spec.limitPrice as string);
    case 'STOP':
      // A stop buy by amount executes by amount once triggered.
      return spec.side === 'BUY' ? null : D(spec.stopPrice as string);
    case 'OCO':
      return spec.side === 'BUY'
        ? TradingDecimal.max(D(spec.takeProfit as string), bandedPrice(spec.stopLoss as string, settings.marketBandPercent, 'BUY'))
        : D(spec.takeProfit as string);
    case 'MARKET':
      return null;
  }
}

/** Validates a request and plans the order; throws the catalogue's codes (nothing changes). */
export function planOrder(spec: OrderSpec, ctx: CryptoPlanContext): OrderPlan {
  const { instrument, settings, rates, language } = ctx;
  const asset = instrument.shortName;

  // Size: exactly the one the input type names (§5).
  const sizeField = spec.inputType;
  const otherField = sizeField === 'quantity' ? 'amount' : 'quantity';
  if (spec[otherField] !== undefined) throw invalid(otherField, MESSAGES.oneOfSize, language);
  const sizeText = spec[sizeField];
  if (sizeText === undefined) throw invalid(sizeField, MESSAGES.required, language);
  if (spec.source === 'INSTANT' && spec.side === 'BUY' && sizeField !== 'amount') throw invalid('quantity', MESSAGES.buyByAmount, language);
  const size = sizeField === 'quantity' ? checkQuantity(sizeText, instrument, language) : checkAmount(sizeText, language);

  // Prices: the ones the type uses, on the tick grid and in range.
  const used = FIELDS[spec.orderType];
  for (const field of ['limitPrice', 'stopPrice', 'takeProfit', 'stopLoss'] as const) {
    if (used.includes(field)) {
      if (spec[field] === undefined) throw invalid(field, MESSAGES.required, language);
    } else if (spec[field] !== undefined) {
      throw invalid(field, MESSAGES.unused, language);
    }
  }
  const price = (field: 'limitPrice' | 'stopPrice' | 'takeProfit' | 'stopLoss', kind: 'limit' | 'stop' | 'takeProfit' | 'stopLoss') => {
    const p = checkPrice(spec[field] as string, instrument, language, field);
    checkPriceRange(kind, p, spec.side, ctx.last, settings, language, field);
    return p;
  };
  if (spec.orderType === 'LIMIT') price('limitPrice', 'limit');
  if (spec.orderType === 'STOP' || spec.orderType === 'STOP_LIMIT') price('stopPrice', 'stop');
  if (spec.orderType === 'STOP_LIMIT') price('limitPrice', 'limit');
  if (spec.orderType === 'OCO') {
    price('takeProfit', 'takeProfit');
    price('stopLoss', 'stopLoss');
  }
  if (sizeField === 'amount' && size.lt(settings.minOrderAmount)) throw belowMinimum(settings, language, 'amount');

  if (spec.orderType === 'MARKET') {
    const walk = walkBook({
      side: spec.side,
      book: ctx.book(),
      ...(sizeField === 'quantity' ? { quantity: plain(size) } : { amount: plain(size) }),
      quantityStep: instrument.quantityStep,
      rates,
      bandPercent: settings.marketBandPercent,
      pricePrecision: instrument.pricePrecision + 2,
    });
    if (!walk.ok) throw walk.reason === 'BELOW_STEP' ? belowMinimum(settings, language, sizeField) : new AppError('3705');
    if (sizeField === 'quantity' && D(walk.base).lt(settings.minOrderAmount)) throw belowMinimum(settings, language, 'quantity');
    return {
      spec,
      asset,
      execQuantity: null,
      legs: [{ ocoLeg: null, limitPrice: null, stopPrice: null }],
      hold: null,
      walk,
      estimate: { price: walk.averagePrice, quantity: walk.quantity, base: walk.base, fee: walk.fee, tax: walk.tax, total: walk.total, worstPrice: walk.worstPrice },
    };
  }

  // Resting orders: fix the units now (amount orders at the reference price), except a stop buy by
  // amount, which spends its amount when triggered.
  const ref = referencePrice(spec, settings);
  let execQuantity: TradingDecimal | null = null;
  if (sizeField === 'quantity') execQuantity = size;
  else if (ref) {
    execQuantity = D(orderNumbers({ side: spec.side, price: plain(ref), amount: plain(size), quantityStep: instrument.quantityStep, rates }).quantity);
    if (execQuantity.isZero() || execQuantity.lt(instrument.minQuantity)) throw belowMinimum(settings, language, 'amount');
  }
  const displayPrice = D((spec.limitPrice ?? spec.takeProfit ?? spec.stopPrice) as string);
  const numbers = execQuantity
    ? { quantity: plain(execQuantity), ...chargesForBase(spec.side, execQuantity.times(displayPrice), rates) }
    : orderNumbers({ side: 'BUY', price: spec.stopPrice as string, amount: plain(size), quantityStep: instrument.quantityStep, rates });
  if (sizeField === 'quantity' && D(numbers.base).lt(settings.minOrderAmount)) throw belowMinimum(settings, language, 'quantity');

  const legs: LegPlan[] =
    spec.orderType === 'OCO'
      ? [
          { ocoLeg: 'TAKE_PROFIT', limitPrice: spec.takeProfit as string, stopPrice: null },
          { ocoLeg: 'STOP_LOSS', limitPrice: null, stopPrice: spec.stopLoss as string },
        ]
      : [{ ocoLeg: null, limitPrice: spec.limitPrice ?? null, stopPrice: spec.stopPrice ?? null }];
  const needs = groupNeeds(
    legs.map((leg) => ({
      side: spec.side,
      orderType: spec.orderType,
      ocoLeg: leg.ocoLeg,
      triggered: false,
      amount: sizeField === 'amount' ? plain(size) : null,
      execQuantity: execQuantity ? plain(execQuantity) : null,
      limitPrice: leg.limitPrice,
      stopPrice: leg.stopPrice,
      filledQuantity: '0',
      filledAmount: '0',
      total: '0',
    })),
    settings,
    rates,
  );
  return {
    spec,
    asset,
    execQuantity: execQuantity ? plain(execQuantity) : null,
    legs,
    hold: { currency: spec.side === 'BUY' ? 'IDR' : asset, amount: needs },
    walk: null,
    estimate: { price: plain(displayPrice), quantity: numbers.quantity, base: numbers.base, fee: numbers.fee, tax: numbers.tax, total: numbers.total, worstPrice: null },
  };
}

/**
 * What one open order may still spend: the asset units left to sell, or for a buy the most IDR
 * the rest can cost — at the limit price, at the stop plus the band for a stop that becomes a
 * market order, or what is left of a stop buy's amount. Cumulative (fee math on everything
 * filled plus the rest), so partial fills never drift from the hold by rounding.
 */
export function orderNeeds(order: OrderShape, settings: CryptoSettings, rates: FeeRates): TradingDecimal {
  const filled = D(order.filledQuantity);
  if (order.side === 'SELL') return D(order.execQuantity as string).minus(filled);
  const paid = D(order.total);
  if (order.execQuantity === null) return TradingDecimal.max(D(order.amount as string).minus(paid), D('0'));
  const rest = D(order.execQuantity).minus(filled);
  const behaviour = behaviourOf(order);
  const price = behaviour === 'STOP_MARKET' ? bandedPrice(order.stopPrice as string, settings.marketBandPercent, 'BUY') : D(order.limitPrice as string);
  const total = D(chargesForBase('BUY', D(order.filledAmount).plus(rest.times(price)), rates).total);
  return TradingDecimal.max(total.minus(paid), D('0'));
}

/** What a group (one order, or the open legs of an OCO sharing one hold) must hold. */
export function groupNeeds(legs: readonly OrderShape[], settings: CryptoSettings, rates: FeeRates): string {
  let most = D('0');
  for (const leg of legs) most = TradingDecimal.max(most, orderNeeds(leg, settings, rates));
  // IDR holds are whole Rupiah; asset units keep their step.
  return plain(legs[0]?.side === 'BUY' ? most.ceil() : most);
}
