// The ledger's interface: the only code that changes a balance (docs/domain.md "The ledger").
// Modules call `app.ledger`; they never write ledger tables themselves. Implementation:
// `server/src/ledger/ledger.ts` (tables in migration 0005). Amounts are decimal strings or
// Decimal (decimal.js) — never JavaScript numbers.
import type Decimal from 'decimal.js';
import type { PasarDb } from '../db/database';

/** A currency or asset unit: 'IDR', 'USD', 'USDT', or an asset code ('BTC', 'AAPL', 'BBCA'). */
export type LedgerCurrency = string;

/** What a user's account is for. One account per (user, currency, purpose). */
export const USER_PURPOSES = [
  'CASH', // IDR cash (cashBalance)
  'VOUCHER', // IDR voucher credit (voucherBalance)
  'FREE', // IDR free/bonus balance (freeBalance)
  'USD_PALN', // USD stock wallet, no leverage
  'USD_LEVERAGE', // USD stock wallet, 2x
  'USD_INTRADAY', // USD stock wallet, 4x intraday
  'PERP_MARGIN', // USDT perpetual-futures margin wallet
  'SPOT', // asset holdings (crypto units, USDT held as crypto; issue 6 and later)
  'IDX', // Indonesian stock holdings (shares of one stock code)
  'IDX_UNSETTLED', // IDR proceeds of IDX sales until their T+2 settlement moves them to CASH
] as const;
export type UserPurpose = (typeof USER_PURPOSES)[number];

/** The house's side of every movement. House accounts may go below zero; user accounts never. */
export const HOUSE_ACCOUNTS = [
  'PAYMENT_CLEARING', // money received from the payment gateway (top-ups)
  'BANK_PAYOUT', // money paid out to users' banks (cashouts)
  'FEES', // fees earned
  'TAX_PAYABLE', // taxes withheld, owed to the tax office
  'FX', // the broker's currency desk (IDR <-> USD <-> USDT conversions)
  'INVENTORY', // the broker's asset inventory (crypto and stock units)
  'YIELD_EXPENSE', // interest paid to users (USD yield)
  'PROMOTIONS', // vouchers and free balance granted
  'MARGIN_SETTLEMENT', // the other side of leveraged positions' realized P&L, funding and financing
  'INSURANCE_FUND', // absorbs a liquidation's deficit past the bankruptcy price (a user never goes below 0)
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export type AccountRef =
  | { readonly userId: string; readonly currency: LedgerCurrency; readonly purpose: UserPurpose }
  | { readonly house: HouseAccount; readonly currency: LedgerCurrency };

export type Amount = string | Decimal;

/** One movement of `amount` (> 0) from one account to another of the SAME currency. */
export interface TransferLeg {
  readonly from: AccountRef;
  readonly to: AccountRef;
  readonly amount: Amount;
}

export interface TransferRequest {
  /**
   * Idempotency key, unique across the whole ledger (e.g. `topup:<id>`, `fx:<userId>:<x-request-id>`).
   * The same key again returns the first transfer (replayed: true) and changes nothing; the same
   * key with different legs throws LedgerKeyConflict.
   */
  readonly key: string;
  /** What kind of movement (TOPUP, CASHOUT, FX, YIELD, ORDER_FILL, …): for history and reports. */
  readonly kind: string;
  /** At least one leg; legs are balanced per currency by construction. */
  readonly legs: readonly TransferLeg[];
  /**
   * Holds consumed in the same atomic step: each hold's remaining amount shrinks by `amount`
   * (default: all that remains) before the legs apply, so funds reserved earlier can be spent.
   */
  readonly captureHolds?: readonly { readonly holdId: string; readonly amount?: Amount }[];
  /** Free-form details kept with the transfer (order id, cashout id, price …). */
  readonly memo?: Record<string, unknown>;
}

export interface Posting {
  readonly account: AccountRef;
  readonly accountId: string;
  readonly currency: LedgerCurrency;
  /** Signed: negative debits, positive credits. */
  readonly amount: string;
  readonly balanceAfter: string;
}

export interface TransferResult {
  readonly id: string;
  readonly key: string;
  readonly kind: string;
  readonly createdAt: Date;
  readonly postings: readonly Posting[];
  readonly memo: Record<string, unknown>;
  /** True when this key had already been applied: nothing changed this time. */
  readonly replayed: boolean;
}

export type HoldStatus = 'ACTIVE' | 'CAPTURED' | 'RELEASED';

export interface HoldRequest {
  /** Idempotency key: the same key again returns the same hold. */
  readonly key: string;
  readonly account: AccountRef;
  readonly amount: Amount;
  /** Why (CASHOUT, ORDER, …) and what for (cashout id, order id). */
  readonly reason: string;
  readonly ref?: string;
}

export interface Hold {
  readonly id: string;
  readonly key: string;
  readonly account: AccountRef;
  readonly currency: LedgerCurrency;
  readonly amount: string;
  /** What is still reserved (amount − captured − released). */
  readonly remaining: string;
  readonly status: HoldStatus;
  readonly reason: string;
  readonly ref: string | null;
  readonly createdAt: Date;
}

export interface AccountBalance {
  readonly account: AccountRef;
  readonly currency: LedgerCurrency;
  /** Everything in the account. */
  readonly balance: string;
  /** Reserved by active holds. */
  readonly held: string;
  /** balance − held: what may be spent or reserved now. */
  readonly available: string;
}

export interface HistoryEntry {
  readonly transferId: string;
  readonly kind: string;
  readonly amount: string;
  readonly balanceAfter: string;
  readonly createdAt: Date;
  readonly memo: Record<string, unknown>;
}

/** Available balance too small (or a hold/capture beyond what is reserved). Map it to 1115/1116/1117/9504. */
export class InsufficientFunds extends Error {
  constructor(
    readonly account: AccountRef,
    readonly currency: LedgerCurrency,
  ) {
    super(`insufficient funds in ${describeAccount(account)}`);
    this.name = 'InsufficientFunds';
  }
}

/** The key was used before for a different movement. Map it to a 409 (idempotency conflict). */
export class LedgerKeyConflict extends Error {
  constructor(readonly key: string) {
    super(`ledger key ${key} was already used for a different request`);
    this.name = 'LedgerKeyConflict';
  }
}

/** A hold that does not exist, is not ACTIVE, or does not belong to the account being debited. */
export class HoldNotActive extends Error {
  constructor(readonly holdId: string) {
    super(`hold ${holdId} is not active`);
    this.name = 'HoldNotActive';
  }
}

/**
 * A malformed request (no legs, amount not > 0 or too many decimals for the currency, legs whose two
 * accounts differ in currency or are the same account, unknown purpose or house …). A programming
 * error in the caller: nothing changed. Validate user input before it reaches the ledger.
 */
export class InvalidLedgerRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidLedgerRequest';
  }
}

