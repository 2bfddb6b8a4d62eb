// Ledger benchmark (printed, not asserted): `pnpm bench:ledger` at the repository root.
//
// On PostgreSQL only (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test):
//   1. a fresh schema with the migrations, USERS users funded, then WORKERS concurrent workers (one
//      pool connection each) doing transfers between random users for SECONDS: once as standalone
//      `ledger.transfer` calls, once inside `ledger.transaction()` (how a module that writes its own
//      rows with the transfer calls it), once with a fee leg to the house FEES account in every
//      transfer (every worker then needs the FEES account, as order fills do; spread over rows as
//      the app spreads it, HOUSE_SHARDS);
//   2. in the same run, pgbench's built-in TPC-B (`pgbench -i -s 1` into a scratch database that is
//      dropped afterwards, then `pgbench -c WORKERS -j 2 -T SECONDS -n`).
// Printed side by side: transfers/s, latency p50/p99/avg, and the ratio ledger/pgbench.
//
// Options (environment): BENCH_SECONDS=10, BENCH_WORKERS=8, BENCH_USERS=1000.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { Pool } from 'pg';
import { createDatabase, type Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import type { Ledger, LedgerOps, TransferRequest } from '../src/ledger/api';
import { HOUSE_SHARDS, createLedger } from '../src/ledger/ledger';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const run = promisify(execFile);

interface Figures {
  readonly name: string;
  readonly perSecond: number;
  readonly p50: number | null;
  readonly p99: number | null;
  readonly avg: number;
  readonly failed: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function reachable(url: string): Promise<boolean> {
  const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 3000 });
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await pool.end();
  }
}

async function fundUsers(ledger: Ledger, users: readonly string[]): Promise<void> {
  for (let i = 0; i < users.length; i += 200) {
    await ledger.transfer({
      key: `bench-fund:${i}:${randomUUID()}`,
      kind: 'TOPUP',
      legs: users.slice(i, i + 200).map((userId) => ({
        from: { house: 'PAYMENT_CLEARING', currency: 'IDR' },
        to: { userId, purpose: 'CASH', currency: 'IDR' },
        amount: '1000000000',
      })),
    });
  }
}

function randomTransfer(users: readonly string[], worker: number, n: number, fee = false): TransferRequest {
  const a = Math.floor(Math.random() * users.length);
  const b = (a + 1 + Math.floor(Math.random() * (users.length - 1))) % users.length;
  const from = { userId: users[a], purpose: 'CASH', currency: 'IDR' } as const;
  return {
    key: `bench:${worker}:${n}:${randomUUID()}`,
    kind: 'TRANSFER',
    legs: [
      { from, to: { userId: users[b], purpose: 'CASH', currency: 'IDR' }, amount: String(1 + Math.floor(Math.random() * 10_000)) },
      ...(fee ? [{ from, to: { house: 'FEES', currency: 'IDR' } as const, amount: '15' }] : []),
    ],
  };
}

