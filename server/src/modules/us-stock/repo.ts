// Queries of the US stock module: holders and applied corporate actions.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { usStockCorporateActions, usStockHolders, type CorporateActionRow } from './tables';

export type UsStockRepo = ReturnType<typeof createUsStockRepo>;

export function createUsStockRepo(db: PasarDb) {
  /** Holders this process has recorded (a row, once written, stays): repeats skip the write. */
  const known = new Set<string>();
  return {
    /** Remembers that the user trades this stock (the first time only). */
    async addHolder(userId: string, symbol: string, at: Date): Promise<void> {
      const key = `${symbol}|${userId}`;
      if (known.has(key)) return;
      await db.insert(usStockHolders).values({ userId, symbol, firstAt: at }).onConflictDoNothing();
      known.add(key);
    },

    async heldSymbols(): Promise<string[]> {
      const rows = await db.selectDistinct({ symbol: usStockHolders.symbol }).from(usStockHolders).orderBy(asc(usStockHolders.symbol));
      return rows.map((r) => r.symbol);
    },

    async holdersOf(symbol: string): Promise<{ userId: string; firstAt: Date }[]> {
      return db
        .select({ userId: usStockHolders.userId, firstAt: usStockHolders.firstAt })
        .from(usStockHolders)
        .where(eq(usStockHolders.symbol, symbol))
        .orderBy(asc(usStockHolders.userId));
    },

    async appliedIds(symbol: string, actionIds: readonly string[]): Promise<Set<string>> {
      if (actionIds.length === 0) return new Set();
      const rows = await db
        .select({ actionId: usStockCorporateActions.actionId, userId: usStockCorporateActions.userId })
        .from(usStockCorporateActions)
        .where(and(eq(usStockCorporateActions.symbol, symbol), inArray(usStockCorporateActions.actionId, [...actionIds])));
      return new Set(rows.map((r) => `${r.actionId}|${r.userId}`));
    },

    /** A user's applied actions, oldest ex-date first (splits adjust the average cost). */
    async appliedOf(userId: string, symbol?: string): Promise<CorporateActionRow[]> {
      return db
        .select()
        .from(usStockCorporateActions)
        .where(symbol ? and(eq(usStockCorporateActions.userId, userId), eq(usStockCorporateActions.symbol, symbol)) : eq(usStockCorporateActions.userId, userId))
        .orderBy(asc(usStockCorporateActions.exDate));
    },
  };
}
