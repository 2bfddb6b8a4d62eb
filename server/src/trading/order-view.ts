// An order row as the contract's `Order` (decimal strings without trailing zeros, ISO times), its
// place in the state table, and its figures as the rules' hold math reads them.
import type { ExchangeOrderStatus, Order, OrderStatus } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { wireAssetType, type OrderShape } from './order-model';
import type { OrderState } from './order-states';
import type { OrderRow } from './tables';

const num = (v: string): string => plain(new TradingDecimal(v));
const numOrNull = (v: string | null): string | null => (v === null ? null : num(v));

export const stateOf = (row: Pick<OrderRow, 'status' | 'exchangeStatus'>): OrderState => ({
  status: row.status as OrderStatus,
  exchangeStatus: row.exchangeStatus as ExchangeOrderStatus,
});

export const shapeOf = (row: OrderRow): OrderShape => ({
  side: row.side,
  orderType: row.orderType,
  ocoLeg: row.ocoLeg,
  triggered: row.triggeredAt !== null,
  amount: row.amount,
  execQuantity: row.execQuantity,
  limitPrice: row.limitPrice,
  stopPrice: row.stopPrice,
  filledQuantity: row.filledQuantity,
  filledAmount: row.filledAmount,
  total: row.total,
});

/** The view of an order; `pricePrecision` rounds its average price (two more places than the market's). */
export function toOrder(row: OrderRow, pricePrecision: number): Order {
  const filled = new TradingDecimal(row.filledQuantity);
  return {
    id: row.id,
    market: wireAssetType(row.market),
    currency: row.currency,
    symbol: row.symbol,
    side: row.side,
    orderType: row.orderType,
    source: row.source,
    inputType: row.inputType,
    quantity: numOrNull(row.quantity),
    amount: numOrNull(row.amount),
    limitPrice: numOrNull(row.limitPrice),
    stopPrice: numOrNull(row.stopPrice),
    timeInForce: row.timeInForce,
    status: row.status as OrderStatus,
    exchangeStatus: row.exchangeStatus as ExchangeOrderStatus,
    filledQuantity: plain(filled),
    filledAmount: num(row.filledAmount),
    averagePrice: filled.gt(0)
      ? plain(new TradingDecimal(row.filledAmount).div(filled).toDecimalPlaces(pricePrecision + 2, TradingDecimal.ROUND_HALF_UP))
      : null,
    fee: num(row.fee),
    tax: num(row.tax),
    total: num(row.total),
    ocoGroupId: row.ocoGroupId,
    ocoLeg: row.ocoLeg,
    triggeredAt: row.triggeredAt ? row.triggeredAt.toISOString() : null,
    reason: row.reason,
    ...(row.tradingHours !== null ? { tradingHours: row.tradingHours } : {}),
    ...(row.expiresAt !== null ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.leverage !== null ? { leverage: num(row.leverage) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
