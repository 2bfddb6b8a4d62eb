// The crypto module's database access: orders and fills (its own tables) and the user's identity
// check (identity's column, read). Balances are the ledger's. Inside a ledger transaction the
// service builds a repo on the transaction's `db`, so its rows commit with the ledger's.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { cryptoFills, cryptoOrders, users, type FillRow, type NewFillRow, type NewOrderRow, type OrderRow } from './tables';

export type CryptoRepo = ReturnType<typeof createCryptoRepo>;

/** Columns an execution or amendment may change (status pairs come from the state table). */
export type OrderChange = Partial<
  Pick<
    OrderRow,
    | 'status'
    | 'exchangeStatus'
    | 'isOpen'
    | 'quantity'
    | 'amount'
    | 'execQuantity'
    | 'limitPrice'
    | 'stopPrice'
    | 'filledQuantity'
    | 'filledAmount'
    | 'fee'
    | 'tax'
    | 'total'
    | 'fillCount'
    | 'holdId'
    | 'holdAmount'
    | 'triggeredAt'
    | 'reason'
  >
>;

export function createCryptoRepo(db: PasarDb) {
  return {
    async kycStatus(userId: string): Promise<string | null> {
      const [row] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
      return row?.kycStatus ?? null;
    },

    /** The order(s) a request placed (two for an OCO: take-profit first, as placed). */
    async byRequest(userId: string, requestId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(cryptoOrders)
        .where(and(eq(cryptoOrders.userId, userId), eq(cryptoOrders.requestId, requestId)))
        .orderBy(desc(cryptoOrders.ocoLeg));
    },

    async byId(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(cryptoOrders).where(eq(cryptoOrders.id, id));
      return row ?? null;
    },

    async byIds(ids: readonly string[]): Promise<OrderRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(cryptoOrders).where(inArray(cryptoOrders.id, [...ids]));
    },

    /** Both legs of an OCO group. */
    async group(groupId: string): Promise<OrderRow[]> {
      return db.select().from(cryptoOrders).where(eq(cryptoOrders.ocoGroupId, groupId)).orderBy(desc(cryptoOrders.ocoLeg));
    },

    /**
     * Locks the order and its OCO sibling (`for update`, in id order so two lockers never deadlock)
     * and returns them as they are now: every execution, cancellation and amendment starts here.
     */
    async lock(id: string): Promise<OrderRow[]> {
      const [first] = await db.select({ groupId: cryptoOrders.ocoGroupId }).from(cryptoOrders).where(eq(cryptoOrders.id, id));
      if (!first) return [];
      const where = first.groupId ? or(eq(cryptoOrders.id, id), eq(cryptoOrders.ocoGroupId, first.groupId)) : eq(cryptoOrders.id, id);
      return db.select().from(cryptoOrders).where(where).orderBy(cryptoOrders.id).for('update');
    },

    async insertOrders(rows: readonly Omit<NewOrderRow, 'market' | 'currency'>[]): Promise<OrderRow[]> {
      return db.insert(cryptoOrders).values(rows.map((r) => ({ ...r, market: 'CRYPTO' as const, currency: 'IDR' }))).returning();
    },

    /** Applies `change` if the order is still at `version` (bumping it); null when it moved on. */
    async update(id: string, version: number, change: OrderChange): Promise<OrderRow | null> {
      const [row] = await db
        .update(cryptoOrders)
        .set({ ...change, version: sql`${cryptoOrders.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(cryptoOrders.id, id), eq(cryptoOrders.version, version)))
        .returning();
      return row ?? null;
    },

    async insertFill(row: Omit<NewFillRow, 'market' | 'currency'>): Promise<FillRow> {
      const [inserted] = await db.insert(cryptoFills).values({ ...row, market: 'CRYPTO', currency: 'IDR' }).returning();
      return inserted as FillRow;
    },

    async fillsOf(orderId: string): Promise<FillRow[]> {
      return db.select().from(cryptoFills).where(eq(cryptoFills.orderId, orderId)).orderBy(cryptoFills.executedAt, cryptoFills.id);
    },

    /** A page of a user's orders, newest first; one more row than asked tells whether more exist. */
    async list(userId: string, options: { open: boolean; symbol?: string; offset: number; limit: number }): Promise<OrderRow[]> {
      const conditions = [eq(cryptoOrders.userId, userId), eq(cryptoOrders.isOpen, options.open)];
      if (options.symbol) conditions.push(eq(cryptoOrders.symbol, options.symbol));
      return db
        .select()
        .from(cryptoOrders)
        .where(and(...conditions))
        .orderBy(desc(cryptoOrders.createdAt), desc(cryptoOrders.id))
        .offset(options.offset)
        .limit(options.limit);
    },

    /** Every open order (the matcher's index at start and on resync). */
    async open(): Promise<OrderRow[]> {
      return db.select().from(cryptoOrders).where(eq(cryptoOrders.isOpen, true)).orderBy(cryptoOrders.createdAt, cryptoOrders.id);
    },

    async openOf(userId: string): Promise<OrderRow[]> {
      return db.select().from(cryptoOrders).where(and(eq(cryptoOrders.userId, userId), eq(cryptoOrders.isOpen, true)));
    },
  };
}
