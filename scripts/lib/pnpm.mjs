// pnpm: the one on PATH when it is recent enough, else a copy installed into <repo>/.tools
// with npm (a fresh machine has only Node and npm; corepack cannot verify signatures here).
import fs from 'node:fs';
import path from 'node:path';
import { capture, run } from './run.mjs';
import { REPO_ROOT, ScriptError, info, step } from './repo.mjs';

const MIN_MAJOR = 10;
const TOOLS_DIR = path.join(REPO_ROOT, '.tools');
const LOCAL_BIN = path.join(TOOLS_DIR, 'node_modules', '.bin');
const LOCAL_PNPM = path.join(LOCAL_BIN, process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm');

function versionOf(command) {
  const result = capture(command, ['--version']);
  if (!result.ok) return undefined;
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(result.stdout.trim());
  return match ? { text: match[0], major: Number(match[1]) } : undefined;
}

/** Returns the pnpm command to use, installing pnpm locally when needed. */
export async function ensurePnpm() {
  if (!process.env.PASAR_IGNORE_PATH_PNPM) {
    const onPath = versionOf('pnpm');
    if (onPath && onPath.major >= MIN_MAJOR) return 'pnpm';
  }
  const local = fs.existsSync(LOCAL_PNPM) ? versionOf(LOCAL_PNPM) : undefined;
  if (!local) {
    step(`Installing pnpm 12 into ${path.relative(REPO_ROOT, TOOLS_DIR)}/ (no recent pnpm on PATH)`);
    fs.mkdirSync(TOOLS_DIR, { recursive: true });
    // npm 11 warns about (and may one day refuse) install scripts not approved in package.json;
    // pnpm's postinstall swaps its placeholder bin for the native binary, so approve it here.
    fs.writeFileSync(
      path.join(TOOLS_DIR, 'package.json'),
      `${JSON.stringify({ name: 'pasar-tools', private: true, allowScripts: { pnpm: true } }, null, 2)}\n`,
    );
    await run('npm', ['install', '--prefix', TOOLS_DIR, 'pnpm@12', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'], {
      label: 'npm install pnpm@12',
    });
    const installed = versionOf(LOCAL_PNPM);
    if (!installed) {
      throw new ScriptError(`pnpm was installed into ${TOOLS_DIR} but \`${LOCAL_PNPM} --version\` does not run.`);
    }
    info(`pnpm ${installed.text} ready`);
  }
  // Children (the release tool's builds, Playwright's web server) find the same pnpm.
  process.env.PATH = `${LOCAL_BIN}${path.delimiter}${process.env.PATH ?? ''}`;
  return LOCAL_PNPM;
}

/** `pnpm install --frozen-lockfile` when node_modules is missing or older than the lockfile. */
export async function ensureInstalled(pnpm) {
  const lockfile = path.join(REPO_ROOT, 'pnpm-lock.yaml');
  const marker = path.join(REPO_ROOT, 'node_modules', '.modules.yaml');
  const stale =
    !fs.existsSync(marker) ||
    (fs.existsSync(lockfile) && fs.statSync(lockfile).mtimeMs > fs.statSync(marker).mtimeMs);
  if (!stale) return false;
  step('Installing dependencies (pnpm install --frozen-lockfile)');
  const started = Date.now();
  await run(pnpm, ['install', '--frozen-lockfile'], { label: 'pnpm install --frozen-lockfile' });
  // pnpm leaves .modules.yaml alone when nothing changed; touch it so the check above settles.
  if (fs.existsSync(marker)) {
    const now = new Date();
    fs.utimesSync(marker, now, now);
  }
  info(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
