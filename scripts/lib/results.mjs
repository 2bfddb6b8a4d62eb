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

/** The per-suite table, then the one closing line CI reads: `test: N passed, M failed`. */
export function printSummary(rows) {
  const header = ['suite', 'passed', 'failed', 'skipped', 'time', 'note'];
  const body = rows.map((r) => [r.suite, String(r.passed), String(r.failed), String(r.skipped), `${(r.ms / 1000).toFixed(1)}s`, r.note ?? '']);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((line) => line[i].length)));
  const format = (line) =>
    line
      .map((cell, i) => (i >= 1 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of body) console.log(format(line));
  // Steps (type-check, builds) are not test cases: they are reported apart and do not swell the
  // test count, but a failed step still fails the run.
  const sum = (list, key) => list.reduce((n, r) => n + r[key], 0);
  const tests = rows.filter((r) => !r.step);
  const steps = rows.filter((r) => r.step);
  const passed = sum(tests, 'passed');
  const failed = sum(tests, 'failed') + sum(steps, 'failed');
  console.log('');
  console.log(`steps ok ${sum(steps, 'passed')} of ${sum(steps, 'passed') + sum(steps, 'failed')} (type-check, builds)`);
  console.log(`test: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}
