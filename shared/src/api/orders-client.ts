// The order calls of every market (crypto spot, US stocks), one typed function per endpoint
// (style 16), as `@pasar/shared/orders-client`: signed-in code paths import it (lazy chunks), so
// it is not part of the guest first load. Bind it to the page's client once:
//   const cryptoOrders = createCryptoOrdersClient(api);
//   const types = await cryptoOrders.orderTypes('BTC-IDR', { signal });
// Each function sends its endpoint's method and path and parses the answer with the contract's
// schema (a mismatch rejects with INVALID_RESPONSE).
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
import { US_STOCK_PATHS, usStockHoldingPath, usStockOrderCancelPath, usStockOrderPath } from '../contract/us-stock-paths';
import type {
  UsMarketStatusResponse,
  UsStockAmendRequest,
  UsStockCancelRequest,
  UsStockEstimate,
  UsStockHoldingDetails,
  UsStockOrderInput,
  UsStockOrderList,
  UsStockOrdersQuery,
  UsStockOrderTypesQuery,
  UsStockOrderTypesResponse,
  UsStockPlaceResponse,
  UsStockPositionResponse,
  UsStockPriceQuery,
} from '../contract/us-stock';
import type { Order } from '../contract/orders';
import { IDX_PATHS, idxHoldingPath, idxOrderCancelPath, idxOrderPath } from '../contract/idx-paths';
import type {
  IdxAmendRequest,
  IdxCancelRequest,
  IdxEstimate,
  IdxHoldingDetails,
  IdxOrderInput,
  IdxOrderList,
  IdxOrderTypesQuery,
  IdxOrderTypesResponse,
  IdxPlaceResponse,
  IdxPositionResponse,
  IdxPriceQuery,
  IdxWalletResponse,
} from '../contract/idx';
import type { ApiClient } from './api-client';
import { callEndpoint, type CallOptions } from './endpoint';

export type { CallOptions } from './endpoint';

type CryptoSchemas = typeof import('../contract/crypto');
const crypto =
  <T>(pick: (schemas: CryptoSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/crypto'));

const order = async (): Promise<z.ZodType<Order>> => (await import('../contract/orders')).Order;

type UsStockSchemas = typeof import('../contract/us-stock');
const usStock =
  <T>(pick: (schemas: UsStockSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/us-stock'));

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
    order: (id, options) => callEndpoint(client, { method: 'GET', path: cryptoOrderPath(id), schema: order }, options),
    amend: (id, body, options) => callEndpoint(client, { method: 'PATCH', path: cryptoOrderPath(id), body, schema: placed }, options),
    cancel: (id, options) => callEndpoint(client, { method: 'POST', path: cryptoOrderCancelPath(id), schema: placed }, options),
  };
}

/** The US stock order calls (§7 Global stock, the PALN wallet in USD). `stockId` is the instrument's id. */
export interface UsStockOrdersClient {
  /** GET what may be placed now for a stock and side: session, extended hours, order types, sizes. */
  orderTypes(query: UsStockOrderTypesQuery, options?: CallOptions): Promise<UsStockOrderTypesResponse>;
  /** GET the estimate of an order in USD and IDR (nothing changes). */
  priceCalculate(query: Partial<UsStockPriceQuery> & Pick<UsStockPriceQuery, 'stockId' | 'transactionType'>, options?: CallOptions): Promise<UsStockEstimate>;
  /** POST a buy from the USD wallet. */
  buy(body: UsStockOrderInput, options?: CallOptions): Promise<UsStockPlaceResponse>;
  /** POST a sell of a holding (a TP/SL OCO answers both legs). */
  sell(body: UsStockOrderInput, options?: CallOptions): Promise<UsStockPlaceResponse>;
  /** GET the user's open US orders or history, newest first. */
  orders(query?: Partial<UsStockOrdersQuery>, options?: CallOptions): Promise<UsStockOrderList>;
  /** GET one US order of the user. */
  order(id: string, options?: CallOptions): Promise<Order>;
  /** PATCH an open order's size or prices. */
  amend(id: string, body: UsStockAmendRequest, options?: CallOptions): Promise<UsStockPlaceResponse>;
  /** PUT the cancel of an open order, with the stock it is for (an OCO leg cancels its group). */
  cancel(id: string, body: UsStockCancelRequest, options?: CallOptions): Promise<UsStockPlaceResponse>;
  /** GET a holding's quantities available for sale (and intraday). */
  holding(stockId: number, options?: CallOptions): Promise<UsStockHoldingDetails>;
  /** GET the user's US holdings with cost in USD and value in USD and IDR. */
  position(options?: CallOptions): Promise<UsStockPositionResponse>;
  /** GET the US market's session now, today's session times and the next change. */
  marketStatus(options?: CallOptions): Promise<UsMarketStatusResponse>;
}

export function createUsStockOrdersClient(client: ApiClient): UsStockOrdersClient {
  const placed = usStock((s) => s.UsStockPlaceResponse);
  return {
    orderTypes: (query, options) =>
      callEndpoint(client, { method: 'GET', path: US_STOCK_PATHS.orderTypes, params: { ...query }, schema: usStock((s) => s.UsStockOrderTypesResponse) }, options),
    priceCalculate: (query, options) =>
      callEndpoint(client, { method: 'GET', path: US_STOCK_PATHS.priceCalculate, params: { ...query }, schema: usStock((s) => s.UsStockEstimate) }, options),
    buy: (body, options) => callEndpoint(client, { method: 'POST', path: US_STOCK_PATHS.buy, body, schema: placed }, options),
    sell: (body, options) => callEndpoint(client, { method: 'POST', path: US_STOCK_PATHS.sell, body, schema: placed }, options),
    orders: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: US_STOCK_PATHS.orders, params: { ...query }, schema: usStock((s) => s.UsStockOrderList) }, options),
    order: (id, options) => callEndpoint(client, { method: 'GET', path: usStockOrderPath(id), schema: order }, options),
    amend: (id, body, options) => callEndpoint(client, { method: 'PATCH', path: usStockOrderPath(id), body, schema: placed }, options),
    cancel: (id, body, options) => callEndpoint(client, { method: 'PUT', path: usStockOrderCancelPath(id), body, schema: placed }, options),
    holding: (stockId, options) =>
      callEndpoint(client, { method: 'GET', path: usStockHoldingPath(stockId), schema: usStock((s) => s.UsStockHoldingDetails) }, options),
    position: (options) =>
      callEndpoint(client, { method: 'GET', path: US_STOCK_PATHS.userPosition, schema: usStock((s) => s.UsStockPositionResponse) }, options),
    marketStatus: (options) =>
      callEndpoint(client, { method: 'GET', path: US_STOCK_PATHS.marketStatus, schema: usStock((s) => s.UsMarketStatusResponse) }, options),
  };
}

