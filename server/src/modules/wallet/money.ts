// Small money and calendar helpers of the wallet module: decimal strings in and out (never floats),
// and the Jakarta (WIB, UTC+7, no daylight saving) calendar day.
import Decimal from 'decimal.js';

/** A decimal as the wire writes it: plain digits, no exponent, no trailing zeros. */
export const decimalText = (value: Decimal.Value): string => new Decimal(value).toFixed();

/** Whole Rupiah (IDR amounts are whole; anything else is a bug upstream). */
export const idr = (value: Decimal.Value): string => new Decimal(value).toFixed(0, Decimal.ROUND_DOWN);


export const masked = (accountNumber: string): string => `•••• ${accountNumber.slice(-4)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** The user's IDR cash account in the ledger (cashBalance). */
export const CASH = (userId: string) => ({ userId, currency: 'IDR', purpose: 'CASH' }) as const;
