// Counting what each test runner ran, from its JSON report, and the closing summary.
import fs from 'node:fs';

/**
 * Counts from a jest `--json --outputFile` report. A suite that failed to run (a syntax error,
 * a crash in setup) counts as one failure, and so does a non-zero exit with nothing failed.
 */
export function jestCounts(file, exitCode) {
  if (!fs.existsSync(file)) {
    return { passed: 0, failed: 1, skipped: 0, note: `jest exited ${exitCode} without a report` };
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    note: '',
  };
  if (report.numRuntimeErrorTestSuites) counts.note = `${report.numRuntimeErrorTestSuites} suite(s) failed to run`;
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.note = `jest exited ${exitCode}`;
  }
  return counts;
}

/** Counts from Playwright's JSON reporter; a flaky test (passed on retry) counts as passed. */
export function playwrightCounts(file, exitCode) {
  if (!fs.existsSync(file)) {
    return { passed: 0, failed: 1, skipped: 0, note: `playwright exited ${exitCode} without a report` };
  }
  const { stats = {}, errors = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const counts = {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (errors.length > 0 && !stats.unexpected ? 1 : 0),
    skipped: stats.skipped ?? 0,
    note: stats.flaky ? `${stats.flaky} flaky` : errors.length > 0 ? `${errors.length} error(s) outside tests` : '',
  };
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.note = `playwright exited ${exitCode}`;
  }
  return counts;
}

/**
 * CPU time (user + system, ms) of this process's finished children and their own waited-for
 * descendants, from /proc/self/stat (Linux); undefined elsewhere. The difference around a stage is
 * that stage's CPU time: on a shared machine it says more than the wall time, which other people's
 * work stretches.
 */
export function childCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // After the command name in parentheses: field 3 onwards; cutime and cstime are fields 16, 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    // In clock ticks (USER_HZ): 100 a second on Linux.
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** The slowest tests of a Playwright JSON report, with their share of the run (where time goes). */
export function printSlowest(file, count = 10) {
  if (!fs.existsSync(file)) return;
  const { suites = [], stats = {} } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          tests.push({ title: [...titles, spec.title].filter(Boolean).join(' › '), file: spec.file ?? suite.file, ms: result.duration ?? 0, retry: result.retry ?? 0, status: result.status });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of suites) walk(suite, []);
  if (tests.length === 0) return;
  const total = tests.reduce((n, t) => n + t.ms, 0);
  const byFile = new Map();
  for (const t of tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
  console.log(`\nPlaywright: ${tests.length} test runs, ${(total / 1000).toFixed(1)} s of test time in ${((stats.duration ?? 0) / 1000).toFixed(1)} s; by spec file:`);
  for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${`${(ms / 1000).toFixed(1)}s`.padStart(8)}  ${((100 * ms) / total).toFixed(0).padStart(3)}%  ${file}`);
  }
  console.log(`Slowest ${Math.min(count, tests.length)}:`);
  for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`  ${`${(t.ms / 1000).toFixed(1)}s`.padStart(8)}  ${t.file} › ${t.title}${t.retry ? ` (retry ${t.retry})` : ''}${t.status === 'passed' ? '' : ` [${t.status}]`}`);
  }
}

const secondsCell = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)}s`);

/**
 * The per-stage table (counts, wall time, CPU time), then the one closing line CI reads:
 * `test: N passed, M failed`.
 */
export function printSummary(rows, totalMs) {
  const header = ['stage', 'passed', 'failed', 'skipped', 'wall', 'cpu', 'note'];
  const body = rows.map((r) => [r.suite, String(r.passed), String(r.failed), String(r.skipped), secondsCell(r.ms), secondsCell(r.cpuMs), r.note ?? '']);
  const sumOf = (key) => (rows.some((r) => r[key] === undefined) ? undefined : rows.reduce((n, r) => n + r[key], 0));
  const footer = ['total', '', '', '', secondsCell(totalMs ?? sumOf('ms')), secondsCell(sumOf('cpuMs')), ''];
  const widths = header.map((_, i) => Math.max(...[header, ...body, footer].map((line) => line[i].length)));
  const format = (line) =>
    line
      .map((cell, i) => (i >= 1 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  console.log('');
  console.log(format(header));
  console.log(rule);
  for (const line of body) console.log(format(line));
  console.log(rule);
  console.log(format(footer));
  // Steps (type-check, builds) are not test cases: they are reported apart and do not swell the
  // test count, but a failed step still fails the run.
  const sum = (list, key) => list.reduce((n, r) => n + r[key], 0);
  const tests = rows.filter((r) => !r.step);
  const steps = rows.filter((r) => r.step);
  const passed = sum(tests, 'passed');
  const failed = sum(tests, 'failed') + sum(steps, 'failed');
  console.log('');
  console.log(`steps ok ${sum(steps, 'passed')} of ${sum(steps, 'passed') + sum(steps, 'failed')} (install, type-check, builds)`);
  console.log(`test: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}