type IdxSchemas = typeof import('../contract/idx');
const idx =
  <T>(pick: (schemas: IdxSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/idx'));

/** The Indonesian stock (IDX) order calls: shares in whole lots, prices in whole Rupiah. */
export interface IdxOrdersClient {
  /** GET what may be placed now: the phase, the day's ARA/ARB, tick, lot, fees, settlement date. */
  orderTypes(query: IdxOrderTypesQuery, options?: CallOptions): Promise<IdxOrderTypesResponse>;
  /** GET the estimate with fee, tax and the settlement date (no change). */
  priceCalculate(query: IdxPriceQueryInput, options?: CallOptions): Promise<IdxEstimate>;
  buy(body: IdxOrderInput, options?: CallOptions): Promise<IdxPlaceResponse>;
  sell(body: IdxOrderInput, options?: CallOptions): Promise<IdxPlaceResponse>;
  orders(query?: { scope?: 'open' | 'history'; stockId?: number; page?: number; size?: number }, options?: CallOptions): Promise<IdxOrderList>;
  amend(id: string, body: IdxAmendRequest, options?: CallOptions): Promise<IdxPlaceResponse>;
  cancel(id: string, body: IdxCancelRequest, options?: CallOptions): Promise<IdxPlaceResponse>;
  holding(stockId: number, options?: CallOptions): Promise<IdxHoldingDetails>;
  position(options?: CallOptions): Promise<IdxPositionResponse>;
  /** GET IDR cash, unsettled sale proceeds by settlement date, and what may be withdrawn. */
  wallet(options?: CallOptions): Promise<IdxWalletResponse>;
}

export type IdxPriceQueryInput = Omit<IdxPriceQuery, 'orderType'> & Partial<Pick<IdxPriceQuery, 'orderType'>>;

export function createIdxOrdersClient(client: ApiClient): IdxOrdersClient {
  const placed = idx((s) => s.IdxPlaceResponse);
  return {
    orderTypes: (query, options) => callEndpoint(client, { method: 'GET', path: IDX_PATHS.orderTypes, params: { ...query }, schema: idx((s) => s.IdxOrderTypesResponse) }, options),
    priceCalculate: (query, options) => callEndpoint(client, { method: 'GET', path: IDX_PATHS.priceCalculate, params: { ...query }, schema: idx((s) => s.IdxEstimate) }, options),
    buy: (body, options) => callEndpoint(client, { method: 'POST', path: IDX_PATHS.buy, body, schema: placed }, options),
    sell: (body, options) => callEndpoint(client, { method: 'POST', path: IDX_PATHS.sell, body, schema: placed }, options),
    orders: (query = {}, options) => callEndpoint(client, { method: 'GET', path: IDX_PATHS.orders, params: { ...query }, schema: idx((s) => s.IdxOrderList) }, options),
    amend: (id, body, options) => callEndpoint(client, { method: 'PATCH', path: idxOrderPath(id), body, schema: placed }, options),
    cancel: (id, body, options) => callEndpoint(client, { method: 'PUT', path: idxOrderCancelPath(id), body, schema: placed }, options),
    holding: (stockId, options) => callEndpoint(client, { method: 'GET', path: idxHoldingPath(stockId), schema: idx((s) => s.IdxHoldingDetails) }, options),
    position: (options) => callEndpoint(client, { method: 'GET', path: IDX_PATHS.userPosition, schema: idx((s) => s.IdxPositionResponse) }, options),
    wallet: (options) => callEndpoint(client, { method: 'GET', path: IDX_PATHS.wallet, schema: idx((s) => s.IdxWalletResponse) }, options),
  };
}
