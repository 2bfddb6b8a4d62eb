// The engine's database access: the orders and fills of every market. Balances are the ledger's.
// Inside a ledger transaction the engine builds a repo on the transaction's `db`, so its rows
// commit with the ledger's.
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, lte, or, sql, type Column } from 'drizzle-orm';
import type { PasarDb } from '../db/database';
import { builtOnce, fixedStatement, runFixed } from '../db/prepared';
import type { Market } from './order-model';
import { fills, orders, tradingAuctions, type FillRow, type NewFillRow, type NewOrderRow, type OrderChange, type OrderRow } from './tables';

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;

/** An order row as stored by `insertFilled`: every column but those the database fills in. */
export type FilledOrderRow = Omit<OrderRow, 'version' | 'createdAt' | 'updatedAt'>;
/** A fill row's own figures: the rest comes from its order. */
export type FillFigures = Pick<NewFillRow, 'quantity' | 'price' | 'amount' | 'fee' | 'tax' | 'total' | 'transferId'>;

const ORDER_COLUMNS = Object.entries(getTableColumns(orders)).filter(([key]) => key !== 'version' && key !== 'createdAt' && key !== 'updatedAt') as [keyof FilledOrderRow, Column][];
const FILL_FIGURES = ['quantity', 'price', 'amount', 'fee', 'tax', 'total', 'transferId'] as const satisfies readonly (keyof FillFigures)[];
/** The fill's columns in the answer carry this prefix (no order column starts with it). */
const FILL_PREFIX = 'f_';

/**
 * A market order that filled at once, stored with its fill in ONE statement (a fixed text sent by
 * name, built once from the tables): the order row, then the fill row that references it and the
 * ledger transfer made before it. The answer holds the order's columns and the fill's, prefixed.
 */
const INSERT_FILLED = fixedStatement(
  'trading_insert_filled',
  (() => {
    const fillColumns = getTableColumns(fills);
    const figures = FILL_FIGURES.map((key) => fillColumns[key].name);
    const fromOrder = ['market', 'order_id', 'user_id', 'symbol', 'asset', 'currency', 'side'];
    const orderSide = ['o.market', 'o.id', 'o.user_id', 'o.symbol', 'o.asset', 'o.currency', 'o.side'];
    const first = ORDER_COLUMNS.length + 1;
    const figureParams = FILL_FIGURES.map((key, i) => `$${first + i}::${fillColumns[key].getSQLType()}`);
    return `with o as (
      insert into orders (${ORDER_COLUMNS.map(([, c]) => c.name).join(', ')})
      values (${ORDER_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
      returning *
    ), f as (
      insert into fills (${[...fromOrder, ...figures].join(', ')})
      select ${[...orderSide, ...figureParams].join(', ')} from o
      returning *
    )
    select o.*, ${Object.values(fillColumns).map((c) => `f.${c.name} as ${FILL_PREFIX}${c.name}`).join(', ')} from o cross join f`;
  })(),
);

/**
 * A new order with every column `insertFilled` stores given: the row's value, else the column's
 * own default (the figures' '0'), else null, as the insert would store it.
 */
export function completeOrderRow(row: NewOrderRow & Pick<OrderRow, 'id' | 'status' | 'exchangeStatus' | 'isOpen'>): FilledOrderRow {
  const given = row as Partial<Record<keyof FilledOrderRow, unknown>>;
  // A default written in SQL (now(), a random id) is an object here: those columns are not stored by it.
  const plainDefault = (column: Column) => (column.default === undefined || typeof column.default === 'object' ? null : column.default);
  return Object.fromEntries(ORDER_COLUMNS.map(([key, column]) => [key, given[key] ?? plainDefault(column)])) as FilledOrderRow;
}

/** A raw row's columns (under `prefix`) as drizzle maps them: the same values `.returning()` gives. */
function mapRow<T>(columns: Record<string, Column>, raw: Record<string, unknown>, prefix = ''): T {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[`${prefix}${column.name}`];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T;
}

const toDriver = (column: Column, value: unknown): unknown => (value === null || value === undefined ? null : column.mapToDriverValue(value));

