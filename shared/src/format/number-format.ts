// Number, compact, currency and percent formatting of product-spec §9. Each language's separators
// are those Intl writes for its locale, and digits are grouped by three on the decimal string, so
// any size is exact; rounding is done on the decimal string too, so "12345678901234567.89" never
// passes through a float. No Intl object is made on the way: the first one a page makes loads the
// locale's data (tens of milliseconds of a phone's main thread, in the middle of the first render),
// and Intl's format of a BigInt per number cost every order book update.
import type { Language } from '../contract/enums';
import { DEFAULT_MAX_FRACTION_DIGITS, PERCENT_PRECISION } from './constants';
import {
  type DecimalParts,
  type RoundingMode,
  isZeroParts,
  parseDecimal,
  partsToString,
  roundDecimal,
  shiftLeft,
} from './decimal-string';

/** Intl locale of each app language: dot thousands in Indonesian, comma thousands in English. */
export const NUMBER_LOCALES: Record<Language, string> = { id: 'id-ID', en: 'en-US' };

/** Shown for a value that is not a number (missing, "abc", NaN). */
export const EMPTY_VALUE = '-';

export interface Separators {
  decimal: string;
  group: string;
}

/** What Intl writes for each language's locale (NUMBER_LOCALES; number-format.test.ts checks it). */
const SEPARATORS: Record<Language, Separators> = {
  id: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
};

/** The decimal and thousands separators of a language; they differ (§5), or parsing would be ambiguous. */
export function getSeparators(lng: Language): Separators {
  return SEPARATORS[lng];
}

/** Integer digits ("1234567") grouped by three with the language's separator ("1.234.567"). */
function groupDigits(digits: string, group: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) text += group + digits.slice(i, i + 3);
  return text;
}

export interface FormatNumberOptions {
  /** Default 2. */
  maxFractionDigits?: number;
  /** Default 0: trailing zeros beyond this are dropped. */
  minFractionDigits?: number;
  /** Default 'halfExpand' (as Intl); 'trunc' for values that must not be overstated. */
  rounding?: RoundingMode;
  /** 'exceptZero' adds a '+' to positive values. */
  signDisplay?: 'auto' | 'exceptZero';
}

function resolveDigits(options: FormatNumberOptions): { min: number; max: number } {
  const max = options.maxFractionDigits ?? DEFAULT_MAX_FRACTION_DIGITS;
  const min = Math.min(options.minFractionDigits ?? 0, max);
  return { min, max };
}

function signOf(parts: DecimalParts, signDisplay: FormatNumberOptions['signDisplay']): string {
  if (isZeroParts(parts)) return '';
  if (parts.negative) return '-';
  return signDisplay === 'exceptZero' ? '+' : '';
}

/** Formats parts already rounded; returns the sign separately so currency can sit between. */
function formatRounded(parts: DecimalParts, lng: Language, min: number): string {
  let frac = parts.frac.replace(/0+$/, '');
  if (frac.length < min) frac = frac.padEnd(min, '0');
  const { decimal, group } = getSeparators(lng);
  const intText = groupDigits(parts.int, group);
  return frac ? `${intText}${decimal}${frac}` : intText;
}

function formatParts(parts: DecimalParts, lng: Language, options: FormatNumberOptions): { sign: string; body: string } {
  const { min, max } = resolveDigits(options);
  const rounded = roundDecimal(parts, max, options.rounding ?? 'halfExpand');
  return { sign: signOf(rounded, options.signDisplay), body: formatRounded(rounded, lng, min) };
}

/**
 * `formatNumber("1234567.891", "id")` → "1.234.567,89"; `formatNumber(1234.5, "en")` → "1,234.5".
 * Accepts decimal strings of any size exactly; a non-number gives EMPTY_VALUE.
 */
export function formatNumber(value: string | number, lng: Language, options: FormatNumberOptions = {}): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_VALUE;
  const { sign, body } = formatParts(parts, lng, options);
  return sign + body;
}

/** Compact units by language: thousand, million, billion, trillion. */
export const COMPACT_UNITS: Record<Language, readonly string[]> = {
  id: ['', 'rb', 'jt', 'M', 'T'],
  en: ['', 'K', 'M', 'B', 'T'],
};

