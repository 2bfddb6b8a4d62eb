// Portfolio benchmark (printed, not asserted): `pnpm bench:portfolio` at the repository root, on
// PostgreSQL when DATABASE_URL is set (PGlite otherwise).
//
// One person with BENCH_FILLS (100,000) crypto fills over ten IDR pairs (buys and sells in time
// order, rows written in bulk with one order and one ledger transfer behind them, the SPOT balances
// what the fills leave) and IDR cash. Printed:
// 1. the one-time build of the person's position snapshot (a full replay, on the first read: what
//    every read did before the snapshot existed);
// 2. GET /api/portfolio/overview through the app (auth, the net worth of every wallet and market,
//    the snapshot, allocations, day change), BENCH_ROUNDS (200) times: p50 and p99 in ms;
// 3. the same person's full replay as before the snapshot (the fills read and replayed), 20 times;
// 4. the perps position history of the same person with BENCH_PERP_FILLS (20,000) perps fills:
//    GET /api/portfolio/position-history?assetType=PERPS (a page of fills on the index, each
//    with its memo) for the first and a deep page, and the read it replaced (every perps fill
//    read, then the page cut from them), BENCH_ROUNDS times each.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PORTFOLIO_PATHS } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { replayFills } from '../src/modules/portfolio/average-cost';
import { createSnapshotRepo } from '../src/modules/portfolio/snapshot';
import { signUpTestUser } from '../src/testing/auth-fixture';
import { openTestDatabase } from '../src/testing/database-fixture';
import { createOrdersRepo } from '../src/trading';
import { fills as fillsTable } from '../src/trading/tables';

