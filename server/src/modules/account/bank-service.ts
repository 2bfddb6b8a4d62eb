// Bank accounts for cashout: the list of Indonesian banks, and the user's accounts (at most 3, the
// first becomes primary, the holder must be the verified KYC name, PIN-fresh to add or remove).
import {
  INDONESIAN_BANKS,
  MAX_BANK_ACCOUNTS,
  type AddBankAccountRequest,
  type Bank,
  type BankAccount,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { sameName } from './kyc-service';
import { isUuid, type Notify } from './notification-service';
import { LimitReached, UniqueViolation, type AccountRepo, type BankAccountRow } from './repo';

export interface BankServiceDeps {
  readonly repo: AccountRepo;
  readonly notify: Notify;
  readonly now?: () => Date;
}

const bankName = (code: string): string => INDONESIAN_BANKS.find((b) => b.code === code)?.name ?? code;
const masked = (accountNumber: string): string => `•••• ${accountNumber.slice(-4)}`;

export function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: bankName(row.bankCode),
    accountNumber: row.accountNumber,
    holderName: row.holderName,
    primary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createBankService(deps: BankServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const list = async (userId: string): Promise<BankAccount[]> => (await repo.listBankAccounts(userId)).map(toBankAccount);

  return {
    banks(): Bank[] {
      return INDONESIAN_BANKS.map((b) => ({ code: b.code, name: b.name }));
    },

    list,

    /** The user's own account with that id, or null (another user's id is null too). */
    async accountOf(userId: string, id: string): Promise<BankAccount | null> {
      return (await list(userId)).find((account) => account.id === id) ?? null;
    },

    async add(userId: string, body: AddBankAccountRequest): Promise<BankAccount> {
      const user = await repo.findUser(userId);
      if (!user) throw new AppError('009');
      if (user.kycStatus !== 'VERIFIED') throw new AppError('007');
      if (!INDONESIAN_BANKS.some((b) => b.code === body.bankCode)) {
        throw new AppError('2104', { details: [{ path: 'bankCode', message: 'unknown bank code' }] });
      }
      const verified = await repo.verifiedKyc(userId);
      if (!verified || !sameName(verified.fullName, body.holderName)) {
        throw new AppError('2101', { details: [{ path: 'holderName', message: 'must match the verified KYC name' }] });
      }
      let row: BankAccountRow;
      try {
        row = await repo.addBankAccount(
          { id: crypto.randomUUID(), userId, bankCode: body.bankCode, accountNumber: body.accountNumber, holderName: verified.fullName, createdAt: now() },
          MAX_BANK_ACCOUNTS,
        );
      } catch (error) {
        if (error instanceof LimitReached) throw new AppError('2102');
        if (error instanceof UniqueViolation) throw new AppError('2103');
        throw error;
      }
      await deps.notify(userId, {
        type: 'SECURITY',
        title: { id: 'Rekening bank ditambahkan', en: 'Bank account added' },
        body: {
          id: `Rekening ${bankName(row.bankCode)} ${masked(row.accountNumber)} ditambahkan. Jika ini bukan Anda, hubungi dukungan.`,
          en: `${bankName(row.bankCode)} account ${masked(row.accountNumber)} was added. If this was not you, contact support.`,
        },
      });
      return toBankAccount(row);
    },

    async setPrimary(userId: string, id: string): Promise<BankAccount[]> {
      if (!isUuid(id) || !(await repo.setPrimaryBankAccount(userId, id))) throw new AppError('003');
      return list(userId);
    },

    async remove(userId: string, id: string): Promise<BankAccount[]> {
      const before = isUuid(id) ? (await repo.listBankAccounts(userId)).find((a) => a.id === id) : undefined;
      if (!before || !(await repo.removeBankAccount(userId, id))) throw new AppError('003');
      await deps.notify(userId, {
        type: 'SECURITY',
        title: { id: 'Rekening bank dihapus', en: 'Bank account removed' },
        body: {
          id: `Rekening ${bankName(before.bankCode)} ${masked(before.accountNumber)} dihapus.`,
          en: `${bankName(before.bankCode)} account ${masked(before.accountNumber)} was removed.`,
        },
      });
      return list(userId);
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
