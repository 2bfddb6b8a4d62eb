// Names, icons and asset-page ids of crypto pairs from the shared symbol cache (§3 "Symbol info"):
// the page asks it to load once, and shows bare symbols until it has.
import { symbolCache, type SymbolEntry } from '@pasar/shared';
import { useEffect, useReducer } from 'react';

export function useSymbolEntries(): (symbol: string) => SymbolEntry | undefined {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = symbolCache.subscribe(refresh);
    void symbolCache.ensureLoaded().catch(() => undefined);
    return unsubscribe;
  }, []);
  return (symbol) => symbolCache.peek(symbol, 'CRYPTO');
}

/** The asset page of a crypto pair (`/asset/crypto/BTC-IDR/1`), or its trade page without an id. */
export function assetHref(symbol: string, entry: SymbolEntry | undefined): string {
  return entry ? `/asset/crypto/${encodeURIComponent(symbol)}/${encodeURIComponent(entry.id)}` : `/trade?ticker=${encodeURIComponent(symbol)}`;
}