export function createOrdersRepo(db: PasarDb) {
  // Every order call reads what its request placed first: built once per repo (db/prepared.ts).
  const byRequestQuery = builtOnce(() =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.requestId, sql.placeholder('requestId'))))
      .orderBy(desc(orders.ocoLeg))
      .prepare('trading_orders_by_request'),
  );
  return {
    /** The order(s) a request placed (two for an OCO: take-profit first, as placed). */
    async byRequest(userId: string, requestId: string): Promise<OrderRow[]> {
      return byRequestQuery().execute({ userId, requestId });
    },

    async byId(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    async byIds(ids: readonly string[]): Promise<OrderRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(orders).where(inArray(orders.id, [...ids]));
    },

    /** Both legs of an OCO group. */
    async group(groupId: string): Promise<OrderRow[]> {
      return db.select().from(orders).where(eq(orders.ocoGroupId, groupId)).orderBy(desc(orders.ocoLeg));
    },

    /**
     * Locks the order and its OCO sibling (`for update`, in id order so two lockers never deadlock)
     * and returns them as they are now: every execution, cancellation and amendment starts here.
     */
    async lock(id: string): Promise<OrderRow[]> {
      const [first] = await db.select({ groupId: orders.ocoGroupId }).from(orders).where(eq(orders.id, id));
      if (!first) return [];
      const where = first.groupId ? or(eq(orders.id, id), eq(orders.ocoGroupId, first.groupId)) : eq(orders.id, id);
      return db.select().from(orders).where(where).orderBy(orders.id).for('update');
    },

    async insertOrders(rows: readonly NewOrderRow[]): Promise<OrderRow[]> {
      return db.insert(orders).values([...rows]).returning();
    },

    /** Applies `change` if the order is still at `version` (bumping it); null when it moved on. */
    async update(id: string, version: number, change: OrderChange): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ ...change, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.version, version)))
        .returning();
      return row ?? null;
    },

    /** Stores a market order that filled at once and its one fill (`insertFilled` above); the rows as stored. */
    async insertFilled(order: FilledOrderRow, fill: FillFigures): Promise<{ order: OrderRow; fill: FillRow }> {
      const fillColumns = getTableColumns(fills);
      const params = [
        ...ORDER_COLUMNS.map(([key, column]) => toDriver(column, order[key])),
        ...FILL_FIGURES.map((key) => toDriver(fillColumns[key], fill[key])),
      ];
      const [raw] = await runFixed<Record<string, unknown>>(db, INSERT_FILLED, params);
      if (!raw) throw new Error(`order ${order.id}: its insert answered no row`);
      return { order: mapRow<OrderRow>(getTableColumns(orders), raw), fill: mapRow<FillRow>(fillColumns, raw, FILL_PREFIX) };
    },

    async insertFill(row: NewFillRow): Promise<FillRow> {
      const [inserted] = await db.insert(fills).values(row).returning();
      return inserted as FillRow;
    },

    async fillsOf(orderId: string): Promise<FillRow[]> {
      return db.select().from(fills).where(eq(fills.orderId, orderId)).orderBy(fills.executedAt, fills.id);
    },

    /**
     * A user's fills, oldest first (of one market and one symbol when given): the average cost
     * needs them all, in order. Fills of one transaction share `executed_at`; the id breaks the tie.
     */
    async userFills(userId: string, filter: { readonly market?: Market; readonly symbol?: string }): Promise<FillRow[]> {
      const conditions = [eq(fills.userId, userId)];
      if (filter.market) conditions.push(eq(fills.market, filter.market));
      if (filter.symbol) conditions.push(eq(fills.symbol, filter.symbol));
      return db
        .select()
        .from(fills)
        .where(and(...conditions))
        .orderBy(asc(fills.executedAt), asc(fills.id));
    },

    /** A page of a user's orders in one market, newest first; one more row than asked tells whether more exist. */
    async list(userId: string, options: { market: Market; open: boolean; symbol?: string; offset: number; limit: number }): Promise<OrderRow[]> {
      const conditions = [eq(orders.userId, userId), eq(orders.market, options.market), eq(orders.isOpen, options.open)];
      if (options.symbol) conditions.push(eq(orders.symbol, options.symbol));
      return db
        .select()
        .from(orders)
        .where(and(...conditions))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(options.offset)
        .limit(options.limit);
    },

    /** Every open order of the given markets (the matcher's index at start and on resync). */
    async open(markets: readonly Market[]): Promise<OrderRow[]> {
      if (markets.length === 0) return [];
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.isOpen, true), inArray(orders.market, [...markets])))
        .orderBy(orders.createdAt, orders.id);
    },

    /** A user's open orders (of one market when given). */
    async openOf(userId: string, market?: Market): Promise<OrderRow[]> {
      const conditions = [eq(orders.userId, userId), eq(orders.isOpen, true)];
      if (market) conditions.push(eq(orders.market, market));
      return db.select().from(orders).where(and(...conditions));
    },

    /**
     * Claims a call auction of a symbol (in the uncross's transaction, before its fills): true when
     * this call recorded it, false when it was uncrossed before (another instance, an earlier run).
     */
    async claimAuction(market: Market, symbol: string, auction: string): Promise<boolean> {
      const rows = await db.insert(tradingAuctions).values({ market, symbol, auction }).onConflictDoNothing().returning({ auction: tradingAuctions.auction });
      return rows.length === 1;
    },

    /** The price and volume an auction struck (after its fills). */
    async recordAuction(market: Market, symbol: string, auction: string, price: string | null, volume: string): Promise<void> {
      await db
        .update(tradingAuctions)
        .set({ price, volume })
        .where(and(eq(tradingAuctions.market, market), eq(tradingAuctions.symbol, symbol), eq(tradingAuctions.auction, auction)));
    },

    /** The open limit orders of a symbol in a market, locked, in arrival order (an auction's participants). */
    async lockOpenLimits(market: Market, symbol: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.isOpen, true), eq(orders.market, market), eq(orders.symbol, symbol), eq(orders.orderType, 'LIMIT')))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .for('update');
    },

    /** Open orders whose time in force ran out by `at`. */
    async expired(markets: readonly Market[], at: Date): Promise<OrderRow[]> {
      if (markets.length === 0) return [];
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.isOpen, true), isNotNull(orders.expiresAt), lte(orders.expiresAt, at), inArray(orders.market, [...markets])))
        .orderBy(orders.expiresAt, orders.id);
    },
  };
}
