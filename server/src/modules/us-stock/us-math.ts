// The numbers of a US stock order (decision 0015), pure and exact (decimal.js):
// - prices tick at $0.01, or $0.0001 below $1;
// - quantities are fractional on a configurable grid (10^-precision shares); a TP/SL OCO sell
//   without leverage trades whole shares and its amount is floored to cents (§5);
// - USD amounts have 2 decimals: the notional rounds up for buys and down for sells;
// - fees: commission (percent of the notional with a minimum, both configurable; commission-free
//   by default), and on sells the SEC fee (per dollar sold) and the FINRA TAF (per share sold,
//   capped per trade), each rounded up to the cent. A sell never pays more fees than it raises.
// Fees are computed on an order's whole filled notional and each fill takes the difference, so an
// order's fills add up to the fee math of the whole however many there are.
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { BookWalkResult, LevelFill, OrderTotals } from '../../trading';

export type Side = 'BUY' | 'SELL';
type Num = string | TradingDecimal;
const D = (v: Num): TradingDecimal => new TradingDecimal(v);
const ZERO = D('0');

/** The fee settings (fractions and USD). */
export interface UsFees {
  readonly commissionRate: string;
  readonly commissionMin: string;
  readonly secFeeRate: string;
  readonly tafPerShare: string;
  readonly tafMax: string;
}

export interface UsCharges {
  /** The notional in USD: quantity × price to the cent (up for buys, down for sells). */
  readonly amount: string;
  readonly commission: string;
  readonly secFee: string;
  readonly tafFee: string;
  /** Buy: amount + commission paid. Sell: amount − fees received (never below 0). */
  readonly total: string;
}

export const ceilCents = (v: Num): TradingDecimal => D(v).toDecimalPlaces(2, TradingDecimal.ROUND_UP);
export const floorCents = (v: Num): TradingDecimal => D(v).toDecimalPlaces(2, TradingDecimal.ROUND_DOWN);

/** The price step at a price: $0.0001 below $1, else $0.01. */
export const tickSizeAt = (price: Num): string => (D(price).lt(1) ? '0.0001' : '0.01');
export const isOnTick = (price: Num): boolean => D(price).mod(tickSizeAt(price)).isZero();

/** The quantity grid: 10^-precision shares. */
export const quantityStep = (precision: number): string => plain(D('10').pow(-precision));
export const decimalsOf = (value: string): number => (value.includes('.') ? value.replace(/0+$/, '').length - value.indexOf('.') - 1 : 0);
export const floorToGrid = (v: Num, step: Num): TradingDecimal => D(v).div(step).floor().times(step);

/** The charges of an order (or the filled part of one) with this raw notional and quantity. */
export function usCharges(side: Side, rawNotional: Num, quantity: Num, fees: UsFees): UsCharges {
  const raw = D(rawNotional);
  const amount = side === 'BUY' ? ceilCents(raw) : floorCents(raw);
  let commission = amount.gt(0) ? TradingDecimal.max(ceilCents(amount.times(fees.commissionRate)), D(fees.commissionMin)) : ZERO;
  if (side === 'BUY') {
    return { amount: plain(amount), commission: plain(commission), secFee: '0', tafFee: '0', total: plain(amount.plus(commission)) };
  }
  let secFee = amount.gt(0) ? ceilCents(amount.times(fees.secFeeRate)) : ZERO;
  let tafFee = D(quantity).gt(0) ? TradingDecimal.min(ceilCents(D(quantity).times(fees.tafPerShare)), D(fees.tafMax)) : ZERO;
  // Never more fees than the sale raises: regulatory fees first, then the commission.
  let left = amount;
  tafFee = TradingDecimal.min(tafFee, left);
  left = left.minus(tafFee);
  secFee = TradingDecimal.min(secFee, left);
  left = left.minus(secFee);
  commission = TradingDecimal.min(commission, left);
  left = left.minus(commission);
  return { amount: plain(amount), commission: plain(commission), secFee: plain(secFee), tafFee: plain(tafFee), total: plain(left) };
}

/** The engine's fee/tax split: fee = commission, tax = the regulatory fees of a sell. */
export const feeOf = (c: UsCharges): string => c.commission;
export const taxOf = (c: UsCharges): string => plain(D(c.secFee).plus(c.tafFee));

/** The most shares on the grid a buy of `amount` USD (commission included) gets at `price`; 0 when none. */
export function fitBuyQuantity(amount: Num, price: Num, step: Num, fees: UsFees): TradingDecimal {
  const cost = (q: TradingDecimal) => D(usCharges('BUY', q.times(price), q, fees).total);
  let lo = ZERO;
  let hi = D(amount).div(price).div(step).floor();
  while (lo.lt(hi)) {
    const mid = lo.plus(hi).plus(1).div(2).floor();
    if (cost(mid.times(step)).lte(amount)) lo = mid;
    else hi = mid.minus(1);
  }
  return lo.times(step);
}

