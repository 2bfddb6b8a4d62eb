// Amounts of the history as the reader writes numbers: exact decimal strings, every decimal the
// ledger recorded (crypto units to 18 places), a sign on every movement, then the currency.
import { formatNumber, type Language } from '@pasar/shared';

/** The ledger's most decimals (asset units). */
const MAX_DECIMALS = 18;

export const signedAmount = (amount: string, currency: string, language: Language): string =>
  `${formatNumber(amount, language, { maxFractionDigits: MAX_DECIMALS, signDisplay: 'exceptZero' })} ${currency}`;

export const plainAmount = (amount: string, currency: string, language: Language): string =>
  `${formatNumber(amount, language, { maxFractionDigits: MAX_DECIMALS })} ${currency}`;
