// The page's symbol-info cache, loading from the trade host through the shared API client.
import { api } from '../api/default-api';
import { API_PATHS } from '../api/api-paths';
import { type SymbolCache, createSymbolCache } from './symbol-cache';
import { SymbolInfoResponse } from './symbol-info-schema';

export const symbolCache: SymbolCache = createSymbolCache({
  load: () => api.get(API_PATHS.symbolInfo, { host: 'trade', schema: SymbolInfoResponse }),
});
