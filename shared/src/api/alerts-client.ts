// The watchlist and price alert calls (§7 Other, §3 Price alert), one typed function per endpoint
// (style 16), as `@pasar/shared/alerts-client`: the trade page's Watchlist and PriceAlert views
// import it from their lazy chunks, so it is not part of the guest first load.
//   const alerts = createAlertsClient(api);
//   const { items } = await alerts.watchlists({ signal });
// Each function parses the answer with the contract's schema (a mismatch rejects with INVALID_RESPONSE).
import type { z } from 'zod';
import { PRICE_ALERT_PATHS, priceAlertPath } from '../contract/price-alerts-paths';
import type { CreatePriceAlertInput, PriceAlert, PriceAlertsQuery, PriceAlertsResponse, UpdatePriceAlertRequest } from '../contract/price-alerts';
import {
  WATCHLIST_PATHS,
  watchlistPath,
  watchlistSymbolOrderPath,
  watchlistSymbolPath,
  watchlistSymbolsPath,
} from '../contract/watchlists-paths';
import type {
  AssetSuggestion,
  AssetSuggestionRequest,
  DeletedResponse,
  PredefinedWatchlistsQuery,
  PredefinedWatchlistsResponse,
  Watchlist,
  WatchlistsResponse,
} from '../contract/watchlists';
import type { ApiClient } from './api-client';
import { callEndpoint, type CallOptions } from './endpoint';

export type { CallOptions } from './endpoint';

type WatchlistSchemas = typeof import('../contract/watchlists');
const watch =
  <T>(pick: (schemas: WatchlistSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/watchlists'));

type AlertSchemas = typeof import('../contract/price-alerts');
const alert =
  <T>(pick: (schemas: AlertSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/price-alerts'));

export interface WatchlistsClient {
  /** GET the user's custom lists, in order, with the limits. */
  watchlists(options?: CallOptions): Promise<WatchlistsResponse>;
  /** POST a new list (1158 over the limit). */
  create(body: { name: string; symbols?: string[] }, options?: CallOptions): Promise<Watchlist>;
  /** PATCH a list's name. */
  rename(id: string, name: string, options?: CallOptions): Promise<Watchlist>;
  /** DELETE a list. */
  remove(id: string, options?: CallOptions): Promise<DeletedResponse>;
  /** PUT the order of the user's lists. */
  reorderLists(ids: string[], options?: CallOptions): Promise<WatchlistsResponse>;
  /** POST a symbol of any market to a list (1158 when full). */
  addSymbol(id: string, symbol: string, options?: CallOptions): Promise<Watchlist>;
  /** DELETE a symbol from a list. */
  removeSymbol(id: string, symbol: string, options?: CallOptions): Promise<Watchlist>;
  /** PUT the list's symbols in their new order. */
  reorderSymbols(id: string, symbols: string[], options?: CallOptions): Promise<Watchlist>;
  /** GET the predefined lists (top gainers, top losers, most traded, new listings) per market; no login. */
  predefined(query?: PredefinedWatchlistsQuery, options?: CallOptions): Promise<PredefinedWatchlistsResponse>;
  /** POST an asset suggestion (1156 already sent, 1157 invalid or over the limit). */
  suggestAsset(body: AssetSuggestionRequest, options?: CallOptions): Promise<AssetSuggestion>;
}

export interface PriceAlertsClient {
  /** GET the user's alerts, newest first, with the limit. */
  list(query?: Partial<PriceAlertsQuery>, options?: CallOptions): Promise<PriceAlertsResponse>;
  /** POST a new alert (4101 off the tick, 4102 at the current price, 4103 over the limit). */
  create(body: CreatePriceAlertInput, options?: CallOptions): Promise<PriceAlert>;
  /** PATCH an alert (a new target, e.g. a dragged chart line, re-arms it). */
  update(id: string, body: UpdatePriceAlertRequest, options?: CallOptions): Promise<PriceAlert>;
  /** DELETE an alert. */
  remove(id: string, options?: CallOptions): Promise<DeletedResponse>;
}

export function createWatchlistsClient(client: ApiClient): WatchlistsClient {
  const one = watch((s) => s.Watchlist);
  const all = watch((s) => s.WatchlistsResponse);
  return {
    watchlists: (options) => callEndpoint(client, { method: 'GET', path: WATCHLIST_PATHS.watchlists, schema: all }, options),
    create: (body, options) => callEndpoint(client, { method: 'POST', path: WATCHLIST_PATHS.watchlists, body, schema: one }, options),
    rename: (id, name, options) => callEndpoint(client, { method: 'PATCH', path: watchlistPath(id), body: { name }, schema: one }, options),
    remove: (id, options) => callEndpoint(client, { method: 'DELETE', path: watchlistPath(id), schema: watch((s) => s.DeletedResponse) }, options),
    reorderLists: (ids, options) => callEndpoint(client, { method: 'PUT', path: WATCHLIST_PATHS.order, body: { ids }, schema: all }, options),
    addSymbol: (id, symbol, options) => callEndpoint(client, { method: 'POST', path: watchlistSymbolsPath(id), body: { symbol }, schema: one }, options),
    removeSymbol: (id, symbol, options) => callEndpoint(client, { method: 'DELETE', path: watchlistSymbolPath(id, symbol), schema: one }, options),
    reorderSymbols: (id, symbols, options) =>
      callEndpoint(client, { method: 'PUT', path: watchlistSymbolOrderPath(id), body: { symbols }, schema: one }, options),
    predefined: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: WATCHLIST_PATHS.predefined, params: { ...query }, schema: watch((s) => s.PredefinedWatchlistsResponse) }, options),
    suggestAsset: (body, options) =>
      callEndpoint(client, { method: 'POST', path: WATCHLIST_PATHS.assetSuggestions, body, schema: watch((s) => s.AssetSuggestion) }, options),
  };
}

export function createPriceAlertsClient(client: ApiClient): PriceAlertsClient {
  const one = alert((s) => s.PriceAlert);
  return {
    list: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: PRICE_ALERT_PATHS.alerts, params: { ...query }, schema: alert((s) => s.PriceAlertsResponse) }, options),
    create: (body, options) => callEndpoint(client, { method: 'POST', path: PRICE_ALERT_PATHS.alerts, body, schema: one }, options),
    update: (id, body, options) => callEndpoint(client, { method: 'PATCH', path: priceAlertPath(id), body, schema: one }, options),
    remove: (id, options) => callEndpoint(client, { method: 'DELETE', path: priceAlertPath(id), schema: watch((s) => s.DeletedResponse) }, options),
  };
}