const FILLS = Number(process.env.BENCH_FILLS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const PERP_FILLS = Number(process.env.BENCH_PERP_FILLS ?? 20_000);
const PAIRS = ['BTC-IDR', 'ETH-IDR', 'SOL-IDR', 'XRP-IDR', 'DOGE-IDR', 'ADA-IDR', 'BNB-IDR', 'TRX-IDR', 'DOT-IDR', 'LTC-IDR'];

const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;

async function main(): Promise<void> {
  const db = await openTestDatabase({ migrated: true });
  const config = loadConfig({ ...db.env, LOG_LEVEL: 'warn', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0', KYC_AUTO_APPROVE_SECONDS: 'off' });
  const app = buildApp(config, { database: db.database });
  await app.ready();
  try {
    console.log(`Portfolio overview for one person with ${FILLS.toLocaleString('en')} fills (${db.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    const person = await signUpTestUser(app);
    const pairs = PAIRS.filter((p) => app.market.instrument(p));
    const t0 = performance.now();
    // One order and one transfer the fills point at; units and cash as the fills leave them.
    const transfer = await app.ledger.transfer({
      key: `bench-portfolio:${randomUUID()}`,
      kind: 'BENCH',
      legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: { userId: person.userId, currency: 'IDR', purpose: 'CASH' }, amount: '1000000000' }],
    });
    const orderId = randomUUID();
    const at0 = Date.parse('2025-01-01T00:00:00Z');
    await createOrdersRepo(app.database.db).insertOrders([
      { id: orderId, market: 'CRYPTO', currency: 'IDR', userId: person.userId, requestId: orderId, symbol: pairs[0]!, asset: pairs[0]!.split('-')[0]!, side: 'BUY', orderType: 'MARKET', source: 'INSTANT', inputType: 'quantity', quantity: '1', timeInForce: 'GOOD_TILL_CANCEL', status: 'SUCCESS', exchangeStatus: 'SUCCESS', isOpen: false, fillCount: 1, createdAt: new Date(at0), updatedAt: new Date(at0) },
    ]);
    const held = new Map<string, Decimal>();
    const rows: (typeof fillsTable.$inferInsert)[] = [];
    for (let i = 0; i < FILLS; i += 1) {
      const symbol = pairs[i % pairs.length]!;
      const have = held.get(symbol) ?? new Decimal(0);
      const sell = i % 3 === 2 && have.gt(0);
      const quantity = sell ? have.div(4).toDecimalPlaces(8, Decimal.ROUND_DOWN) : new Decimal('0.001');
      const price = new Decimal(app.market.ticker(symbol).price).times(1 + ((i % 7) - 3) / 100).toDecimalPlaces(0);
      const amount = quantity.times(price).toDecimalPlaces(0, Decimal.ROUND_UP);
      const fee = amount.times('0.001').toDecimalPlaces(0, Decimal.ROUND_UP);
      const tax = sell ? amount.times('0.0021').toDecimalPlaces(0) : new Decimal(0);
      const total = sell ? amount.minus(fee).minus(tax) : amount.plus(fee);
      held.set(symbol, sell ? have.minus(quantity) : have.plus(quantity));
      rows.push({ market: 'CRYPTO', currency: 'IDR', orderId, userId: person.userId, symbol, asset: symbol.split('-')[0]!, side: sell ? 'SELL' : 'BUY', quantity: quantity.toFixed(), price: price.toFixed(), amount: amount.toFixed(), fee: fee.toFixed(), tax: tax.toFixed(), total: total.toFixed(), transferId: transfer.id, executedAt: new Date(at0 + i * 60_000) });
      if (rows.length === 2000 || i === FILLS - 1) {
        await app.database.db.insert(fillsTable).values(rows);
        rows.length = 0;
      }
    }
    await app.ledger.transfer({
      key: `bench-portfolio-units:${randomUUID()}`,
      kind: 'BENCH',
      legs: [...held].filter(([, q]) => q.gt(0)).map(([symbol, q]) => ({ from: { house: 'INVENTORY', currency: symbol.split('-')[0]! }, to: { userId: person.userId, currency: symbol.split('-')[0]!, purpose: 'SPOT' }, amount: q.toFixed() })),
    });
    const count = await app.database.db.execute(sql`select count(*)::int as n from fills where user_id = ${person.userId}::uuid`);
    console.log(`   set up ${JSON.stringify((count as { rows: unknown[] }).rows[0])} fills in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const snapshot = createSnapshotRepo(app.database.db, (id) => app.trading.fillsOf(id, {}));
    const b0 = performance.now();
    await snapshot.ensureBuilt(person.userId);
    console.log(`1. the snapshot's one-time build (a full replay, on the first read): ${(performance.now() - b0).toFixed(0)} ms`);

    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const s = performance.now();
      const r = await app.inject({ method: 'GET', url: PORTFOLIO_PATHS.overview, headers: person.headers });
      times.push(performance.now() - s);
      if (r.statusCode !== 200) throw new Error(`overview answered ${r.statusCode}: ${r.body}`);
    }
    console.log(`2. GET ${PORTFOLIO_PATHS.overview} × ${ROUNDS}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`);

    const replays: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const s = performance.now();
      replayFills(await app.trading.fillsOf(person.userId, { market: 'CRYPTO' }));
      replays.push(performance.now() - s);
    }
    console.log(`3. the full replay every read did before (read ${FILLS.toLocaleString('en')} fills and replay) × 20: p50 ${percentile(replays, 0.5).toFixed(0)} ms, p99 ${percentile(replays, 0.99).toFixed(0)} ms`);

    // Perps fills of one order, each pointing at one transfer whose memo holds a fill's realized P&L.
    const perpTransfer = await app.ledger.transfer({
      key: `bench-portfolio-perps:${randomUUID()}`,
      kind: 'BENCH',
      legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'USDT' }, to: { userId: person.userId, currency: 'USDT', purpose: 'PERP_MARGIN' }, amount: '1000' }],
      memo: { realizedPnl: '1.5' },
    });
    const perpOrderId = randomUUID();
    await createOrdersRepo(app.database.db).insertOrders([
      { id: perpOrderId, market: 'PERPS', currency: 'USDT', userId: person.userId, requestId: perpOrderId, symbol: 'BTCUSDT-PERP', asset: 'BTC', side: 'BUY', orderType: 'MARKET', source: 'ADVANCED', inputType: 'quantity', quantity: '1', timeInForce: 'GOOD_TILL_CANCEL', status: 'SUCCESS', exchangeStatus: 'SUCCESS', isOpen: false, fillCount: 1, createdAt: new Date(at0), updatedAt: new Date(at0) },
    ]);
    for (let i = 0; i < PERP_FILLS; i += 1) {
      const side = i % 2 === 0 ? 'BUY' : 'SELL';
      rows.push({ market: 'PERPS', currency: 'USDT', orderId: perpOrderId, userId: person.userId, symbol: 'BTCUSDT-PERP', asset: 'BTC', side, quantity: '0.01', price: '20000', amount: '200', fee: '0.1', tax: '0', total: '200.1', transferId: perpTransfer.id, executedAt: new Date(at0 + i * 60_000 + 30_000) });
      if (rows.length === 2000 || i === PERP_FILLS - 1) {
        await app.database.db.insert(fillsTable).values(rows);
        rows.length = 0;
      }
    }
    const timed = async (label: string, read: () => Promise<unknown>) => {
      const ts: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const s = performance.now();
        await read();
        ts.push(performance.now() - s);
      }
      console.log(`   ${label} × ${ROUNDS}: p50 ${percentile(ts, 0.5).toFixed(1)} ms, p99 ${percentile(ts, 0.99).toFixed(1)} ms`);
    };
    const historyPage = (page: number) => async () => {
      const r = await app.inject({ method: 'GET', url: `${PORTFOLIO_PATHS.positionHistory}?assetType=PERPS&page=${page}&size=30`, headers: person.headers });
      if (r.statusCode !== 200) throw new Error(`position history answered ${r.statusCode}: ${r.body}`);
    };
    console.log(`4. perps position history, ${PERP_FILLS.toLocaleString('en')} perps fills beside the ${FILLS.toLocaleString('en')} crypto ones, 30 a page:`);
    await timed(`GET ${PORTFOLIO_PATHS.positionHistory}?assetType=PERPS page 1`, historyPage(1));
    await timed(`GET ${PORTFOLIO_PATHS.positionHistory}?assetType=PERPS page 100`, historyPage(100));
    await timed('the read it replaced (every perps fill, the page cut from them, its memos)', async () => {
      const all = await app.trading.fillsOf(person.userId, { market: 'PERPS' });
      const page = all.slice().reverse().slice(0, 30);
      await app.ledger.memosOf(page.map((f) => f.transferId));
    });
  } finally {
    await app.close();
    await db.cleanup();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
