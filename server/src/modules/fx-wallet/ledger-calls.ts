// How the fx-wallet module moves money: account references, the ledger's errors as catalogue
// codes, and "apply once" on the caller's request id (a retry returns the first result, even if
// the price has moved since; the same id with another request answers 042).
import { isDeepStrictEqual } from 'node:util';
import type { StockWalletName } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import {
  InsufficientFunds,
  LedgerKeyConflict,
  type AccountBalance,
  type AccountRef,
  type HouseAccount,
  type Ledger,
  type TransferResult,
  type UserPurpose,
} from '../../ledger/api';

export const WALLET_PURPOSE: Record<StockWalletName, UserPurpose> = {
  paln: 'USD_PALN',
  leverage: 'USD_LEVERAGE',
  intraday: 'USD_INTRADAY',
};

export const userAccount = (userId: string, purpose: UserPurpose, currency: string): AccountRef => ({ userId, currency, purpose });
export const houseAccount = (house: HouseAccount, currency: string): AccountRef => ({ house, currency });
export const cashAccount = (userId: string): AccountRef => userAccount(userId, 'CASH', 'IDR');
export const usdWallet = (userId: string, wallet: StockWalletName): AccountRef => userAccount(userId, WALLET_PURPOSE[wallet], 'USD');
export const perpMarginAccount = (userId: string): AccountRef => userAccount(userId, 'PERP_MARGIN', 'USDT');
export const spotUsdtAccount = (userId: string): AccountRef => userAccount(userId, 'SPOT', 'USDT');

/** The ledger key of a user's money-moving request. */
export const requestKey = (userId: string, requestId: string): string => `fx:${userId}:${requestId}`;

export interface Amounts {
  readonly balance: Decimal;
  readonly held: Decimal;
  readonly available: Decimal;
}

const ZERO: Amounts = { balance: new Decimal(0), held: new Decimal(0), available: new Decimal(0) };

/** A user's balances by purpose and currency; accounts never touched read as zero. */
export class UserBalances {
  private readonly byKey = new Map<string, Amounts>();

  constructor(rows: readonly AccountBalance[]) {
    for (const row of rows) {
      if ('house' in row.account) continue;
      this.byKey.set(`${row.account.purpose}:${row.currency}`, {
        balance: new Decimal(row.balance),
        held: new Decimal(row.held),
        available: new Decimal(row.available),
      });
    }
  }

  of(purpose: UserPurpose, currency: string): Amounts {
    return this.byKey.get(`${purpose}:${currency}`) ?? ZERO;
  }
}

/** Insufficient funds as the catalogue's code for the account that ran short. */
export function ledgerError(error: unknown): unknown {
  if (error instanceof InsufficientFunds && !('house' in error.account)) {
    const purpose = error.account.purpose;
    if (purpose.startsWith('USD_')) return new AppError('1117', { cause: error });
    if (purpose === 'SPOT') return new AppError('9504', { cause: error });
    return new AppError('1115', { cause: error });
  }
  if (error instanceof LedgerKeyConflict) return new AppError('042', { cause: error });
  return error;
}

/**
 * Runs `execute` (one ledger transfer, key `key`) unless the key was applied before, and builds the
 * answer from the applied transfer. `request` is stored in the memo (`memo.request`) by `execute`;
 * an earlier transfer with another request under the same key answers 042.
 */
export async function applyOnce<T>(
  ledger: Ledger,
  key: string,
  request: Record<string, string>,
  execute: () => Promise<TransferResult>,
  answer: (transfer: TransferResult) => T | Promise<T>,
): Promise<T> {
  const replay = (transfer: TransferResult): T | Promise<T> => {
    if (!isDeepStrictEqual(transfer.memo.request, request)) throw new AppError('042');
    return answer(transfer);
  };
  const earlier = await ledger.transferByKey(key);
  if (earlier) return replay(earlier);
  let result: TransferResult;
  try {
    result = await execute();
  } catch (error) {
    // A concurrent first attempt with this key won (its legs differ when the price moved between).
    if (error instanceof LedgerKeyConflict) {
      const winner = await ledger.transferByKey(key);
      if (winner) return replay(winner);
    }
    throw ledgerError(error);
  }
  return result.replayed ? replay(result) : answer(result);
}
