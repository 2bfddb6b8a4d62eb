// Order benchmark (printed, not asserted): `pnpm bench:orders` at the repository root. Each
// market the engine serves is one `MarketRun` below (crypto now; a market adds its run to RUNS);
// BENCH_MARKETS=CRYPTO,USSTOCK picks which run (all by default), one after the other on one server.
//
// On PostgreSQL only (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), in a fresh
// schema dropped afterwards:
//   1. the server listening on a local port; USERS users signed up through the real routes, their
//      identity and the Bappebti terms marked accepted, each funded with IDR through the ledger;
//   2. per market run, CLIENTS concurrent HTTP clients (keep-alive) placing its order (crypto: a
//      market buy by amount, `POST /api/crypto/buy`; US stocks: a fractional AAPL market buy of $50
//      from the PALN wallet in regular hours, `POST /api/global-stock/buy`), each with its own
//      x-request-id, for SECONDS: orders/s, p50/p99. The clients run in a child process of their own
//      (this file forked), so the CPU per order printed is the server's alone (the clients' beside);
//      BENCH_CLIENTS_IN_PROCESS=1 runs them in the server's process, as the earlier figures were.
//      Each call sends x-language-code, as the product's client does on trading calls;
//   3. in the same run, the ledger-only ceiling: the same number of equivalent `ledger.transfer`
//      calls (a fill's legs: IDR to the house inventory and to fees, the asset to the user) from
//      CLIENTS concurrent callers.
// Printed side by side, with the ratio orders/ledger; the ledger's audit after the run.
//
// Options (environment): BENCH_SECONDS=10, BENCH_CLIENTS=8, BENCH_USERS=40, BENCH_MARKETS (all),
// BENCH_CLIENTS_IN_PROCESS=1.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { Client, Pool } from 'pg';
import { CRYPTO_PATHS, US_STOCK_PATHS } from '@pasar/shared/contract';
import { buildApp, type PasarApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { TransferRequest } from '../src/ledger/api';
import { signUpTestUser, type TestUser } from '../src/testing/auth-fixture';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 40);
const CLIENTS_IN_PROCESS = process.env.BENCH_CLIENTS_IN_PROCESS === '1';
/** Set in the forked child that runs the HTTP clients. */
const CLIENT_ROLE = 'PASAR_BENCH_ORDER_CLIENTS';

/** One market's run: what its users need before ordering, and the one order the clients repeat. */
interface MarketRun {
  readonly market: string;
  /** Makes `users` able to place this market's order (identity, terms, funds), as their flows would. */
  prepare(app: PasarApp, users: readonly TestUser[]): Promise<void>;
  /** The order request: its path and body. */
  readonly order: { readonly path: string; readonly body: Record<string, unknown>; readonly label: string };
}

const cryptoRun: MarketRun = {
  market: 'CRYPTO',
  async prepare(app, users) {
    for (const user of users) {
      await app.ledger.transfer({
        key: `bench-fund:${user.userId}`,
        kind: 'TOPUP',
        legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: { userId: user.userId, purpose: 'CASH', currency: 'IDR' }, amount: '100000000000' }],
      });
    }
  },
  order: { path: CRYPTO_PATHS.buy, body: { symbol: 'BTC-IDR', amount: '50000' }, label: 'HTTP crypto market buys' },
};

