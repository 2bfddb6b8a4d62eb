// `npm test`: typecheck every package, jest in every package (the front-end packages in one run, the server on PGlite; when
// DATABASE_URL is set, its embedded set on PGlite and the whole suite on PostgreSQL), then the
// browser suite against a real server with freshly built and published remotes. Ends with a table of the stages (counts, wall
// time, CPU time; printed whatever happened) and one line: `test: N passed, M failed`. After the
// build, the first-load budget checks the built files' bytes against scripts/budgets.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFrontEnd } from './lib/build.mjs';
import { ensureTestBrowser } from './lib/chromium.mjs';
import { runBudgetCheck } from './lib/first-load-budget.mjs';
import { ensureInstalled, ensurePnpm } from './lib/pnpm.mjs';
import { FRONT_END_PACKAGES, REMOTES, REPO_ROOT, ScriptError, runMain, seconds, step, warn } from './lib/repo.mjs';
import { childCpuMs, jestCounts, playwrightCounts, printSlowest, printSummary } from './lib/results.mjs';
import { run } from './lib/run.mjs';
import { freePort } from './lib/server.mjs';

const RESULTS = path.join(REPO_ROOT, '.test-results');
const readPackage = (dir) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8'));
const hasScript = (dir, name) => fs.existsSync(path.join(REPO_ROOT, dir, 'package.json')) && Boolean(readPackage(dir).scripts?.[name]);

