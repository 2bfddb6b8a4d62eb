// `npm test`: typecheck every package, jest in every package (the server twice when DATABASE_URL
// is set: embedded PGlite, then the real PostgreSQL), then the browser suite against a real
// server with freshly built and published remotes. Ends with one line: `test: N passed, M failed`.
import fs from 'node:fs';
import path from 'node:path';
import { buildFrontEnd } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureInstalled, ensurePnpm } from './lib/pnpm.mjs';
import { FRONT_END_PACKAGES, REMOTES, REPO_ROOT, runMain, seconds, step, warn } from './lib/repo.mjs';
import { jestCounts, playwrightCounts, printSummary } from './lib/results.mjs';
import { run } from './lib/run.mjs';
import { freePort } from './lib/server.mjs';

const RESULTS = path.join(REPO_ROOT, '.test-results');
const readPackage = (dir) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8'));
const hasScript = (dir, name) => fs.existsSync(path.join(REPO_ROOT, dir, 'package.json')) && Boolean(readPackage(dir).scripts?.[name]);

/** Every workspace package, in dependency-ish order. */
const PACKAGES = [...FRONT_END_PACKAGES, 'server', 'e2e'];

runMain(async () => {
  const started = Date.now();
  const rows = [];
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });

  const pnpm = await ensurePnpm();
  await ensureInstalled(pnpm);

  // 1. Types, package by package, so a failure names its package and the others still run.
  step('Typecheck (pnpm -r typecheck, one package at a time)');
  {
    const t0 = Date.now();
    const failed = [];
    let passed = 0;
    for (const dir of PACKAGES.filter((d) => hasScript(d, 'typecheck'))) {
      console.log(`  typecheck ${dir}`);
      const code = await run(pnpm, ['-C', dir, '-s', 'run', 'typecheck'], { allowFailure: true });
      if (code === 0) passed++;
      else failed.push(dir);
    }
    rows.push({ suite: 'typecheck (packages)', step: true, passed, failed: failed.length, skipped: 0, ms: Date.now() - t0, note: failed.length ? `failed: ${failed.join(', ')}` : '' });
  }

  // 2. Unit and component tests.
  const jest = async (suite, dir, env = process.env) => {
    step(`Jest: ${suite}`);
    const t0 = Date.now();
    const report = path.join(RESULTS, `jest-${suite.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.json`);
    const code = await run(
      pnpm,
      ['-C', dir, '-s', 'run', 'test', '--ci', '--passWithNoTests', `--json`, `--outputFile=${report}`],
      { allowFailure: true, env },
    );
    rows.push({ suite, ...jestCounts(report, code), ms: Date.now() - t0 });
  };
  for (const dir of FRONT_END_PACKAGES.filter((d) => hasScript(d, 'test'))) await jest(dir, dir);

  const embedded = { ...process.env };
  delete embedded.DATABASE_URL;
  delete embedded.REDIS_URL;
  await jest('server (pglite)', 'server', embedded);
  if (process.env.DATABASE_URL) {
    const services = process.env.REDIS_URL ? 'postgres + redis' : 'postgres';
    await jest(`server (${services})`, 'server', process.env);
  } else {
    warn('DATABASE_URL is not set: the server suite ran on PGlite only');
  }

  // 3. The browser suite: build, publish into a throwaway deploy (e2e's global setup), Playwright.
  step('Build the shell and the remotes for the browser suite');
  {
    const t0 = Date.now();
    const { code, failed } = await buildFrontEnd(pnpm, { allowFailure: true });
    const apps = ['shell', ...REMOTES];
    const failures = code === 0 ? 0 : Math.max(1, failed.length);
    rows.push({
      suite: 'build (apps)',
      step: true,
      passed: apps.length - failures,
      failed: failures,
      skipped: 0,
      ms: Date.now() - t0,
      note: code === 0 ? '' : `failed: ${failed.join(', ') || '(see log)'}`,
    });
  }

  step('Playwright (e2e)');
  {
    const t0 = Date.now();
    const report = path.join(RESULTS, 'playwright.json');
    let code;
    try {
      await ensureChromium();
      // A free port, so a server left running (or another run) on the default one does not collide.
      const port = process.env.PASAR_E2E_PORT ?? String(await freePort());
      const env = { ...process.env, PASAR_E2E_REPORT: report, PASAR_E2E_SKIP_BUILD: '1', PASAR_E2E_PORT: port };
      code = await run(path.join(REPO_ROOT, 'e2e', 'node_modules', '.bin', 'playwright'), ['test'], {
        cwd: path.join(REPO_ROOT, 'e2e'),
        env,
        allowFailure: true,
        label: 'playwright test',
      });
    } catch (error) {
      warn(error.message);
      code = 1;
    }
    rows.push({ suite: 'e2e (playwright)', ...playwrightCounts(report, code), ms: Date.now() - t0 });
  }

  console.log(`\nTotal time ${seconds(Date.now() - started)}. Reports in ${path.relative(REPO_ROOT, RESULTS)}/`);
  if (rows.every((r) => r.passed === 0)) console.log('No test ran: that counts as a failure.');
  // The closing line must stay the last thing printed.
  const { passed, failed } = printSummary(rows);
  return failed > 0 || passed === 0 ? 1 : 0;
});
