// The order ticket's arithmetic and rules, as pure functions over decimal strings (no floats):
// the slider's percentages (§9), which fields an order type uses and the request it sends (§3, §5:
// quantity orders omit amount and vice versa), buy/sell availability (§4, §5) and the checks made
// before the review. The fee math itself is shared's `orderNumbers` (@pasar/shared/trading).
import {
  compareDecimal,
  isCanonicalDecimal,
  normalizeDecimal,
  roundDownToStep,
  truncateDecimal,
  type AdvancedOrderRequest,
  type BuySellAvailability,
  type CryptoOrder,
  type EstimateRequest,
  type InstantOrderRequest,
  type OrderInputType,
  type OrderSideText,
  type OrderType,
  type TimeInForce,
} from '@pasar/shared';

// ---- decimal helpers (BigInt on scaled integers) ----

const scaleOf = (value: string): number => value.split('.')[1]?.length ?? 0;
const toScaled = (value: string, scale: number): bigint => {
  const [integer = '0', fraction = ''] = value.split('.');
  return BigInt((integer || '0') + fraction.padEnd(scale, '0').slice(0, scale));
};
const fromScaled = (scaled: bigint, scale: number): string => {
  const digits = scaled.toString().padStart(scale + 1, '0');
  return normalizeDecimal(scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`);
};

/** A non-negative decimal string, or "" for anything else ("", "abc", "-1"). */
export const cleanDecimal = (value: string | null | undefined): string => (value && isCanonicalDecimal(value) ? normalizeDecimal(value) : '');

export const isPositive = (value: string): boolean => cleanDecimal(value) !== '' && /[1-9]/.test(value);

/** a × b, exactly. */
export function multiplyDecimal(a: string, b: string): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  return fromScaled(toScaled(a, sa) * toScaled(b, sb), sa + sb);
}

/** `percent` % of `value`, cut (never rounded) to `precision` decimals. */
export function percentOf(value: string, percent: number, precision: number): string {
  const clean = cleanDecimal(value);
  if (!clean) return '0';
  const scale = scaleOf(clean);
  const scaled = (toScaled(clean, scale) * BigInt(Math.round(Math.min(100, Math.max(0, percent))))) / 100n;
  return truncateDecimal(fromScaled(scaled, scale), precision);
}

/** What percent of `max` the value is: whole percent, rounded down, 0–100 (0 when max is 0). */
export function percentOfMax(value: string, max: string | null): number {
  const v = cleanDecimal(value);
  const m = cleanDecimal(max);
  if (!v || !m || !isPositive(m)) return 0;
  const scale = Math.max(scaleOf(v), scaleOf(m));
  const percent = (toScaled(v, scale) * 100n) / toScaled(m, scale);
  return Number(percent > 100n ? 100n : percent);
}

/** The smaller of two decimal strings. */
export const minDecimal = (a: string, b: string): string => (compareDecimal(cleanDecimal(a) || '0', cleanDecimal(b) || '0') <= 0 ? a : b);

/** a − b, never below 0 (what is left to sell after open sell orders). */
export function subtractFloor(a: string, b: string): string {
  const x = cleanDecimal(a) || '0';
  const y = cleanDecimal(b) || '0';
  const scale = Math.max(scaleOf(x), scaleOf(y));
  const diff = toScaled(x, scale) - toScaled(y, scale);
  return diff <= 0n ? '0' : fromScaled(diff, scale);
}

/** "0.1" (percent) → "0.001" (the fraction `orderNumbers` takes). */
export function percentToFraction(percent: string): string {
  const clean = cleanDecimal(percent) || '0';
  const scale = scaleOf(clean);
  return fromScaled(toScaled(clean, scale), scale + 2);
}

/** A decimal string cut to `precision` decimals ("" stays ""). */
export const truncateTo = (value: string, precision: number): string => {
  const clean = cleanDecimal(value);
  return clean ? truncateDecimal(clean, precision) : '';
};

export const quantityToStep = (value: string, step: string, precision: number): string =>
  truncateDecimal(roundDownToStep(truncateDecimal(cleanDecimal(value) || '0', precision), step), precision);

// ---- availability (§4 Buy/sell availability; §5 the flags, pro flags in pro mode) ----

export function availabilityOf(enableBuy: boolean, enableSell: boolean): BuySellAvailability {
  if (!enableBuy && !enableSell) return 'Disabled';
  if (!enableBuy) return 'BuyDisabled';
  if (!enableSell) return 'SellDisabled';
  return 'None';
}

export function sideAllowed(availability: BuySellAvailability, side: OrderSideText): boolean {
  if (availability === 'Disabled') return false;
  return side === 'BUY' ? availability !== 'BuyDisabled' : availability !== 'SellDisabled';
}

// ---- the draft and its request ----

export interface OrderDraft {
  side: OrderSideText;
  orderType: OrderType;
  inputType: OrderInputType;
  quantity: string;
  amount: string;
  limitPrice: string;
  stopPrice: string;
  takeProfit: string;
  stopLoss: string;
  timeInForce: TimeInForce;
  /** Stocks: may also execute in pre- and post-market (limit orders only). */
  extendedHours: boolean;
}

export const emptyDraft = (side: OrderSideText = 'BUY'): OrderDraft => ({
  side,
  orderType: 'MARKET',
  inputType: side === 'BUY' ? 'amount' : 'quantity',
  quantity: '',
  amount: '',
  limitPrice: '',
  stopPrice: '',
  takeProfit: '',
  stopLoss: '',
  timeInForce: 'GOOD_TILL_CANCEL',
  extendedHours: false,
});

export type PriceField = 'limitPrice' | 'stopPrice' | 'takeProfit' | 'stopLoss';

/** The price inputs an order type shows (§3 order form: limitPrice, stopPrice, takeProfit, stopLoss). */
export function priceFieldsOf(type: OrderType): PriceField[] {
  switch (type) {
    case 'LIMIT':
      return ['limitPrice'];
    case 'STOP':
      return ['stopPrice'];
    case 'STOP_LIMIT':
      return ['stopPrice', 'limitPrice'];
    case 'OCO':
      return ['takeProfit', 'stopLoss'];
    case 'MARKET':
      return [];
  }
}

/** The price the numbers are worked out at: the book's side for market, else the order's own. */
export function numbersPriceOf(draft: OrderDraft, quote: { bid?: string; ask?: string; last?: string }): string {
  const market = (draft.side === 'BUY' ? quote.ask : quote.bid) || quote.last || '';
  switch (draft.orderType) {
    case 'MARKET':
      return market;
    case 'LIMIT':
    case 'STOP_LIMIT':
      return draft.limitPrice;
    case 'STOP':
      return draft.stopPrice;
    case 'OCO':
      // Either leg may fill; the take-profit leg's limit is the price the order is meant for.
      return draft.takeProfit;
  }
}

/** The size fields as §5 wants them: exactly one of quantity or amount. */
function sizeOf(draft: OrderDraft): { quantity?: string; amount?: string } {
  return draft.inputType === 'quantity' ? { quantity: normalizeDecimal(draft.quantity) } : { amount: normalizeDecimal(draft.amount) };
}

/** Simple mode (CryptoInstant): a market order; buys by amount. */
export function instantRequest(symbol: string, draft: OrderDraft): InstantOrderRequest {
  return { symbol, ...sizeOf(draft.side === 'BUY' ? { ...draft, inputType: 'amount' } : draft) };
}

/** Pro mode (CryptoAdvanced): the type's prices only. */
export function advancedRequest(symbol: string, draft: OrderDraft): AdvancedOrderRequest {
  const request: AdvancedOrderRequest = { symbol, orderType: draft.orderType, inputType: draft.inputType, ...sizeOf(draft) };
  for (const field of priceFieldsOf(draft.orderType)) request[field] = normalizeDecimal(draft[field]);
  if (draft.orderType !== 'MARKET') request.timeInForce = draft.timeInForce;
  return request;
}

export function estimateRequest(symbol: string, draft: OrderDraft, pro: boolean): EstimateRequest {
  if (pro) return { ...advancedRequest(symbol, draft), side: draft.side };
  const instant = instantRequest(symbol, draft);
  return { ...instant, side: draft.side, orderType: 'MARKET', inputType: instant.quantity ? 'quantity' : 'amount' };
}

/** The prices an open order can still move: its limit, its stop until the stop has triggered. */
export function amendablePrices(order: Pick<CryptoOrder, 'orderType' | 'triggeredAt' | 'ocoLeg'>): Array<'limitPrice' | 'stopPrice'> {
  switch (order.orderType) {
    case 'LIMIT':
      return ['limitPrice'];
    case 'STOP':
      return ['stopPrice'];
    case 'STOP_LIMIT':
      return order.triggeredAt ? ['limitPrice'] : ['stopPrice', 'limitPrice'];
    case 'OCO':
      return order.ocoLeg === 'STOP_LOSS' ? ['stopPrice'] : ['limitPrice'];
    case 'MARKET':
      return [];
  }
}

// ---- checks before the review ----

export type DraftField = 'size' | PriceField;
export type DraftProblem =
  | 'required'
  | 'belowMinQuantity'
  | 'belowMinAmount'
  | 'aboveBuyingPower'
  | 'aboveHoldings'
  | 'takeProfitBelowStopLoss'
  | 'takeProfitAboveStopLoss';

export interface DraftLimits {
  minQuantity: string;
  minAmount: string;
  /** IDR the buyer can spend (null: not known yet: not checked). */
  buyingPower: string | null;
  /** Units the seller can sell. */
  holdings: string | null;
}

/** The order's numbers as far as known (local fee math): what a buy costs, what a sell gives away. */
export interface DraftNumbers {
  quantity: string;
  total: string;
}

export function checkDraft(draft: OrderDraft, limits: DraftLimits, numbers: DraftNumbers | null): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  const size = draft.inputType === 'quantity' ? draft.quantity : draft.amount;
  if (!isPositive(size)) problems.size = 'required';
  else if (draft.inputType === 'quantity' && compareDecimal(normalizeDecimal(size), cleanDecimal(limits.minQuantity) || '0') < 0) problems.size = 'belowMinQuantity';
  else if (draft.inputType === 'amount' && compareDecimal(normalizeDecimal(size), cleanDecimal(limits.minAmount) || '0') < 0) problems.size = 'belowMinAmount';
  else if (draft.side === 'BUY' && limits.buyingPower !== null) {
    // A buy by amount spends at most the amount; by quantity, the total the fee math gives.
    const spend = draft.inputType === 'amount' ? normalizeDecimal(size) : numbers?.total;
    if (spend && compareDecimal(spend, cleanDecimal(limits.buyingPower) || '0') > 0) problems.size = 'aboveBuyingPower';
  } else if (draft.side === 'SELL' && limits.holdings !== null) {
    const units = draft.inputType === 'quantity' ? normalizeDecimal(size) : numbers?.quantity;
    if (units && compareDecimal(units, cleanDecimal(limits.holdings) || '0') > 0) problems.size = 'aboveHoldings';
  }
  for (const field of priceFieldsOf(draft.orderType)) {
    if (!isPositive(draft[field])) problems[field] = 'required';
  }
  if (draft.orderType === 'OCO' && !problems.takeProfit && !problems.stopLoss) {
    const order = compareDecimal(normalizeDecimal(draft.takeProfit), normalizeDecimal(draft.stopLoss));
    // A sell takes profit above its stop-loss; a buy takes it below (it buys cheaper).
    if (draft.side === 'SELL' && order <= 0) problems.takeProfit = 'takeProfitBelowStopLoss';
    if (draft.side === 'BUY' && order >= 0) problems.takeProfit = 'takeProfitAboveStopLoss';
  }
  return problems;
}
