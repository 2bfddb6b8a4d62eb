// The watchlist module's database access. Every query on a list is scoped by the owner's user id:
// another user's list is simply not found.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { assetSuggestions, watchlistItems, watchlists, type AssetSuggestionRow, type WatchlistItemRow, type WatchlistRow } from './tables';

export interface WatchlistWithItems {
  readonly list: WatchlistRow;
  readonly items: WatchlistItemRow[];
}

type Tx = Parameters<Parameters<PasarDb['transaction']>[0]>[0];

/** Locks the user's list for the transaction; false when it is not theirs (or does not exist). */
async function lockMine(tx: Tx, userId: string, id: string): Promise<boolean> {
  const [list] = await tx.select({ id: watchlists.id }).from(watchlists).where(and(eq(watchlists.id, id), eq(watchlists.userId, userId))).for('update');
  return list !== undefined;
}

export function createWatchlistRepo(db: PasarDb) {
  async function itemsOf(ids: readonly string[]): Promise<Map<string, WatchlistItemRow[]>> {
    const out = new Map<string, WatchlistItemRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const rows = await db.select().from(watchlistItems).where(inArray(watchlistItems.watchlistId, [...ids])).orderBy(asc(watchlistItems.position), asc(watchlistItems.addedAt));
    for (const row of rows) out.get(row.watchlistId)?.push(row);
    return out;
  }

  return {
    async all(userId: string): Promise<WatchlistWithItems[]> {
      const lists = await db.select().from(watchlists).where(eq(watchlists.userId, userId)).orderBy(asc(watchlists.position), asc(watchlists.createdAt));
      const items = await itemsOf(lists.map((l) => l.id));
      return lists.map((list) => ({ list, items: items.get(list.id) ?? [] }));
    },

    async one(userId: string, id: string): Promise<WatchlistWithItems | null> {
      const [list] = await db.select().from(watchlists).where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
      if (!list) return null;
      return { list, items: (await itemsOf([id])).get(id) ?? [] };
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
      return row?.n ?? 0;
    },

    /** Creates the list with its first symbols; false when the user already holds `max` lists (checked under a lock on the user's lists). */
    async create(row: WatchlistRow, symbols: readonly string[], max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlists:${row.userId}`}))`);
        const [n] = await tx.select({ n: count(), top: sql<number>`coalesce(max(${watchlists.position}), -1)`.mapWith(Number) }).from(watchlists).where(eq(watchlists.userId, row.userId));
        if ((n?.n ?? 0) >= max) return false;
        await tx.insert(watchlists).values({ ...row, position: (n?.top ?? -1) + 1 });
        if (symbols.length > 0) {
          await tx.insert(watchlistItems).values(symbols.map((symbol, position) => ({ watchlistId: row.id, symbol, position, addedAt: row.createdAt })));
        }
        return true;
      });
    },

    async rename(userId: string, id: string, name: string, at: Date): Promise<boolean> {
      const rows = await db.update(watchlists).set({ name, updatedAt: at }).where(and(eq(watchlists.id, id), eq(watchlists.userId, userId))).returning({ id: watchlists.id });
      return rows.length > 0;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(watchlists).where(and(eq(watchlists.id, id), eq(watchlists.userId, userId))).returning({ id: watchlists.id });
      return rows.length > 0;
    },

    /** Appends the symbol: 'added', 'present', 'full' (the list holds `max`), or 'missing' (not this user's). */
    async addSymbol(userId: string, id: string, symbol: string, max: number, at: Date): Promise<'added' | 'present' | 'full' | 'missing'> {
      return db.transaction(async (tx) => {
        if (!(await lockMine(tx, userId, id))) return 'missing';
        const rows = await tx.select({ symbol: watchlistItems.symbol, position: watchlistItems.position }).from(watchlistItems).where(eq(watchlistItems.watchlistId, id));
        if (rows.some((r) => r.symbol === symbol)) return 'present';
        if (rows.length >= max) return 'full';
        const top = rows.reduce((m, r) => Math.max(m, r.position), -1);
        await tx.insert(watchlistItems).values({ watchlistId: id, symbol, position: top + 1, addedAt: at });
        await tx.update(watchlists).set({ updatedAt: at }).where(eq(watchlists.id, id));
        return 'added';
      });
    },

    async removeSymbol(userId: string, id: string, symbol: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await lockMine(tx, userId, id))) return false;
        const gone = await tx.delete(watchlistItems).where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.symbol, symbol))).returning({ symbol: watchlistItems.symbol });
        if (gone.length === 0) return false;
        await tx.update(watchlists).set({ updatedAt: at }).where(eq(watchlists.id, id));
        return true;
      });
    },

    /** Sets the symbols' order; false unless `symbols` is exactly the list's symbols (or the list is not this user's). */
    async reorderSymbols(userId: string, id: string, symbols: readonly string[], at: Date): Promise<'done' | 'mismatch' | 'missing'> {
      return db.transaction(async (tx) => {
        if (!(await lockMine(tx, userId, id))) return 'missing';
        const rows = await tx.select({ symbol: watchlistItems.symbol }).from(watchlistItems).where(eq(watchlistItems.watchlistId, id));
        if (!sameSet(rows.map((r) => r.symbol), symbols)) return 'mismatch';
        for (const [position, symbol] of symbols.entries()) {
          await tx.update(watchlistItems).set({ position }).where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.symbol, symbol)));
        }
        await tx.update(watchlists).set({ updatedAt: at }).where(eq(watchlists.id, id));
        return 'done';
      });
    },

    /** Sets the order of the user's lists; false unless `ids` is exactly the user's lists. */
    /** Orders the user's lists: 'missing' when an id is not one of theirs, 'mismatch' when the ids are not all of them once. */
    async reorderLists(userId: string, ids: readonly string[]): Promise<'ok' | 'missing' | 'mismatch'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlists:${userId}`}))`);
        const rows = await tx.select({ id: watchlists.id }).from(watchlists).where(eq(watchlists.userId, userId));
        const mine = new Set(rows.map((r) => r.id));
        if (ids.some((id) => !mine.has(id))) return 'missing';
        if (!sameSet([...mine], ids)) return 'mismatch';
        for (const [position, id] of ids.entries()) await tx.update(watchlists).set({ position }).where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
        return 'ok';
      });
    },

    /** Inserts the suggestion: 'duplicate' (same user and name), 'over' (the user sent `max`), else the row. */
    async suggest(row: AssetSuggestionRow, max: number): Promise<AssetSuggestionRow | 'duplicate' | 'over'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`asset-suggestions:${row.userId}`}))`);
        const mine = await tx.select({ nameKey: assetSuggestions.nameKey }).from(assetSuggestions).where(eq(assetSuggestions.userId, row.userId));
        if (mine.some((m) => m.nameKey === row.nameKey)) return 'duplicate';
        if (mine.length >= max) return 'over';
        await tx.insert(assetSuggestions).values(row);
        return row;
      });
    },

    /** The suggestions, newest first, with how many people asked for the same name. */
    async suggestions(limit: number): Promise<(AssetSuggestionRow & { askers: number })[]> {
      const rows = await db.select().from(assetSuggestions).orderBy(desc(assetSuggestions.createdAt)).limit(limit);
      const counts = await db.select({ nameKey: assetSuggestions.nameKey, n: count() }).from(assetSuggestions).groupBy(assetSuggestions.nameKey);
      const by = new Map(counts.map((c) => [c.nameKey, c.n]));
      return rows.map((r) => ({ ...r, askers: by.get(r.nameKey) ?? 1 }));
    },
  };
}

function sameSet(have: readonly string[], given: readonly string[]): boolean {
  if (have.length !== given.length || new Set(given).size !== given.length) return false;
  const set = new Set(have);
  return given.every((x) => set.has(x));
}

export type WatchlistRepo = ReturnType<typeof createWatchlistRepo>;
