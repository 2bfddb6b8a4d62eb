// The wallet module's only database access: top-ups, cashouts and the per-user cashout lock (the
// users and their bank accounts are the identity and account modules': see people.ts).
// Every function runs on the handle it was created with: `app.database.db`, or the transaction
// of `app.ledger.transaction(ops => createWalletRepo(ops.db))` so these writes commit with the
// ledger's.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { cashouts, cashoutUserLocks, topups } from './tables';

export type TopUpRow = typeof topups.$inferSelect;
export type NewTopUp = Omit<TopUpRow, 'paidAt' | 'paymentReference' | 'paidLate' | 'transferId'>;
export type CashoutRow = typeof cashouts.$inferSelect;
export type NewCashout = Omit<CashoutRow, 'transferId' | 'rejectionReason' | 'decidedBy' | 'decidedAt'>;

export class UniqueViolation extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`unique violation${constraint ? ` (${constraint})` : ''}`);
    this.name = 'UniqueViolation';
  }
}

/** Postgres and PGlite both report `23505`; drizzle may wrap the driver's error in `cause`. */
export function asUniqueViolation(error: unknown): UniqueViolation | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return new UniqueViolation(e.constraint);
  }
  return undefined;
}

/** Cashouts that count against the daily limit. */
const COUNTED_STATUSES = ['PENDING_REVIEW', 'PAID'];

export interface Decision {
  readonly status: 'PAID' | 'REJECTED' | 'CANCELLED';
  readonly at: Date;
  readonly by: string;
  readonly transferId?: string;
  readonly reason?: string;
}

export function createWalletRepo(db: PasarDb) {
  return {
    // ---- top-ups ----
    /** Inserts the top-up; an existing one with the same (user, request key) is returned instead. */
    async insertTopUp(row: NewTopUp): Promise<TopUpRow> {
      let inserted: TopUpRow[];
      try {
        inserted = await db
          .insert(topups)
          .values({ ...row, paidLate: false })
          .onConflictDoNothing({ target: [topups.userId, topups.requestKey] })
          .returning();
      } catch (error) {
        throw asUniqueViolation(error) ?? error;
      }
      if (inserted[0]) return inserted[0];
      const [existing] = await db
        .select()
        .from(topups)
        .where(and(eq(topups.userId, row.userId), eq(topups.requestKey, row.requestKey)));
      if (!existing) throw new Error('top-up vanished after a request-key conflict');
      return existing;
    },
    async topUp(id: string): Promise<TopUpRow | null> {
      const [row] = await db.select().from(topups).where(eq(topups.id, id));
      return row ?? null;
    },
    async topUpOf(userId: string, id: string): Promise<TopUpRow | null> {
      const [row] = await db.select().from(topups).where(and(eq(topups.id, id), eq(topups.userId, userId)));
      return row ?? null;
    },
    async listTopUps(userId: string, limit: number): Promise<TopUpRow[]> {
      return db.select().from(topups).where(eq(topups.userId, userId)).orderBy(desc(topups.createdAt)).limit(limit);
    },
    /** PENDING → PAID, once: a second (or concurrent) payment of the same top-up gets null. */
    async markTopUpPaid(id: string, paid: { at: Date; reference: string; late: boolean }): Promise<TopUpRow | null> {
      const [row] = await db
        .update(topups)
        .set({ status: 'PAID', paidAt: paid.at, paymentReference: paid.reference, paidLate: paid.late })
        .where(and(eq(topups.id, id), eq(topups.status, 'PENDING')))
        .returning();
      return row ?? null;
    },
    async setTopUpTransfer(id: string, transferId: string): Promise<void> {
      await db.update(topups).set({ transferId }).where(eq(topups.id, id));
    },

    // ---- cashouts ----
    /**
     * Serializes the cashouts of one user until the transaction ends (an upsert takes the row lock,
     * also for the first one), so the daily-limit check and the insert cannot interleave.
     */
    async lockCashouts(userId: string): Promise<void> {
      await db
        .insert(cashoutUserLocks)
        .values({ userId })
        .onConflictDoUpdate({ target: cashoutUserLocks.userId, set: { userId: sql`excluded.user_id` } });
    },
    /** Sum of the amounts of the user's cashouts of that WIB day waiting for review or paid. */
    async usedOn(userId: string, wibDay: string): Promise<string> {
      const [row] = await db
        .select({ used: sql<string>`coalesce(sum(${cashouts.amount}), 0)::text` })
        .from(cashouts)
        .where(and(eq(cashouts.userId, userId), eq(cashouts.wibDay, wibDay), inArray(cashouts.status, COUNTED_STATUSES)));
      return row?.used ?? '0';
    },
    async insertCashout(row: NewCashout): Promise<CashoutRow> {
      try {
        const [inserted] = await db.insert(cashouts).values(row).returning();
        return inserted!;
      } catch (error) {
        throw asUniqueViolation(error) ?? error;
      }
    },
    async cashoutByRequestKey(userId: string, requestKey: string): Promise<CashoutRow | null> {
      const [row] = await db
        .select()
        .from(cashouts)
        .where(and(eq(cashouts.userId, userId), eq(cashouts.requestKey, requestKey)));
      return row ?? null;
    },
    async cashout(id: string): Promise<CashoutRow | null> {
      const [row] = await db.select().from(cashouts).where(eq(cashouts.id, id));
      return row ?? null;
    },
    async cashoutOf(userId: string, id: string): Promise<CashoutRow | null> {
      const [row] = await db.select().from(cashouts).where(and(eq(cashouts.id, id), eq(cashouts.userId, userId)));
      return row ?? null;
    },
    async listCashouts(userId: string, limit: number): Promise<CashoutRow[]> {
      return db.select().from(cashouts).where(eq(cashouts.userId, userId)).orderBy(desc(cashouts.createdAt)).limit(limit);
    },
    async pendingCashouts(limit: number): Promise<CashoutRow[]> {
      return db.select().from(cashouts).where(eq(cashouts.status, 'PENDING_REVIEW')).orderBy(cashouts.createdAt).limit(limit);
    },
    /**
     * The cashout while it still waits for review, locked until the transaction ends; null once
     * decided. A second decider waits for the first and then finds nothing: a decision happens once.
     */
    async lockPendingCashout(id: string, userId?: string): Promise<CashoutRow | null> {
      const [row] = await db
        .select()
        .from(cashouts)
        .where(and(eq(cashouts.id, id), eq(cashouts.status, 'PENDING_REVIEW'), userId ? eq(cashouts.userId, userId) : undefined))
        .for('update');
      return row ?? null;
    },
    /** PENDING_REVIEW → the decision (conditional, after lockPendingCashout in the same transaction). */
    async decideCashout(id: string, decision: Decision): Promise<CashoutRow | null> {
      const [row] = await db
        .update(cashouts)
        .set({
          status: decision.status,
          decidedAt: decision.at,
          decidedBy: decision.by,
          transferId: decision.transferId ?? null,
          rejectionReason: decision.reason ?? null,
        })
        .where(and(eq(cashouts.id, id), eq(cashouts.status, 'PENDING_REVIEW')))
        .returning();
      return row ?? null;
    },

    // ---- both ----
    unfinishedPayments: (userId: string, query: UnfinishedPaymentQuery, now: Date) => unfinishedPayments(db, userId, query, now),
  };
}

