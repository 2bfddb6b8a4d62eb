// A market order against the book's depth (domain.md "Orders, in every market"): a buy walks the
// asks from the best, a sell the bids, level by level, so a large order pays slippage. Levels
// beyond the price band (more than bandPercent from the best price) are never used: an order that
// needs them is refused, as is one the book's levels cannot fill. Money: the fee math of §9 on the
// whole base b = Σ quantity × price, so the walk and the estimate give the same numbers.
import type { OrderBook } from '@pasar/shared/contract';
import {
  TradingDecimal,
  baseForAmount,
  chargesForBase,
  fitBuyQuantity,
  floorToStep,
  plain,
  type FeeRates,
  type TradeSide,
} from '@pasar/shared/trading';

export interface BookLevel {
  readonly price: string;
  readonly quantity: string;
}

export interface BookWalkInput {
  side: TradeSide;
  /** Bids best (highest) first, asks best (lowest) first: the market feed's `OrderBook`. */
  book: Pick<OrderBook, 'bids' | 'asks'> | { bids: readonly BookLevel[]; asks: readonly BookLevel[] };
  /**
   * Exactly one. quantity: units (rounded down to the step). amount: buy — the IDR total to pay at
   * most, fee and tax included; sell — the IDR value to sell at most (the base).
   */
  quantity?: string;
  amount?: string;
  quantityStep: string;
  rates: FeeRates;
  /** Percent: the worst price may be at most this far from the best price ('5' = 5 %). */
  bandPercent: string;
  /** Decimals of the average price (rounded half up); default 8. */
  pricePrecision?: number;
}

export interface LevelFill {
  readonly price: string;
  readonly quantity: string;
}

export interface BookWalkFilled {
  readonly ok: true;
  readonly side: TradeSide;
  /** Per level, best first. */
  readonly fills: readonly LevelFill[];
  readonly quantity: string;
  /** b = Σ quantity × price rounded as §9 says (ceil for buys, floor for sells), whole Rupiah. */
  readonly base: string;
  readonly fee: string;
  readonly tax: string;
  readonly total: string;
  /** Σ quantity × price / quantity, rounded to pricePrecision. */
  readonly averagePrice: string;
  readonly bestPrice: string;
  readonly worstPrice: string;
}

export type BookWalkRefusal =
  /** No level on the side the order takes. */
  | 'EMPTY_BOOK'
  /** Filling needs a level beyond the band. */
  | 'PRICE_BAND'
  /** Every level inside the band together is not enough. */
  | 'INSUFFICIENT_DEPTH'
  /** The size is below one quantity step (or the amount buys less than one step). */
  | 'BELOW_STEP';

export interface BookWalkRefused {
  readonly ok: false;
  readonly side: TradeSide;
  readonly reason: BookWalkRefusal;
  readonly bestPrice: string | null;
  /** The band's limit price (null without a book). */
  readonly bandPrice: string | null;
}

export type BookWalkResult = BookWalkFilled | BookWalkRefused;

interface Level {
  price: TradingDecimal;
  quantity: TradingDecimal;
}

const D = (v: string | number): TradingDecimal => new TradingDecimal(v);

