// Read-only queries over a margined market's fills and closed positions, for the pages that show
// them (a perp order's realized P&L, the position history, the portfolio's realized P&L). Each reads
// what its page needs, never a person's whole history: the P&L of a fill is the memo of its
// MARGIN_FILL transfer (`ledger.memosOf`), read for the fills returned here only.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import type { Market } from '../order-model';
import { fills, type FillRow } from '../tables';
import { marginPositionHistory } from './tables';

export interface FillPageQuery {
  readonly market: Market;
  readonly symbol?: string;
  readonly offset: number;
  readonly limit: number;
}

/** Sums over closed positions (decimal strings; fees and funding > 0 paid). */
export interface ClosedTotals {
  readonly realizedPnl: string;
  readonly fees: string;
  readonly funding: string;
}

export type MarginFillReads = ReturnType<typeof createMarginFillReads>;

export function createMarginFillReads(db: PasarDb) {
  return {
    /** The fills of these orders (each order's, oldest first): what an order list's page settled. */
    async fillsOfOrders(orderIds: readonly string[]): Promise<FillRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(fills)
        .where(inArray(fills.orderId, [...orderIds]))
        .orderBy(fills.orderId, fills.executedAt, fills.id);
    },

    /**
     * A page of a person's fills of one market (of one symbol when given), newest first: `limit`
     * rows after `offset`, on the index `(user_id, market, executed_at desc, id desc)`.
     */
    async fillsPage(userId: string, query: FillPageQuery): Promise<FillRow[]> {
      const conditions = [eq(fills.userId, userId), eq(fills.market, query.market)];
      if (query.symbol) conditions.push(eq(fills.symbol, query.symbol));
      return db
        .select()
        .from(fills)
        .where(and(...conditions))
        .orderBy(desc(fills.executedAt), desc(fills.id))
        .offset(query.offset)
        .limit(query.limit);
    },

    /**
     * What a person's closed positions in a market (of one book when given) realized, paid in fees
     * and paid in funding/financing: sums of `margin_position_history`, each row a position's life
     * up to its closing fill.
     */
    async closedTotals(market: Market, userId: string, book?: string): Promise<ClosedTotals> {
      const conditions = [eq(marginPositionHistory.market, market), eq(marginPositionHistory.userId, userId)];
      if (book) conditions.push(eq(marginPositionHistory.book, book));
      const [row] = await db
        .select({
          realizedPnl: sql<string>`coalesce(sum(${marginPositionHistory.realizedPnl}), 0)::text`,
          fees: sql<string>`coalesce(sum(${marginPositionHistory.fees}), 0)::text`,
          funding: sql<string>`coalesce(sum(${marginPositionHistory.funding}), 0)::text`,
        })
        .from(marginPositionHistory)
        .where(and(...conditions));
      return row ?? { realizedPnl: '0', fees: '0', funding: '0' };
    },
  };
}
