// The crypto order calls (§7 Crypto: order-types, estimate, buy, sell, advanced buy/sell, orders,
// amend, cancel), through shared's typed orders client: each endpoint's path and answer schema are
// paired there once. Order calls send x-language-code so refusals come in the reader's language;
// placing carries the review's request id, so a retried confirmation places once.
import { api, type AdvancedOrderRequest, type AmendOrderRequest, type CryptoOrder, type EstimateRequest, type InstantOrderRequest, type OrderSideText } from '@pasar/shared';
import { createCryptoOrdersClient } from '@pasar/shared/orders-client';
import type { MarketOrderCalls } from './market-calls';

export const cryptoOrders = createCryptoOrdersClient(api);

export const fetchOrderTypes = (symbol: string, signal?: AbortSignal) => cryptoOrders.orderTypes(symbol, { signal });

export const fetchEstimate = (request: EstimateRequest, signal?: AbortSignal) => cryptoOrders.estimate(request, { signal });

export function placeOrder(
  side: OrderSideText,
  request: { pro: true; body: AdvancedOrderRequest } | { pro: false; body: InstantOrderRequest },
  requestId: string,
) {
  if (request.pro) return side === 'BUY' ? cryptoOrders.advancedBuy(request.body, { requestId }) : cryptoOrders.advancedSell(request.body, { requestId });
  return side === 'BUY' ? cryptoOrders.buy(request.body, { requestId }) : cryptoOrders.sell(request.body, { requestId });
}

export const amendOrder = async (id: string, body: AmendOrderRequest, requestId: string): Promise<CryptoOrder[]> => (await cryptoOrders.amend(id, body, { requestId })).orders;

/** Open orders and history, cancel, of crypto spot. */
export const cryptoOrderCalls: MarketOrderCalls = {
  market: 'CRYPTO',
  currency: 'IDR',
  list: ({ scope, symbol, page, size }, signal) => cryptoOrders.orders({ scope, symbol, ...(page ? { page } : {}), ...(size ? { size } : {}) }, { signal }),
  cancel: async (order, _instrumentId, requestId) => (await cryptoOrders.cancel(order.id, { requestId })).orders,
};
