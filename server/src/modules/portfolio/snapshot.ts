// The position snapshot: per person, market and symbol, the average-cost position its fills add up
// to, kept by the engine's fill listener in each fill's own transaction (`applyFillToSnapshot`), so
// the portfolio reads positions instead of replaying every fill. A row is built from a replay of
// that symbol's fills the first time a fill or a read meets it; inserting it `on conflict do
// nothing` settles a race: whoever inserts first wins, and a fill whose transaction lost applies
// itself to the winner's row (which could not have seen it, uncommitted). Splits are not fills:
// US tickers with splits are replayed with them at read time (`service.ts`).
import type { FillRow, Market } from '../../trading';
import { createOrdersRepo } from '../../trading';
import type { PasarDb } from '../../db/database';
import { fixedStatement, runFixed } from '../../db/prepared';
import { and, eq, sql } from 'drizzle-orm';
import { applyEvent, D, EMPTY_POSITION, replayFills, type Position } from './average-cost';
import { portfolioPositions, portfolioSnapshotUsers, type PortfolioPositionRow } from './tables';

/** The markets whose fills make a position here, and the decimals of their cost currency (margined markets keep their own positions). */
export const SNAPSHOT_DECIMALS: Partial<Record<Market, number>> = { CRYPTO: 0, IDSS: 0, USSTOCK: 2 };

export interface SnapshotPosition extends Position {
  readonly market: Market;
  readonly symbol: string;
  readonly fillCount: number;
}

const positionOf = (row: PortfolioPositionRow): SnapshotPosition => ({
  market: row.market as Market,
  symbol: row.symbol,
  quantity: new D(row.quantity),
  costBasis: new D(row.costBasis),
  realizedPnl: new D(row.realizedPnl),
  fillCount: row.fillCount,
});

const columnsOf = (p: Position, fillCount: number, lastFillAt: Date | null) => ({
  quantity: p.quantity.toFixed(),
  costBasis: p.costBasis.toFixed(),
  realizedPnl: p.realizedPnl.toFixed(),
  fillCount,
  lastFillAt,
  updatedAt: new Date(),
});

const keyOf = (userId: string, market: string, symbol: string) =>
  and(eq(portfolioPositions.userId, userId), eq(portfolioPositions.market, market), eq(portfolioPositions.symbol, symbol));

/**
 * A buy's step of an existing row, in the fill's transaction on every market buy: a fixed text sent
 * by name (db/prepared.ts), not built per call. $1 quantity, $2 total, $3 the fill's time, $4 now,
 * $5 user, $6 market, $7 symbol. `trim_scale`: the text decimal.js would write, no trailing zeros.
 */
const BUY_STEP = fixedStatement(
  'portfolio_buy_step',
  `update portfolio_positions set
     quantity = trim_scale(quantity + $1::numeric),
     cost_basis = trim_scale(cost_basis + $2::numeric),
     fill_count = fill_count + 1,
     last_fill_at = $3::timestamptz,
     updated_at = $4::timestamptz
   where user_id = $5::uuid and market = $6::text and symbol = $7::text
   returning symbol`,
);

/** Inserts a built row unless one exists; true when this call's row is the one kept. */
async function insertBuilt(db: PasarDb, userId: string, market: Market, symbol: string, fills: readonly FillRow[]): Promise<boolean> {
  const position = replayFills(fills, SNAPSHOT_DECIMALS[market] ?? 0).positions.get(symbol) ?? EMPTY_POSITION;
  const last = fills[fills.length - 1];
  const rows = await db
    .insert(portfolioPositions)
    .values({ userId, market, symbol, ...columnsOf(position, fills.length, last?.executedAt ?? null) })
    .onConflictDoNothing()
    .returning({ symbol: portfolioPositions.symbol });
  return rows.length === 1;
}

/**
 * The engine's fill listener: moves the fill's position by one step in the fill's transaction, or
 * builds the row from that symbol's fills (this one included) when it has none yet.
 */
export async function applyFillToSnapshot(db: PasarDb, fill: FillRow): Promise<void> {
  const market = fill.market as Market;
  const decimals = SNAPSHOT_DECIMALS[market];
  if (decimals === undefined) return;
  // A buy only adds (quantity, cost, one fill): one update does the step when the row exists.
  if (fill.side === 'BUY') {
    const stepped = await runFixed<{ symbol: string }>(db, BUY_STEP, [
      fill.quantity,
      fill.total,
      fill.executedAt.toISOString(),
      new Date().toISOString(),
      fill.userId,
      market,
      fill.symbol,
    ]);
    if (stepped.length > 0) return;
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [row] = await db.select().from(portfolioPositions).where(keyOf(fill.userId, market, fill.symbol)).for('update');
    if (row) {
      const { position } = applyEvent(positionOf(row), fill, decimals);
      await db.update(portfolioPositions).set(columnsOf(position, row.fillCount + 1, fill.executedAt)).where(keyOf(fill.userId, market, fill.symbol));
      return;
    }
    const fills = await createOrdersRepo(db).userFills(fill.userId, { market, symbol: fill.symbol });
    if (await insertBuilt(db, fill.userId, market, fill.symbol, fills)) return;
    // Another transaction built the row first (without this uncommitted fill): step it.
  }
  throw new Error(`portfolio snapshot of ${fill.userId} ${fill.symbol} could not be built`);
}

export function createSnapshotRepo(db: PasarDb, fillsOf: (userId: string) => Promise<FillRow[]>) {
  /** Builds, once per person, the rows of fills made before the snapshot existed (one full replay, ever). */
  async function ensureBuilt(userId: string): Promise<void> {
    const [built] = await db.select().from(portfolioSnapshotUsers).where(eq(portfolioSnapshotUsers.userId, userId));
    if (built) return;
    const groups = new Map<string, FillRow[]>();
    for (const fill of await fillsOf(userId)) {
      if (SNAPSHOT_DECIMALS[fill.market as Market] === undefined) continue;
      const key = `${fill.market}\u0000${fill.symbol}`;
      const list = groups.get(key);
      if (list) list.push(fill);
      else groups.set(key, [fill]);
    }
    for (const list of groups.values()) {
      const first = list[0]!;
      await insertBuilt(db, userId, first.market as Market, first.symbol, list);
    }
    await db.insert(portfolioSnapshotUsers).values({ userId }).onConflictDoNothing();
  }

  return {
    ensureBuilt,
    /** The person's positions (of one market when given), built first when they never were. */
    async positions(userId: string, market?: Market): Promise<SnapshotPosition[]> {
      await ensureBuilt(userId);
      const where = market ? and(eq(portfolioPositions.userId, userId), eq(portfolioPositions.market, market)) : eq(portfolioPositions.userId, userId);
      return (await db.select().from(portfolioPositions).where(where)).map(positionOf);
    },
  };
}

export type SnapshotRepo = ReturnType<typeof createSnapshotRepo>;
