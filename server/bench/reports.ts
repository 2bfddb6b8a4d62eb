// Reports benchmark (printed, not asserted): `pnpm bench:reports` at the repository root, on
// PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; PGlite when
// BENCH_PGLITE=1, with smaller numbers).
//
// One person with BENCH_FILLS (100,000) crypto fills through 2025 (two buys for every sale, each
// fill a ledger transfer of 5 or 6 entries and a `fills` row) and enough top-ups between them that
// the person's ledger holds about BENCH_ENTRIES (1,000,000) entries, all written with bulk SQL.
// Printed:
// 1. GET /api/reports/transactions through the app, BENCH_ROUNDS (100) times: the first page, and a
//    page from the middle of the history (by its cursor): p50 and p99 in ms;
// 2. the yearly tax report of 2025: POST, then its status read until READY; the generation time
//    (queued to ready) and the sizes of the kept PDF and CSV.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { REPORT_PATHS, TAX_REPORT_PATHS, TaxReport, successEnvelope, taxReportFilePath, taxReportPath } from '@pasar/shared/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { encodeCursor } from '../src/modules/reports/service';
import { signUpTestUser } from '../src/testing/auth-fixture';
import { openTestDatabase } from '../src/testing/database-fixture';
import { createOrdersRepo } from '../src/trading';

if (!process.env.DATABASE_URL && !process.env.BENCH_PGLITE) process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const FILLS = Number(process.env.BENCH_FILLS ?? (process.env.BENCH_PGLITE ? 5_000 : 100_000));
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? FILLS * 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const YEAR_START = '2025-01-01T00:00:00+07:00';
/** The crypto tax change (PMK 50/2025): the bench's fills are taxed as the report's default schedule expects. */
const VAT_UNTIL = '2025-08-01T00:00:00+07:00';

