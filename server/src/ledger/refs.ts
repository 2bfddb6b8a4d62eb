// Account references, amounts and keys: validation and canonical forms, shared by the ledger's
// statements and its replay checks. No database here.
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  HOUSE_ACCOUNTS,
  InvalidLedgerRequest,
  USER_PURPOSES,
  type AccountRef,
  type Amount,
  type HouseAccount,
  type LedgerCurrency,
  type UserPurpose,
} from './api';

/** Exact arithmetic for sums of amounts (decimal.js's default of 20 significant digits is too few). */
export const LedgerDecimal = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export type LedgerDecimal = InstanceType<typeof LedgerDecimal>;

/** Decimals an amount may carry per currency (specification §9); other units (assets) up to MAX_SCALE. */
export const CURRENCY_SCALES: Readonly<Record<string, number>> = { IDR: 0, USD: 2, USDT: 6 };
export const MAX_SCALE = 18;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURRENCY = /^[A-Z0-9][A-Z0-9._-]{0,23}$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const USER_PURPOSE_SET: ReadonlySet<string> = new Set(USER_PURPOSES);
const HOUSE_SET: ReadonlySet<string> = new Set(HOUSE_ACCOUNTS);
export const MAX_KEY_LENGTH = 256;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An account as the database stores it; `ref` is its unique natural key. */
export interface AccountKey {
  readonly ref: string;
  readonly userId: string | null;
  readonly purpose: UserPurpose | null;
  readonly house: HouseAccount | null;
  /** Which row of a house account spread over several (0: the first, and every user account). */
  readonly shard: number;
  readonly currency: LedgerCurrency;
  readonly isUser: boolean;
  readonly account: AccountRef;
}

/** The row `shard` of a house account (the same key for shard 0). */
export function shardOf(key: AccountKey, shard: number): AccountKey {
  if (key.house === null || shard === 0) return key;
  return { ...key, ref: `house:${key.house}:${key.currency}#${shard}`, shard };
}

/** A transfer's shard of a house account spread over `shards` rows: from its key, so a replay lands on the same row. */
export function shardForKey(transferKey: string, shards: number): number {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5;
  for (let i = 0; i < transferKey.length; i++) {
    hash ^= transferKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

export function accountKey(account: AccountRef): AccountKey {
  const currency = account?.currency;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) {
    throw new InvalidLedgerRequest(`invalid currency ${JSON.stringify(currency)}`);
  }
  if ('house' in account) {
    if (!HOUSE_SET.has(account.house)) throw new InvalidLedgerRequest(`unknown house account ${JSON.stringify(account.house)}`);
    return {
      ref: `house:${account.house}:${currency}`,
      userId: null,
      purpose: null,
      house: account.house,
      shard: 0,
      currency,
      isUser: false,
      account: { house: account.house, currency },
    };
  }
  if (!isUuid(account.userId)) throw new InvalidLedgerRequest(`invalid user id ${JSON.stringify(account.userId)}`);
  if (!USER_PURPOSE_SET.has(account.purpose)) throw new InvalidLedgerRequest(`unknown purpose ${JSON.stringify(account.purpose)}`);
  const userId = account.userId.toLowerCase();
  return {
    ref: `user:${userId}:${account.purpose}:${currency}`,
    userId,
    purpose: account.purpose,
    house: null,
    shard: 0,
    currency,
    isUser: true,
    account: { userId, currency, purpose: account.purpose },
  };
}

/** The AccountRef of a stored account row. */
export function accountRefOf(row: { user_id: string | null; purpose: string | null; house: string | null; currency: string }): AccountRef {
  return row.house !== null
    ? { house: row.house as HouseAccount, currency: row.currency }
    : { userId: row.user_id as string, currency: row.currency, purpose: row.purpose as UserPurpose };
}

/** A positive amount with no more decimals than its currency allows. */
export function parseAmount(amount: Amount, currency: LedgerCurrency, what = 'amount'): LedgerDecimal {
  let value: LedgerDecimal;
  if (typeof amount === 'string') {
    if (!DECIMAL.test(amount)) throw new InvalidLedgerRequest(`${what} ${JSON.stringify(amount)} is not a positive decimal string`);
    value = new LedgerDecimal(amount);
  } else if (Decimal.isDecimal(amount) && amount.isFinite()) {
    value = new LedgerDecimal(amount.toFixed());
  } else {
    throw new InvalidLedgerRequest(`${what} must be a decimal string or Decimal`);
  }
  if (!value.gt(0)) throw new InvalidLedgerRequest(`${what} must be greater than zero`);
  const scale = CURRENCY_SCALES[currency] ?? MAX_SCALE;
  if (value.decimalPlaces() > scale) {
    throw new InvalidLedgerRequest(`${what} ${value.toFixed()} has more than ${scale} decimals for ${currency}`);
  }
  return value;
}

/** Database numeric text → canonical decimal string ("150000", "10.5", "0"). */
export const canonical = (value: string): string => new LedgerDecimal(value).toFixed();

export function checkKey(key: unknown, what = 'key'): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidLedgerRequest(`${what} must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

export function checkLabel(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) {
    throw new InvalidLedgerRequest(`${what} must be a non-empty string of at most 64 characters`);
  }
  return value;
}

/** Order-insensitive fingerprint of a transfer's legs (accounts and normalized amounts). */
export function legsHash(legs: readonly { from: AccountKey; to: AccountKey; amount: LedgerDecimal }[]): string {
  const canonicalLegs = legs.map((leg) => `${leg.from.ref}>${leg.to.ref}=${leg.amount.toFixed()}`).sort();
  return createHash('sha256').update(JSON.stringify(canonicalLegs)).digest('hex');
}