export function walkBook(input: BookWalkInput): BookWalkResult {
  const { side, rates } = input;
  if ((input.quantity === undefined) === (input.amount === undefined)) {
    throw new RangeError('give exactly one of quantity and amount');
  }
  const step = D(input.quantityStep);
  if (!step.gt(0)) throw new RangeError('quantityStep must be above 0');
  const band = D(input.bandPercent);
  if (band.isNegative()) throw new RangeError('bandPercent must be ≥ 0');
  const raw = side === 'BUY' ? input.book.asks : input.book.bids;
  const levels: Level[] = raw
    .map((l) => ({ price: D(l.price), quantity: D(l.quantity) }))
    .filter((l) => l.price.gt(0) && l.quantity.gt(0))
    // Best first, whatever order the levels came in.
    .sort((a, b) => (side === 'BUY' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
  const refuse = (reason: BookWalkRefusal, best: TradingDecimal | null, bandPrice: TradingDecimal | null): BookWalkRefused => ({
    ok: false,
    side,
    reason,
    bestPrice: best ? plain(best) : null,
    bandPrice: bandPrice ? plain(bandPrice) : null,
  });
  if (levels.length === 0) return refuse('EMPTY_BOOK', null, null);

  const best = levels[0].price;
  const bandPrice = side === 'BUY' ? best.times(band.div(100).plus(1)) : best.times(D(1).minus(band.div(100)));
  const inBand = (price: TradingDecimal) => (side === 'BUY' ? price.lte(bandPrice) : price.gte(bandPrice));
  // How the walk ends when it runs out of levels inside the band.
  const outOfBand = levels.some((l) => !inBand(l.price));
  const usable = levels.filter((l) => inBand(l.price));
  const shortfall = (): BookWalkRefused => refuse(outOfBand ? 'PRICE_BAND' : 'INSUFFICIENT_DEPTH', best, bandPrice);

  const fills: Level[] = [];
  if (input.quantity !== undefined) {
    let left = floorToStep(input.quantity, step);
    if (left.isZero()) return refuse('BELOW_STEP', best, bandPrice);
    for (const level of usable) {
      if (left.isZero()) break;
      const take = TradingDecimal.min(left, level.quantity);
      fills.push({ price: level.price, quantity: take });
      left = left.minus(take);
    }
    if (left.gt(0)) return shortfall();
  } else {
    // Spend a budget of base value: for a buy, §9's reverse of the amount; for a sell, the amount.
    const amount = D(input.amount as string);
    let budget = side === 'BUY' ? baseForAmount('BUY', amount, rates) : amount;
    let complete = false;
    for (const level of usable) {
      const affordable = floorToStep(budget.div(level.price), step);
      // Steps are whole here: a level's quantity off the step grid is used down to the grid.
      const take = TradingDecimal.min(affordable, floorToStep(level.quantity, step));
      if (take.gt(0)) {
        fills.push({ price: level.price, quantity: take });
        budget = budget.minus(take.times(level.price));
      }
      // Budget left for less than a step here: worse levels cannot use it either.
      if (take.lt(floorToStep(level.quantity, step)) || affordable.isZero()) {
        complete = true;
        break;
      }
    }
    if (!complete) {
      // Every usable level was taken whole. What is left over is rounding when it buys less than
      // a step at the next price (beyond the band, or the last one when the book ends there).
      const nextPrice = (levels.find((l) => !inBand(l.price)) ?? usable[usable.length - 1]).price;
      if (floorToStep(budget.div(nextPrice), step).gt(0)) return shortfall();
    }
    if (side === 'BUY') trimToAmount(fills, amount, step, rates);
    if (fills.length === 0) return refuse('BELOW_STEP', best, bandPrice);
  }

  const quantity = fills.reduce((sum, f) => sum.plus(f.quantity), D(0));
  const rawBase = fills.reduce((sum, f) => sum.plus(f.quantity.times(f.price)), D(0));
  const dp = input.pricePrecision ?? 8;
  return {
    ok: true,
    side,
    fills: fills.map((f) => ({ price: plain(f.price), quantity: plain(f.quantity) })),
    quantity: plain(quantity),
    ...chargesForBase(side, rawBase, rates),
    averagePrice: plain(rawBase.div(quantity).toDecimalPlaces(dp, TradingDecimal.ROUND_HALF_UP)),
    bestPrice: plain(best),
    worstPrice: plain(fills[fills.length - 1].price),
  };
}

/**
 * §9's reverse rounds the base up, so the walk's total can overshoot the amount by a Rupiah or two:
 * keep at the worst level the most steps that fit (dropping the level when none does).
 */
function trimToAmount(fills: Level[], amount: TradingDecimal, step: TradingDecimal, rates: FeeRates): void {
  while (fills.length > 0) {
    const last = fills[fills.length - 1];
    const spentBase = fills.slice(0, -1).reduce((sum, f) => sum.plus(f.quantity.times(f.price)), D(0));
    const keep = fitBuyQuantity({ spentBase, price: last.price, maxQuantity: last.quantity, amount, quantityStep: step, rates });
    if (keep === null) {
      fills.pop();
      continue;
    }
    if (keep.isZero()) fills.pop();
    else last.quantity = keep;
    return;
  }
}
