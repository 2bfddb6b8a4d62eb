// Paths of the watchlist calls (§7 Other: "watchlists (custom all, predefined, create, delete)") and
// the asset suggestion (§8 1156/1157), with the area's plain constants (plain values: the browser
// index exports them without zod). Schemas: `watchlists.ts`.
//
// Custom watchlists are a signed-in user's own; another user's id answers 404 (003) on every route,
// revealing nothing. Predefined lists come from market data and need no login.

export const WATCHLIST_PATHS = {
  /** GET: the user's custom watchlists with their symbols, in order, and the limits (WatchlistsResponse). POST CreateWatchlistRequest: a new list (1158 over the limit). */
  watchlists: '/api/watchlists',
  /** PUT ReorderWatchlistsRequest: the order of the user's lists (every id once). */
  order: '/api/watchlists/order',
  /** GET ?assetType=: the predefined lists per market (top gainers, top losers, most traded, new listings); guests too. */
  predefined: '/api/watchlists/predefined',
  /** POST AssetSuggestionRequest: ask for an asset that is not listed (1156 already sent, 1157 invalid or over the limit). */
  assetSuggestions: '/api/asset-suggestions',
  /** GET (operator, x-admin-token): every suggestion, newest first (AdminAssetSuggestionsResponse). */
  adminAssetSuggestions: '/api/admin/asset-suggestions',
} as const;

const base = (id: string): string => `${WATCHLIST_PATHS.watchlists}/${encodeURIComponent(id)}`;
/** `/api/watchlists/:id`: GET one, PATCH RenameWatchlistRequest, DELETE. */
export const watchlistPath = (id: string): string => base(id);
/** `/api/watchlists/:id/symbols`: POST AddWatchlistSymbolRequest (1158 when the list is full). */
export const watchlistSymbolsPath = (id: string): string => `${base(id)}/symbols`;
/** `/api/watchlists/:id/symbols/:symbol`: DELETE one symbol. */
export const watchlistSymbolPath = (id: string, symbol: string): string => `${base(id)}/symbols/${encodeURIComponent(symbol)}`;
/** `/api/watchlists/:id/symbols/order`: PUT ReorderWatchlistSymbolsRequest (the list's symbols, each once, in the new order). */
export const watchlistSymbolOrderPath = (id: string): string => `${base(id)}/symbols/order`;

/** The predefined lists, each per market (assetType). */
export const PREDEFINED_WATCHLISTS = ['TOP_GAINERS', 'TOP_LOSERS', 'MOST_TRADED', 'NEW_LISTINGS'] as const;
export type PredefinedWatchlistKind = (typeof PREDEFINED_WATCHLISTS)[number];
/** How many symbols a predefined list holds at most. */
export const PREDEFINED_WATCHLIST_SIZE = 10;

/** Default limits (the server's configuration may change them; WatchlistsResponse.limits says the live ones). */
export const DEFAULT_WATCHLIST_LIMITS = { maxWatchlists: 10, maxSymbolsPerWatchlist: 50 } as const;
export const WATCHLIST_NAME_MAX = 40;
/** Asset suggestions a user may have sent at most (1157 beyond). */
export const ASSET_SUGGESTIONS_MAX_PER_USER = 20;
