// The fee math of specification §9 (domain.md "Numbers and money"): one function for the estimate
// call, the order ticket and the executed order. Rounding always favours neither side by more
// than the rule says: the base b is ceil for buys and floor for sells, tax floor for buys and ceil
// for sells, the fee always ceil; IDR results are whole Rupiah.
import Decimal from 'decimal.js';

/** Fractions, as decimal strings: '0.001' is 0.1 %. */
export interface FeeRates {
  feeRate: string;
  buyTaxRate: string;
  sellTaxRate: string;
}

export type TradeSide = 'BUY' | 'SELL';

/** The numbers of an order: quantity in units of the asset, the rest whole Rupiah (decimal strings). */
export interface OrderNumbers {
  quantity: string;
  /** b = quantity × price, ceil for buys and floor for sells. */
  base: string;
  fee: string;
  tax: string;
  /** Buy: base + tax + fee paid. Sell: base − tax − fee received (≤ 0 for dust; callers enforce minimums). */
  total: string;
}

export interface OrderNumbersInput {
  side: TradeSide;
  /** IDR per unit. */
  price: string;
  /** Exactly one of quantity (units) and amount (IDR) is given. */
  quantity?: string;
  /**
   * Buy: what the buyer wants to pay in total, fee and tax included. Sell: the value to sell, in
   * IDR at `price` (the base before fee and tax). The quantity never exceeds it.
   */
  amount?: string;
  quantityStep: string;
  rates: FeeRates;
}

/** decimal.js's default 20 significant digits is too few for 18-decimal quantities × 10-digit prices. */
export const TradingDecimal = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export type TradingDecimal = InstanceType<typeof TradingDecimal>;
type Num = TradingDecimal | string;

const dec = (value: Num, what: string): TradingDecimal => {
  let d: TradingDecimal;
  try {
    d = new TradingDecimal(value);
  } catch {
    throw new RangeError(`${what} is not a decimal number: ${JSON.stringify(value)}`);
  }
  if (!d.isFinite() || d.isNegative()) throw new RangeError(`${what} must be a finite number ≥ 0: ${JSON.stringify(value)}`);
  return d;
};

/** Rounds a quantity down to a multiple of the step (§5). */
export function floorToStep(quantity: Num, step: Num): TradingDecimal {
  const s = dec(step, 'quantityStep');
  if (s.isZero()) throw new RangeError('quantityStep must be above 0');
  return dec(quantity, 'quantity').div(s).floor().times(s);
}

/** Rounds a quantity up to a multiple of the step. */
export function ceilToStep(quantity: Num, step: Num): TradingDecimal {
  const s = dec(step, 'quantityStep');
  if (s.isZero()) throw new RangeError('quantityStep must be above 0');
  return dec(quantity, 'quantity').div(s).ceil().times(s);
}

/** A decimal string in plain notation (never exponent notation), without trailing zeros. */
export const plain = (d: TradingDecimal): string => (d.isZero() ? '0' : d.toFixed());

/** The money side of §9 for an exact (unrounded) base b = Σ quantity × price. */
export function chargesForBase(side: TradeSide, rawBase: Num, rates: FeeRates): Omit<OrderNumbers, 'quantity'> {
  const b = dec(rawBase, 'base');
  const feeRate = dec(rates.feeRate, 'feeRate');
  if (side === 'BUY') {
    const base = b.ceil();
    const tax = b.times(dec(rates.buyTaxRate, 'buyTaxRate')).floor();
    const fee = b.times(feeRate).ceil();
    return { base: plain(base), fee: plain(fee), tax: plain(tax), total: plain(base.plus(tax).plus(fee)) };
  }
  const base = b.floor();
  const tax = b.times(dec(rates.sellTaxRate, 'sellTaxRate')).ceil();
  const fee = b.times(feeRate).ceil();
  return { base: plain(base), fee: plain(fee), tax: plain(tax), total: plain(base.minus(tax).minus(fee)) };
}

/** §9's reverse: the base an amount pays for, fee and tax included — amount / (1 + tax + fee), rounded up. */
export function baseForAmount(side: TradeSide, amount: Num, rates: FeeRates): TradingDecimal {
  const taxRate = dec(side === 'BUY' ? rates.buyTaxRate : rates.sellTaxRate, 'taxRate');
  return dec(amount, 'amount').div(taxRate.plus(dec(rates.feeRate, 'feeRate')).plus(1)).ceil();
}

/**
 * The largest step multiple q ≤ maxQuantity such that a buy of q at `price`, on top of an exact base
 * already spent, totals at most `amount`; null when even q = 0 does not fit. The total only grows
 * with the base, so a binary search over the number of steps finds it exactly.
 */
export function fitBuyQuantity(input: {
  spentBase?: Num;
  price: Num;
  maxQuantity: Num;
  amount: Num;
  quantityStep: Num;
  rates: FeeRates;
}): TradingDecimal | null {
  const spent = dec(input.spentBase ?? '0', 'spentBase');
  const price = dec(input.price, 'price');
  const amount = dec(input.amount, 'amount');
  const step = dec(input.quantityStep, 'quantityStep');
  const fits = (steps: TradingDecimal) =>
    new TradingDecimal(chargesForBase('BUY', spent.plus(steps.times(step).times(price)), input.rates).total).lte(amount);
  let hi = floorToStep(input.maxQuantity, step).div(step);
  if (fits(hi)) return hi.times(step);
  let lo = new TradingDecimal(0);
  if (!fits(lo)) return null;
  hi = hi.minus(1);
  while (lo.lt(hi)) {
    const mid = lo.plus(hi).plus(1).div(2).floor();
    if (fits(mid)) lo = mid;
    else hi = mid.minus(1);
  }
  return lo.times(step);
}

/**
 * The numbers an order executes with at one price (§9). By quantity: the quantity rounded down to
 * the step. By amount (buy): amount / (1 + tax + fee) rounded up gives a base, base / price
 * rounded down to the step the quantity, and the numbers are recomputed from that quantity — what
 * executes never costs more than the amount. By amount (sell): the quantity is amount / price
 * rounded down to the step. A quantity of '0' means the order is below one step.
 */
export function orderNumbers(input: OrderNumbersInput): OrderNumbers {
  const { side, rates } = input;
  const price = dec(input.price, 'price');
  if (price.isZero()) throw new RangeError('price must be above 0');
  const step = dec(input.quantityStep, 'quantityStep');
  if ((input.quantity === undefined) === (input.amount === undefined)) {
    throw new RangeError('give exactly one of quantity and amount');
  }
  let quantity: TradingDecimal;
  if (input.quantity !== undefined) {
    quantity = floorToStep(input.quantity, step);
  } else {
    const amount = dec(input.amount as string, 'amount');
    if (side === 'BUY') {
      // §9's reverse rounds the base up, so its quantity can cost a Rupiah or two too much.
      const guess = floorToStep(baseForAmount('BUY', amount, rates).div(price), step);
      quantity = fitBuyQuantity({ price, maxQuantity: guess, amount, quantityStep: step, rates }) ?? new TradingDecimal(0);
    } else {
      quantity = floorToStep(amount.div(price), step);
    }
  }
  return { quantity: plain(quantity), ...chargesForBase(side, quantity.times(price), rates) };
}
