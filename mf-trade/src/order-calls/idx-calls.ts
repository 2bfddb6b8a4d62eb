// The Indonesian stock (IDX) order calls, through shared's typed orders client: order types (the
// phase, the day's ARA/ARB, tick, lot, fees), price calculate (fee, tax, settlement date), buy,
// sell, the orders list, cancel (PUT with stockId), holding details and the wallet's unsettled
// cash. Order calls send x-language-code; placing and cancelling carry the caller's request id.
import { api, type AmendOrderRequest, type IdxOrderInput, type Order, type OrderSideText } from '@pasar/shared';
import { createIdxOrdersClient, type IdxPriceQueryInput } from '@pasar/shared/orders-client';
import type { MarketOrderCalls } from './market-calls';

const client = createIdxOrdersClient(api);

export const idxOrders = {
  orderTypes: (stockId: number, transactionType: OrderSideText, signal?: AbortSignal) => client.orderTypes({ stockId, transactionType }, { signal }),
  priceCalculate: (query: IdxPriceQueryInput, signal?: AbortSignal) => client.priceCalculate(query, { signal }),
  place: (side: OrderSideText, body: IdxOrderInput, requestId: string) => (side === 'BUY' ? client.buy(body, { requestId }) : client.sell(body, { requestId })),
  orders: (query: { scope: 'open' | 'history'; stockId?: number; page?: number; size?: number }, signal?: AbortSignal) => client.orders(query, { signal }),
  cancel: (id: string, stockId: number, requestId: string) => client.cancel(id, { stockId }, { requestId }),
  amend: async (order: Order, request: AmendOrderRequest, requestId: string): Promise<Order[]> => {
    const body = { ...(request.quantity !== undefined ? { quantity: request.quantity } : {}), ...(request.limitPrice !== undefined ? { unitPrice: request.limitPrice } : {}) };
    return (await client.amend(order.id, body, { requestId })).orders;
  },
  holding: (stockId: number, signal?: AbortSignal) => client.holding(stockId, { signal }),
  wallet: (signal?: AbortSignal) => client.wallet({ signal }),
};

export const idxOrderCalls: MarketOrderCalls = {
  market: 'IDSS',
  currency: 'IDR',
  list: async ({ scope, instrumentId, page, size }, signal) => {
    const list = await idxOrders.orders({ scope, ...(instrumentId === null ? {} : { stockId: instrumentId }), ...(page ? { page } : {}), ...(size ? { size } : {}) }, signal);
    return { items: list.items, hasMore: list.hasMore };
  },
  cancel: async (order, instrumentId, requestId) => {
    if (instrumentId === null) throw new Error(`the stock of order ${order.id} is not known`);
    return (await idxOrders.cancel(order.id, instrumentId, requestId)).orders;
  },
};
