// The numbers of one fill. The fee math of §9 (whole-Rupiah rounding) is applied to the order's whole filled base (Σ
// quantity × price, unrounded) and each fill takes the difference from what the order had paid or
// received: the fills of an order always add up to the fee math of the whole, however many there
// are, so a resting buy never costs more than its hold by rounding.
import { TradingDecimal, chargesForBase, plain, type FeeRates } from '@pasar/shared/trading';
import type { FillNumbers, LevelFill, OrderTotals } from '../../trading';

export type { FillNumbers, OrderTotals };

const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
const nonNegative = (d: TradingDecimal): TradingDecimal => (d.isNegative() ? D('0') : d);

export function fillNumbers(order: OrderTotals, levels: readonly LevelFill[], rates: FeeRates): FillNumbers {
  const quantity = levels.reduce((sum, l) => sum.plus(l.quantity), D('0'));
  if (!quantity.gt(0)) throw new RangeError('a fill needs a quantity above 0');
  const rawBase = levels.reduce((sum, l) => sum.plus(D(l.quantity).times(l.price)), D('0'));
  const before = D(order.filledAmount);
  const after = before.plus(rawBase);
  const was = chargesForBase(order.side, before, rates);
  const now = chargesForBase(order.side, after, rates);
  const amount = nonNegative(D(now.base).minus(was.base));
  // Against what was actually charged (a rate changed since would otherwise refund or double-charge).
  const fee = nonNegative(D(now.fee).minus(order.fee));
  const tax = nonNegative(D(now.tax).minus(order.tax));
  const total = order.side === 'BUY' ? amount.plus(fee).plus(tax) : amount.minus(fee).minus(tax);
  return {
    quantity: plain(quantity),
    price: plain(rawBase.div(quantity).toDecimalPlaces(8, TradingDecimal.ROUND_HALF_UP)),
    amount: plain(amount),
    fee: plain(fee),
    tax: plain(tax),
    total: plain(total),
    after: {
      filledQuantity: plain(D(order.filledQuantity).plus(quantity)),
      filledAmount: plain(after),
      fee: plain(D(order.fee).plus(fee)),
      tax: plain(D(order.tax).plus(tax)),
      total: plain(D(order.total).plus(total)),
    },
  };
}
