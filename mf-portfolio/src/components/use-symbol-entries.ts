// Names, icons and asset-page ids of crypto pairs and US stocks from the shared symbol cache (§3
// "Symbol info"): the page asks it to load once, and shows bare symbols until it has.
import { symbolCache, type SymbolEntry } from '@pasar/shared';
import { useEffect, useReducer } from 'react';

/** The symbol-info categories the portfolio lists, and their asset-page path segment. */
const ASSET_PAGE_SEGMENT = { CRYPTO: 'crypto', USSTOCK: 'usstock' } as const;
export type HoldingCategory = keyof typeof ASSET_PAGE_SEGMENT;

export function useSymbolEntries(category: HoldingCategory = 'CRYPTO'): (symbol: string) => SymbolEntry | undefined {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = symbolCache.subscribe(refresh);
    void symbolCache.ensureLoaded().catch(() => undefined);
    return unsubscribe;
  }, []);
  return (symbol) => symbolCache.peek(symbol, category);
}

/**
 * The asset page of a holding (`/asset/crypto/BTC-IDR/1`, `/asset/usstock/AAPL/12`), or its trade
 * page without an id.
 */
export function assetHref(symbol: string, entry: SymbolEntry | undefined, category: HoldingCategory = 'CRYPTO'): string {
  return entry
    ? `/asset/${ASSET_PAGE_SEGMENT[category]}/${encodeURIComponent(symbol)}/${encodeURIComponent(entry.id)}`
    : `/trade?ticker=${encodeURIComponent(symbol)}`;
}
