// Before the specs: the apps are built (built here only if a dist is missing) and every built
// remote is published with the release tool into this run's throwaway deploy folder.
// Playwright starts `webServer` before global setup; the server reads the registry and the
// remotes' files per request, so publishing after it started is fine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { release } from './helpers';
import { DEPLOY_DIR, E2E_ROOT, REMOTES, REPO_ROOT, RUN_DIR, SHELL_DIST } from './paths';

const isBuilt = (dist: string) => fs.existsSync(path.join(dist, 'mf-manifest.json'));
const distOf = (app: string) => path.join(REPO_ROOT, app, 'dist');

function pnpm(): string {
  const local = path.join(REPO_ROOT, '.tools', 'node_modules', '.bin', 'pnpm');
  return spawnSync('pnpm', ['--version']).status === 0 ? 'pnpm' : local;
}

function buildMissing(): void {
  // `npm test` and `pnpm e2e` have just built everything that builds: don't try again.
  if (process.env.PASAR_E2E_SKIP_BUILD) return;
  const missing = ['shell', ...REMOTES].filter((app) => !isBuilt(distOf(app)));
  if (missing.length === 0) return;
  console.log(`[e2e setup] building ${missing.join(', ')} (no dist yet)`);
  const filters = missing.flatMap((app) => ['--filter', `./${app}`]);
  const result = spawnSync(pnpm(), ['-r', '--workspace-concurrency=2', '--no-bail', ...filters, 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) console.warn(`[e2e setup] building ${missing.join(', ')} failed; specs needing them will fail`);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Earlier runs' folders (`run-<time>-<runner pid>`), unless their runner is still alive. */
function pruneOldRuns(): void {
  const runs = path.join(E2E_ROOT, '.run');
  for (const name of fs.existsSync(runs) ? fs.readdirSync(runs) : []) {
    const match = /^run-[0-9a-z]+-(\d+)$/.exec(name);
    const dir = path.join(runs, name);
    if (!match || dir === RUN_DIR || isAlive(Number(match[1]))) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function globalSetup(): Promise<void> {
  pruneOldRuns();
  buildMissing();
  if (!isBuilt(SHELL_DIST)) throw new Error(`The shell is not built (${SHELL_DIST}); run \`pnpm build\`.`);
  const built = REMOTES.filter((remote) => isBuilt(distOf(remote)));
  if (built.length < REMOTES.length) {
    console.warn(`[e2e setup] not built, not published: ${REMOTES.filter((r) => !built.includes(r)).join(', ')}`);
  }
  if (built.length > 0) {
    const { stdout } = release(['publish', ...built, '--no-build']);
    console.log(stdout.trim().replace(/^/gm, '[e2e setup] '));
  }
  console.log(`[e2e setup] deploy folder: ${DEPLOY_DIR}; failure traces go to ${path.join(RUN_DIR, 'test-results')}`);
}
