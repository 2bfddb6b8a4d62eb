// Test helpers for the ledger: a migrated test database with a ledger on it, users, snapshots.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../db/migrate';
import { openTestDatabase, type TestDatabase } from '../testing/database-fixture';
import type { AccountRef, HouseAccount, Ledger, UserPurpose } from './api';
import { createDatabase } from '../db/database';
import { createLedger, type LedgerOptions } from './ledger';

export interface LedgerFixture {
  readonly testDatabase: TestDatabase;
  readonly ledger: Ledger;
  close(): Promise<void>;
}

export async function openLedger(): Promise<LedgerFixture> {
  const testDatabase = await openTestDatabase({ migrated: true });
  await runMigrations(testDatabase.database);
  return {
    testDatabase,
    ledger: createLedger(testDatabase.database.db),
    close: () => testDatabase.cleanup(),
  };
}

/**
 * `pools` ledgers, as that many app instances would have: on PostgreSQL each on its own
 * connection pool (the fixture's, then new ones), on PGlite all on its one connection.
 */
export async function openPooledLedgers(pools: number, options: LedgerOptions): Promise<LedgerFixture & { ledgers: Ledger[] }> {
  const fixture = await openLedger();
  const { database, config } = fixture.testDatabase;
  const extra = database.kind === 'postgres' ? await Promise.all(Array.from({ length: pools - 1 }, () => createDatabase(config))) : [];
  return {
    ...fixture,
    ledgers: [database, ...extra].map((d) => createLedger(d.db, options)),
    close: async () => {
      for (const d of extra) await d.close();
      await fixture.close();
    },
  };
}

export const newUserId = (): string => randomUUID();
export const user = (userId: string, purpose: UserPurpose = 'CASH', currency = 'IDR'): AccountRef => ({ userId, purpose, currency });
export const house = (name: HouseAccount, currency = 'IDR'): AccountRef => ({ house: name, currency });

/**
 * Every non-empty account's balance and held, every hold's state and the journal's size: equal
 * snapshots mean nothing changed. Empty accounts are left out: a refused request may still have
 * created its accounts (first use), which holds no value.
 */
export async function snapshot(fixture: LedgerFixture): Promise<string> {
  const { db } = fixture.testDatabase.database;
  const accounts = await db.execute(
    sql`select ref, balance::text as balance, held::text as held from ledger_accounts where balance <> 0 or held <> 0 order by ref`,
  );
  const holds = await db.execute(
    sql`select key, remaining::text as remaining, captured::text as captured, status from ledger_holds order by key`,
  );
  const counts = await db.execute(
    sql`select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from ledger_entries)::int as entries`,
  );
  return JSON.stringify({ accounts: accounts.rows, holds: holds.rows, counts: counts.rows });
}
