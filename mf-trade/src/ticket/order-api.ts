// The crypto order calls of the panel (§7 Crypto: order-types, estimate, buy, sell, advanced
// buy/sell, amend, cancel). Order calls send x-language-code so refusals come in the reader's
// language; placing carries the review's request id, so a retried confirmation places once.
import {
  api,
  DEFAULT_ERROR_MESSAGE,
  isApiError,
  CRYPTO_PATHS,
  cryptoOrderCancelPath,
  cryptoOrderPath,
  type AdvancedOrderRequest,
  type AmendOrderRequest,
  type CryptoEstimate,
  type CryptoOrder,
  type CryptoOrderTypesResponse,
  type EstimateRequest,
  type InstantOrderRequest,
  type Language,
  type OrderSideText,
  type PlaceOrderResponse,
} from '@pasar/shared';
import { ordersOf } from '../my-orders/order-updates';

export const fetchOrderTypes = (symbol: string, signal?: AbortSignal) =>
  api.get<CryptoOrderTypesResponse>(CRYPTO_PATHS.orderTypes, { params: { symbol }, signal, language: true });

export const fetchEstimate = (request: EstimateRequest, signal?: AbortSignal) =>
  api.post<CryptoEstimate>(CRYPTO_PATHS.estimate, request, { signal, language: true });

export function placeOrder(
  side: OrderSideText,
  request: { pro: true; body: AdvancedOrderRequest } | { pro: false; body: InstantOrderRequest },
  requestId: string,
): Promise<PlaceOrderResponse> {
  const path = request.pro
    ? side === 'BUY'
      ? CRYPTO_PATHS.advancedBuy
      : CRYPTO_PATHS.advancedSell
    : side === 'BUY'
      ? CRYPTO_PATHS.buy
      : CRYPTO_PATHS.sell;
  return api.post<PlaceOrderResponse>(path, request.body, { language: true, requestId });
}

export const amendOrder = async (id: string, body: AmendOrderRequest, requestId: string): Promise<CryptoOrder[]> =>
  ordersOf(await api.patch<unknown>(cryptoOrderPath(id), body, { language: true, requestId }));

export const cancelOrder = async (id: string, requestId: string): Promise<CryptoOrder[]> =>
  ordersOf(await api.post<unknown>(cryptoOrderCancelPath(id), undefined, { language: true, requestId }));

/** §8: order calls show the server's message, or "Something went wrong". */
export const messageOf = (error: unknown, lng: Language): string => (isApiError(error) && error.message ? error.message : DEFAULT_ERROR_MESSAGE[lng]);
