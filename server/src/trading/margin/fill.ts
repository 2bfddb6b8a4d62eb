// The engine's fill of a margined order, built the same way by every margined market's rules
// (perps, US CFDs): the order's identity and the fill's figures; the market adds its book, the
// close reason and any charges.
import type { FillNumbers } from '../market-rules';
import type { Market } from '../order-model';
import type { OrderRow } from '../tables';
import type { CloseReason, MarginFill } from './api';

export function marginFillOf(
  market: Market,
  book: string,
  order: OrderRow,
  n: FillNumbers,
  key: string,
  extra: { readonly reason: CloseReason | null; readonly charges?: string },
): MarginFill {
  return {
    market,
    userId: order.userId,
    book,
    symbol: order.symbol,
    orderId: order.id,
    orderHoldId: order.holdId,
    side: order.side,
    quantity: n.quantity,
    price: n.price,
    fee: n.fee,
    key,
    ...extra,
  };
}
