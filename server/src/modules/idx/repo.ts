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

    /** Marks a row settled unless another run did first; true when this call did. */
    async markSettled(fillId: string, transferId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(idxSettlements)
        .set({ settledAt: at, transferId })
        .where(and(eq(idxSettlements.fillId, fillId), isNull(idxSettlements.settledAt)))
        .returning({ fillId: idxSettlements.fillId });
      return rows.length === 1;
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
