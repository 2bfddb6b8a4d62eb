// Queries of the IDX module: the T+2 settlement rows of sales.
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { idxSettlements, type IdxSettlementRow } from './tables';

export type IdxRepo = ReturnType<typeof idxRepoOf>;

export function idxRepoOf(db: PasarDb) {
  return {
    /** The settlement due of a sale's fill (in the fill's transaction: `db` is the transaction's). */
    async addDue(row: Omit<IdxSettlementRow, 'settledAt' | 'transferId'>): Promise<void> {
      await db.insert(idxSettlements).values(row);
    },

    /** Unsettled rows due on or before a date, oldest first. */
    async due(onOrBefore: string, limit = 500): Promise<IdxSettlementRow[]> {
      return db
        .select()
        .from(idxSettlements)
        .where(and(isNull(idxSettlements.settledAt), lte(idxSettlements.settlementDate, onOrBefore)))
        .orderBy(asc(idxSettlements.settlementDate), asc(idxSettlements.fillId))
        .limit(limit);
    },

    /** Claims a due row for this run (marks it settled, row-locked until the transaction ends); false when another run did first. */
    async claim(fillId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(idxSettlements)
        .set({ settledAt: at })
        .where(and(eq(idxSettlements.fillId, fillId), isNull(idxSettlements.settledAt)))
        .returning({ fillId: idxSettlements.fillId });
      return rows.length === 1;
    },

    /** The settlement transfer of a claimed row. */
    async setTransfer(fillId: string, transferId: string): Promise<void> {
      await db.update(idxSettlements).set({ transferId }).where(eq(idxSettlements.fillId, fillId));
    },

    /** A user's unsettled rows, by settlement date. */
    async unsettledOf(userId: string): Promise<IdxSettlementRow[]> {
      return db
        .select()
        .from(idxSettlements)
        .where(and(eq(idxSettlements.userId, userId), isNull(idxSettlements.settledAt)))
        .orderBy(asc(idxSettlements.settlementDate));
    },
  };
}