/** The packages (folders) with a failed test file in a jest report. */
function failingPackages(report, dirs) {
  if (!fs.existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(fs.readFileSync(report, 'utf8'));
  const failed = testResults.filter((r) => r.status === 'failed').map((r) => path.relative(REPO_ROOT, r.name).split(path.sep)[0]);
  return dirs.filter((d) => failed.includes(d));
}

/** Every workspace package, in dependency-ish order. */
const PACKAGES = [...FRONT_END_PACKAGES, 'server', 'e2e'];

runMain(async () => {
  const started = Date.now();
  const rows = [];
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });

  /**
   * One stage: its row gets the wall time and the CPU time of the processes it ran. A stage that
   * throws is a failed row, and the run goes on to the table, which is printed on every outcome.
   */
  const stage = async (suite, body, { isStep = false } = {}) => {
    const t0 = Date.now();
    const cpu0 = childCpuMs();
    let counts;
    try {
      counts = await body();
    } catch (error) {
      warn(error instanceof ScriptError ? error.message : String(error?.stack ?? error));
      counts = { passed: 0, failed: 1, skipped: 0, note: 'did not complete (see the log)' };
    }
    const cpu = childCpuMs();
    rows.push({ suite, step: isStep, skipped: 0, note: '', ...counts, ms: Date.now() - t0, cpuMs: cpu === undefined ? undefined : cpu - cpu0 });
  };

  // Without pnpm and the packages nothing else can run: the table then shows this row failed.
  let pnpm;
  await stage(
    'install (pnpm)',
    async () => {
      const found = await ensurePnpm();
      const installed = await ensureInstalled(found);
      pnpm = found;
      return { passed: 1, failed: 0, note: installed ? 'installed' : 'up to date' };
    },
    { isStep: true },
  );

  if (pnpm) {
    // 1. Types, package by package, so a failure names its package and the others still run; two
    // at a time (tsc keeps one core busy), each package's output printed whole when it ends.
    step('Typecheck (pnpm -r typecheck, two packages at a time)');
    await stage(
      'typecheck (packages)',
      async () => {
        const failed = [];
        let passed = 0;
        // The server's is the longest: it starts first, so the other lane takes the rest meanwhile.
        const queue = ['server', ...PACKAGES.filter((d) => d !== 'server')].filter((d) => hasScript(d, 'typecheck'));
        const lane = async () => {
          for (let dir = queue.shift(); dir; dir = queue.shift()) {
            const output = [];
            const code = await run(pnpm, ['-C', dir, '-s', 'run', 'typecheck'], { allowFailure: true, echo: false, onLine: (line) => output.push(line) });
            console.log(`  typecheck ${dir}: ${code === 0 ? 'ok' : 'failed'}`);
            if (output.length) console.log(output.join('\n'));
            if (code === 0) passed++;
            else failed.push(dir);
          }
        };
        await Promise.all([lane(), lane()]);
        return { passed, failed: failed.length, note: failed.length ? `failed: ${failed.join(', ')}` : '' };
      },
      { isStep: true },
    );

    // 2. Unit and component tests.
    const jest = (suite, dir, env = process.env, extra = []) =>
      stage(suite, async () => {
        step(`Jest: ${suite}`);
        const report = path.join(RESULTS, `jest-${suite.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.json`);
        const code = await run(
          pnpm,
          ['-C', dir, '-s', 'run', 'test', '--ci', '--passWithNoTests', `--json`, `--outputFile=${report}`, ...extra],
          { allowFailure: true, env },
        );
        return jestCounts(report, code);
      });
    // The front-end packages in one jest run, each with its own config (`jest --projects`): run one
    // after another they paid jest's start seven times and left a core idle at each one's tail
    // (measured on 2 cores: 181 s one by one, 120 s together). Each package's own `pnpm test`
    // still runs it alone. Jest's default is one worker less than the cores: both are used.
    const frontEnd = FRONT_END_PACKAGES.filter((d) => hasScript(d, 'test'));
    await stage(`front end (${frontEnd.length} packages)`, async () => {
      step(`Jest: ${frontEnd.join(', ')}`);
      const report = path.join(RESULTS, 'jest-front-end.json');
      const code = await run(
        path.join(REPO_ROOT, 'shared', 'node_modules', '.bin', 'jest'),
        ['--ci', '--passWithNoTests', '--json', `--outputFile=${report}`, `--maxWorkers=${os.availableParallelism()}`, '--projects', ...frontEnd.map((d) => path.join(REPO_ROOT, d))],
        { allowFailure: true, label: 'jest (front end)' },
      );
      const counts = jestCounts(report, code);
      const failing = failingPackages(report, frontEnd);
      return failing.length ? { ...counts, note: `failed: ${failing.join(', ')}` } : counts;
    });

    // With PostgreSQL at hand the whole server suite runs there, and on PGlite only its embedded
    // set (server/jest.config.cjs, decision 0028); without it, the whole suite runs on PGlite.
    const embedded = { ...process.env };
    delete embedded.DATABASE_URL;
    delete embedded.REDIS_URL;
    if (process.env.DATABASE_URL) await jest('server (pglite, embedded set)', 'server', { ...embedded, PASAR_SERVER_TESTS: 'embedded' });
    else await jest('server (pglite)', 'server', embedded);
    if (process.env.DATABASE_URL) {
      const services = process.env.REDIS_URL ? 'postgres + redis' : 'postgres';
      await jest(`server (${services})`, 'server', process.env);
    } else {
      warn('DATABASE_URL is not set: the server suite ran on PGlite only');
    }

    // 3. The browser suite: build, publish into a throwaway deploy (e2e's global setup), Playwright.
    step('Build the shell and the remotes for the browser suite');
    await stage(
      'build (apps)',
      async () => {
        const { code, failed } = await buildFrontEnd(pnpm, { allowFailure: true });
        const apps = ['shell', ...REMOTES];
        const failures = code === 0 ? 0 : Math.max(1, failed.length);
        return { passed: apps.length - failures, failed: failures, note: code === 0 ? '' : `failed: ${failed.join(', ') || '(see log)'}` };
      },
      { isStep: true },
    );

    // The first-load budget (decision 0006): bytes of the build just made, no browser, no timing.
    step('First-load budget (scripts/budgets.json)');
    await stage('first-load budget', async () => runBudgetCheck());

    step('Playwright (e2e)');
    await stage('e2e (playwright)', async () => {
      const report = path.join(RESULTS, 'playwright.json');
      await ensureTestBrowser();
      // A free port, so a server left running (or another run) on the default one does not collide.
      const port = process.env.PASAR_E2E_PORT ?? String(await freePort());
      const env = { ...process.env, PASAR_E2E_REPORT: report, PASAR_E2E_SKIP_BUILD: '1', PASAR_E2E_PORT: port };
      const code = await run(path.join(REPO_ROOT, 'e2e', 'node_modules', '.bin', 'playwright'), ['test'], {
        cwd: path.join(REPO_ROOT, 'e2e'),
        env,
        allowFailure: true,
        label: 'playwright test',
      });
      printSlowest(report);
      return playwrightCounts(report, code);
    });
  }

  console.log(`\nTotal time ${seconds(Date.now() - started)}. Reports in ${path.relative(REPO_ROOT, RESULTS)}/`);
  if (rows.every((r) => r.passed === 0)) console.log('No test ran: that counts as a failure.');
  // The closing line must stay the last thing printed.
  const { passed, failed } = printSummary(rows, Date.now() - started);
  return failed > 0 || passed === 0 ? 1 : 0;
});