/** US stocks: a fractional market buy of AAPL by USD amount from the PALN wallet, in regular hours. */
const usOrderBody: Record<string, unknown> = { amount: '50', orderType: 'MARKET' };
const usStockRun: MarketRun = {
  market: 'USSTOCK',
  async prepare(app, users) {
    // Regular hours in New York (the market clock, development mode), whatever the wall clock says.
    await app.market.clock.set(Date.parse('2026-12-02T15:00:00Z'), { frozen: false });
    usOrderBody.stockId = app.market.instrument('AAPL')?.id;
    const ids = users.map((u) => u.userId);
    // Benchmark set-up only: the US-stock declaration as if approved through its flow.
    await app.database.db.execute(sql`update users set gss_kyc_status = 'VERIFIED' where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    for (const user of users) {
      await app.ledger.transfer({
        key: `bench-fund-usd:${user.userId}`,
        kind: 'TOPUP',
        legs: [{ from: { house: 'FX', currency: 'USD' }, to: { userId: user.userId, purpose: 'USD_PALN', currency: 'USD' }, amount: '10000000' }],
      });
    }
  },
  order: { path: US_STOCK_PATHS.buy, body: usOrderBody, label: 'HTTP US market buys by amount' },
};

/** Every market's run, in the order they are printed. */
const RUNS: readonly MarketRun[] = [cryptoRun, usStockRun];

interface Figures {
  readonly name: string;
  readonly count: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly avg: number;
  readonly failed: number;
  /**
   * CPU time of this process (user + system) per call: on a shared machine it moves much less with
   * the load than the rates do. With the clients in their own process, the server's alone.
   */
  readonly cpuMs: number;
  /** The HTTP clients' CPU per call when they ran in their own process. */
  readonly clientCpuMs?: number;
}

/** What the clients' process is given: where to send which order, as whom, for how long. */
interface ClientJob {
  readonly url: string;
  readonly body: string;
  readonly users: ReadonlyArray<Record<string, string>>;
  readonly clients: number;
  readonly seconds: number;
  readonly market: string;
}

interface ClientResult {
  readonly latencies: number[];
  readonly failed: number;
  readonly elapsedMs: number;
  /** The clients' process's CPU per call (ms). */
  readonly cpuMs: number;
}

/** `clients` concurrent keep-alive clients, each placing the order with a fresh x-request-id until `seconds` are up. */
async function runClients(job: ClientJob): Promise<ClientResult> {
  const latencies: number[] = [];
  let failed = 0;
  const cpu = cpuMeter();
  const start = performance.now();
  const end = start + job.seconds * 1000;
  await Promise.all(
    Array.from({ length: job.clients }, async (_, c) => {
      for (let n = 0; performance.now() < end; n++) {
        const headers = job.users[(c + n * job.clients) % job.users.length] as Record<string, string>;
        const t0 = performance.now();
        try {
          const response = await fetch(job.url, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'x-request-id': randomUUID() },
            body: job.body,
          });
          const text = await response.text();
          if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 200)}`);
          latencies.push(performance.now() - t0);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(`  ${job.market} orders: ${(error as Error).message}`);
        }
      }
    }),
  );
  return { latencies, failed, elapsedMs: performance.now() - start, cpuMs: cpu.perCall(latencies.length + failed) };
}

/** Runs `job` in a child process (this file, forked without CPU-profiling flags); `onStart` when it is handed the job. */
function runClientsForked(job: ClientJob, onStart: () => void): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] as string, [], {
      env: { ...process.env, [CLIENT_ROLE]: '1' },
      execArgv: process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof')),
    });
    let result: ClientResult | undefined;
    child.on('message', (message) => {
      const m = message as { ready?: boolean } & Partial<ClientResult>;
      if (m.ready) {
        onStart();
        child.send(job);
      }
      else result = m as ClientResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`the clients' process ended (${code}) without a result`))));
  });
}

