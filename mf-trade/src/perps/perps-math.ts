// The perps ticket's pure parts: the draft, what is wrong with it before any call (sizes, the
// price band, leverage), the order and estimate requests it becomes, and a position's figures at
// the live mark price. Exact decimal math (TradingDecimal), never floats.
import type { MarginMode, MarginTier, OrderSideText, PerpOrderInput, PerpOrderType, PerpOrderTypesResponse, PerpPosition } from '@pasar/shared';
import type { PerpEstimateInput } from '@pasar/shared/perps-client';
import { TradingDecimal, plain } from '@pasar/shared/trading';

export interface PerpDraft {
  side: OrderSideText;
  orderType: PerpOrderType;
  quantity: string;
  limitPrice: string;
  stopPrice: string;
  reduceOnly: boolean;
  /** TP/SL set on the position when the order fills. */
  tpsl: boolean;
  takeProfit: string;
  stopLoss: string;
}

export const EMPTY_DRAFT: PerpDraft = {
  side: 'BUY',
  orderType: 'MARKET',
  quantity: '',
  limitPrice: '',
  stopPrice: '',
  reduceOnly: false,
  tpsl: false,
  takeProfit: '',
  stopLoss: '',
};

export type DraftField = 'quantity' | 'limitPrice' | 'stopPrice' | 'takeProfit' | 'stopLoss';
export type ProblemKey = 'required' | 'belowMin' | 'offStep' | 'belowMinNotional' | 'outsideBand';
export interface Problem {
  key: ProblemKey;
  /** Decimal strings the message names (min, step, low, high). */
  values?: Record<string, string>;
}
export type DraftProblems = Partial<Record<DraftField, Problem>>;

/** The price fields an order type takes (§3). */
export const priceFieldsOf = (type: PerpOrderType): Array<'limitPrice' | 'stopPrice'> =>
  type === 'LIMIT' ? ['limitPrice'] : type === 'STOP' ? ['stopPrice'] : type === 'STOP_LIMIT' ? ['stopPrice', 'limitPrice'] : [];

const positive = (value: string): boolean => value !== '' && /[1-9]/.test(value);
const dec = (value: string) => new TradingDecimal(value);

/** The price the order would trade at for its checks: the limit, else the stop, else the mark. */
export function referencePrice(draft: PerpDraft, markPrice: string): string {
  if (draft.orderType !== 'MARKET' && draft.orderType !== 'STOP' && positive(draft.limitPrice)) return draft.limitPrice;
  if (draft.orderType !== 'MARKET' && positive(draft.stopPrice)) return draft.stopPrice;
  return markPrice;
}

/** What is wrong with a draft before any call: sizes, the price band. The rest is the server's (the estimate says). */
export function draftProblems(draft: PerpDraft, types: PerpOrderTypesResponse): DraftProblems {
  const problems: DraftProblems = {};
  const { quantity } = draft;
  if (!positive(quantity)) problems.quantity = { key: 'required' };
  else if (dec(quantity).lt(types.minQuantity)) problems.quantity = { key: 'belowMin', values: { min: types.minQuantity } };
  else if (!dec(quantity).mod(types.quantityStep).isZero()) problems.quantity = { key: 'offStep', values: { step: types.quantityStep } };
  for (const field of priceFieldsOf(draft.orderType)) {
    const price = draft[field];
    if (!positive(price)) problems[field] = { key: 'required' };
    else if (dec(price).lt(types.priceBandLow) || dec(price).gt(types.priceBandHigh)) {
      problems[field] = { key: 'outsideBand', values: { low: types.priceBandLow, high: types.priceBandHigh } };
    }
  }
  if (!problems.quantity && !problems.limitPrice && !problems.stopPrice) {
    const notional = dec(quantity).mul(referencePrice(draft, types.markPrice));
    if (notional.lt(types.minNotional)) problems.quantity = { key: 'belowMinNotional', values: { min: types.minNotional } };
  }
  return problems;
}

/** A leverage as typed: a whole number from 1 to the maximum, else null. */
export function leverageOf(text: string, max: number): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : null;
}

/** The largest position a leverage allows: the cap of the last tier whose maximum leverage reaches it. */
export function maxNotionalAt(leverage: number, tiers: readonly MarginTier[]): string | null {
  const allowed = tiers.filter((tier) => tier.maxLeverage >= leverage);
  const last = allowed[allowed.length - 1];
  return last ? last.notionalCap : null;
}

interface Setting {
  symbol: string;
  leverage: number;
  marginMode: MarginMode;
}

const tpslOf = (draft: PerpDraft) =>
  draft.tpsl && !draft.reduceOnly
    ? { ...(positive(draft.takeProfit) ? { takeProfit: draft.takeProfit } : {}), ...(positive(draft.stopLoss) ? { stopLoss: draft.stopLoss } : {}) }
    : {};

const pricesOf = (draft: PerpDraft) => Object.fromEntries(priceFieldsOf(draft.orderType).map((field) => [field, draft[field]]));

/** The order call's body: only the fields of its type; TP/SL only when asked for (never on a reduce-only order). */
export function orderRequestOf(draft: PerpDraft, { symbol, leverage, marginMode }: Setting): PerpOrderInput {
  return { symbol, orderType: draft.orderType, quantity: draft.quantity, ...pricesOf(draft), reduceOnly: draft.reduceOnly, ...tpslOf(draft), leverage, marginMode };
}

/** The estimate call's query of the same draft. */
export function estimateQueryOf(draft: PerpDraft, { symbol, leverage, marginMode }: Setting): PerpEstimateInput {
  return { symbol, side: draft.side, orderType: draft.orderType, quantity: draft.quantity, ...pricesOf(draft), reduceOnly: draft.reduceOnly, leverage, marginMode };
}

export interface LiveFigures {
  unrealizedPnl: string;
  roePercent: string;
  /** Isolated: worked out at the mark; cross: the wallet's (the server's). */
  marginRatioPercentage: string;
}

/**
 * A position's P&L, ROE and (isolated) margin ratio at a live mark price. The maintenance margin
 * follows the mark within the position's tier: MM = notional × rate − amount, the amount taken
 * from the server's figures (amount = notional × rate − MM).
 */
export function liveFigures(position: PerpPosition, markPrice: string | undefined): LiveFigures {
  if (!markPrice || !positive(markPrice)) return { unrealizedPnl: position.unrealizedPnl, roePercent: position.roePercent, marginRatioPercentage: position.marginRatioPercentage };
  const direction = position.side === 'LONG' ? 1 : -1;
  const quantity = dec(position.quantity);
  const pnl = dec(markPrice).minus(position.entryPrice).mul(quantity).mul(direction);
  const initial = dec(position.initialMargin);
  const roe = initial.isZero() ? dec('0') : pnl.div(initial).mul(100).toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP);
  let ratio = position.marginRatioPercentage;
  if (position.marginMode === 'ISOLATED') {
    const rate = dec(position.maintenanceMarginRate);
    const amount = dec(position.notional).mul(rate).minus(position.maintenanceMargin);
    const maintenance = quantity.mul(markPrice).mul(rate).minus(amount);
    const equity = dec(position.margin).plus(pnl);
    ratio = equity.lte(0) ? '100' : plain(maintenance.div(equity).mul(100).toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP));
  }
  return { unrealizedPnl: plain(pnl.toDecimalPlaces(8, TradingDecimal.ROUND_HALF_UP)), roePercent: plain(roe), marginRatioPercentage: ratio };
}
