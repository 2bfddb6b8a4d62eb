// A database for one test file: PGlite in a temporary folder, or, when DATABASE_URL is set, the
// real Postgres with a schema of its own (`t_<random>`) that is dropped afterwards. The same
// suite thus runs on both.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

async function dropSchema(url: string, schema: string): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await pool.end();
  }
}
