// The crash test (issue 5): the real server, killed with SIGKILL in the middle of a burst of
// transfers and started again on the same data. Every transfer it acknowledged is there, none is
// there twice (retrying every request with its x-request-id moves no money a second time), and
// the ledger's invariants hold. PGlite by default, PostgreSQL (a schema of its own) with DATABASE_URL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import {
  ACCOUNT_PATHS,
  FX_WALLET_PATHS,
  WALLET_PATHS,
  topupPath,
  topupSimulatePath,
  type AccountsResponse,
  type StockBalanceResponse,
  type StockTransferResult,
  type TopUp,
} from '@pasar/shared/contract';
import { createDatabase, type Database } from '../db/database';
import { JPEG, PNG, VALID_KYC_FIELDS } from '../modules/account/test-support';
import { runBurst, type BurstStep, type StepOutcome } from '../testing/crash-burst';
import { call, dataOf, signUpOverHttp, startServer, type HttpResponse, type HttpUser, type ServerProcess } from '../testing/crash-server';
import { randomTestPhone } from '../testing/auth-fixture';
import { testDatabaseUrl } from '../testing/database-fixture';
import { TEST_PIN_HASH_COST } from '../testing/app-fixture';
import { createLedger } from './ledger';

const FX_TRANSFERS = 36;
const TOPUPS = 8;
const FX_IDR = '50000';
const TOPUP_IDR = '100000';
const FUNDING_IDR = '5000000';
const REPLAYED = 'idempotent-replayed';

