// One way to open the database: PGlite (embedded, files on disk) by default, node-postgres when
// DATABASE_URL is set. Both speak Postgres, so one drizzle schema and one set of migrations serve both.
import fs from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import type { Config } from '../config';
import { schema, type Schema } from './schema';

/** What both drivers' raw results have in common (pg's QueryResult, PGlite's Results): rows. */
export interface RawRows<R> {
  rows: R[];
}
export interface PasarQueryResultHKT extends PgQueryResultHKT {
  readonly type: RawRows<this['row']>;
}

/** The drizzle database repositories use, the same type over PGlite and node-postgres. */
export type PasarDb = PgDatabase<PasarQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Raw SQL on the one connection of a transaction; for the migration runner, not for repositories. */
export interface RawTransaction {
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs a script of several statements (a migration file). */
  exec(script: string): Promise<void>;
}

export interface Database {
  readonly db: PasarDb;
  readonly kind: DatabaseKind;
  withRawTransaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** Called when a Postgres connection fails, idle or checked out (the pool replaces it). */
  onPoolError?: (error: Error) => void;
}

export async function createDatabase(
  config: Pick<Config, 'database'>,
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, config.database.schema, options)
    : openPglite(config.database.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  // Loaded only here: a server (or a test file) on PostgreSQL never evaluates the WASM Postgres.
  // `require`, not `import()`: under tsx an import() loads drizzle's ESM copy, a second PgDialect
  // beside the CommonJS one the schema and the crash tests' kill hook (testing/kill-at.cjs) use.
  const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = require('drizzle-orm/pglite') as typeof import('drizzle-orm/pglite');
  await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  let closed = false;
  return {
    db: drizzlePglite({ client, schema }) as unknown as PasarDb,
    kind: 'pglite',
    withRawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await tx.query<R>(text, params)).rows,
          exec: async (script) => {
            await tx.exec(script);
          },
        }),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  searchPath: string | undefined,
  options: CreateDatabaseOptions,
): Promise<Database> {
  if (searchPath) {
    // The schema must exist before connections that name it in their search_path are useful.
    const admin = new Pool({ connectionString: url, max: 1 });
    try {
      await admin.query(`create schema if not exists "${searchPath}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new Pool({
    connectionString: url,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  pool.on('error', (error) => (options.onPoolError ?? defaultPoolError)(error));
  // A connection that ends while checked out (a transaction between two queries) emits 'error' on
  // its client, where the pool listens only while the client is idle: unheard, it crashed every
  // instance when PostgreSQL restarted (cluster faults, decision 0026). The query in progress
  // fails by itself and the pool drops the dead client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => (options.onPoolError ?? defaultPoolError)(error));
  });
  // Fail at start, with the driver's message, rather than on the first request.
  await pool.query('select 1');
  let closed = false;
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as PasarDb,
    kind: 'postgres',
    withRawTransaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await client.query<R>(text, params)).rows,
          exec: async (script) => {
            await client.query(script);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

function defaultPoolError(error: Error): void {
  console.error('[pasar] idle Postgres connection failed:', error.message);
}
