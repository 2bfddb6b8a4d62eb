// What the wallet asks other modules about a user: the identity service (`app.identity`) knows the
// phone, the KYC status and the sign-up time; the account module (`app.account`) the bank accounts.
// The wallet never reads their tables.
import type { BankAccount } from '@pasar/shared/contract';

export interface WalletUser {
  readonly id: string;
  readonly phone: string;
  readonly kycStatus: string;
  readonly createdAt: Date;
}

export interface WalletPeople {
  /** The user, or null for an unknown id. */
  userFacts(userId: string): Promise<WalletUser | null>;
  /** Several users, keyed by id (unknown ids are absent). */
  userFactsById(userIds: readonly string[]): Promise<ReadonlyMap<string, WalletUser>>;
}

export interface WalletBankAccounts {
  /** The user's own bank account with that id, or null. */
  bankAccountOf(userId: string, bankAccountId: string): Promise<BankAccount | null>;
}
