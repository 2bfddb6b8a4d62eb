// A second app instance on a test app's database, for races between instances: on PostgreSQL a
// separate app with its own connection pool (as two servers would be); on PGlite a sibling on the
// same database, whose requests interleave on its one connection.
import { Writable } from 'node:stream';
import { buildApp, type PasarApp } from '../app';
import { createDatabase } from '../db/database';
import type { TestApp } from './app-fixture';

export async function secondInstance(t: TestApp, env: Record<string, string>): Promise<{ app: PasarApp; close: () => Promise<void> }> {
  if (t.testDatabase.database.kind !== 'postgres') return { app: await t.sibling(env), close: async () => {} };
  const database = await createDatabase(t.testDatabase.config);
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = buildApp(t.config, { database, logStream: quiet });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