/**
 * `formatCompact("1234567", "id")` → "1,23 jt"; `formatCompact(1500, "en")` → "1.5K".
 * At most 2 fraction digits by default; Indonesian puts a space before the unit, English none.
 */
export function formatCompact(value: string | number, lng: Language, options: FormatNumberOptions = {}): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_VALUE;
  const units = COMPACT_UNITS[lng];
  const { min, max } = resolveDigits(options);
  const mode = options.rounding ?? 'halfExpand';
  let unit = Math.min(Math.floor((parts.int.replace(/^0+/, '').length - 1) / 3), units.length - 1);
  if (unit < 0) unit = 0;
  let rounded = roundDecimal(shiftLeft(parts, unit * 3), max, mode);
  // 999,999 rounds to "1000 rb": carry into the next unit instead.
  if (rounded.int.length > 3 && unit < units.length - 1) {
    unit += 1;
    rounded = roundDecimal(shiftLeft(parts, unit * 3), max, mode);
  }
  const body = formatRounded(rounded, lng, min);
  const suffix = units[unit] ? (lng === 'id' ? ` ${units[unit]}` : units[unit]) : '';
  return signOf(rounded, options.signDisplay) + body + suffix;
}

export type CurrencyCode = 'IDR' | 'USDT' | 'USD';

/** §9 currency symbols. */
export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { IDR: 'Rp', USDT: '₮', USD: '$' };

/** IDR amounts are whole Rupiah; USD has cents (domain: Numbers and money). */
const CURRENCY_DIGITS: Record<CurrencyCode, { minFractionDigits: number; maxFractionDigits: number }> = {
  IDR: { minFractionDigits: 0, maxFractionDigits: 0 },
  USD: { minFractionDigits: 2, maxFractionDigits: 2 },
  USDT: { minFractionDigits: 0, maxFractionDigits: 2 },
};

export interface FormatCurrencyOptions extends FormatNumberOptions {
  compact?: boolean;
}

/** `formatCurrency("150000", "IDR", "id")` → "Rp150.000"; negative: "-$12.50". */
export function formatCurrency(
  value: string | number,
  currency: CurrencyCode,
  lng: Language,
  options: FormatCurrencyOptions = {},
): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_VALUE;
  const symbol = CURRENCY_SYMBOLS[currency];
  if (options.compact) {
    // Compact amounts keep the compact default (2 digits): "Rp2,5 jt", not "Rp3 jt".
    const text = formatCompact(partsToString({ ...parts, negative: false }), lng, options);
    const sign = parts.negative && /[1-9]/.test(text) ? '-' : '';
    return `${sign}${symbol}${text}`;
  }
  const { sign, body } = formatParts(parts, lng, { ...CURRENCY_DIGITS[currency], ...options });
  return `${sign}${symbol}${body}`;
}

const CURRENCY_TEXT = /Rp|IDR|USDT|USD|[$₮]|\s/gi;

/**
 * Reads a typed or formatted amount back to a decimal string: strips Rp (and the other
 * symbols), whitespace and the language's thousands separator, and turns its decimal separator
 * into ".". `parseCurrency("Rp1.500.000,5", "id")` → "1500000.5". Null when nothing numeric is left.
 */
export function parseCurrency(text: string, lng: Language): string | null {
  const { group, decimal } = getSeparators(lng);
  const stripped = text.replace(CURRENCY_TEXT, '').split(group).join('').split(decimal).join('.');
  const parts = parseDecimal(stripped);
  return parts ? partsToString(parts) : null;
}

/** Percent change with 2 decimals and a sign: 1.234 → "+1.23%" (en), "+1,23%" (id); 0 → "0.00%". */
export function formatPercentChange(value: string | number, lng: Language): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_VALUE;
  const { sign, body } = formatParts(parts, lng, {
    minFractionDigits: PERCENT_PRECISION,
    maxFractionDigits: PERCENT_PRECISION,
    signDisplay: 'exceptZero',
  });
  return `${sign}${body}%`;
}