/** Measures this process's CPU time from now; `perCall(n)` divides what was used by n. */
function cpuMeter(): { perCall(calls: number): number } {
  const start = process.cpuUsage();
  return {
    perCall(calls) {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 / Math.max(1, calls);
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function figures(name: string, latencies: number[], elapsedMs: number, failed: number, cpuMs: number): Figures {
  latencies.sort((a, b) => a - b);
  return {
    cpuMs,
    name,
    count: latencies.length,
    perSecond: latencies.length / (elapsedMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    avg: latencies.reduce((s, x) => s + x, 0) / Math.max(1, latencies.length),
    failed,
  };
}

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

async function setUpUsers(app: PasarApp): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await signUpTestUser(app));
  const ids = users.map((u) => u.userId);
  // Benchmark set-up only: the identity check and the terms as if done through their flows.
  await app.database.db.execute(
    sql`update users set kyc_status = 'VERIFIED', bappebti_accepted_at = now() where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return users;
}

/**
 * Every statement the server sends for one traced request (node-postgres in this process; the
 * request's async context, so work it starts after its answer counts too): what one order costs
 * the database. BENCH_TRACE=1 also prints them.
 */
const traced = new AsyncLocalStorage<{ readonly traced: boolean }>();
const statements: Array<{ readonly text: string; readonly afterAnswer: boolean }> = [];
let answered = false;
const query = Client.prototype.query as (...args: unknown[]) => unknown;
Client.prototype.query = function counted(this: Client, ...args: unknown[]) {
  if (traced.getStore()?.traced) {
    const first = args[0] as string | { text?: string } | undefined;
    statements.push({ text: typeof first === 'string' ? first : (first?.text ?? '?'), afterAnswer: answered });
  }
  return query.apply(this, args);
} as typeof Client.prototype.query;

/**
 * Runs each request carrying TRACE_HEADER in the traced context, from the HTTP server's own
 * 'request' event, so the statements of every onRequest hook count too (a hook added to the app
 * here would run after the modules' hooks). Every request sets the context, traced or not: requests
 * on one keep-alive connection share the parser's async resource.
 */
const TRACE_HEADER = 'x-bench-trace';
function traceRequests(app: PasarApp): void {
  app.server.prependListener('request', (request: { headers: Record<string, unknown> }) => {
    traced.enterWith({ traced: request.headers[TRACE_HEADER] === '1' });
  });
}

interface Cost {
  /** Statements until the answer, BEGIN and COMMIT included. */
  readonly statements: number;
  /** Statements the request's work issued after its answer (notifications and the like). */
  readonly after: number;
  /** Commits: COMMITs, and writes outside a transaction (each commits on its own). */
  readonly commits: number;
}

/** The cost of one order placed alone, after the warm-up. */
async function costOf(place: (headers: Record<string, string>) => Promise<void>): Promise<Cost> {
  statements.length = 0;
  answered = false;
  await place({ [TRACE_HEADER]: '1' });
  answered = true;
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (process.env.BENCH_TRACE === '1') {
    for (const s of statements) console.log(`  ${s.afterAnswer ? 'after' : 'sql  '} ${s.text.replace(/\s+/g, ' ').trim().slice(0, 150)}`);
  }
  let depth = 0;
  let commits = 0;
  for (const { text } of statements) {
    const t = text.trim().toLowerCase();
    if (t.startsWith('begin')) depth = 1;
    else if (t === 'commit' || t === 'rollback') {
      depth = 0;
      if (t === 'commit') commits++;
    } else if (depth === 0 && /^(with\b[\s\S]*\b(insert|update|delete)\b|insert|update|delete)/.test(t)) commits++;
  }
  return { statements: statements.filter((s) => !s.afterAnswer).length, after: statements.filter((s) => s.afterAnswer).length, commits };
}

/**
 * A user's headers as the product's API client sends them on a trading call: with x-language-code
 * (without it, the account module reads the person's language for every call).
 */
const clientHeaders = (user: TestUser): Record<string, string> => ({ ...user.headers, 'x-language-code': 'id' });

async function benchOrders(base: string, users: readonly TestUser[], run: MarketRun): Promise<Figures & { cost: Cost }> {
  const place = async (user: TestUser, extra: Record<string, string> = {}) => {
    const response = await fetch(`${base}${run.order.path}`, {
      method: 'POST',
      headers: { ...clientHeaders(user), ...extra, 'content-type': 'application/json', 'x-request-id': randomUUID() },
      body: JSON.stringify(run.order.body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 200)}`);
  };
  // Warm up: connections, plans, the users' ledger accounts.
  for (const user of users) await place(user);
  const cost = await costOf((headers) => place(users[0] as TestUser, headers));
  const job: ClientJob = {
    url: `${base}${run.order.path}`,
    body: JSON.stringify(run.order.body),
    users: users.map(clientHeaders),
    clients: CLIENTS,
    seconds: SECONDS,
    market: run.market,
  };
  const name = `${run.order.label} (${CLIENTS} clients${CLIENTS_IN_PROCESS ? ', in process' : ''})`;
  if (CLIENTS_IN_PROCESS) {
    const cpu = cpuMeter();
    const result = await runClients(job);
    return { ...figures(name, result.latencies, result.elapsedMs, result.failed, cpu.perCall(result.latencies.length + result.failed)), cost };
  }
  // The server's CPU from the moment the (started) child is handed the job until its result.
  let cpu = cpuMeter();
  const result = await runClientsForked(job, () => (cpu = cpuMeter()));
  const calls = result.latencies.length + result.failed;
  return { ...figures(name, result.latencies, result.elapsedMs, result.failed, cpu.perCall(calls)), clientCpuMs: result.cpuMs, cost };
}

/** A fill's transfer: IDR from the user to the inventory and to fees, the asset from the inventory to the user. */
function fillTransfer(userId: string, n: number): TransferRequest {
  const cash = { userId, purpose: 'CASH', currency: 'IDR' } as const;
  return {
    key: `bench-ledger:${n}:${randomUUID()}`,
    kind: 'ORDER_FILL',
    legs: [
      { from: cash, to: { house: 'INVENTORY', currency: 'IDR' }, amount: '49950' },
      { from: cash, to: { house: 'FEES', currency: 'IDR' }, amount: '50' },
      { from: { house: 'INVENTORY', currency: 'BTC' }, to: { userId, purpose: 'SPOT', currency: 'BTC' }, amount: '0.00003329' },
    ],
    memo: { bench: true },
  };
}

async function benchLedger(app: PasarApp, users: readonly TestUser[], count: number): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const cpu = cpuMeter();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (;;) {
        const n = next++;
        if (n >= count) return;
        const user = users[(c + n) % users.length] as TestUser;
        const t0 = performance.now();
        try {
          await app.ledger.transfer(fillTransfer(user.userId, n));
          latencies.push(performance.now() - t0);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(`  ledger: ${(error as Error).message}`);
        }
      }
    }),
  );
  return figures(`ledger.transfer, same count (${CLIENTS} callers)`, latencies, performance.now() - start, failed, cpu.perCall(count));
}

