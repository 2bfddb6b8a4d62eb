// One database shared by the app in this process (to set a scene quickly through the services)
// and by real server processes started on it (crash-server.ts) that a test kills and starts
// again. PGlite is one process's at a time: the app here and each server take turns. With
// DATABASE_URL the database is a PostgreSQL schema of its own, and with REDIS_URL every
// instance shares a Redis prefix of its own (leases and pub/sub of this test only).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type PasarApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/database';
import { openTestDatabase, type TestDatabase } from './database-fixture';
import { startServer, type ServerProcess, type StartOptions } from './crash-server';
import { TEST_PIN_HASH_COST, TEST_PLUGIN_TIMEOUT_MS } from './app-fixture';

export interface CrashWorld {
  readonly kind: 'pglite' | 'postgres';
  /** What every instance gets (ADMIN_TOKEN and JWT_SECRET included: a token made here works there). */
  readonly env: Readonly<Record<string, string>>;
  /** Builds the app here on the world's database (with `env` on top), runs `work`, closes it again. */
  inProcess<T>(env: Record<string, string>, work: (app: PasarApp) => Promise<T>): Promise<T>;
  /** The database itself, opened here while no server runs (PGlite), closed afterwards. */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
  /** A server process on the world's database (stopped with SIGKILL by close() if still running). */
  start(env: Record<string, string>, options?: StartOptions): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function createCrashWorld(): Promise<CrashWorld> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-crash-world-'));
  await fs.mkdir(path.join(root, 'deploy'));
  await fs.mkdir(path.join(root, 'shell'));
  const testDatabase: TestDatabase = await openTestDatabase({ migrated: true });
  await testDatabase.database.close();
  const redisUrl = process.env.REDIS_URL?.trim();
  const base: Record<string, string> = {
    DATA_DIR: path.join(root, 'data'),
    DEPLOY_DIR: path.join(root, 'deploy'),
    SHELL_DIST: path.join(root, 'shell'),
    PASAR_MODE: 'development',
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: `crash-world-admin-${randomBytes(16).toString('hex')}`,
    JWT_SECRET: `crash-world-jwt-${randomBytes(16).toString('hex')}`,
    KYC_AUTO_APPROVE_SECONDS: 'off',
    PIN_HASH_COST: String(TEST_PIN_HASH_COST),
    DATABASE_URL: '',
    DATABASE_SCHEMA: '',
    REDIS_URL: redisUrl ?? '',
    ...(redisUrl ? { REDIS_PREFIX: `pasar-crash-${randomBytes(6).toString('hex')}:` } : {}),
    // The database's own: DATA_DIR of the PGlite copy, or DATABASE_URL and DATABASE_SCHEMA.
    ...testDatabase.env,
  };
  const servers: ServerProcess[] = [];
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });

  return {
    kind: testDatabase.config.database.kind,
    env: base,
    async inProcess(env, work) {
      const database = await createDatabase(testDatabase.config);
      const app = buildApp(loadConfig({ ...base, ...env }), { database, logStream: quiet, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      try {
        await app.ready();
        return await work(app);
      } finally {
        await app.close();
        await database.close();
      }
    },
    async withDatabase(work) {
      const database = await createDatabase(testDatabase.config);
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    async start(env, options) {
      const server = await startServer({ ...base, ...env }, options);
      servers.push(server);
      return server;
    },
    async close() {
      for (const server of servers) await server.stop('SIGKILL');
      await testDatabase.cleanup();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
