// Building the front end and publishing it with the release tool.
import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';
import { REMOTES, REPO_ROOT } from './repo.mjs';

export const BUILD_FILTERS = ['--filter', '@pasar/shell', '--filter', './mf-*'];

/**
 * Builds the shell and every remote, two at a time (the machines have two cores). Resolves to
 * the exit code and the apps whose build failed (from pnpm's `<folder> build: Failed` lines).
 */
export async function buildFrontEnd(pnpm, { allowFailure = false } = {}) {
  const failed = new Set();
  const code = await run(pnpm, ['-r', '--workspace-concurrency=2', ...(allowFailure ? ['--no-bail'] : []), ...BUILD_FILTERS, 'build'], {
    label: 'build (shell and remotes)',
    allowFailure,
    onLine: (line) => {
      const match = /^(\S+) build: Failed\s*$/.exec(line.replace(/\x1b\[[0-9;]*m/g, ''));
      if (match) failed.add(match[1]);
    },
  });
  return { code, failed: [...failed] };
}

/** The remotes whose dist holds a manifest (built, maybe partially, by buildFrontEnd). */
export const builtRemotes = () => REMOTES.filter((r) => fs.existsSync(path.join(REPO_ROOT, r, 'dist', 'mf-manifest.json')));

/** Runs the release tool (`pnpm release ...`) against `deployDir`. */
export function release(pnpm, args, { deployDir, allowFailure = false } = {}) {
  const env = { ...process.env, ...(deployDir ? { DEPLOY_DIR: deployDir } : {}) };
  return run(pnpm, ['-C', path.join(REPO_ROOT, 'server'), '-s', 'run', 'release', ...args], {
    env,
    allowFailure,
    label: `release ${args.join(' ')}`,
  });
}