export type WalletRepo = ReturnType<typeof createWalletRepo>;

/** A top-up or cashout not finished: no ledger transfer has moved its money (yet). */
export interface UnfinishedPaymentRow {
  readonly id: string;
  readonly kind: 'TOPUP' | 'CASHOUT';
  /** PENDING (waiting for payment or review), EXPIRED (top-up not paid in time), REJECTED, CANCELLED. */
  readonly status: string;
  readonly amount: string;
  readonly fee: string;
  readonly createdAt: Date;
}

export interface UnfinishedPaymentQuery {
  readonly kinds: readonly ('TOPUP' | 'CASHOUT')[];
  readonly statuses?: readonly string[];
  /** Inclusive lower bound of created_at. */
  readonly from?: Date;
  /** Exclusive upper bound of created_at. */
  readonly until?: Date;
  /** Only rows before this (created_at, id), newest first. */
  readonly before?: { readonly at: Date; readonly id: string };
  /** Only this one. */
  readonly id?: string;
  readonly limit: number;
}

/**
 * The person's unfinished top-ups and cashouts, newest first by (created_at, id). A top-up past
 * its expiry at `now` reads EXPIRED; a cashout waiting for review reads PENDING.
 */
export async function unfinishedPayments(db: PasarDb, userId: string, query: UnfinishedPaymentQuery, now: Date): Promise<UnfinishedPaymentRow[]> {
  if (query.kinds.length === 0) return [];
  const parts = query.kinds.map((kind) =>
    kind === 'TOPUP'
      ? sql`select id, 'TOPUP'::text as kind, (case when expires_at < ${now.toISOString()}::timestamptz then 'EXPIRED' else 'PENDING' end)::text as status, amount::text as amount, fee::text as fee, created_at from topups where user_id = ${userId}::uuid and status <> 'PAID'`
      : sql`select id, 'CASHOUT'::text as kind, (case when status = 'PENDING_REVIEW' then 'PENDING' else status end)::text as status, amount::text as amount, fee::text as fee, created_at from cashouts where user_id = ${userId}::uuid and status <> 'PAID'`,
  );
  const where = [sql`true`];
  if (query.statuses) where.push(query.statuses.length ? sql`p.status in (${sql.join(query.statuses.map((s) => sql`${s}`), sql`, `)})` : sql`false`);
  if (query.from) where.push(sql`p.created_at >= ${query.from.toISOString()}::timestamptz`);
  if (query.until) where.push(sql`p.created_at < ${query.until.toISOString()}::timestamptz`);
  if (query.before) where.push(sql`(p.created_at, p.id) < (${query.before.at.toISOString()}::timestamptz, ${query.before.id}::uuid)`);
  if (query.id) where.push(sql`p.id = ${query.id}::uuid`);
  const result = await db.execute(sql`
    select p.* from (${sql.join(parts, sql` union all `)}) p
    where ${sql.join(where, sql` and `)} order by p.created_at desc, p.id desc limit ${query.limit}`);
  type Raw = { id: string; kind: 'TOPUP' | 'CASHOUT'; status: string; amount: string; fee: string; created_at: Date | string };
  return (result as unknown as { rows: Raw[] }).rows.map((raw) => ({
    id: raw.id,
    kind: raw.kind,
    status: raw.status,
    amount: raw.amount,
    fee: raw.fee,
    createdAt: raw.created_at instanceof Date ? raw.created_at : new Date(raw.created_at),
  }));
}
