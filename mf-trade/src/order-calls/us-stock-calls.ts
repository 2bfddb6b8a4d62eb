// The US stock order calls (§7 Global stock, the PALN wallet): order types, price calculate, buy,
// sell, the orders list, cancel (PUT with stockId), holding details and the user position. Order
// calls send x-language-code (refusals in the reader's language); placing and cancelling carry the
// caller's request id.
import {
  api,
  US_STOCK_PATHS,
  usStockHoldingPath,
  usStockOrderCancelPath,
  type OrderSideText,
  type UsStockEstimate,
  type UsStockHoldingDetails,
  type UsStockOrderInput,
  type UsStockOrderList,
  type UsStockOrderTypesResponse,
  type UsStockPlaceResponse,
  type UsStockPositionResponse,
  type UsStockPriceQuery,
} from '@pasar/shared';
import type { MarketOrderCalls } from './market-calls';

export const usStockOrders = {
  orderTypes: (stockId: number, transactionType: OrderSideText, signal?: AbortSignal) =>
    api.get<UsStockOrderTypesResponse>(US_STOCK_PATHS.orderTypes, { params: { stockId, transactionType }, signal, language: true }),
  priceCalculate: (query: UsStockPriceQuery, signal?: AbortSignal) =>
    api.get<UsStockEstimate>(US_STOCK_PATHS.priceCalculate, { params: { ...query }, signal, language: true }),
  place: (side: OrderSideText, body: UsStockOrderInput, requestId: string) =>
    api.post<UsStockPlaceResponse>(side === 'BUY' ? US_STOCK_PATHS.buy : US_STOCK_PATHS.sell, body, { language: true, requestId }),
  orders: (query: { scope: 'open' | 'history'; stockId?: number; page?: number; size?: number }, signal?: AbortSignal) =>
    api.get<UsStockOrderList>(US_STOCK_PATHS.orders, { params: { ...query }, signal, language: true }),
  cancel: (id: string, stockId: number, requestId: string) =>
    api.put<UsStockPlaceResponse>(usStockOrderCancelPath(id), { stockId }, { language: true, requestId }),
  holding: (stockId: number, signal?: AbortSignal) => api.get<UsStockHoldingDetails>(usStockHoldingPath(stockId), { signal, language: true }),
  position: (signal?: AbortSignal) => api.get<UsStockPositionResponse>(US_STOCK_PATHS.userPosition, { signal, language: true }),
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
