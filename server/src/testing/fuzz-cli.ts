// The long fuzz run: `pnpm fuzz -- --runs 200 --seed 7 [--only "POST /api/crypto/buy"]`.
// A fresh app on a throwaway database (PGlite, or PostgreSQL when DATABASE_URL is set); prints
// each operation's answers by status and every failure with the seed and input that replay it.
// Exits 1 when any operation answered a 5xx or outside the envelope.
import { parseArgs } from 'node:util';
import { describeFailure, fuzzOperations } from '../http/fuzz';
import { createTestApp } from './app-fixture';
import { appFuzzTarget } from './fuzz-target';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      runs: { type: 'string', default: '100' },
      seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
      only: { type: 'string', multiple: true },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) throw new Error('--runs and --seed take whole numbers');

  const t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    const target = await appFuzzTarget(t.app);
    const all = await target.operations();
    const operations = values.only?.length ? all.filter((op) => values.only!.includes(op.name)) : all;
    if (operations.length === 0) throw new Error(`no operation named ${values.only?.join(', ')}`);
    console.log(`fuzzing ${operations.length} operations, ${runs} runs each, seed ${seed}`);
    const started = Date.now();
    const reports = await fuzzOperations(target, operations, {
      seed,
      runs,
      examples: await target.examples(),
      onReport: (report) => {
        const statuses = Object.entries(report.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ');
        console.log(`${report.failure ? 'FAIL' : 'ok  '} ${report.operation.padEnd(58)} ${statuses}`);
      },
    });
    const failures = reports.flatMap((report) => (report.failure ? [report.failure] : []));
    const requests = reports.reduce((sum, report) => sum + report.runs, 0);
    console.log(`\n${requests} requests to ${reports.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failures.length} failing`);
    for (const failure of failures) console.log(`\n${describeFailure(failure, seed)}`);
    const audit = await t.app.ledger.audit();
    const ledgerClean = Object.values(audit.sums).every((sum) => Number(sum) === 0) && audit.negativeUserAccounts === 0 && audit.heldMismatch === 0;
    console.log(`ledger audit after the run: ${ledgerClean ? 'clean' : `NOT CLEAN ${JSON.stringify(audit)}`}`);
    return failures.length || !ledgerClean ? 1 : 0;
  } finally {
    await t.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
