// A database for one test file: PGlite in a temporary folder, or, when DATABASE_URL is set, the
// real Postgres: a database of its own (`pasar_test_<random>`, copied from a migrated template)
// when the test wants it migrated, else a schema of its own (`t_<random>`) in DATABASE_URL's
// database; either is dropped afterwards. The same suite thus runs on both.
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Pool, type PoolClient } from 'pg';
import type { Config } from '../config';
import { createDatabase, type Database } from '../db/database';
import { readMigrations, runMigrations } from '../db/migrate';

export interface TestDatabase {
  readonly database: Database;
  /** The config that opens this same database again (for close-and-reopen tests). */
  readonly config: Pick<Config, 'database'>;
  /** Environment variables that select this database through loadConfig. */
  readonly env: Record<string, string>;
  /** Closes the database and removes its folder or schema. */
  cleanup(): Promise<void>;
}

export const testDatabaseUrl = (): string | undefined => process.env.DATABASE_URL?.trim() || undefined;

export interface OpenTestDatabaseOptions {
  /**
   * Every migration of `server/migrations/` already applied (the app and the ledger fixture
   * migrate at start anyway). The database is then a copy of one migrated once per set of
   * migrations, instead of applying them again in every test file (on PGlite ~2.5 s of CPU each;
   * on PostgreSQL ~0.4 s to migrate a schema and drop it, ~50 ms to copy a database and drop it).
   * Without it the database is empty, as a first start finds it.
   */
  readonly migrated?: boolean;
}

