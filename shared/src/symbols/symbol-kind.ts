// Symbol rules of product-spec §5 and the default symbols of §2.

/** IDR-quoted crypto spot, USDT-margined perpetual, or any other (plain) crypto symbol. */
export type SymbolKind = 'idr' | 'perp' | 'crypto';

export const IDR_MARKER = '-IDR';
export const PERP_MARKER = '-PERP';
/** Perpetual symbols end with this: BTC → BTCUSDT-PERP. */
export const PERPS_SYMBOL_SUFFIX = 'USDT-PERP';

export const DEFAULT_SYMBOLS = {
  crypto: 'BTC-IDR',
  perp: 'BTCUSDT-PERP',
  usStock: 'AAPL',
} as const;

/** Containing -IDR → IDR; containing -PERP → perpetual; otherwise plain crypto. Case-insensitive. */
export function classifySymbol(symbol: string): SymbolKind {
  const upper = symbol.toUpperCase();
  if (upper.includes(IDR_MARKER)) return 'idr';
  if (upper.includes(PERP_MARKER)) return 'perp';
  return 'crypto';
}

export const isIdrSymbol = (symbol: string): boolean => classifySymbol(symbol) === 'idr';
export const isPerpSymbol = (symbol: string): boolean => classifySymbol(symbol) === 'perp';

/** "btc" → "BTCUSDT-PERP". */
export const toPerpSymbol = (base: string): string => `${base.toUpperCase()}${PERPS_SYMBOL_SUFFIX}`;

/** "btc" → "BTC-IDR". */
export const toIdrSymbol = (base: string): string => `${base.toUpperCase()}${IDR_MARKER}`;

/** The base asset of an IDR or perp symbol: "BTC-IDR" → "BTC", "BTCUSDT-PERP" → "BTC". */
export function baseAssetOf(symbol: string): string {
  const upper = symbol.toUpperCase();
  if (upper.endsWith(PERPS_SYMBOL_SUFFIX)) return upper.slice(0, -PERPS_SYMBOL_SUFFIX.length);
  if (upper.endsWith(IDR_MARKER)) return upper.slice(0, -IDR_MARKER.length);
  return upper;
}

/** §5: a file is a video if its MIME type starts with video/. */
export const isVideoFile = (file: { type: string }): boolean => file.type.toLowerCase().startsWith('video/');
