// Prices, quantities and percentages of the trade pages, through the shared formatters with the
// instrument's precision. Values stay decimal strings; nothing here rounds through a float.
import {
  formatCompact,
  formatCurrency,
  formatNumber,
  formatPercentChange,
  parseDecimal,
  type CurrencyCode,
  type Language,
} from '@pasar/shared';

export interface PriceFormat {
  currency: CurrencyCode;
  precision: number;
  lng: Language;
}

/**
 * Formatted strings by their arguments: the book, the trades and the chart's price axis format the
 * same few prices and depth shares on every live update, and each formatting is a decimal rounding
 * plus an Intl grouping (a noticeable share of a slow phone's main thread). Quantities are not
 * kept: they rarely repeat. A price's key has two bars, a share's one. Bounded: emptied once full.
 */
const FORMAT_CACHE_SIZE = 2000;
const formatted = new Map<string, string>();

function remembered(key: string, format: () => string): string {
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= FORMAT_CACHE_SIZE) formatted.clear();
    formatted.set(key, (text = format()));
  }
  return text;
}

/** "Rp1.234.567", "₮65,432.10", "$189.20": the instrument's decimals, always shown. */
export const formatPrice = (value: string, { currency, precision, lng }: PriceFormat): string =>
  formatCurrency(value, currency, lng, { minFractionDigits: precision, maxFractionDigits: precision });

/** A price without its currency symbol (order book and trade rows). */
export const formatBarePrice = (value: string, { precision, lng }: Pick<PriceFormat, 'precision' | 'lng'>): string =>
  remembered(`${lng}|${precision}|${value}`, () => formatNumber(value, lng, { minFractionDigits: precision, maxFractionDigits: precision }));

/** Quantities: up to 8 decimals (crypto units), never rounded up. */
export const formatQuantity = (value: string, lng: Language, maxFractionDigits = 8): string =>
  formatNumber(value, lng, { maxFractionDigits, rounding: 'trunc' });

/** A share of the book's depth: "42.5" (one decimal at most; the % sign is the caller's). */
export const formatDepthShare = (value: string, lng: Language): string =>
  remembered(`${lng}|${value}`, () => formatNumber(value, lng, { maxFractionDigits: 1 }));

export const formatVolume = (value: string, lng: Language): string => formatCompact(value, lng);

export const formatChange = formatPercentChange;

/** -1, 0 or 1: the sign of a decimal string (colours a change). */
export function signOf(value: string | undefined): -1 | 0 | 1 {
  const parts = value === undefined ? null : parseDecimal(value);
  if (!parts || /^0*$/.test(parts.int + parts.frac)) return 0;
  return parts.negative ? -1 : 1;
}

/** Compares two decimal strings exactly: negative, 0 or positive like a sort comparator. */
export function compareDecimal(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return 0;
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const width = Math.max(x.frac.length, y.frac.length);
  const bx = BigInt(x.int + x.frac.padEnd(width, '0'));
  const by = BigInt(y.int + y.frac.padEnd(width, '0'));
  const magnitude = bx === by ? 0 : bx > by ? 1 : -1;
  return x.negative ? -magnitude : magnitude;
}

/** `value × 10^exponent` on the decimal string ("0.01", 2 → "1"; "5", 1 → "50"). */
export function scalePow10(value: string, exponent: number): string {
  const parts = parseDecimal(value);
  if (!parts) return value;
  let digits = parts.int + parts.frac;
  let point = parts.int.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point, '0');
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  return `${parts.negative ? '-' : ''}${frac ? `${int}.${frac}` : int}`;
}

/** Decimal places of a decimal string ("0.001" → 3, "100" → 0). */
export const decimalsOf = (value: string): number => parseDecimal(value)?.frac.replace(/0+$/, '').length ?? 0;