export async function openTestDatabase(options: OpenTestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (url && options.migrated) return copyOfTemplate(url);
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const config = { database: { kind: 'postgres', url, schema } } as const;
    const database = await createDatabase(config);
    return {
      database,
      config,
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      cleanup: async () => {
        await database.close();
        await dropSchema(url, schema);
      },
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-test-db-'));
  const config = { database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } } as const;
  const template = await (options.migrated ? migratedCluster() : emptyCluster());
  await fs.cp(template, config.database.dataDir, { recursive: true, mode: fsConstants.COPYFILE_FICLONE });
  const database = await createDatabase(config);
  return {
    database,
    config,
    env: { DATA_DIR: dataDir },
    cleanup: async () => {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/*
 * A new PGlite folder runs initdb in WASM: ~6 s of CPU, once per test file, most of the PGlite
 * suite's time. Instead a cluster is made once and copied (~0.5 s): an empty one per PGlite
 * version, and a migrated one per PGlite version and set of migrations (their ids and
 * checksums). They live in the temp folder, shared by the workers and by later runs; a folder is
 * complete once renamed into place.
 */
let emptyClusterPath: Promise<string> | undefined;
let migratedClusterPath: Promise<string> | undefined;

async function pgliteVersion(): Promise<string> {
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string }).version;
}

const clusterFolder = async (kind: string) =>
  path.join(os.tmpdir(), `pasar-pglite-${kind}-${await pgliteVersion()}-node${process.versions.node.split('.')[0]}`);

function emptyCluster(): Promise<string> {
  emptyClusterPath ??= (async () =>
    makeCluster(await clusterFolder('empty'), async (building) => {
      const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
      await (await PGlite.create(building)).close();
    }))();
  return emptyClusterPath;
}

function migratedCluster(): Promise<string> {
  migratedClusterPath ??= (async () => {
    const { migrations, digest } = migrationSet();
    const empty = await emptyCluster();
    return makeCluster(await clusterFolder(`migrated-${digest}`), async (building) => {
      await fs.cp(empty, building, { recursive: true, mode: fsConstants.COPYFILE_FICLONE });
      const database = await createDatabase({ database: { kind: 'pglite', dataDir: building } });
      try {
        await runMigrations(database, migrations);
      } finally {
        await database.close();
      }
      await removeStaleClusters('pasar-pglite-migrated-');
    });
  })();
  return migratedClusterPath;
}

/** The migrations and a digest of their ids and checksums: a new digest names a new template. */
function migrationSet() {
  const migrations = readMigrations();
  const digest = createHash('sha256')
    .update(migrations.map((m) => `${m.id}:${m.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { migrations, digest };
}

/** Each edit of a migration makes a new migrated cluster (~40 MB): those unused for three days go. */
async function removeStaleClusters(prefix: string): Promise<void> {
  const unusedSince = Date.now() - 3 * 24 * 60 * 60_000;
  for (const name of await fs.readdir(os.tmpdir())) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(os.tmpdir(), name);
    const stat = await fs.stat(folder).catch(() => undefined);
    if (stat && stat.atimeMs < unusedSince && stat.mtimeMs < unusedSince) await fs.rm(folder, { recursive: true, force: true });
  }
}

async function makeCluster(folder: string, build: (building: string) => Promise<void>): Promise<string> {
  if (await exists(path.join(folder, 'PG_VERSION'))) return folder;
  const building = `${folder}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await build(building);
  try {
    await fs.rename(building, folder);
  } catch {
    // Another worker renamed its own first: use that one.
    await fs.rm(building, { recursive: true, force: true });
  }
  return folder;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/*
 * On PostgreSQL the migrated template is a database, `pasar_tpl_<digest>`, made once per set of
 * migrations and kept for later runs; each test file gets `CREATE DATABASE … TEMPLATE` of it. The
 * first worker to need it builds it under an advisory lock (the others wait on the lock, then
 * find it), in a database of another name renamed into place once migrated, so a run killed
 * midway never leaves a half-migrated template. Nothing may stay connected to the template:
 * PostgreSQL refuses to copy a database that has sessions.
 */
let templateName: Promise<string> | undefined;
const TEMPLATE_LOCK = 0x70617361; // 'pasa'

function databaseUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

async function withAdmin<T>(url: string, work: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

function migratedTemplate(url: string): Promise<string> {
  templateName ??= (async () => {
    const { migrations, digest } = migrationSet();
    const name = `pasar_tpl_${digest}`;
    return withAdmin(url, async (admin) => {
      const client = await admin.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
        await dropLeftCopies(client);
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return name;
        const building = `${name}_b${process.pid}`;
        await client.query(`drop database if exists "${building}"`);
        await client.query(`create database "${building}"`);
        const database = await createDatabase({ database: { kind: 'postgres', url: databaseUrl(url, building) } });
        try {
          await runMigrations(database, migrations);
        } finally {
          await database.close();
        }
        await client.query(`alter database "${building}" rename to "${name}"`);
        // Templates of earlier migrations: gone when nothing uses them (a run of another checkout may).
        const stale = await client.query<{ datname: string }>(
          "select datname from pg_database where datname like 'pasar\\_tpl\\_%' and datname <> $1",
          [name],
        );
        for (const { datname } of stale.rows) await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
        return name;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
        client.release();
      }
    });
  })();
  return templateName;
}

/** A test file's copy is named with its creation time (seconds, base 36), so a later run can tell its age. */
const COPY_PREFIX = 'pasar_test_';
const LEFT_COPY_AGE_S = 6 * 3600;

/**
 * Copies a killed run left behind (its files never reached their cleanup): dropped by a later run
 * once older than any test file takes, and only when nothing is connected to them. A copy of a run
 * now going on is younger, or in use.
 */
async function dropLeftCopies(client: PoolClient): Promise<void> {
  const copies = await client.query<{ datname: string }>("select datname from pg_database where datname like 'pasar\\_test\\_%'");
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of copies.rows) {
    const parts = datname.slice(COPY_PREFIX.length).split('_');
    // A name from before the time was in it (a random hex only) is at least that old.
    const made = parts.length === 2 ? parseInt(parts[0], 36) : 0;
    if (now - made < LEFT_COPY_AGE_S) continue;
    await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
}

async function copyOfTemplate(url: string): Promise<TestDatabase> {
  const template = await migratedTemplate(url);
  const name = `${COPY_PREFIX}${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`create database "${name}" template "${template}"`));
  const ownUrl = databaseUrl(url, name);
  const config = { database: { kind: 'postgres', url: ownUrl } } as const;
  const database = await createDatabase(config);
  return {
    database,
    config,
    env: { DATABASE_URL: ownUrl, DATABASE_SCHEMA: '' },
    cleanup: async () => {
      await database.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  await withAdmin(url, (admin) => admin.query(`drop schema if exists "${schema}" cascade`));
}
