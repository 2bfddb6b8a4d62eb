// Queries of the hot paths (every authenticated call, every order) built once per handle: drizzle's
// building of a statement's text costs more CPU than sending and reading it (a few hundred µs for a
// select of a wide table on the 2-core machine), so these are prepared on first use and then only
// executed with their placeholders' values. On node-postgres they are also named prepared
// statements (parsed once per connection); on PGlite they run as before.
import type { PasarDb, RawRows } from './database';

/** `build()` on the first call, its result on every call after (one per repository, so per handle). */
export function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * A statement whose text never changes, written with `$n` placeholders: sent by name, so
 * node-postgres has PostgreSQL parse (and, once its plan settles, plan) it once per connection,
 * and its text is not built again per call. For the busiest writes (a ledger transfer is one large
 * data-modifying CTE: building its text and planning it cost more than running it). On PGlite the
 * name is ignored and the text runs as any other.
 */
export interface FixedStatement {
  readonly name: string;
  readonly text: string;
}

/** Names carry this prefix: the crash tests' kill hook (testing/kill-at.cjs) looks for it. */
export const FIXED_STATEMENT_PREFIX = 'pasar_fixed_';

export const fixedStatement = (name: string, text: string): FixedStatement => ({ name: `${FIXED_STATEMENT_PREFIX}${name}`, text });

/** What both drizzle sessions (node-postgres, PGlite) offer: a query from text and values. */
interface PreparingSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/** Runs `statement` on `db` (the database or a transaction's handle) with `params`: its rows. */
export async function runFixed<R>(db: PasarDb, statement: FixedStatement, params: readonly unknown[]): Promise<R[]> {
  // `session` is drizzle's own, on the database and on each transaction (bound to its connection);
  // a query made from it runs as `db.execute` would, minus the building of the text.
  const session = (db as unknown as { session: PreparingSession }).session;
  const result = (await session.prepareQuery({ sql: statement.text, params: [...params] }, undefined, statement.name, false).execute()) as RawRows<R>;
  return result.rows;
}
