// The order calls of every market, one typed function per endpoint (style 16), as
// `@pasar/shared/orders-client`: signed-in code paths import it (lazy chunks), so it is not part of
// the guest first load. Bind it to the page's client once:
//   const cryptoOrders = createCryptoOrdersClient(api);
//   const types = await cryptoOrders.orderTypes('BTC-IDR', { signal });
import type { z } from 'zod';
import { CRYPTO_PATHS, cryptoOrderCancelPath, cryptoOrderPath } from '../contract/crypto-paths';
import type {
  AdvancedOrderRequest,
  AmendOrderRequest,
  CryptoEstimate,
  CryptoOrder,
  CryptoOrderList,
  CryptoOrdersQuery,
  CryptoOrderTypesResponse,
  EstimateRequest,
  InstantOrderRequest,
  PlaceOrderResponse,
} from '../contract/crypto';
import type { ApiClient } from './api-client';
import { callEndpoint, type CallOptions } from './endpoint';

export type { CallOptions } from './endpoint';

type CryptoSchemas = typeof import('../contract/crypto');
const crypto =
  <T>(pick: (schemas: CryptoSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/crypto'));

/** The crypto spot order calls (§7 Crypto). */
export interface CryptoOrdersClient {
  /** GET the order types, fill modes, flags, precisions and rates a symbol allows now. */
  orderTypes(symbol: string, options?: CallOptions): Promise<CryptoOrderTypesResponse>;
  /** POST the numbers an order would execute with (nothing changes). */
  estimate(body: EstimateRequest, options?: CallOptions): Promise<CryptoEstimate>;
  /** POST a simple-mode market buy (by IDR amount). */
  buy(body: InstantOrderRequest, options?: CallOptions): Promise<PlaceOrderResponse>;
  /** POST a simple-mode market sell (by quantity or amount). */
  sell(body: InstantOrderRequest, options?: CallOptions): Promise<PlaceOrderResponse>;
  /** POST a pro-mode buy of any order type (an OCO answers both legs). */
  advancedBuy(body: AdvancedOrderRequest, options?: CallOptions): Promise<PlaceOrderResponse>;
  /** POST a pro-mode sell of any order type. */
  advancedSell(body: AdvancedOrderRequest, options?: CallOptions): Promise<PlaceOrderResponse>;
  /** GET the user's open orders or history, newest first. */
  orders(query?: Partial<CryptoOrdersQuery>, options?: CallOptions): Promise<CryptoOrderList>;
  /** GET one order of the user. */
  order(id: string, options?: CallOptions): Promise<CryptoOrder>;
  /** PATCH an open order's size or prices; answers the order (both legs of an OCO). */
  amend(id: string, body: AmendOrderRequest, options?: CallOptions): Promise<PlaceOrderResponse>;
  /** POST the cancel of an open order (an OCO leg cancels its group). */
  cancel(id: string, options?: CallOptions): Promise<PlaceOrderResponse>;
}

export function createCryptoOrdersClient(client: ApiClient): CryptoOrdersClient {
  const placed = crypto((s) => s.PlaceOrderResponse);
  return {
    orderTypes: (symbol, options) =>
      callEndpoint(client, { method: 'GET', path: CRYPTO_PATHS.orderTypes, params: { symbol }, schema: crypto((s) => s.CryptoOrderTypesResponse) }, options),
    estimate: (body, options) =>
      callEndpoint(client, { method: 'POST', path: CRYPTO_PATHS.estimate, body, schema: crypto((s) => s.CryptoEstimate) }, options),
    buy: (body, options) => callEndpoint(client, { method: 'POST', path: CRYPTO_PATHS.buy, body, schema: placed }, options),
    sell: (body, options) => callEndpoint(client, { method: 'POST', path: CRYPTO_PATHS.sell, body, schema: placed }, options),
    advancedBuy: (body, options) => callEndpoint(client, { method: 'POST', path: CRYPTO_PATHS.advancedBuy, body, schema: placed }, options),
    advancedSell: (body, options) => callEndpoint(client, { method: 'POST', path: CRYPTO_PATHS.advancedSell, body, schema: placed }, options),
    orders: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: CRYPTO_PATHS.orders, params: { ...query }, schema: crypto((s) => s.CryptoOrderList) }, options),
    order: (id, options) => callEndpoint(client, { method: 'GET', path: cryptoOrderPath(id), schema: crypto((s) => s.CryptoOrder) }, options),
    amend: (id, body, options) => callEndpoint(client, { method: 'PATCH', path: cryptoOrderPath(id), body, schema: placed }, options),
    cancel: (id, options) => callEndpoint(client, { method: 'POST', path: cryptoOrderCancelPath(id), schema: placed }, options),
  };
}
