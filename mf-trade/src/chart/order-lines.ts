// The user's orders as price lines on the chart (§4): the chart-order type (instant is market, an
// OCO leg is stop or limit) and the chart-order status mapping (pending -> Working, partially
// filled -> Filled, …). Only orders with a price to draw at are lines: a market order has none.
import { BrokerOrderState, chartOrderState, chartOrderType, type ChartOrderType, type CryptoOrder, type OrderSideText } from '@pasar/shared';

export interface ChartOrderLine {
  id: string;
  /** Decimal string: the engine turns it into a number for drawing only. */
  price: string;
  side: OrderSideText;
  type: ChartOrderType;
  state: BrokerOrderState;
  /** The label on the line ("Buy limit 0.5 BTC"). */
  title: string;
}

/** Where an order waits: its limit or stop price, by type (a triggered stop-limit rests at its limit). */
export function chartPriceOf(order: CryptoOrder): string | null {
  switch (order.orderType) {
    case 'LIMIT':
      return order.limitPrice;
    case 'STOP':
      return order.stopPrice;
    case 'STOP_LIMIT':
      return order.triggeredAt ? order.limitPrice : order.stopPrice;
    case 'OCO':
      return order.ocoLeg === 'STOP_LOSS' ? order.stopPrice : order.limitPrice;
    case 'MARKET':
      return null;
  }
}

/** Broker states drawn: a working order, and a partially filled one still resting (Filled by §4's mapping). */
const DRAWN = new Set<BrokerOrderState>([BrokerOrderState.Working, BrokerOrderState.Filled]);

export function chartOrderLines(orders: readonly CryptoOrder[], title: (order: CryptoOrder, type: ChartOrderType) => string): ChartOrderLine[] {
  const lines: ChartOrderLine[] = [];
  for (const order of orders) {
    const state = chartOrderState(order.status);
    const price = chartPriceOf(order);
    // A filled (SUCCESS) order no longer rests anywhere; a partially filled one does.
    if (!price || !DRAWN.has(state) || order.status === 'SUCCESS') continue;
    const type = chartOrderType(order.source === 'INSTANT' ? 'INSTANT' : order.orderType, order.ocoLeg ?? undefined);
    lines.push({ id: order.id, price, side: order.side, type, state, title: title(order, type) });
  }
  return lines;
}