async function measure(
  name: string,
  users: readonly string[],
  transfer: (request: TransferRequest) => Promise<unknown>,
  fee = false,
): Promise<Figures> {
  // Warm up: account ids cached, connections open, plans warm.
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => transfer(randomTransfer(users, w, -1))));
  for (const userId of users) await transfer({ ...randomTransfer([userId, users[0] === userId ? users[1] : users[0]], 0, -2) });

  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let n = 0; performance.now() < end; n++) {
        const t0 = performance.now();
        try {
          await transfer(randomTransfer(users, w, n, fee));
          latencies.push(performance.now() - t0);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(`  ${name}: ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    avg: latencies.reduce((sum, x) => sum + x, 0) / latencies.length,
    failed,
  };
}

async function benchLedger(url: string): Promise<Figures[]> {
  const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
  let database: Database | null = null;
  try {
    database = await createDatabase({ database: { kind: 'postgres', url, schema } });
    await runMigrations(database);
    // As the app builds it: the busy house accounts spread over rows.
    const ledger = createLedger(database.db, { houseShards: HOUSE_SHARDS });
    const users = Array.from({ length: USERS }, () => randomUUID());
    await fundUsers(ledger, users);
    const standalone = await measure('ledger.transfer', users, (request) => ledger.transfer(request));
    const inTransaction = await measure('ledger.transaction(transfer)', users, (request) =>
      ledger.transaction((ops: LedgerOps) => ops.transfer(request)),
    );
    const withFee = await measure('ledger.transfer + house fee', users, (request) => ledger.transfer(request), true);
    const audit = await ledger.audit();
    const clean = Object.values(audit.sums).every((s) => s === '0') && audit.negativeUserAccounts === 0 && audit.heldMismatch === 0;
    console.log(`ledger audit after the run: ${clean ? 'clean' : `NOT CLEAN ${JSON.stringify(audit)}`}`);
    return [standalone, inTransaction, withFee];
  } finally {
    await database?.close();
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`drop schema if exists "${schema}" cascade`).finally(() => admin.end());
  }
}

async function benchPgbench(url: string): Promise<Figures | null> {
  const name = `pasar_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await admin.query(`create database ${name}`);
    await run('pgbench', ['-i', '-s', '1', '-q', target.toString()]);
    const { stdout } = await run('pgbench', ['-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), '-n', target.toString()]);
    const tps = /tps = ([\d.]+)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    const failedMatch = /number of failed transactions: (\d+)/.exec(stdout);
    if (!tps || !latency) throw new Error(`cannot read pgbench's output:\n${stdout}`);
    return { name: 'pgbench TPC-B', perSecond: Number(tps[1]), p50: null, p99: null, avg: Number(latency[1]), failed: Number(failedMatch?.[1] ?? 0) };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    console.error(e.code === 'ENOENT' ? 'pgbench is not installed (apt-get install postgresql-client)' : `pgbench failed: ${e.message}`);
    return null;
  } finally {
    await admin.query(`drop database if exists ${name}`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * `ledger.transfer` against pgbench recorded before the order path's rework (decision 0029), beside
 * this run's: medians of three runs (the issue's on a quiet fresh clone, the other on the shared
 * 2-core machine under a load average of 6-10, as the new ones were measured).
 */
const EARLIER: Readonly<Record<number, ReadonlyArray<{ label: string; transfer: number; pgbench: number }>>> = {
  8: [
    { label: 'issue 17 (fresh clone)', transfer: 962, pgbench: 1987 },
    { label: 'before 0029 (loaded)', transfer: 238, pgbench: 561 },
  ],
  32: [{ label: 'before 0029 (loaded, 1 run)', transfer: 292, pgbench: 128 }],
};

function printEarlier(rows: readonly Figures[], reference: Figures | null): void {
  const earlier = EARLIER[WORKERS];
  const transfer = rows[0];
  if (!earlier || !transfer || !reference) return;
  console.log('');
  console.log(`at ${WORKERS} workers                   transfer/s  pgbench/s  ratio`);
  const line = (label: string, t: number, p: number) =>
    console.log(`${label.padEnd(30)} ${t.toFixed(0).padStart(10)} ${p.toFixed(0).padStart(10)} ${(t / p).toFixed(2).padStart(6)}`);
  for (const row of earlier) line(row.label, row.transfer, row.pgbench);
  line('this run', transfer.perSecond, reference.perSecond);
}

function print(rows: readonly Figures[], reference: Figures | null): void {
  const ms = (x: number | null) => (x === null ? '-' : x.toFixed(2));
  console.log('');
  console.log(`${WORKERS} workers, ${SECONDS} s each, ${USERS} users`);
  console.log('run                            per s   p50 ms   p99 ms   avg ms  failed  vs pgbench');
  for (const row of [...rows, ...(reference ? [reference] : [])]) {
    const ratio = reference && row !== reference ? `${(row.perSecond / reference.perSecond).toFixed(2)}x` : '';
    console.log(
      `${row.name.padEnd(29)} ${row.perSecond.toFixed(0).padStart(6)} ${ms(row.p50).padStart(8)} ${ms(row.p99).padStart(8)} ${ms(row.avg).padStart(8)} ${String(row.failed).padStart(7)}  ${ratio}`,
    );
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || URL_DEFAULT;
  if (!(await reachable(url))) {
    console.error(`The ledger benchmark needs PostgreSQL; none answers at ${url}. Set DATABASE_URL to one (it creates and drops its own schema and scratch database).`);
    process.exitCode = 1;
    return;
  }
  console.log(`ledger benchmark on ${url.replace(/\/\/[^@]*@/, '//')}`);
  const ledger = await benchLedger(url);
  const pgbench = await benchPgbench(url);
  print(ledger, pgbench);
  printEarlier(ledger, pgbench);
}

void main();