/**
 * Crypto figures recorded before the order path's rework (decision 0029), beside this run's: medians
 * of three runs (one at 32 clients before the CPU pass). The issue's come from a fresh clone on a
 * quiet machine; the others from the shared 2-core machine under a load average of 6-12, as the new
 * ones were measured (compare CPU ms/call first: it moves far less with the load than the rates).
 */
const EARLIER: Readonly<Record<number, ReadonlyArray<{ label: string; orders: number; ceiling: number; p99: number; statements: string; commits: number; cpuMs?: number }>>> = {
  8: [
    { label: 'issue 17 (fresh clone)', orders: 108, ceiling: 613, p99: 250, statements: '14', commits: 3 },
    { label: 'before 0029 (loaded)', orders: 30, ceiling: 179, p99: 626, statements: '17+4', commits: 4 },
    { label: 'before the CPU pass (loaded)', orders: 7, ceiling: 111, p99: 2203, statements: '20+2', commits: 4, cpuMs: 35.5 },
    { label: 'before the third pass (quiet)', orders: 165, ceiling: 535, p99: 98, statements: '13+0', commits: 4, cpuMs: 5.5 },
  ],
  32: [
    { label: 'before 0029 (loaded)', orders: 22, ceiling: 204, p99: 2161, statements: '17+4', commits: 4 },
    { label: 'before the CPU pass (loaded)', orders: 12, ceiling: 208, p99: 3982, statements: '20+2', commits: 4, cpuMs: 33.9 },
  ],
};

