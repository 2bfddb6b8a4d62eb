import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createDatabase } from './database';
import { checksumOf, MigrationError, readMigrations, runMigrations, type Migration } from './migrate';
import { appMeta, schemaMigrations } from './schema';
import { openTestDatabase, type TestDatabase } from '../testing/database-fixture';

const migration = (id: string, sql: string): Migration => ({ id, sql, checksum: checksumOf(sql) });

describe('readMigrations', () => {
  it('lists the shipped migrations in order, starting with init', () => {
    const migrations = readMigrations();
    expect(migrations[0].id).toBe('20261122_0001_init');
    expect(migrations.map((m) => m.id)).toEqual([...migrations.map((m) => m.id)].sort());
  });

  it('refuses a misnamed migration file instead of skipping it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-migrations-'));
    try {
      await fs.writeFile(path.join(dir, '20261122_0001_ok.sql'), 'select 1;');
      await fs.writeFile(path.join(dir, 'add-users.sql'), 'select 1;');
      expect(() => readMigrations(dir)).toThrow(/add-users\.sql/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('checksums ignore Windows line endings', () => {
    expect(checksumOf('a;\r\nb;\r\n')).toBe(checksumOf('a;\nb;\n'));
  });
});

describe('runMigrations', () => {
  // The tests below share one database and build on each other, as successive releases would.
  const counter = migration('20261122_0901_counter', "insert into app_meta (key, value) values ('race', '1');");
  const good = migration('20261122_0902_good', 'create table good_table (id int);');
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.cleanup());

  it('applies the shipped migrations once; a second run is a no-op', async () => {
    const shipped = readMigrations();
    const first = await runMigrations(t.database);
    expect(first).toEqual({ applied: shipped.map((m) => m.id), total: shipped.length });

    const second = await runMigrations(t.database);
    expect(second).toEqual({ applied: [], total: shipped.length });

    const rows = await t.database.db.select().from(schemaMigrations);
    expect(rows.map((r) => r.id)).toEqual(shipped.map((m) => m.id));
    // init's seed row exists exactly once: the migration's SQL ran once.
    const created = await t.database.db.select().from(appMeta).where(eq(appMeta.key, 'created_at'));
    expect(created).toHaveLength(1);
  });

  it('applies each migration once when two runs start at the same time', async () => {
    const extra = [...readMigrations(), counter];
    // Two connections on Postgres (two instances starting); PGlite serializes them itself.
    const other = t.database.kind === 'postgres' ? await createDatabase(t.config) : t.database;
    try {
      const results = await Promise.all([runMigrations(t.database, extra), runMigrations(other, extra)]);
      expect(results.flatMap((r) => r.applied)).toEqual(['20261122_0901_counter']);
      const race = await t.database.db.select().from(appMeta).where(eq(appMeta.key, 'race'));
      expect(race).toHaveLength(1);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('rolls back the whole run when a migration fails', async () => {
    const current = [...readMigrations(), counter];
    const broken = [...current, good, migration('20261122_0903_bad', 'create table bad_table (id int); select * from no_such_table;')];
    await expect(runMigrations(t.database, broken)).rejects.toThrow(/20261122_0903_bad failed/);
    const ids = (await t.database.db.select().from(schemaMigrations)).map((r) => r.id);
    expect(ids).not.toContain('20261122_0902_good');
    // The good migration's table went with the rollback too.
    await expect(runMigrations(t.database, [...current, good])).resolves.toEqual({
      applied: ['20261122_0902_good'],
      total: current.length + 1,
    });
  });

  it('refuses to start when an applied migration was edited', async () => {
    const edited = [...readMigrations(), counter, good].map((m, i) => (i === 0 ? migration(m.id, `${m.sql}\n-- edited`) : m));
    await expect(runMigrations(t.database, edited)).rejects.toThrow(MigrationError);
    await expect(runMigrations(t.database, edited)).rejects.toThrow(/20261122_0001_init/);
  });

  it('refuses a database migrated by a newer server', async () => {
    await expect(runMigrations(t.database, readMigrations())).rejects.toThrow(/does not know/);
  });
});