const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;
const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const db = await openTestDatabase({ migrated: true });
  const config = loadConfig({ ...db.env, LOG_LEVEL: 'warn', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0', KYC_AUTO_APPROVE_SECONDS: 'off', ACCESS_TOKEN_TTL_SECONDS: '86400' });
  const app = buildApp(config, { database: db.database });
  await app.ready();
  const run = (query: ReturnType<typeof sql>) => app.database.db.execute(query);
  try {
    console.log(`Reports for one person with ${FILLS.toLocaleString('en')} fills and about ${ENTRIES.toLocaleString('en')} ledger entries (${db.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    const person = await signUpTestUser(app);
    const u = person.userId;
    const t0 = performance.now();

    // The accounts, made by one real transfer each way (the ledger creates them).
    await app.ledger.transfer({
      key: `bench-reports-open:${randomUUID()}`,
      kind: 'TOPUP',
      legs: [
        { from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: { userId: u, currency: 'IDR', purpose: 'CASH' }, amount: '1' },
        { from: { house: 'INVENTORY', currency: 'BTC' }, to: { userId: u, currency: 'BTC', purpose: 'SPOT' }, amount: '0.00000001' },
        { from: { house: 'INVENTORY', currency: 'IDR' }, to: { house: 'FEES', currency: 'IDR' }, amount: '1' },
        { from: { house: 'INVENTORY', currency: 'IDR' }, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: '1' },
      ],
    });
    const accounts = Object.fromEntries(
      rowsOf<{ ref: string; id: string }>(await run(sql`select ref, id from ledger_accounts where user_id = ${u}::uuid or house is not null`)).map((r) => [r.ref, r.id]),
    );
    const acc = (ref: string) => {
      const id = accounts[ref];
      if (!id) throw new Error(`no account ${ref}`);
      return id;
    };
    const cash = acc(`user:${u}:CASH:IDR`);
    const spot = acc(`user:${u}:SPOT:BTC`);
    const invIdr = acc('house:INVENTORY:IDR');
    const invBtc = acc('house:INVENTORY:BTC');
    const fees = acc('house:FEES:IDR');
    const tax = acc('house:TAX_PAYABLE:IDR');
    const clearing = acc('house:PAYMENT_CLEARING:IDR');

    const orderId = randomUUID();
    await createOrdersRepo(app.database.db).insertOrders([
      { id: orderId, market: 'CRYPTO', currency: 'IDR', userId: u, requestId: orderId, symbol: 'BTC-IDR', asset: 'BTC', side: 'BUY', orderType: 'MARKET', source: 'INSTANT', inputType: 'quantity', quantity: '1', timeInForce: 'GOOD_TILL_CANCEL', status: 'SUCCESS', exchangeStatus: 'SUCCESS', isOpen: false, fillCount: 1 },
    ]);

    // Fills: every third a sale; 0.001 BTC at 1.5 bn ± up to 30 m; 0.1% fee; the tax of the period as
    // the default schedule has it: before 1 August 2025 0.1% PPh on sales (rounded up) and 0.11% VAT
    // on purchases (rounded down), from then 0.21% PPh on sales and no VAT.
    const step = Math.floor((365 * 24 * 3600) / (FILLS + 1));
    const batch = 20_000;
    // Each batch in one transaction: the ledger checks at commit that every transfer balances.
    for (let from = 1; from <= FILLS; from += batch) {
      const to = Math.min(FILLS, from + batch - 1);
      await app.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ledger_transfers (key, kind, request_hash, memo, created_at)
          select 'crypto-fill:bench:' || ${orderId} || ':' || i, 'ORDER_FILL', 'bench',
            jsonb_build_object('orderId', ${orderId}::text, 'symbol', 'BTC-IDR', 'side', case when i % 3 = 2 then 'SELL' else 'BUY' end,
              'quantity', '0.001', 'price', (1500000000 + (i % 7 - 3) * 10000000)::text, 'i', i),
            ${YEAR_START}::timestamptz + make_interval(secs => i * ${step})
          from generate_series(${from}::int, ${to}::int) i`);
        await tx.execute(sql`
          insert into fills (market, order_id, user_id, symbol, asset, currency, side, quantity, price, amount, fee, tax, total, transfer_id, executed_at)
          select 'CRYPTO', ${orderId}::uuid, ${u}::uuid, 'BTC-IDR', 'BTC', 'IDR', x.side, 0.001, x.price, x.amount, x.fee, x.tax,
            case when x.side = 'SELL' then x.amount - x.fee - x.tax else x.amount + x.fee + x.tax end, x.id, x.created_at
          from (
            select t.id, t.created_at, t.memo->>'side' as side, (t.memo->>'price')::numeric as price,
              (t.memo->>'price')::numeric * 0.001 as amount, ceil((t.memo->>'price')::numeric * 0.001 * 0.001) as fee,
              case when t.created_at < ${VAT_UNTIL}::timestamptz
                then (case when t.memo->>'side' = 'SELL' then ceil((t.memo->>'price')::numeric * 0.001 * 0.001) else floor((t.memo->>'price')::numeric * 0.001 * 0.0011) end)
                else (case when t.memo->>'side' = 'SELL' then ceil((t.memo->>'price')::numeric * 0.001 * 0.0021) else 0 end) end as tax
            from ledger_transfers t where t.key like ${`crypto-fill:bench:${orderId}:%`} and (t.memo->>'i')::int between ${from} and ${to}
          ) x`);
        // Each fill's entries, from its fills row (balance_after is read only by the holdings).
        await tx.execute(sql`
          insert into ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
          select f.transfer_id, leg.account, leg.currency, leg.amount, 0, f.executed_at
          from fills f join ledger_transfers t on t.id = f.transfer_id cross join lateral (values
            (${cash}::uuid, 'IDR', case when f.side = 'SELL' then f.total else -f.total end),
            (${spot}::uuid, 'BTC', case when f.side = 'SELL' then -f.quantity else f.quantity end),
            (${invBtc}::uuid, 'BTC', case when f.side = 'SELL' then f.quantity else -f.quantity end),
            (${invIdr}::uuid, 'IDR', case when f.side = 'SELL' then -(f.total + f.fee + f.tax) else f.amount end),
            (${fees}::uuid, 'IDR', f.fee),
            (${tax}::uuid, 'IDR', f.tax)
          ) as leg(account, currency, amount)
          where f.user_id = ${u}::uuid and f.order_id = ${orderId}::uuid and (t.memo->>'i')::int between ${from} and ${to} and leg.amount <> 0`);
      });
    }
    const fillEntries = Number(rowsOf<{ n: string }>(await run(sql`select count(*) as n from ledger_entries where account_id in (${cash}::uuid, ${spot}::uuid)`))[0]!.n);
    // Top-ups (two entries each) between the fills until the person's ledger holds ENTRIES entries.
    const topups = Math.max(0, Math.floor((ENTRIES - fillEntries * 2.6) / 2));
    const topStep = Math.floor((365 * 24 * 3600) / (topups + 1));
    for (let from = 1; from <= topups; from += batch * 2) {
      const to = Math.min(topups, from + batch * 2 - 1);
      await run(sql`
        with t as (
          insert into ledger_transfers (key, kind, request_hash, memo, created_at)
          select 'topup:bench:' || ${u} || ':' || i, 'TOPUP', 'bench', '{}'::jsonb, ${YEAR_START}::timestamptz + make_interval(secs => i * ${topStep})
          from generate_series(${from}::int, ${to}::int) i
          returning id, created_at
        )
        insert into ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
        select t.id, leg.account, 'IDR', leg.amount, 0, t.created_at from t
        cross join (values (${cash}::uuid, 100000::numeric), (${clearing}::uuid, -100000::numeric)) as leg(account, amount)`);
    }
    await run(sql`analyze ledger_transfers; analyze ledger_entries; analyze fills; analyze ledger_accounts`);
    const [counts] = rowsOf<{ entries: string; transfers: string; fills: string }>(
      await run(sql`select (select count(*) from ledger_entries) as entries, (select count(*) from ledger_transfers) as transfers, (select count(*) from fills where user_id = ${u}::uuid) as fills`),
    );
    console.log(`   seeded ${Number(counts!.fills).toLocaleString('en')} fills, ${Number(counts!.transfers).toLocaleString('en')} transfers, ${Number(counts!.entries).toLocaleString('en')} ledger entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // 1. History pages.
    const [middle] = rowsOf<{ id: string; created_at: string | Date }>(
      await run(sql`select id, created_at from ledger_transfers where key like ${`crypto-fill:bench:${orderId}:%`} order by created_at limit 1 offset ${Math.floor(FILLS / 2)}`),
    );
    const cursor = encodeCursor({ id: middle!.id, createdAt: new Date(middle!.created_at) });
    for (const [name, url] of [
      ['first page', REPORT_PATHS.transactions],
      ['a page mid-history', `${REPORT_PATHS.transactions}?cursor=${cursor}`],
      ['first page, product=CRYPTO type=SELL', `${REPORT_PATHS.transactions}?product=CRYPTO&type=SELL`],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS + 5; i++) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: person.headers });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (i >= 5) times.push(performance.now() - start);
      }
      console.log(`   history ${name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms (${ROUNDS} rounds)`);
    }

    // 2. The yearly tax report of 2025, generated in the background.
    const started = performance.now();
    const posted = await app.inject({ method: 'POST', url: TAX_REPORT_PATHS.reports, payload: { period: 'YEAR', year: 2025 }, headers: { ...person.headers, 'x-request-id': randomUUID() } });
    const report = successEnvelope(TaxReport).parse(posted.json()).data;
    let last = report;
    const marks: string[] = [];
    while (last.status !== 'READY' && last.status !== 'FAILED') {
      await sleep(50);
      last = successEnvelope(TaxReport).parse((await app.inject({ method: 'GET', url: taxReportPath(report.id), headers: person.headers })).json()).data;
      if (last.status === 'RUNNING' && marks[marks.length - 1] !== `${last.progress}%`) marks.push(`${last.progress}%`);
    }
    const took = performance.now() - started;
    const pdf = await app.inject({ method: 'GET', url: taxReportFilePath(report.id, 'pdf'), headers: person.headers });
    const csv = await app.inject({ method: 'GET', url: taxReportFilePath(report.id, 'csv'), headers: person.headers });
    console.log(`   yearly tax report 2025: ${last.status} in ${(took / 1000).toFixed(2)} s (progress seen: ${marks.join(' ')}); ${last.summary?.cryptoSales.toLocaleString('en')} sales, PPh 22 withheld Rp ${last.summary?.cryptoTaxWithheld}, VAT Rp ${last.summary?.cryptoVatWithheld}, ${last.summary?.mismatches} mismatches; PDF ${(pdf.rawPayload.length / 1024).toFixed(0)} KB, CSV ${(csv.rawPayload.length / 1024).toFixed(0)} KB`);
  } finally {
    await app.close();
    await db.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
