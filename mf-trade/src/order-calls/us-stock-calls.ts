// The US stock order calls (§7 Global stock, the PALN wallet), through shared's typed orders
// client: order types, price calculate, buy, sell, the orders list, cancel (PUT with stockId),
// holding details and the user position. Order calls send x-language-code (refusals in the
// reader's language); placing and cancelling carry the caller's request id.
import { api, type AmendOrderRequest, type Order, type OrderSideText, type UsStockOrderInput, type UsStockPriceQuery } from '@pasar/shared';
import { createUsStockOrdersClient } from '@pasar/shared/orders-client';
import type { MarketOrderCalls } from './market-calls';

const client = createUsStockOrdersClient(api);

export const usStockOrders = {
  orderTypes: (stockId: number, transactionType: OrderSideText, signal?: AbortSignal) => client.orderTypes({ stockId, transactionType }, { signal }),
  priceCalculate: (query: UsStockPriceQuery, signal?: AbortSignal) => client.priceCalculate(query, { signal }),
  place: (side: OrderSideText, body: UsStockOrderInput, requestId: string) => (side === 'BUY' ? client.buy(body, { requestId }) : client.sell(body, { requestId })),
  orders: (query: { scope: 'open' | 'history'; stockId?: number; page?: number; size?: number }, signal?: AbortSignal) => client.orders(query, { signal }),
  cancel: (id: string, stockId: number, requestId: string) => client.cancel(id, { stockId }, { requestId }),
  /** An open order's new size or prices (the limit price is the payload's unitPrice). */
  amend: async (order: Order, request: AmendOrderRequest, requestId: string): Promise<Order[]> => {
    const { limitPrice, ...rest } = request;
    return (await client.amend(order.id, { ...rest, ...(limitPrice !== undefined ? { unitPrice: limitPrice } : {}) }, { requestId })).orders;
  },
  holding: (stockId: number, signal?: AbortSignal) => client.holding(stockId, { signal }),
  position: (signal?: AbortSignal) => client.position({ signal }),
};

/** The stock id of a US order's page: the instrument's id (the orders list is asked by it). */
const stockIdOf = (instrumentId: number | null): { stockId?: number } => (instrumentId === null ? {} : { stockId: instrumentId });

export const usStockOrderCalls: MarketOrderCalls = {
  market: 'USSTOCK',
  currency: 'USD',
  list: async ({ scope, instrumentId, page, size }, signal) => {
    const list = await usStockOrders.orders({ scope, ...stockIdOf(instrumentId), ...(page ? { page } : {}), ...(size ? { size } : {}) }, signal);
    return { items: list.items, hasMore: list.hasMore };
  },
  cancel: async (order, instrumentId, requestId) => {
    if (instrumentId === null) throw new Error(`the stock of order ${order.id} is not known`);
    return (await usStockOrders.cancel(order.id, instrumentId, requestId)).orders;
  },
};
