// What several journeys share: the operator's command run against this run's server, and a real
// image to upload (the server checks magic bytes).
import { spawnSync } from 'node:child_process';
import { DATA_DIR, REPO_ROOT, SERVER_URL } from '../support/paths';

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The operator's command (`pnpm --filter @pasar/server admin …`) with this run's admin token. */
export function operator(...args: string[]): string {
  return operatorOn({ url: SERVER_URL, dataDir: DATA_DIR }, ...args);
}

/** The operator's command against another server of this run (its URL and its DATA_DIR, for the token). */
export function operatorOn(server: { url: string; dataDir: string }, ...args: string[]): string {
  const result = spawnSync('pnpm', ['--filter', '@pasar/server', 'admin', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, PASAR_URL: server.url, DATA_DIR: server.dataDir, DATABASE_URL: '' },
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}
