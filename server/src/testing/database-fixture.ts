// A database for one test file: PGlite in a temporary folder, or, when DATABASE_URL is set, the
// real Postgres with a schema of its own (`t_<random>`) that is dropped afterwards. The same
// suite thus runs on both.
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import type { Config } from '../config';
import { createDatabase, type Database } from '../db/database';

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

export async function openTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
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
  await copyEmptyCluster(config.database.dataDir);
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

/**
 * A new PGlite folder runs initdb in WASM: ~6 s of CPU, once per test file, most of the PGlite
 * suite's time. Instead one empty cluster per PGlite version is made once (in the temp folder,
 * shared by the workers and later runs) and copied: ~0.5 s. The copy is a plain empty database,
 * exactly what initdb leaves: no migration is applied in it.
 */
async function copyEmptyCluster(target: string): Promise<void> {
  const template = await emptyCluster();
  await fs.cp(template, target, { recursive: true, mode: fsConstants.COPYFILE_FICLONE });
}

let emptyClusterPath: Promise<string> | undefined;

function emptyCluster(): Promise<string> {
  emptyClusterPath ??= (async () => {
    const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
    const { version } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string };
    const template = path.join(os.tmpdir(), `pasar-pglite-empty-${version}-node${process.versions.node.split('.')[0]}`);
    // Complete only once renamed into place: a folder that exists is a whole, closed cluster.
    if (await exists(path.join(template, 'PG_VERSION'))) return template;
    const building = `${template}.${process.pid}-${randomBytes(4).toString('hex')}`;
    const client = await PGlite.create(building);
    await client.close();
    try {
      await fs.rename(building, template);
    } catch {
      // Another worker renamed its own first: use that one.
      await fs.rm(building, { recursive: true, force: true });
    }
    return template;
  })();
  return emptyClusterPath;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function dropSchema(url: string, schema: string): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await pool.end();
  }
}
