// A second app instance on a test app's database, for races between instances: on PostgreSQL a
// separate app with its own connection pool (as two servers would be); on PGlite a sibling on the
// same database, whose requests interleave on its one connection.
//
// `sameBus`: the second instance is the test app's twin (its settings) on the test app's message
// bus, as two servers share one Redis: with REDIS_URL both connect to the same URL and prefix; with
// the in-process bus the second instance is handed the test app's bus itself. Whatever the product
// shares between instances over pub/sub (index changes, steers, leases) then reaches the other.
import { Writable } from 'node:stream';
import { buildApp, type PasarApp } from '../app';
import { createDatabase } from '../db/database';
import type { TestApp } from './app-fixture';
import { TEST_PLUGIN_TIMEOUT_MS } from './app-fixture';

export interface SecondInstanceOptions {
  readonly sameBus?: boolean;
}

export async function secondInstance(t: TestApp, env: Record<string, string>, options: SecondInstanceOptions = {}): Promise<{ app: PasarApp; close: () => Promise<void> }> {
  const postgres = t.testDatabase.database.kind === 'postgres';
  if (!postgres && !options.sameBus) return { app: await t.sibling(env), close: async () => {} };
  const database = postgres ? await createDatabase(t.testDatabase.config) : t.testDatabase.database;
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const pubsub = options.sameBus && t.app.pubsub.kind === 'memory' ? t.app.pubsub : undefined;
  const app = buildApp(t.config, { database, logStream: quiet, ...(pubsub ? { pubsub } : {}), pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (postgres) await database.close();
    },
  };
}
