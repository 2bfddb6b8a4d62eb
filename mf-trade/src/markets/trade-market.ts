// The symbol the trade pages show and where it lives (§2). Which market a symbol is in is the
// market registry's (`marketOfSymbol` in @pasar/shared). A symbol's shareable address is its pair
// URL, `/trade/<symbol>`; the trade home's `?ticker=` keeps working for old links.
import { MARKETS } from '@pasar/shared';

/** A symbol as written in an address: trimmed and upper-cased; empty → the crypto default BTC-IDR. */
const normalized = (raw: string | null | undefined): string => {
  const symbol = raw?.trim().toUpperCase();
  return symbol ? symbol : MARKETS.crypto.defaultSymbol;
};

/** `?ticker=` (trimmed, upper-cased), else the crypto default BTC-IDR. */
export const selectedTicker = (search: URLSearchParams): string => normalized(search.get('ticker'));

/** The `:symbol` segment of a pair URL (`/trade/eth-idr` → ETH-IDR), percent-decoding tolerated. */
export function pairSymbolOf(segment: string | undefined): string {
  let decoded = segment;
  try {
    decoded = segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    // A malformed escape is read as written; the page then says the symbol is unknown.
  }
  return normalized(decoded);
}

/** The pair URL of one symbol (`/trade/BTC-IDR`), as a router location. */
export const tradeHomeFor = (symbol: string) => ({
  pathname: `/trade/${encodeURIComponent(symbol)}`,
  search: '',
});