describe('crash: SIGKILL in the middle of a burst of transfers', () => {
  const url = testDatabaseUrl();
  const schema = `t_crash_${randomBytes(5).toString('hex')}`;
  let root: string;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-crash-'));
    await fs.mkdir(path.join(root, 'deploy'));
    await fs.mkdir(path.join(root, 'shell'));
    env = {
      DATA_DIR: path.join(root, 'data'),
      DEPLOY_DIR: path.join(root, 'deploy'),
      SHELL_DIST: path.join(root, 'shell'),
      PASAR_MODE: 'development',
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: `crash-test-admin-${randomBytes(16).toString('hex')}`,
      KYC_AUTO_APPROVE_SECONDS: 'off',
      PIN_HASH_COST: String(TEST_PIN_HASH_COST),
      // A row left IN_PROGRESS by the killed server is free again by the time the new one listens.
      IDEMPOTENCY_STALE_SECONDS: '5',
      DATABASE_URL: url ?? '',
      DATABASE_SCHEMA: url ? schema : '',
    };
  });

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    if (url) {
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`drop schema if exists "${schema}" cascade`).finally(() => pool.end());
    }
    await fs.rm(root, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  it('keeps every acknowledged transfer exactly once, and the ledger balanced', async () => {
    const startedAt = Date.now();
    const first = await start();
    const user = await readyUser(first.baseUrl, env.ADMIN_TOKEN);
    const setupMs = Date.now() - startedAt;

    // The burst: IDR -> USD transfers and top-ups (created, then paid), four at a time; the server
    // is killed once a third of the calls have been acknowledged.
    const fxChains: BurstStep[][] = Array.from({ length: FX_TRANSFERS }, (_, i) => [
      { key: `crash-fx-${i}`, method: 'POST', url: () => FX_WALLET_PATHS.stockTransfer, body: { wallet: 'paln', direction: 'TO_USD', amount: FX_IDR } },
    ]);
    const topupChains: BurstStep[][] = Array.from({ length: TOPUPS }, (_, i) => [
      { key: `crash-topup-${i}`, method: 'POST', url: () => WALLET_PATHS.topups, body: { paymentChannel: 'BCA_VA', amount: TOPUP_IDR } },
      { key: `crash-pay-${i}`, method: 'POST', url: (earlier) => topupSimulatePath(dataOf<TopUp>(earlier[0], 'top-up').id) },
    ]);
    // Interleaved, so both kinds are in flight when the process dies.
    const chains = fxChains.flatMap((chain, i) => (i % 4 === 3 && topupChains[(i - 3) / 4] ? [chain, topupChains[(i - 3) / 4]] : [chain]));
    expect(chains).toHaveLength(FX_TRANSFERS + TOPUPS);
    const totalCalls = FX_TRANSFERS + 2 * TOPUPS;
    const burst = await runBurst(chains, {
      baseUrl: first.baseUrl,
      headers: user.headers,
      concurrency: 4,
      crashAfter: Math.floor(totalCalls / 3),
      onCrashPoint: () => void first.stop('SIGKILL'),
    });
    await first.stop('SIGKILL');
    const ackFx = acknowledgedOf(burst.chains, 'crash-fx-');
    const ackPaid = acknowledgedOf(burst.chains, 'crash-pay-');
    expect(burst.acknowledged).toBeGreaterThanOrEqual(Math.floor(totalCalls / 3));
    expect(burst.acknowledged).toBeLessThan(totalCalls);

    // Started again on the same data.
    const restartAt = Date.now();
    const second = await start();
    const restartMs = Date.now() - restartAt;
    const balances = async () => ({
      idr: new Decimal(dataOf<AccountsResponse>(await get(second, WALLET_PATHS.accounts, user), 'accounts').cashAccount.cashBalance),
      usd: new Decimal(dataOf<StockBalanceResponse>(await get(second, FX_WALLET_PATHS.stockBalance, user), 'stock balance').paln.usdCash),
    });

    // Before any retry: at least every acknowledged effect, at most every attempted one.
    const fxIdr = new Decimal(FX_IDR);
    const topupIdr = new Decimal(TOPUP_IDR);
    const attemptedFx = attemptedOf(burst.chains, 'crash-fx-');
    const attemptedPaid = attemptedOf(burst.chains, 'crash-pay-');
    const afterCrash = await balances();
    const funded = new Decimal(FUNDING_IDR);
    expect(afterCrash.idr.gte(funded.plus(topupIdr.times(ackPaid.length)).minus(fxIdr.times(attemptedFx)))).toBe(true);
    expect(afterCrash.idr.lte(funded.plus(topupIdr.times(attemptedPaid)).minus(fxIdr.times(ackFx.length)))).toBe(true);
    const ackUsd = ackFx.reduce((sum, outcome) => sum.plus(dataOf<StockTransferResult>(outcome.response!, 'fx').usdAmount), new Decimal(0));
    expect(afterCrash.usd.gte(ackUsd)).toBe(true);

    // Every request again, with its own x-request-id: acknowledged ones are replayed as they were
    // answered; the others run (or find what the killed server did) and end applied exactly once.
    const fxResults = new Map<string, StockTransferResult>();
    const topUpIds: string[] = [];
    for (const [index, chain] of chains.entries()) {
      const outcomes = burst.chains[index];
      const earlier: HttpResponse[] = [];
      for (const [position, step] of chain.entries()) {
        const before = outcomes[position];
        const response = await retry(second, step, earlier, user);
        if (before?.response) {
          expect({ key: step.key, status: response.status, replayed: response.headers.get(REPLAYED), body: response.body }).toEqual({
            key: step.key,
            status: before.response.status,
            replayed: 'true',
            body: before.response.body,
          });
        }
        if (step.key.startsWith('crash-pay-')) {
          // Paid by the killed server after its last answer: the top-up is no longer PENDING (3406).
          const paidBefore = response.status === 409 && (response.body as { error_code?: string }).error_code === '3406';
          if (!paidBefore) expect({ key: step.key, status: response.status }).toEqual({ key: step.key, status: 200 });
          const topUp = dataOf<TopUp>(await get(second, topupPath(dataOf<TopUp>(earlier[0], 'top-up').id), user), 'top-up');
          expect(topUp.status).toBe('PAID');
          topUpIds.push(topUp.id);
        } else {
          expect({ key: step.key, status: response.status }).toEqual({ key: step.key, status: 200 });
        }
        if (step.key.startsWith('crash-fx-')) fxResults.set(step.key, dataOf<StockTransferResult>(response, 'fx'));
        earlier.push(response);
      }
    }
    expect(fxResults.size).toBe(FX_TRANSFERS);
    // Unacknowledged transfers the killed server had committed (its answer never arrived).
    const lostFx = chains.flatMap((_, i) => burst.chains[i]).filter((o) => o.step.key.startsWith('crash-fx-') && o.inFlightAtCrash);
    const committedUnanswered = lostFx.filter((o) => Date.parse(fxResults.get(o.step.key)!.createdAt) < restartAt).length;
    expect(new Set(topUpIds).size).toBe(TOPUPS);
    // An acknowledged transfer is the same transfer after the crash.
    for (const outcome of ackFx) {
      expect(fxResults.get(outcome.step.key)?.transferId).toBe(dataOf<StockTransferResult>(outcome.response!, 'fx').transferId);
    }

    // Now every request is applied once: exact balances.
    const usdTotal = [...fxResults.values()].reduce((sum, result) => sum.plus(result.usdAmount), new Decimal(0));
    const final = await balances();
    expect(final.idr.toFixed()).toBe(funded.plus(topupIdr.times(TOPUPS)).minus(fxIdr.times(FX_TRANSFERS)).toFixed());
    expect(final.usd.toFixed()).toBe(usdTotal.toFixed());
    await second.stop('SIGTERM');

    // The ledger itself, read directly.
    const database = await openDatabase(env, url, schema);
    try {
      const ledger = createLedger(database.db);
      const audit = await ledger.audit();
      expect(Object.values(audit.sums).every((sum) => new Decimal(sum).isZero())).toBe(true);
      expect(audit.negativeUserAccounts).toBe(0);
      expect(audit.heldMismatch).toBe(0);

      const rows = async <R>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as R[];
      const fxKeys = [...fxResults.keys()].map((key) => `fx:${user.userId}:${key}`);
      const fxTransfers = await rows<{ key: string; id: string }>(
        sql`select key, id from ledger_transfers where key in (${sql.join(fxKeys.map((k) => sql`${k}`), sql`, `)})`,
      );
      expect(fxTransfers).toHaveLength(FX_TRANSFERS);
      for (const transfer of fxTransfers) {
        expect(transfer.id).toBe(fxResults.get(transfer.key.slice(`fx:${user.userId}:`.length))?.transferId);
      }
      // Nothing else touched the user's accounts: the funding, one transfer per top-up, one per FX request.
      const [touched] = await rows<{ n: number }>(
        sql`select count(distinct e.transfer_id)::int as n from ledger_entries e
            join ledger_accounts a on a.id = e.account_id where a.user_id = ${user.userId}`,
      );
      expect(touched.n).toBe(1 + TOPUPS + FX_TRANSFERS);
      // Stored balances agree with the entries, and every currency sums to zero.
      const [drift] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_accounts a
            where a.balance <> coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id), 0)`,
      );
      expect(drift.n).toBe(0);
      const unbalanced = await rows<{ currency: string }>(sql`select currency from ledger_entries group by currency having sum(amount) <> 0`);
      expect(unbalanced).toEqual([]);
      const [negative] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_accounts where user_id is not null and (balance < 0 or held < 0 or held > balance)`,
      );
      expect(negative.n).toBe(0);
      const [open] = await rows<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where state = 'IN_PROGRESS'`);
      expect(open.n).toBe(0);
    } finally {
      await database.close();
    }

    console.log(
      `crash test (${url ? 'PostgreSQL' : 'PGlite'}): setup ${setupMs} ms; ${burst.acknowledged} of ${totalCalls} calls acknowledged, ` +
        `${burst.lost} in flight at the SIGKILL (${ackFx.length} FX transfers, ${ackPaid.length} top-up payments acknowledged); ` +
        `restart ${restartMs} ms; of ${lostFx.length} FX transfers in flight, ${committedUnanswered} had been committed unanswered ` +
        `(their retries found them); total ${Date.now() - startedAt} ms`,
    );
  }, 180_000);
});

const get = (server: ServerProcess, url: string, user: HttpUser) => call(server.baseUrl, 'GET', url, { headers: user.headers });

/** Outcomes whose step key starts with `prefix` and that got a 2xx. */
function acknowledgedOf(chains: readonly StepOutcome[][], prefix: string): StepOutcome[] {
  return chains.flat().filter((o) => o.step.key.startsWith(prefix) && o.response && o.response.status < 300);
}

/** How many steps with this prefix were sent at all (acknowledged or in flight at the crash). */
function attemptedOf(chains: readonly StepOutcome[][], prefix: string): number {
  return chains.flat().filter((o) => o.step.key.startsWith(prefix)).length;
}

/** The same call again; a 043 (the killed server's claim not yet stale) is retried for a while. */
async function retry(server: ServerProcess, step: BurstStep, earlier: readonly HttpResponse[], user: HttpUser): Promise<HttpResponse> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await call(server.baseUrl, step.method, step.url(earlier), {
      headers: { ...user.headers, 'x-request-id': step.key },
      body: step.body,
    });
    const code = (response.body as { error_code?: string } | null)?.error_code;
    if (code !== '043' || attempt >= 5) return response;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A signed-up user with a verified identity and US-stock declaration, funded by one top-up. */
async function readyUser(baseUrl: string, adminToken: string): Promise<HttpUser> {
  const user = await signUpOverHttp(baseUrl, randomTestPhone());
  const admin = { 'x-admin-token': adminToken };

  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_KYC_FIELDS)) form.append(name, value);
  form.append('ktpPhoto', new Blob([JPEG()], { type: 'image/jpeg' }), 'ktp.jpg');
  form.append('selfie', new Blob([PNG()], { type: 'image/png' }), 'selfie.png');
  dataOf(await call(baseUrl, 'POST', ACCOUNT_PATHS.kyc, { headers: user.headers, body: form }), 'kyc');
  dataOf(await call(baseUrl, 'POST', ACCOUNT_PATHS.adminKycApprove, { headers: admin, body: { phone: user.phone } }), 'approve kyc');
  const declaration = {
    fullLegalName: VALID_KYC_FIELDS.fullName,
    countryOfCitizenship: 'ID',
    permanentAddress: VALID_KYC_FIELDS.address,
    dateOfBirth: VALID_KYC_FIELDS.birthDate,
    npwp: '09.254.294.3-407.000',
    notUsPerson: true,
    treatyCountry: 'ID',
    signature: VALID_KYC_FIELDS.fullName.toLowerCase(),
    signedDate: new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10),
  };
  dataOf(await call(baseUrl, 'POST', ACCOUNT_PATHS.kycGss, { headers: user.headers, body: { declaration } }), 'gss declaration');
  dataOf(await call(baseUrl, 'POST', ACCOUNT_PATHS.adminKycApprove, { headers: admin, body: { phone: user.phone, kind: 'gss' } }), 'approve gss');

  const topUp = dataOf<TopUp>(
    await call(baseUrl, 'POST', WALLET_PATHS.topups, { headers: user.headers, body: { paymentChannel: 'BCA_VA', amount: FUNDING_IDR } }),
    'funding top-up',
  );
  dataOf(await call(baseUrl, 'POST', topupSimulatePath(topUp.id), { headers: user.headers }), 'funding payment');
  return user;
}

/** The server's database, opened by this process once the server has stopped (PGlite is single-process). */
async function openDatabase(env: Record<string, string>, url: string | undefined, schema: string): Promise<Database> {
  return url
    ? createDatabase({ database: { kind: 'postgres', url, schema } })
    : createDatabase({ database: { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') } });
}
