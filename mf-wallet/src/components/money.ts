// Money on the wallet pages: figures formatted in the reader's language (truncated, never
// overstated) and comparisons on decimal strings through shared's exact helpers, never floats.
import {
  addDecimal,
  compareDecimal,
  formatCurrency,
  formatDateTime,
  formatNumber,
  subtractDecimal,
  toDecimalString,
  type Language,
} from '@pasar/shared';
import { useWalletT } from '../i18n';

/** A non-negative canonical decimal ("150000", "12.5"); anything else (missing, negative) is "0". */
export const canonical = (value: string | null | undefined): string => {
  const text = value == null ? null : toDecimalString(value);
  return text && !text.startsWith('-') ? text : '0';
};

export const isZero = (value: string | null | undefined): boolean => compareDecimal(canonical(value), '0') === 0;
export const isBelow = (a: string, b: string): boolean => compareDecimal(canonical(a), canonical(b)) < 0;
export const isAbove = (a: string, b: string): boolean => compareDecimal(canonical(a), canonical(b)) > 0;
export const minOf = (a: string, b: string): string => (isBelow(a, b) ? canonical(a) : canonical(b));
export const sum = (...values: (string | null | undefined)[]): string => values.reduce<string>((acc, v) => addDecimal(acc, canonical(v)), '0');
/** a − b, floored at 0. */
export const minusOrZero = (a: string, b: string): string => (isAbove(a, b) ? subtractDecimal(canonical(a), canonical(b)) : '0');

export interface Formatters {
  lng: Language;
  idr: (value: string) => string;
  /** An exchange rate in Rupiah (up to 2 decimals). */
  idrPrice: (value: string) => string;
  usd: (value: string) => string;
  usdt: (value: string) => string;
  /** With a sign: +Rp150.000 / -Rp50.000. */
  signedIdr: (value: string) => string;
  percent: (value: string) => string;
  dateTime: (iso: string) => string;
}

export function formattersFor(lng: Language): Formatters {
  return {
    lng,
    idr: (value) => formatCurrency(value, 'IDR', lng, { rounding: 'trunc' }),
    idrPrice: (value) => formatCurrency(value, 'IDR', lng, { maxFractionDigits: 2 }),
    usd: (value) => formatCurrency(value, 'USD', lng, { rounding: 'trunc' }),
    usdt: (value) => formatCurrency(value, 'USDT', lng, { maxFractionDigits: 6, rounding: 'trunc' }),
    signedIdr: (value) => formatCurrency(value, 'IDR', lng, { rounding: 'trunc', signDisplay: 'exceptZero' }),
    percent: (value) => `${formatNumber(value, lng, { maxFractionDigits: 2 })}%`,
    dateTime: (iso) => formatDateTime(iso, lng),
  };
}

/** The formatters in the page's language. */
export function useFormat(): Formatters {
  const { i18n } = useWalletT();
  return formattersFor(i18n.language === 'en' ? 'en' : 'id');
}
