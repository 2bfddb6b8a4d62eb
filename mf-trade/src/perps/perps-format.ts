// How the perps page writes USDT amounts, percentages and funding rates (decimal strings in,
// language-formatted text out; nothing passes through a float).
import { formatCurrency, formatNumber, type Language } from '@pasar/shared';
import { scalePow10 } from '../market/price-format';

/** "₮1,234.56" (2 decimals); `signed` adds "+" to gains. */
export const usdt = (value: string, lng: Language, signed = false): string =>
  formatCurrency(value, 'USDT', lng, { minFractionDigits: 2, maxFractionDigits: 2, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) });

/** "12.34%" from a percentage ("12.3456"). */
export const percent = (value: string, lng: Language, signed = false): string =>
  `${formatNumber(value, lng, { minFractionDigits: 2, maxFractionDigits: 2, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) })}%`;

/** A funding rate (a fraction per 8 h, "0.0001") as "0.0100%". */
export const fundingPercent = (rate: string, lng: Language): string =>
  `${formatNumber(scalePow10(rate, 2), lng, { minFractionDigits: 4, maxFractionDigits: 4, signDisplay: 'exceptZero' })}%`;
