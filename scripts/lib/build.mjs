// Building the front end and publishing it with the release tool.
import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';
import { REMOTES, REPO_ROOT } from './repo.mjs';

export const BUILD_FILTERS = ['--filter', '@pasar/shell', '--filter', './mf-*'];

/** Builds the shell and every remote, two at a time (the machines have two cores). */
export function buildFrontEnd(pnpm, { allowFailure = false } = {}) {
  return run(pnpm, ['-r', '--workspace-concurrency=2', ...(allowFailure ? ['--no-bail'] : []), ...BUILD_FILTERS, 'build'], {
    label: 'build (shell and remotes)',
    allowFailure,
  });
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
