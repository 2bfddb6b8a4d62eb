// Building and splitting symbol names (§5, §9); which market a symbol is in is the market
// registry's (`marketOfSymbol`, `markedMarketOf` in ../markets).
import { MARKETS } from '../markets/registry';

const IDR_MARKER = MARKETS.crypto.symbolMarker;
const PERP_MARKER = MARKETS.perps.symbolMarker;
/** Perpetual symbols end with this (§9): BTC → BTCUSDT-PERP. */
export const PERPS_SYMBOL_SUFFIX = `USDT${PERP_MARKER}`;

/** "btc" → "BTCUSDT-PERP". */
export const toPerpSymbol = (base: string): string => `${base.toUpperCase()}${PERPS_SYMBOL_SUFFIX}`;

/** "btc" → "BTC-IDR". */
export const toIdrSymbol = (base: string): string => `${base.toUpperCase()}${IDR_MARKER}`;

/** A perpetual's symbol as the symbol-info names it ("BTCUSDT" or "BTCUSDT-PERP") → "BTCUSDT-PERP". */
export const withPerpMarker = (symbol: string): string => (symbol.toUpperCase().includes(PERP_MARKER) ? symbol : `${symbol}${PERP_MARKER}`);

/** The base asset of an IDR or perp symbol: "BTC-IDR" → "BTC", "BTCUSDT-PERP" → "BTC". */
export function baseAssetOf(symbol: string): string {
  const upper = symbol.toUpperCase();
  if (upper.endsWith(PERPS_SYMBOL_SUFFIX)) return upper.slice(0, -PERPS_SYMBOL_SUFFIX.length);
  if (upper.endsWith(IDR_MARKER)) return upper.slice(0, -IDR_MARKER.length);
  return upper;
}

/** §5: a file is a video if its MIME type starts with video/. */
export const isVideoFile = (file: { type: string }): boolean => file.type.toLowerCase().startsWith('video/');
