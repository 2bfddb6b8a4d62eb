import { eq, sql } from 'drizzle-orm';
import { createDatabase } from './database';
import { runMigrations } from './migrate';
import { appMeta } from './schema';
import { openTestDatabase, testDatabaseUrl, type TestDatabase } from '../testing/database-fixture';

describe('createDatabase', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.cleanup());

  it('opens PGlite by default and Postgres when DATABASE_URL is set', () => {
    expect(t.database.kind).toBe(testDatabaseUrl() ? 'postgres' : 'pglite');
  });

  it('keeps numeric values exact, as strings', async () => {
    const result = await t.database.db.execute<{ n: string }>(sql`select (0.1::numeric + 0.2::numeric) as n`);
    expect(result.rows[0].n).toBe('0.3');
  });

  it('keeps its data after closing and reopening the same data', async () => {
    await runMigrations(t.database);
    await t.database.db.insert(appMeta).values({ key: 'survives', value: 'restart' });
    await t.database.close();

    const reopened = await createDatabase(t.config);
    try {
      expect(reopened.kind).toBe(t.database.kind);
      const rows = await reopened.db.select().from(appMeta).where(eq(appMeta.key, 'survives'));
      expect(rows.map((r) => r.value)).toEqual(['restart']);
      // Reopening does not migrate again.
      expect((await runMigrations(reopened)).applied).toEqual([]);
    } finally {
      await reopened.close();
    }
  });

  it('close() is safe to call twice', async () => {
    await expect(t.database.close()).resolves.toBeUndefined();
  });
});
