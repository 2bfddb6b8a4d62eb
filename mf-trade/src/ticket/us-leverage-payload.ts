// The §5 rules of a leveraged US order, as the payload is built (pure): leveraged orders omit
// tradingHours; leverage 4 sets isIntradayLeverage, and GOOD_TILL_MARKET_CLOSE for its take-profit
// and stop-loss sells; a TP/SL OCO sell's amount is floored to 2 decimals (its quantity is not
// floored to whole shares, as a cash OCO's is).
import type { UsLeverageOrderInput } from '@pasar/shared';

/** The leverage selector's choices: none (the cash ticket), 2x (leverage wallet), 4x (intraday wallet). */
export const LEVERAGE_CHOICES = [1, 2, 4] as const;
export type LeverageChoice = (typeof LEVERAGE_CHOICES)[number];
export type UsLeverage = Exclude<LeverageChoice, 1>;

/** The wallet a leverage trades from. */
export const walletOf = (leverage: UsLeverage): 'leverage' | 'intraday' => (leverage === 4 ? 'intraday' : 'leverage');

/** A decimal string truncated (never rounded) to `places` decimals. */
export function floorDecimals(value: string, places: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.slice(0, places).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

interface Size {
  readonly inputType: 'quantity' | 'amount';
  readonly value: string;
}

const base = (stockId: number, leverage: UsLeverage) => ({ stockId, leverage, isIntradayLeverage: leverage === 4 });
/** Fill by quantity omits amount, fill by amount omits quantity (§5). */
const sizeOf = (size: Size) => (size.inputType === 'quantity' ? { quantity: size.value } : { amount: size.value });

/** A leverage buy at market. */
export function leverageBuyPayload(stockId: number, leverage: UsLeverage, size: Size): UsLeverageOrderInput {
  return { ...base(stockId, leverage), orderType: 'MARKET', ...sizeOf(size) };
}

/** A leverage sell at market (reduces or closes the position). */
export function leverageSellPayload(stockId: number, leverage: UsLeverage, size: Size): UsLeverageOrderInput {
  return { ...base(stockId, leverage), orderType: 'MARKET', ...sizeOf(size) };
}

/** The take profit and stop loss of a position: an OCO sell (4x: good till market close; an amount floored to cents). */
export function leverageTpSlPayload(stockId: number, leverage: UsLeverage, size: Size, prices: { takeProfit: string; stopLoss: string }): UsLeverageOrderInput {
  const sized = size.inputType === 'amount' ? { amount: floorDecimals(size.value, 2) } : { quantity: size.value };
  return {
    ...base(stockId, leverage),
    orderType: 'OCO',
    orderSubType: 'NORMAL',
    timeInForce: leverage === 4 ? 'GOOD_TILL_MARKET_CLOSE' : 'GOOD_TILL_CANCEL',
    ...sized,
    takeProfit: prices.takeProfit,
    stopLoss: prices.stopLoss,
  };
}
