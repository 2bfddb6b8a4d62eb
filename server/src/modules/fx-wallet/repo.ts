// The fx-wallet module's only database access outside the ledger: USD yield periods and accrual
// rows. Balances are the ledger's (`app.ledger`); the identity checks are the identity module's.
import { and, desc, eq, gt, isNull, max, or, sql, sum } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { usdYieldAccruals, usdYieldPeriods } from './tables';

export type YieldPeriodRow = typeof usdYieldPeriods.$inferSelect;
export type YieldAccrualRow = typeof usdYieldAccruals.$inferSelect;
export type NewYieldAccrual = Omit<typeof usdYieldAccruals.$inferInsert, 'createdAt'>;

export type FxWalletRepo = ReturnType<typeof createFxWalletRepo>;

export function createFxWalletRepo(db: PasarDb) {
  return {
    // ---- USD yield periods ----
    async openPeriod(userId: string): Promise<YieldPeriodRow | null> {
      const [row] = await db
        .select()
        .from(usdYieldPeriods)
        .where(and(eq(usdYieldPeriods.userId, userId), isNull(usdYieldPeriods.optedOutAt)));
      return row ?? null;
    },
    /** Opens a period unless one is open (the partial unique index decides a race). */
    async optIn(userId: string, at: Date): Promise<void> {
      await db.insert(usdYieldPeriods).values({ userId, optedInAt: at }).onConflictDoNothing();
    },
    async optOut(userId: string, at: Date): Promise<void> {
      await db
        .update(usdYieldPeriods)
        .set({ optedOutAt: at })
        .where(and(eq(usdYieldPeriods.userId, userId), isNull(usdYieldPeriods.optedOutAt)));
    },
    /** Periods still open or closed after `since`: the only ones that can hold unaccrued days. */
    async periodsSince(since: Date): Promise<YieldPeriodRow[]> {
      return db
        .select()
        .from(usdYieldPeriods)
        .where(or(isNull(usdYieldPeriods.optedOutAt), gt(usdYieldPeriods.optedOutAt, since)))
        .orderBy(usdYieldPeriods.userId, usdYieldPeriods.optedInAt);
    },

    // ---- USD yield accruals ----
    /** The last accrued date of each user with an accrual on or after `since` (others: none since). */
    async lastAccrualDatesSince(since: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ userId: usdYieldAccruals.userId, last: max(usdYieldAccruals.accrualDate) })
        .from(usdYieldAccruals)
        .where(sql`${usdYieldAccruals.accrualDate} >= ${since}::date`)
        .groupBy(usdYieldAccruals.userId);
      return new Map(rows.filter((r) => r.last !== null).map((r) => [r.userId, r.last as string]));
    },
    async accrualSummary(userId: string): Promise<{ paidTotal: string; lastDate: string | null }> {
      const [row] = await db
        .select({ paidTotal: sum(usdYieldAccruals.paid), lastDate: max(usdYieldAccruals.accrualDate) })
        .from(usdYieldAccruals)
        .where(eq(usdYieldAccruals.userId, userId));
      return { paidTotal: row?.paidTotal ?? '0', lastDate: row?.lastDate ?? null };
    },

    // ---- inside the accrual's ledger transaction ----
    /** Serializes accruals of one user across connections and instances until the transaction ends. */
    async lockUserAccruals(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`usd-yield:${userId}`}, 0))`);
    },
    async accrual(userId: string, date: string): Promise<YieldAccrualRow | null> {
      const [row] = await db
        .select()
        .from(usdYieldAccruals)
        .where(and(eq(usdYieldAccruals.userId, userId), eq(usdYieldAccruals.accrualDate, date)));
      return row ?? null;
    },
    /** The latest accrual before `date` (its carry_out is the next day's carry_in). */
    async accrualBefore(userId: string, date: string): Promise<YieldAccrualRow | null> {
      const [row] = await db
        .select()
        .from(usdYieldAccruals)
        .where(and(eq(usdYieldAccruals.userId, userId), sql`${usdYieldAccruals.accrualDate} < ${date}::date`))
        .orderBy(desc(usdYieldAccruals.accrualDate))
        .limit(1);
      return row ?? null;
    },
    async insertAccrual(row: NewYieldAccrual): Promise<void> {
      await db.insert(usdYieldAccruals).values(row);
    },
  };
}
