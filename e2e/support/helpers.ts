// Helpers for specs that look behind the browser: the deploy folder and the release tool.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOY_DIR, REPO_ROOT, SERVER_URL } from './paths';

export { DATA_DIR, DEPLOY_DIR, REMOTES, RUN_DIR, SERVER_URL } from './paths';

const TSX = path.join(REPO_ROOT, 'server', 'node_modules', '.bin', 'tsx');
const RELEASE_CLI = path.join(REPO_ROOT, 'server', 'src', 'release', 'cli.ts');

export interface ReleaseResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the release tool (`pnpm release <args>`) against this run's deploy folder, e.g.
 * `release(['rollback', 'mf-trade'])`. Throws on a non-zero exit unless `allowFailure`.
 * A `publish` without --no-build rebuilds `<remote>/dist` in the repository (with
 * PASAR_BUILD_LABEL from --label): mark such specs serial and expect a few seconds per build.
 */
export function release(args: string[], options: { allowFailure?: boolean; env?: Record<string, string> } = {}): ReleaseResult {
  const result = spawnSync(TSX, [RELEASE_CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_DIR, ...options.env },
    encoding: 'utf8',
    timeout: 5 * 60_000,
  });
  const outcome = { code: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
  if (outcome.code !== 0 && !options.allowFailure) {
    throw new Error(`release ${args.join(' ')} exited ${outcome.code}\n${outcome.stdout}${outcome.stderr}`);
  }
  return outcome;
}

export interface RegistrySnapshot {
  remotes: Record<string, { version: string; entry: string }>;
  updatedAt: string;
}

/** The registry as the release tool left it on disk. */
export function readRegistry(): RegistrySnapshot {
  return JSON.parse(fs.readFileSync(path.join(DEPLOY_DIR, 'remotes.json'), 'utf8')) as RegistrySnapshot;
}

/** The versions of a remote on disk in this run's deploy folder. */
export function versionsOnDisk(remote: string): string[] {
  const dir = path.join(DEPLOY_DIR, 'remotes', remote);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith('.')).sort() : [];
}

/** An absolute URL on the server under test. */
export const serverUrl = (pathname: string) => new URL(pathname, SERVER_URL).toString();
