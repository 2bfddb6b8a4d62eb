// The page's symbol-info cache, loading from the trade host through the shared API client.
import { api } from '../api/default-api';
import { API_PATHS } from '../api/api-paths';
import { type SymbolCache, createSymbolCache } from './symbol-cache';

export const symbolCache: SymbolCache = createSymbolCache({
  // The schema (and zod with it) loads with the first symbol-info call, not with the page.
  load: async () => {
    const { SymbolInfoResponse } = await import(/* webpackChunkName: "symbol-info-schema" */ '../contract/symbol-info');
    return api.get(API_PATHS.symbolInfo, { host: 'trade', schema: SymbolInfoResponse });
  },
});
