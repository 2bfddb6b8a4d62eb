// Cashout: IDR cash to the user's own bank account. The amount is held in the ledger when the
// request is accepted (with the cashout row, in one transaction, under a per-user lock so the daily
// limit holds under concurrency); paying captures the hold into the house's bank payout (amount −
// fee) and fees; rejecting or cancelling releases it. Small cashouts of established accounts are
// paid at once; the rest wait for an operator.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  INDONESIAN_BANKS,
  type BankAccount,
  type Cashout,
  type CashoutAutoApprovalStatus,
  type CashoutBank,
  type CashoutLimit,
  type CashoutRequest,
  type CashoutReview,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { InsufficientFunds, type Ledger, type LedgerOps, type TransferLeg } from '../../ledger/api';
import type { Notify } from '../account/notification-service';
import { rupiahText } from './channels';
import { wibDate } from '../../market/calendar/time';
import { CASH, decimalText, isUuid, masked } from './money';
import type { WalletBankAccounts, WalletPeople, WalletUser } from './people';
import { createWalletRepo, UniqueViolation, type CashoutRow, type WalletRepo } from './repo';

export interface CashoutSettings {
  /** Whole Rupiah, as decimal strings. */
  readonly fee: string;
  readonly min: string;
  readonly dailyLimit: string;
  readonly autoApproveMax: string;
  readonly autoApproveMinAgeHours: number;
}

export interface CashoutServiceDeps {
  readonly repo: WalletRepo;
  /** The identity module's users (`app.identity`). */
  readonly people: WalletPeople;
  /** The account module's bank accounts (`app.account`). */
  readonly bankAccounts: WalletBankAccounts;
  readonly ledger: Ledger;
  readonly notify: Notify;
  readonly settings: CashoutSettings;
  readonly now?: () => Date;
  readonly log?: { warn(obj: object, msg: string): void };
}

const LIST_LIMIT = 50;
const PENDING_LIMIT = 200;
const BANK_PAYOUT = { house: 'BANK_PAYOUT', currency: 'IDR' } as const;
const FEES = { house: 'FEES', currency: 'IDR' } as const;

const bankName = (code: string): string => INDONESIAN_BANKS.find((b) => b.code === code)?.name ?? code;

function bankOf(row: Pick<CashoutRow, 'bankAccountId' | 'bankCode' | 'accountNumber' | 'holderName'>): CashoutBank {
  return {
    id: row.bankAccountId,
    bankCode: row.bankCode,
    bankName: bankName(row.bankCode),
    maskedAccountNumber: masked(row.accountNumber),
    holderName: row.holderName,
  };
}