/** The earlier figures and this run's; CPU per order there is the server's and its clients' together (as it was measured before the clients had a process of their own). */
function printEarlier(crypto: Figures & { cost: Cost }, ledger: Figures): void {
  const earlier = EARLIER[CLIENTS];
  if (!earlier) return;
  console.log('');
  console.log(`crypto at ${CLIENTS} clients         orders/s  ceiling/s  ratio  p99 ms  statements  commits  CPU ms (server+clients)`);
  const line = (label: string, orders: number, ceiling: number, p99: number, statements: string, commits: number, cpuMs: number | undefined) =>
    console.log(
      `${label.padEnd(29)} ${orders.toFixed(0).padStart(8)} ${ceiling.toFixed(0).padStart(10)} ${(orders / ceiling).toFixed(2).padStart(6)} ${p99.toFixed(0).padStart(7)} ${statements.padStart(11)} ${String(commits).padStart(8)} ${(cpuMs === undefined ? '-' : cpuMs.toFixed(1)).padStart(8)}`,
    );
  for (const row of earlier) line(row.label, row.orders, row.ceiling, row.p99, row.statements, row.commits, row.cpuMs);
  line('this run', crypto.perSecond, ledger.perSecond, crypto.p99, `${crypto.cost.statements}+${crypto.cost.after}`, crypto.cost.commits, crypto.cpuMs + (crypto.clientCpuMs ?? 0));
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || URL_DEFAULT;
  if (!(await reachable(url))) {
    console.error(`The orders benchmark needs PostgreSQL; none answers at ${url}. Set DATABASE_URL to one (it creates and drops its own schema).`);
    process.exitCode = 1;
    return;
  }
  const schema = `bench_orders_${randomBytes(4).toString('hex')}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-bench-orders-'));
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: path.join(dir, 'data'),
    DEPLOY_DIR: path.join(dir, 'deploy'),
    SHELL_DIST: path.join(dir, 'shell'),
    LOG_LEVEL: 'warn',
    KYC_AUTO_APPROVE_SECONDS: 'off',
    CRYPTO_MATCH_INTERVAL_MS: '0',
    RATE_LIMIT_IP_FACTOR: '1000',
  });
  const app = buildApp(config);
  traceRequests(app);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    console.log(`orders benchmark on ${url.replace(/\/\/[^@]*@/, '//')} (schema ${schema}); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const users = await setUpUsers(app);
    const wanted = process.env.BENCH_MARKETS?.split(',').map((m) => m.trim().toUpperCase());
    const runs = RUNS.filter((r) => !wanted || wanted.includes(r.market));
    if (runs.length === 0) throw new Error(`BENCH_MARKETS names no run (${RUNS.map((r) => r.market).join(', ')})`);
    const results: Array<Figures & { cost: Cost }> = [];
    for (const run of runs) {
      await run.prepare(app, users);
      results.push(await benchOrders(base, users, run));
    }
    // The ceiling: as many ledger transfers as the busiest run placed orders (funded like crypto's users).
    if (!runs.includes(cryptoRun)) await cryptoRun.prepare(app, users);
    const ledger = await benchLedger(app, users, Math.max(...results.map((r) => r.count)));
    const audit = await app.ledger.audit();
    const clean = Object.values(audit.sums).every((s) => s === '0') && audit.negativeUserAccounts === 0 && audit.heldMismatch === 0;

    const ms = (x: number) => x.toFixed(2);
    console.log('');
    console.log(`${SECONDS} s of orders per market, ${CLIENTS} concurrent clients, ${USERS} users; ledger audit after the run: ${clean ? 'clean' : `NOT CLEAN ${JSON.stringify(audit)}`}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('run                                           count   per s   p50 ms   p99 ms   avg ms  failed  CPU ms/call');
    for (const row of [...results, ledger]) {
      console.log(
        `${row.name.padEnd(44)} ${String(row.count).padStart(6)} ${row.perSecond.toFixed(0).padStart(7)} ${ms(row.p50).padStart(8)} ${ms(row.p99).padStart(8)} ${ms(row.avg).padStart(8)} ${String(row.failed).padStart(7)} ${ms(row.cpuMs).padStart(12)}`,
      );
    }
    for (const row of results) {
      if (row.clientCpuMs !== undefined) console.log(`  (${row.name}: the CPU above is the server's; its clients' process used ${ms(row.clientCpuMs)} ms per order besides)`);
    }
    for (const [i, run] of runs.entries()) {
      const result = results[i] as Figures & { cost: Cost };
      console.log(
        `${run.market} orders / ledger-only ceiling: ${(result.perSecond / ledger.perSecond).toFixed(2)}x; one order: ${result.cost.statements} statements to its answer (+${result.cost.after} after it), ${result.cost.commits} commits in all (a ledger transfer: 1 statement, 1 commit)`,
      );
    }
    const crypto = results[runs.indexOf(cryptoRun)];
    if (crypto) printEarlier(crypto, ledger);
  } finally {
    await app.close();
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`drop schema if exists "${schema}" cascade`).finally(() => admin.end());
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (process.env[CLIENT_ROLE] === '1') {
  // The clients' process: say it is ready, run the job it is handed, send the result back and end.
  process.once('message', (job) => {
    void runClients(job as ClientJob).then((result) => process.send?.(result, () => process.exit(0)));
  });
  process.send?.({ ready: true });
} else {
  void main();
}