export function describeAccount(account: AccountRef): string {
  return 'house' in account
    ? `house:${account.house}:${account.currency}`
    : `user:${account.userId}:${account.purpose}:${account.currency}`;
}

/** Ledger operations; inside `transaction()` they share one database transaction. */
export interface LedgerOps {
  transfer(request: TransferRequest): Promise<TransferResult>;
  hold(request: HoldRequest): Promise<Hold>;
  /** Releases what remains of an ACTIVE hold (RELEASED); releasing a released hold is a no-op. */
  release(holdId: string): Promise<Hold>;
  getHold(holdId: string): Promise<Hold | null>;
  balance(account: AccountRef): Promise<AccountBalance>;
  /** Every account of a user (accounts never touched are absent: treat them as 0). */
  userBalances(userId: string): Promise<AccountBalance[]>;
}

export interface TransactionOptions {
  /**
   * `fn` ends with a statement of its own on `db`, after every other: if it succeeded the
   * transaction was not aborted by an error `fn` swallowed, so the ledger does not check that with
   * a statement of its own before the commit.
   */
  readonly endsWithStatement?: boolean;
}

export interface Ledger extends LedgerOps {
  /**
   * Runs `fn` in ONE database transaction: the module's own writes (through `db`) and the ledger's
   * commit or roll back together. Keep it short; row locks are held until it ends.
   */
  transaction<T>(fn: (ops: LedgerOps & { readonly db: PasarDb }) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** The balance as it was at `at` (from the entries' running balances). */
  balanceAt(account: AccountRef, at: Date): Promise<string>;
  /** Newest first; `before` pages back. */
  history(account: AccountRef, options?: { readonly before?: Date; readonly limit?: number }): Promise<HistoryEntry[]>;
  /** A page of the users who hold an account (in id order, after `after`): who owns something to be valued. */
  accountHolders(options: { readonly after?: string | undefined; readonly limit: number }): Promise<string[]>;
  /** The transfer with this key, if applied. */
  transferByKey(key: string): Promise<TransferResult | null>;
  /** The memos of these transfers by id (what a fill settled: a margin fill's realized P&L and fee); unknown ids are absent. */
  memosOf(transferIds: readonly string[]): Promise<Map<string, Record<string, unknown>>>;
  /** Sum of every account per currency (each must be "0") and the count of user accounts below zero (must be 0). */
  audit(): Promise<{ readonly sums: Record<LedgerCurrency, string>; readonly negativeUserAccounts: number; readonly heldMismatch: number }>;
}
