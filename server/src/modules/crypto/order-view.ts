// An order row as the contract's CryptoOrder (decimal strings without trailing zeros, ISO times).
import type { CryptoOrder, ExchangeOrderStatus, OrderStatus } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { OrderState } from '../../trading';
import type { OrderShape } from './order-plan';
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

export function toCryptoOrder(row: OrderRow, pricePrecision: number): CryptoOrder {
  const filled = new TradingDecimal(row.filledQuantity);
  return {
    id: row.id,
    market: 'CRYPTO',
    currency: 'IDR',
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
