// The first-load budget (decision 0006), checked by `npm test` after the build: the guest trade
// page's first-load JavaScript (gzip bytes, from the built files: scripts/lib/first-load.mjs) must
// stay within its budget, and no app's initial chunks may grow more than the allowed share above
// their baseline in scripts/budgets.json. Bytes, not time: the same build gives the same answer.
//
//   node scripts/lib/first-load-budget.mjs            the check, as npm test runs it
//   node scripts/lib/first-load-budget.mjs --update   records the current initial chunks as the
//                                                     baselines (commit budgets.json with the change)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstLoad, measureInitialChunks } from './first-load.mjs';
import { REMOTES, REPO_ROOT, ScriptError, runMain } from './repo.mjs';

export const BUDGETS_FILE = path.join(REPO_ROOT, 'scripts', 'budgets.json');

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const percent = (ratio) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;

export const readBudgets = (file = BUDGETS_FILE) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Measures the build under `root` against `budgets`. Returns one result per check (name, ok, the
 * figure and what it was held to) and the page's files, largest first.
 */
export function checkBudgets(budgets = readBudgets(), root = REPO_ROOT) {
  const { page, initialChunks, growthAllowed, checkoutNoiseBytes = 0 } = budgets;
  const load = measureFirstLoad(page, root);
  // The same commit built in another folder numbers a few modules differently (the federation
  // runtime's generated entry is named after absolute paths), which moves the gzip size by a few
  // bytes either way: measured 3 bytes between two checkouts. The budget allows that much and no more.
  const within = (bytes, budget) => bytes <= budget + checkoutNoiseBytes;
  const results = [
    {
      name: `${page.path} first load, before idle`,
      ok: within(load.beforeIdle, page.budgetBeforeIdle),
      detail: `${kb(load.beforeIdle)} (budget ${kb(page.budgetBeforeIdle)})`,
    },
    {
      name: `${page.path} first load, with ${page.afterIdle.join(', ')}`,
      ok: within(load.gzip, page.budget),
      detail: `${kb(load.gzip)} (budget ${kb(page.budget)})`,
    },
  ];
  const measured = measureInitialChunks(Object.keys(initialChunks).filter((app) => app !== 'shell'), page.expose, root);
  for (const [app, baseline] of Object.entries(initialChunks)) {
    const bytes = measured[app];
    const growth = bytes / baseline - 1;
    results.push({
      name: `${app} initial chunks`,
      ok: growth <= growthAllowed,
      detail: `${kb(bytes)} (baseline ${kb(baseline)}, ${percent(growth)}; at most ${percent(growthAllowed)})`,
      shrunk: growth < -growthAllowed,
    });
  }
  const missing = REMOTES.filter((remote) => !(remote in initialChunks));
  if (missing.length) {
    results.push({ name: 'baselines', ok: false, detail: `no baseline for ${missing.join(', ')} (run with --update)` });
  }
  return { results, load, measured };
}

/** Prints the check; resolves to its counts for npm test's table. */
export function runBudgetCheck({ root = REPO_ROOT, log = console.log } = {}) {
  const { results, load } = checkBudgets(readBudgets(), root);
  for (const r of results) log(`  ${r.ok ? '✓' : '✖'} ${r.name}: ${r.detail}`);
  log(`  the page's ${load.files.length} files (gzip):`);
  for (const f of load.files.slice(0, 8)) log(`    ${kb(f.gzip).padStart(9)}  ${f.file}${f.role === 'page' ? '' : `  (${f.role})`}`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    log('  A check over its budget: move what a guest does not need on first paint out of the first load');
    log('  (decision 0006). A deliberate growth updates the baselines in the same commit: node');
    log('  scripts/lib/first-load-budget.mjs --update, then commit scripts/budgets.json with the change.');
  }
  const shrunk = results.filter((r) => r.shrunk);
  if (shrunk.length) log(`  ${shrunk.map((r) => r.name).join(', ')} shrank: record it (--update) so the baseline keeps up.`);
  return { passed: results.length - failed.length, failed: failed.length, note: failed.length ? `over: ${failed.map((r) => r.name).join('; ')}` : `${kb(load.gzip)} of ${kb(readBudgets().page.budget)}` };
}

/** Writes the current initial chunks into budgets.json as the new baselines. */
function updateBaselines() {
  const budgets = readBudgets();
  const measured = measureInitialChunks(REMOTES, budgets.page.expose);
  budgets.initialChunks = Object.fromEntries(['shell', ...REMOTES].map((app) => [app, measured[app]]));
  fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
  for (const [app, bytes] of Object.entries(budgets.initialChunks)) console.log(`  ${app}: ${kb(bytes)}`);
  console.log(`  baselines written to ${path.relative(REPO_ROOT, BUDGETS_FILE)}: commit it with the change`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMain(async () => {
    if (process.argv.includes('--update')) {
      updateBaselines();
      return 0;
    }
    const { failed } = runBudgetCheck();
    if (failed) throw new ScriptError(`first-load budget: ${failed} check(s) over`);
    return 0;
  });
}
