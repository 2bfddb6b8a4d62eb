// Figures on the portfolio page, formatted in the reader's language from the API's decimal strings
// (never floats): Rupiah whole unless the value carries decimals (average costs, cheap coins'
// prices), dollars with their cents (more when a price or average cost carries more), quantities
// with every decimal they have, P&L and percentages with their sign.
import { formatCurrency, formatDateTime, formatNumber, formatPercentChange, toDecimalString, type CurrencyCode, type Language } from '@pasar/shared';
import { usePortfolioT } from '../i18n';

/** Decimals written in a decimal string ("0.0015" → 4). */
export const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

/** -1, 0 or 1 for a decimal string. */
export function signOf(value: string): -1 | 0 | 1 {
  const text = toDecimalString(value);
  if (!text || !/[1-9]/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

export interface Formatters {
  lng: Language;
  /** Whole Rupiah, truncated (a value is never overstated). */
  idr: (value: string) => string;
  /** Rupiah with the decimals the value carries (prices, average costs). */
  idrExact: (value: string) => string;
  /** With a sign: +Rp163.533 / -Rp103.000. */
  signedIdr: (value: string) => string;
  /** Dollars with cents: $1,234.50. */
  usd: (value: string) => string;
  /** Dollars with cents, or every decimal the value carries beyond them (average costs, sub-dollar prices). */
  usdExact: (value: string) => string;
  /** With a sign: +$12.34 / -$5.00. */
  signedUsd: (value: string) => string;
  /** An amount in its currency (Rupiah whole, dollars and USDT with cents), truncated. */
  money: (value: string, currency: CurrencyCode) => string;
  /** With a sign, in its currency. */
  signed: (value: string, currency: CurrencyCode) => string;
  /** +5,21% (2 decimals, §9). */
  percent: (value: string) => string;
  /** A share of a whole, without a sign: 38,81%. */
  share: (value: string) => string;
  quantity: (value: string) => string;
  dateTime: (iso: string) => string;
  /** A calendar day (YYYY-MM-DD, as the server names WIB days): 7 Des 2026 / 7 Dec 2026. */
  date: (day: string) => string;
}

export function formattersFor(lng: Language): Formatters {
  return {
    lng,
    idr: (value) => formatCurrency(value, 'IDR', lng, { rounding: 'trunc' }),
    idrExact: (value) => formatCurrency(value, 'IDR', lng, { maxFractionDigits: decimalsOf(value) }),
    signedIdr: (value) => formatCurrency(value, 'IDR', lng, { signDisplay: 'exceptZero' }),
    usd: (value) => formatCurrency(value, 'USD', lng, { rounding: 'trunc' }),
    usdExact: (value) => formatCurrency(value, 'USD', lng, { maxFractionDigits: Math.max(2, decimalsOf(value)) }),
    signedUsd: (value) => formatCurrency(value, 'USD', lng, { signDisplay: 'exceptZero' }),
    money: (value, currency) => formatCurrency(value, currency, lng, { rounding: 'trunc' }),
    signed: (value, currency) => formatCurrency(value, currency, lng, { signDisplay: 'exceptZero' }),
    percent: (value) => formatPercentChange(value, lng),
    share: (value) => formatPercentChange(value, lng).replace(/^\+/, ''),
    quantity: (value) => formatNumber(value, lng, { maxFractionDigits: decimalsOf(value) }),
    dateTime: (iso) => formatDateTime(iso, lng),
    date: (day) => {
      const at = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(at.getTime()) ? day : new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : 'id-ID', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
    },
  };
}

/** The formatters in the page's language. */
export function useFormat(): Formatters {
  const { i18n } = usePortfolioT();
  return formattersFor(i18n.language === 'en' ? 'en' : 'id');
}
