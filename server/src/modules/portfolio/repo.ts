// The portfolio's only database access: the user's fills (written by the crypto module). Balances
// are the ledger's (`app.ledger`), prices the market's (`app.market`).
import { and, asc, eq } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { cryptoFills } from './tables';

export type FillRow = typeof cryptoFills.$inferSelect;

export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;

export function createPortfolioRepo(db: PasarDb) {
  return {
    /**
     * Every fill of the user (of one symbol when given), oldest first: the average cost needs them
     * all, in order. Fills of one transaction share `executed_at`; the id breaks the tie.
     */
    async fills(userId: string, symbol?: string): Promise<FillRow[]> {
      return db
        .select()
        .from(cryptoFills)
        .where(symbol ? and(eq(cryptoFills.userId, userId), eq(cryptoFills.symbol, symbol)) : eq(cryptoFills.userId, userId))
        .orderBy(asc(cryptoFills.executedAt), asc(cryptoFills.id));
    },
  };
}