export function toCashout(row: CashoutRow): Cashout {
  return {
    id: row.id,
    amount: decimalText(row.amount),
    fee: decimalText(row.fee),
    amountReceived: new Decimal(row.amount).minus(row.fee).toFixed(),
    status: row.status as Cashout['status'],
    bankAccount: bankOf(row),
    autoApproved: row.autoApproved,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/** What an operator or the automatic approval is recorded as. */
export const AUTO_APPROVER = 'auto';

export function createCashoutService(deps: CashoutServiceDeps) {
  const { repo, people, ledger, settings } = deps;
  const now = deps.now ?? (() => new Date());

  async function verifiedUser(userId: string): Promise<WalletUser> {
    const user = await people.userFacts(userId);
    if (!user) throw new AppError('009');
    if (user.kycStatus !== 'VERIFIED') throw new AppError('007');
    return user;
  }

  /** Accounts younger than the configured age are never approved automatically. */
  const autoApprovalEnabled = (user: WalletUser): boolean =>
    now().getTime() - user.createdAt.getTime() >= settings.autoApproveMinAgeHours * 3_600_000;

  async function available(userId: string): Promise<Decimal> {
    return new Decimal((await ledger.balance(CASH(userId))).available);
  }

  /** The checks a request and its review share; the daily limit is checked again under the lock. */
  async function check(userId: string, body: CashoutRequest): Promise<{ user: WalletUser; bank: BankAccount; amount: Decimal; used: Decimal }> {
    const user = await verifiedUser(userId);
    const amount = new Decimal(body.amount);
    if (amount.lt(settings.min)) throw new AppError('3501');
    const bank = isUuid(body.bankAccountId) ? await deps.bankAccounts.bankAccountOf(userId, body.bankAccountId) : null;
    if (!bank) throw new AppError('3502');
    const used = new Decimal(await repo.usedOn(userId, wibDate(now())));
    if (used.plus(amount).gt(settings.dailyLimit)) throw new AppError('008');
    return { user, bank, amount, used };
  }

  /** Pays a cashout locked in PENDING_REVIEW: one transfer capturing its hold. */
  async function payLocked(ops: LedgerOps, tx: WalletRepo, row: CashoutRow, by: string): Promise<CashoutRow> {
    const fee = new Decimal(row.fee);
    const legs: TransferLeg[] = [{ from: CASH(row.userId), to: BANK_PAYOUT, amount: new Decimal(row.amount).minus(fee) }];
    if (fee.gt(0)) legs.push({ from: CASH(row.userId), to: FEES, amount: fee });
    const transfer = await ops.transfer({
      key: `cashout-pay:${row.id}`,
      kind: 'CASHOUT',
      legs,
      captureHolds: [{ holdId: row.holdId }],
      memo: { cashoutId: row.id, bankCode: row.bankCode, accountLast4: row.accountNumber.slice(-4), fee: row.fee },
    });
    const paid = await tx.decideCashout(row.id, { status: 'PAID', at: now(), by, transferId: transfer.id });
    if (!paid) throw new Error(`cashout ${row.id} changed while locked`);
    return paid;
  }

  async function tellUser(row: CashoutRow): Promise<void> {
    const to = `${bankName(row.bankCode)} ${masked(row.accountNumber)}`;
    const inBoth = (value: Decimal.Value) => ({ id: rupiahText(new Decimal(value).toFixed(), 'id'), en: rupiahText(new Decimal(value).toFixed(), 'en') });
    const received = inBoth(new Decimal(row.amount).minus(row.fee));
    const amount = inBoth(row.amount);
    const message =
      row.status === 'PAID'
        ? {
            title: { id: 'Penarikan dana berhasil', en: 'Cashout sent' },
            body: { id: `${received.id} dikirim ke ${to}.`, en: `${received.en} was sent to ${to}.` },
          }
        : {
            title: { id: 'Penarikan dana ditolak', en: 'Cashout rejected' },
            body: {
              id: `Penarikan ${amount.id} ke ${to} ditolak: ${row.rejectionReason ?? '-'}. Dana kembali ke saldo Anda.`,
              en: `Your cashout of ${amount.en} to ${to} was rejected: ${row.rejectionReason ?? '-'}. The money is back in your balance.`,
            },
          };
    await deps
      .notify(row.userId, { type: 'CASHOUT', ...message })
      .catch((error: unknown) => deps.log?.warn({ err: error, cashoutId: row.id }, 'cashout notification failed'));
  }

  /** A decision on a PENDING_REVIEW cashout, once: 3505 unknown, 3504 (or `notPending`) already decided. */
  async function decide(
    id: string,
    userId: string | undefined,
    notPending: '3503' | '3504',
    apply: (ops: LedgerOps, tx: WalletRepo, row: CashoutRow) => Promise<CashoutRow>,
  ): Promise<CashoutRow> {
    const known = isUuid(id) ? (userId ? await repo.cashoutOf(userId, id) : await repo.cashout(id)) : null;
    if (!known) throw new AppError('3505');
    const decided = await ledger.transaction(async (ops) => {
      const tx = createWalletRepo(ops.db);
      const row = await tx.lockPendingCashout(id, userId);
      return row ? apply(ops, tx, row) : null;
    });
    if (!decided) throw new AppError(notPending);
    return decided;
  }

  return {
    async limit(userId: string): Promise<CashoutLimit> {
      const used = new Decimal(await repo.usedOn(userId, wibDate(now())));
      const remaining = Decimal.max(0, new Decimal(settings.dailyLimit).minus(used));
      return {
        dailyLimit: settings.dailyLimit,
        usedToday: used.toFixed(),
        remainingToday: remaining.toFixed(),
        minAmount: settings.min,
        fee: settings.fee,
        autoApproveMax: settings.autoApproveMax,
        available: (await available(userId)).toFixed(),
      };
    },

    async autoApprovalStatus(userId: string): Promise<CashoutAutoApprovalStatus> {
      const user = await people.userFacts(userId);
      if (!user) throw new AppError('009');
      return { enabled: autoApprovalEnabled(user), maxAmount: settings.autoApproveMax };
    },

    /** What a request would do (fee, amount received, approval); changes nothing. */
    async review(userId: string, body: CashoutRequest): Promise<CashoutReview> {
      const { user, bank, amount, used } = await check(userId, body);
      if ((await available(userId)).lt(amount)) throw new AppError('1115');
      return {
        amount: amount.toFixed(),
        fee: settings.fee,
        amountReceived: amount.minus(settings.fee).toFixed(),
        bankAccount: bankOf({ bankAccountId: bank.id, bankCode: bank.bankCode, accountNumber: bank.accountNumber, holderName: bank.holderName }),
        autoApproved: autoApprovalEnabled(user) && amount.lte(settings.autoApproveMax),
        remainingTodayAfter: new Decimal(settings.dailyLimit).minus(used).minus(amount).toFixed(),
      };
    },

    /**
     * Holds the amount and records the cashout (PENDING_REVIEW), in one ledger transaction under
     * the user's cashout lock; pays it in the same transaction when it is approved automatically.
     * Idempotent on `requestKey`: the same key again answers the first cashout.
     */
    async request(userId: string, body: CashoutRequest, requestKey: string): Promise<Cashout> {
      const earlier = await repo.cashoutByRequestKey(userId, requestKey);
      if (earlier) {
        if (!new Decimal(earlier.amount).eq(body.amount) || earlier.bankAccountId !== body.bankAccountId) throw new AppError('042');
        return toCashout(earlier);
      }
      const { user, bank, amount } = await check(userId, body);
      const autoApproved = autoApprovalEnabled(user) && amount.lte(settings.autoApproveMax);
      const at = now();
      const day = wibDate(at);
      let row: CashoutRow;
      try {
        row = await ledger.transaction(async (ops) => {
          const tx = createWalletRepo(ops.db);
          await tx.lockCashouts(userId);
          const used = new Decimal(await tx.usedOn(userId, day));
          if (used.plus(amount).gt(settings.dailyLimit)) throw new AppError('008');
          const id = randomUUID();
          const hold = await ops.hold({ key: `cashout:${userId}:${requestKey}`, account: CASH(userId), amount, reason: 'CASHOUT', ref: id });
          const created = await tx.insertCashout({
            id,
            userId,
            requestKey,
            bankAccountId: bank.id,
            bankCode: bank.bankCode,
            accountNumber: bank.accountNumber,
            holderName: bank.holderName,
            amount: amount.toFixed(0),
            fee: settings.fee,
            status: 'PENDING_REVIEW',
            autoApproved,
            holdId: hold.id,
            wibDay: day,
            createdAt: at,
          });
          return autoApproved ? payLocked(ops, tx, created, AUTO_APPROVER) : created;
        });
      } catch (error) {
        if (error instanceof InsufficientFunds) throw new AppError('1115');
        // The same request key raced in from another connection and won: answer its cashout.
        if (error instanceof UniqueViolation) {
          const winner = await repo.cashoutByRequestKey(userId, requestKey);
          if (winner) return toCashout(winner);
        }
        throw error;
      }
      if (row.status === 'PAID') await tellUser(row);
      return toCashout(row);
    },

    async list(userId: string): Promise<Cashout[]> {
      return (await repo.listCashouts(userId, LIST_LIMIT)).map(toCashout);
    },

    async get(userId: string, id: string): Promise<Cashout> {
      const row = isUuid(id) ? await repo.cashoutOf(userId, id) : null;
      if (!row) throw new AppError('3505');
      return toCashout(row);
    },

    /** The user withdraws a cashout still waiting for review: the hold is released. */
    async cancel(userId: string, id: string): Promise<Cashout> {
      const row = await decide(id, userId, '3503', async (ops, tx, locked) => {
        await ops.release(locked.holdId);
        return (await tx.decideCashout(locked.id, { status: 'CANCELLED', at: now(), by: userId }))!;
      });
      return toCashout(row);
    },

    async pending(): Promise<(Cashout & { phone: string })[]> {
      const rows = await repo.pendingCashouts(PENDING_LIMIT);
      const users = await people.userFactsById(rows.map((row) => row.userId));
      return rows.flatMap((row) => {
        const user = users.get(row.userId);
        return user ? [{ ...toCashout(row), phone: user.phone }] : [];
      });
    },

    async approve(id: string, by: string): Promise<Cashout> {
      const row = await decide(id, undefined, '3504', (ops, tx, locked) => payLocked(ops, tx, locked, by));
      await tellUser(row);
      return toCashout(row);
    },

    async reject(id: string, reason: string, by: string): Promise<Cashout> {
      const row = await decide(id, undefined, '3504', async (ops, tx, locked) => {
        await ops.release(locked.holdId);
        return (await tx.decideCashout(locked.id, { status: 'REJECTED', at: now(), by, reason }))!;
      });
      await tellUser(row);
      return toCashout(row);
    },
  };
}

export type CashoutService = ReturnType<typeof createCashoutService>;
