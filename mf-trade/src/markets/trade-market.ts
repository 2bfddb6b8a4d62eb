// The symbol the trade home shows and where it lives (§2). Which market a symbol is in is the
// market registry's (`marketOfSymbol` in @pasar/shared).
import { MARKETS } from '@pasar/shared';

/** `?ticker=` (trimmed, upper-cased), else the crypto default BTC-IDR. */
export function selectedTicker(search: URLSearchParams): string {
  const ticker = search.get('ticker')?.trim().toUpperCase();
  return ticker ? ticker : MARKETS.crypto.defaultSymbol;
}

/** The trade home for one symbol, as a router location. */
export const tradeHomeFor = (symbol: string) => ({
  pathname: '/trade',
  search: `?${new URLSearchParams({ ticker: symbol })}`,
});
