// What the open-orders list needs of a market: its orders (open or history) and their cancel.
// One object per market (crypto-calls.ts, us-stock-calls.ts), picked by `orderCallsFor`.
import { DEFAULT_ERROR_MESSAGE, isApiError, type CryptoOrder, type Language } from '@pasar/shared';
import type { Instrument } from '../market/types';

export interface OrdersPage {
  items: CryptoOrder[];
  hasMore: boolean;
}

export interface OrdersQuery {
  scope: 'open' | 'history';
  symbol: string;
  /** The instrument's id in its market (US stocks are asked by stockId). */
  instrumentId: number | null;
  page?: number;
  size?: number;
}

export interface MarketOrderCalls {
  market: 'CRYPTO' | 'USSTOCK' | 'IDSS';
  /** The currency of the orders' amounts. */
  currency: 'IDR' | 'USD';
  list: (query: OrdersQuery, signal?: AbortSignal) => Promise<OrdersPage>;
  /** Cancels an open order of the instrument on screen (an OCO leg cancels its group); answers the orders it changed. */
  cancel: (order: CryptoOrder, instrumentId: number | null, requestId: string) => Promise<CryptoOrder[]>;
}

/** The markets whose orders the trade page lists. */
export type OrdersMarket = MarketOrderCalls['market'];

/** The order's market on the page of an instrument (null: no orders here). */
export const ordersMarketOf = (instrument: Pick<Instrument, 'assetType'> | undefined): OrdersMarket | null =>
  instrument?.assetType === 'CRYPTO' ? 'CRYPTO' : instrument?.assetType === 'USSTOCK' ? 'USSTOCK' : instrument?.assetType === 'IDSS' ? 'IDSS' : null;

/** §8: order calls show the server's message, or "Something went wrong". */
export const messageOf = (error: unknown, lng: Language): string => (isApiError(error) && error.message ? error.message : DEFAULT_ERROR_MESSAGE[lng]);
