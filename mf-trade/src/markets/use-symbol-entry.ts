import { symbolCache, type SymbolEntry } from '@pasar/shared';
import { useEffect, useReducer } from 'react';

/**
 * The symbol cache's entry for a symbol, from what is cached now (this page never triggers the
 * load itself); re-read whenever the cache changes state.
 */
export function useSymbolEntry(symbol: string): SymbolEntry | undefined {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => symbolCache.subscribe(refresh), []);
  return symbolCache.peek(symbol);
}
