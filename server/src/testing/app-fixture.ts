// The app for one test file: built once on a test database, with its own temporary deploy and
// shell folders, logs captured in memory. Tests call `app.inject`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type PasarApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openTestDatabase, type TestDatabase } from './database-fixture';

/** scrypt's cost in the tests' apps and servers (PIN_HASH_COST): 2^10, not production's 2^15. */
export const TEST_PIN_HASH_COST = 10;

/** A plugin's start on a machine busy with two test workers and a database can pass Fastify's 10 s. */
export const TEST_PLUGIN_TIMEOUT_MS = 60_000;

export interface TestApp {
  readonly app: PasarApp;
  readonly config: Config;
  readonly testDatabase: TestDatabase;
  /** Temporary folders: `deploy` (DEPLOY_DIR) and `shell` (SHELL_DIST). */
  readonly dirs: { readonly root: string; readonly deploy: string; readonly shell: string };
  /** Log lines written so far, parsed. */
  logs(): Record<string, unknown>[];
  /** Builds another app on the same database and folders with other settings (closed by close()). */
  sibling(env: Record<string, string>, setup?: (app: PasarApp) => void): Promise<PasarApp>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  /** Registers extra routes (test-only) before the app is ready. */
  readonly setup?: (app: PasarApp) => void;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-test-app-'));
  const dirs = { root, deploy: path.join(root, 'deploy'), shell: path.join(root, 'shell') };
  await fs.mkdir(dirs.deploy, { recursive: true });
  await fs.mkdir(dirs.shell, { recursive: true });
  const testDatabase = await openTestDatabase({ migrated: true });

  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const configFor = (env: Record<string, string>) =>
    loadConfig({
      DATA_DIR: path.join(root, 'data'),
      DEPLOY_DIR: dirs.deploy,
      SHELL_DIST: dirs.shell,
      LOG_LEVEL: 'info',
      // Every sign-up and PIN check hashes: at the production cost (~0.1-0.5 s of CPU each) that was
      // a large share of the suite's time. Production mode keeps its own (it refuses a lower one).
      ...(env.PASAR_MODE === 'production' ? {} : { PIN_HASH_COST: String(TEST_PIN_HASH_COST) }),
      ...testDatabase.env,
      ...env,
    });
  const make = async (env: Record<string, string>, setup?: (app: PasarApp) => void) => {
    const app = buildApp(configFor(env), { database: testDatabase.database, logStream, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
    setup?.(app);
    await app.ready();
    return app;
  };

  const siblings: PasarApp[] = [];
  const app = await make(options.env ?? {}, options.setup);
  return {
    app,
    config: app.config,
    testDatabase,
    dirs,
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    sibling: async (env, setup) => {
      const other = await make(env, setup);
      siblings.push(other);
      return other;
    },
    close: async () => {
      for (const other of siblings) await other.close();
      await app.close();
      await testDatabase.cleanup();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