/** One fill's numbers against what the order had already paid or received (cumulative fee math). */
export function usFillNumbers(order: OrderTotals, levels: readonly LevelFill[], fees: UsFees) {
  const quantity = levels.reduce((sum, l) => sum.plus(l.quantity), ZERO);
  if (!quantity.gt(0)) throw new RangeError('a fill needs a quantity above 0');
  const rawBase = levels.reduce((sum, l) => sum.plus(D(l.quantity).times(l.price)), ZERO);
  const qBefore = D(order.filledQuantity);
  const before = D(order.filledAmount);
  const after = before.plus(rawBase);
  const was = usCharges(order.side, before, qBefore, fees);
  const now = usCharges(order.side, after, qBefore.plus(quantity), fees);
  const nonNegative = (d: TradingDecimal) => (d.isNegative() ? ZERO : d);
  const amount = nonNegative(D(now.amount).minus(was.amount));
  const fee = nonNegative(D(feeOf(now)).minus(order.fee));
  const tax = nonNegative(D(taxOf(now)).minus(order.tax));
  const total = order.side === 'BUY' ? amount.plus(fee).plus(tax) : nonNegative(amount.minus(fee).minus(tax));
  return {
    quantity: plain(quantity),
    price: plain(rawBase.div(quantity).toDecimalPlaces(6, TradingDecimal.ROUND_HALF_UP)),
    amount: plain(amount),
    fee: plain(fee),
    tax: plain(tax),
    total: plain(total),
    after: {
      filledQuantity: plain(qBefore.plus(quantity)),
      filledAmount: plain(after),
      fee: plain(D(order.fee).plus(fee)),
      tax: plain(D(order.tax).plus(tax)),
      total: plain(D(order.total).plus(total)),
    },
  };
}

export interface UsWalkInput {
  readonly side: Side;
  readonly book: { readonly bids: readonly LevelFill[]; readonly asks: readonly LevelFill[] };
  /** Exactly one: shares, or USD (a buy: the most to pay, commission included; a sell: the most notional to sell). */
  readonly quantity?: string | undefined;
  readonly amount?: string | undefined;
  readonly step: string;
  readonly fees: UsFees;
  /** Percent: levels further than this from the best price are not used. */
  readonly bandPercent: string;
}

/** A market order against the book inside the band, with US rounding and fees. */
export function walkUsBook(input: UsWalkInput): BookWalkResult {
  const { side, fees } = input;
  const raw = side === 'BUY' ? input.book.asks : input.book.bids;
  const levels = raw
    .map((l) => ({ price: D(l.price), quantity: D(l.quantity) }))
    .filter((l) => l.price.gt(0) && l.quantity.gt(0))
    .sort((a, b) => (side === 'BUY' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
  const refuse = (reason: 'EMPTY_BOOK' | 'PRICE_BAND' | 'INSUFFICIENT_DEPTH' | 'BELOW_STEP', best: TradingDecimal | null, band: TradingDecimal | null): BookWalkResult => ({
    ok: false,
    side,
    reason,
    bestPrice: best ? plain(best) : null,
    bandPrice: band ? plain(band) : null,
  });
  const first = levels[0];
  if (!first) return refuse('EMPTY_BOOK', null, null);
  const best = first.price;
  const pct = D(input.bandPercent).div(100);
  const bandPrice = side === 'BUY' ? best.times(pct.plus(1)) : best.times(D('1').minus(pct));
  const usable = levels.filter((l) => (side === 'BUY' ? l.price.lte(bandPrice) : l.price.gte(bandPrice)));
  const depth = usable.reduce((s, l) => s.plus(l.quantity), ZERO);
  const take = (q: TradingDecimal): { price: TradingDecimal; quantity: TradingDecimal }[] => {
    const out: { price: TradingDecimal; quantity: TradingDecimal }[] = [];
    let left = q;
    for (const l of usable) {
      if (left.lte(0)) break;
      const t = TradingDecimal.min(left, l.quantity);
      out.push({ price: l.price, quantity: t });
      left = left.minus(t);
    }
    return out;
  };
  const notional = (fills: readonly { price: TradingDecimal; quantity: TradingDecimal }[]) => fills.reduce((s, f) => s.plus(f.price.times(f.quantity)), ZERO);
  const step = D(input.step);
  let quantity: TradingDecimal;
  if (input.quantity !== undefined) {
    quantity = floorToGrid(input.quantity, step);
    if (quantity.isZero()) return refuse('BELOW_STEP', best, bandPrice);
    if (quantity.gt(depth)) return refuse(levels.length > usable.length ? 'PRICE_BAND' : 'INSUFFICIENT_DEPTH', best, bandPrice);
  } else {
    // The most shares on the grid the amount covers (monotonic: a binary search over steps).
    const amount = D(input.amount as string);
    const fits = (q: TradingDecimal) =>
      side === 'BUY' ? D(usCharges('BUY', notional(take(q)), q, fees).total).lte(amount) : notional(take(q)).lte(amount);
    let lo = ZERO;
    let hi = floorToGrid(depth, step).div(step);
    while (lo.lt(hi)) {
      const mid = lo.plus(hi).plus(1).div(2).floor();
      if (fits(mid.times(step))) lo = mid;
      else hi = mid.minus(1);
    }
    quantity = lo.times(step);
    if (quantity.isZero()) return refuse('BELOW_STEP', best, bandPrice);
    // The whole depth inside the band fits and more would be needed: the amount is not covered.
    if (quantity.eq(floorToGrid(depth, step)) && levels.length > usable.length) return refuse('PRICE_BAND', best, bandPrice);
  }
  const fills = take(quantity);
  const rawBase = notional(fills);
  const charges = usCharges(side, rawBase, quantity, fees);
  const last = fills[fills.length - 1] as { price: TradingDecimal };
  return {
    ok: true,
    side,
    fills: fills.map((f) => ({ price: plain(f.price), quantity: plain(f.quantity) })),
    quantity: plain(quantity),
    base: charges.amount,
    fee: feeOf(charges),
    tax: taxOf(charges),
    total: charges.total,
    averagePrice: plain(rawBase.div(quantity).toDecimalPlaces(6, TradingDecimal.ROUND_HALF_UP)),
    bestPrice: plain(best),
    worstPrice: plain(last.price),
  };
}
