// Margin engine benchmark (printed, not asserted): `pnpm bench:margin` at the repository root.
//
// 1. One mark tick against BENCH_POSITIONS (100,000) open isolated BTC perp positions (random
//    sides, entries around 20,000, leverage 2–100): the at-risk index finding the positions the
//    tick concerns (risk-index.ts, binary search on sorted triggers), against a full scan that
//    computes every position's margin ratio at the mark (what the index avoids). Ticks move the
//    mark so that about k positions are at risk (k ≈ 0, 10, 1000).
// 2. Funding applied to BENCH_FUNDING_POSITIONS (100,000) positions through the real engine and
//    ledger (one transaction and one keyed transfer per position, PGlite by default, PostgreSQL
//    with DATABASE_URL), then the same funding again (every key replays). BENCH_FUNDING_POSITIONS=0
//    skips it.
// 3. One mark tick through the engine's real path against BENCH_TICK_POSITIONS (100,000) open
//    positions in the database: the market steered to a mark, `app.margin.onMark` (the at-risk
//    index, the exact check of each candidate) and each liquidation a reduce-only MARKET order
//    through `app.trading`, settled by the engine (realized loss, insurance fund, ACCOUNT_LIQUIDATION
//    notice). Weak longs are planted so that successive marks liquidate k = 0, 10, 100 and
//    BENCH_LIQUIDATIONS (1,000) of them; the rest (10x, half long, half short) stay safe. The bench
//    users are rows with a verified identity check (a liquidation is an order of theirs); only the
//    weak ones have money (100 USDT each) and the margins are not ledger holds (nothing needs them).
// Printed: microseconds per tick (median, p99); for funding the total seconds and positions/s; per
// engine tick its wall time, the positions the index nominated, those liquidated, and the time per
// liquidation (each fill's background re-index of the user's positions is not counted).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openTestDatabase } from '../src/testing/database-fixture';
import type { PositionView } from '../src/trading/margin/api';
import { fundingPayment, initialMargin, liquidationPrice, maintenanceMargin, marginRatioPercent, unrealizedPnl } from '../src/trading/margin/math';
import { RiskIndex, triggersOf } from '../src/trading/margin/risk-index';
import { tiersOf } from '../src/modules/perps/rules';
import { marginPositions } from '../src/trading/margin/tables';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const FUNDING_POSITIONS = Number(process.env.BENCH_FUNDING_POSITIONS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const TICK_POSITIONS = Number(process.env.BENCH_TICK_POSITIONS ?? 100_000);
const LIQUIDATIONS = Number(process.env.BENCH_LIQUIDATIONS ?? 1000);
const SYMBOL = 'BTCUSDT-PERP';
const TIERS = tiersOf(SYMBOL);

function rng(seed = 7) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { median: at(0.5), p99: at(0.99) };
};

function makeViews(n: number): PositionView[] {
  const random = rng();
  const views: PositionView[] = [];
  for (let i = 0; i < n; i += 1) {
    const long = random() < 0.5;
    const entry = new Decimal(19_950 + Math.floor(random() * 100));
    const qty = new Decimal(1 + Math.floor(random() * 50)).div(1000);
    const leverage = 2 + Math.floor(random() * 49);
    const size = long ? qty : qty.neg();
    const margin = initialMargin(qty.times(entry), leverage).toDecimalPlaces(6, Decimal.ROUND_UP);
    const lp = liquidationPrice({ size, entryPrice: entry, walletBalance: margin, tiers: TIERS });
    const mark = entry;
    const notional = qty.times(mark);
    const bp = long ? entry.minus(margin.div(qty)) : entry.plus(margin.div(qty));
    views.push({
      id: `p${i}`, market: 'PERPS', userId: `u${i}`, book: 'PERP', symbol: SYMBOL, size: size.toFixed(), entryPrice: entry.toFixed(), leverage, marginMode: 'ISOLATED',
      margin: margin.toFixed(), holdId: null, realizedPnl: '0', feesPaid: '0', fundingPaid: '0', takeProfit: null, stopLoss: null, version: 1, marginCalled: false,
      openedAt: new Date(0), updatedAt: new Date(0), side: long ? 'LONG' : 'SHORT', quantity: qty.toFixed(), markPrice: mark.toFixed(), notional: notional.toFixed(),
      unrealizedPnl: '0', initialMargin: margin.toFixed(), maintenanceMargin: maintenanceMargin(TIERS, notional).toFixed(), maintenanceMarginRate: '0.004', tier: 1,
      liquidationPrice: lp ? lp.toFixed(8) : null, bankruptcyPrice: bp.gt(0) ? bp.toFixed(8) : null, marginRatioPercentage: '0', roePercent: '0',
    });
  }
  return views;
}

function tickBench(): void {
  console.log(`\n1. One mark tick against ${POSITIONS.toLocaleString('en')} open positions`);
  const views = makeViews(POSITIONS);
  const index = new RiskIndex();
  const t0 = performance.now();
  for (const v of views) index.put('PERPS', SYMBOL, v.id, triggersOf(v, 80));
  index.candidates('PERPS', SYMBOL, 20_000); // sorts once
  console.log(`   index built in ${(performance.now() - t0).toFixed(0)} ms`);
  // Marks at which about k positions are at risk (found by the index itself on a sorted probe).
  const probe = (k: number): number => {
    let lo = 1000;
    let hi = 19_900;
    for (let i = 0; i < 60; i += 1) {
      const mid = (lo + hi) / 2;
      if (index.candidates('PERPS', SYMBOL, mid).length > k) lo = mid;
      else hi = mid;
    }
    return hi;
  };
  const scan = (mark: number): number => {
    let hits = 0;
    for (const v of views) {
      const notional = new Decimal(v.quantity).times(mark);
      const ratio = marginRatioPercent(maintenanceMargin(TIERS, notional), new Decimal(v.margin).plus(unrealizedPnl(v.size, v.entryPrice, mark)));
      if (ratio.gte(80)) hits += 1;
    }
    return hits;
  };
  for (const k of [0, 10, 1000]) {
    const mark = probe(k);
    const found = index.candidates('PERPS', SYMBOL, mark).length;
    const ours: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const s = performance.now();
      index.candidates('PERPS', SYMBOL, mark);
      ours.push((performance.now() - s) * 1000);
    }
    const scans: number[] = [];
    let scanned = 0;
    for (let r = 0; r < 3; r += 1) {
      const s = performance.now();
      scanned = scan(mark);
      scans.push((performance.now() - s) * 1000);
    }
    const o = stats(ours);
    const f = stats(scans);
    console.log(
      `   k≈${k} (index nominates ${found}, the scan finds ${scanned} at ≥ 80 %): index median ${o.median.toFixed(1)} µs, p99 ${o.p99.toFixed(1)} µs; full scan median ${(f.median / 1000).toFixed(1)} ms — ${(f.median / Math.max(o.median, 0.001)).toFixed(0)}× the index`,
    );
  }
}

async function fundingBench(): Promise<void> {
  if (FUNDING_POSITIONS <= 0) return;
  console.log(`\n2. Funding applied to ${FUNDING_POSITIONS.toLocaleString('en')} positions (the engine and ledger, one keyed transfer each)`);
  const db = await openTestDatabase({ migrated: true });
  const config = loadConfig({ ...db.env, LOG_LEVEL: 'warn', MARGIN_WATCH_INTERVAL_MS: '0', CRYPTO_MATCH_INTERVAL_MS: '0', KYC_AUTO_APPROVE_SECONDS: 'off' });
  const app = buildApp(config, { database: db.database });
  await app.ready();
  try {
    const random = rng(11);
    const t0 = performance.now();
    const rows = [];
    const chunk = 2000;
    for (let i = 0; i < FUNDING_POSITIONS; i += 1) {
      const userId = randomUUID();
      const long = random() < 0.5;
      rows.push({
        id: randomUUID(), market: 'PERPS' as const, userId, book: 'PERP', symbol: SYMBOL, size: (long ? '' : '-') + '0.01', entryPrice: '20000', leverage: 10, marginMode: 'ISOLATED' as const,
        margin: '0', realizedPnl: '0', feesPaid: '0', fundingPaid: '0', version: 1, marginCalled: false, openedAt: new Date(0), updatedAt: new Date(0),
      });
      if (rows.length === chunk || i === FUNDING_POSITIONS - 1) {
        // Each user's margin wallet gets 100 USDT (one transfer per chunk), then the positions.
        await app.ledger.transfer({ key: `bench-fund:${i}`, kind: 'BENCH', legs: rows.map((r) => ({ from: { house: 'FX', currency: 'USDT' }, to: { userId: r.userId, currency: 'USDT', purpose: 'PERP_MARGIN' }, amount: '100' })) });
        await app.database.db.insert(marginPositions).values(rows);
        rows.length = 0;
      }
    }
    const count = await app.database.db.execute(sql`select count(*)::int as n from margin_positions`);
    console.log(`   set up ${JSON.stringify((count as { rows: unknown[] }).rows[0])} positions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const key = `perp:funding:${SYMBOL}:bench`;
    const figures = (p: PositionView) => ({ amount: fundingPayment(p.size, '20000', '0.0001').toFixed(), price: '20000', rate: '0.0001' });
    const s1 = performance.now();
    const first = await app.margin.charge('PERPS', SYMBOL, key, 'PERP_FUNDING', figures);
    const d1 = (performance.now() - s1) / 1000;
    console.log(`   funding: ${first.applied.toLocaleString('en')} payments in ${d1.toFixed(1)} s (${(first.applied / d1).toFixed(0)} positions/s)`);
    await app.database.db.execute(sql`update margin_charge_runs set completed_at = null`);
    const s2 = performance.now();
    const again = await app.margin.charge('PERPS', SYMBOL, key, 'PERP_FUNDING', figures);
    const d2 = (performance.now() - s2) / 1000;
    console.log(`   the same funding again (a rerun after a crash): ${again.applied} applied, ${again.replayed.toLocaleString('en')} replayed in ${d2.toFixed(1)} s`);
    const audit = await app.ledger.audit();
    console.log(`   ledger audit: USDT sum ${audit.sums.USDT}, user accounts below zero ${audit.negativeUserAccounts}`);
  } finally {
    await app.close();
    await db.cleanup();
  }
}

/**
 * The weak longs, 0.01 BTC at 20,000 isolated: each group's liquidation price (entry × (1 − 1/L +
 * MMR) ≈ 19,680, 19,280, 19,080) lies above its mark and below the previous one, so each mark
 * liquidates one group; the 10x rest (≈ 18,080 for longs) stays out of reach, under the margin call.
 */
const WEAK = [
  { count: 10, leverage: 50, mark: '19600' },
  { count: 100, leverage: 25, mark: '19200' },
  { count: LIQUIDATIONS, leverage: 20, mark: '19000' },
];

async function liquidationBench(): Promise<void> {
  console.log(`\n3. One mark tick through the engine (index → exact check → liquidation orders through the trading engine) with ${TICK_POSITIONS.toLocaleString('en')} open positions`);
  const db = await openTestDatabase({ migrated: true });
  const config = loadConfig({ ...db.env, LOG_LEVEL: 'error', MARGIN_WATCH_INTERVAL_MS: '0', CRYPTO_MATCH_INTERVAL_MS: '0', KYC_AUTO_APPROVE_SECONDS: 'off' });
  const app = buildApp(config, { database: db.database });
  await app.ready();
  const count = async (query: ReturnType<typeof sql>): Promise<number> => ((await app.database.db.execute(query)) as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  try {
    await app.market.clock.set(Date.parse('2026-11-23T10:00:00Z'), { frozen: true });
    app.market.steer(SYMBOL, { price: '20000' });
    const t0 = performance.now();
    const weak = WEAK.reduce((n, g) => n + g.count, 0);
    await app.database.db.execute(sql`
      insert into margin_positions (id, market, user_id, book, symbol, size, entry_price, leverage, margin_mode, margin, version)
      select gen_random_uuid(), 'PERPS', gen_random_uuid(), 'PERP', ${SYMBOL}, case when g % 2 = 0 then 0.01 else -0.01 end, 20000, 10, 'ISOLATED', 20, 1
      from generate_series(1, ${Math.max(0, TICK_POSITIONS - weak)}) g`);
    for (const [i, g] of WEAK.entries()) {
      const rows = Array.from({ length: g.count }, () => ({
        id: randomUUID(), market: 'PERPS' as const, userId: randomUUID(), book: 'PERP', symbol: SYMBOL, size: '0.01', entryPrice: '20000', leverage: g.leverage, marginMode: 'ISOLATED' as const,
        margin: initialMargin('200', g.leverage).toFixed(), realizedPnl: '0', feesPaid: '0', fundingPaid: '0', version: 1, marginCalled: false, openedAt: new Date(0), updatedAt: new Date(0),
      }));
      if (rows.length === 0) continue;
      await app.database.db.insert(marginPositions).values(rows);
      await app.ledger.transfer({ key: `bench-weak:${i}`, kind: 'BENCH', legs: rows.map((r) => ({ from: { house: 'FX', currency: 'USDT' }, to: { userId: r.userId, currency: 'USDT', purpose: 'PERP_MARGIN' }, amount: '100' })) });
    }
    await app.database.db.execute(sql`insert into users (id, phone, kyc_status) select user_id, 'bench-' || user_id::text, 'VERIFIED' from margin_positions where leverage > 10`);
    console.log(`   set up ${(await count(sql`select count(*)::int as n from margin_positions`)).toLocaleString('en')} positions (${weak} weak) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const r0 = performance.now();
    const indexed = await app.margin.refreshIndex('PERPS', SYMBOL);
    console.log(`   index rebuilt from the database: ${indexed.toLocaleString('en')} positions in ${((performance.now() - r0) / 1000).toFixed(1)} s`);
    const liquidated = () => count(sql`select count(*)::int as n from orders where market = 'PERPS' and reason = 'LIQUIDATION' and status = 'SUCCESS'`);
    for (const step of [{ count: 0, mark: '19990' }, ...WEAK]) {
      app.market.steer(SYMBOL, { price: step.mark });
      const ticker = app.market.ticker(SYMBOL);
      const mark = new Decimal(ticker.markPrice ?? ticker.price).toFixed();
      const nominated = app.margin.index.candidates('PERPS', SYMBOL, Number(mark)).length;
      const before = await liquidated();
      const s = performance.now();
      await app.margin.onMark('PERPS', SYMBOL, mark, app.market.now());
      const ms = performance.now() - s;
      const placed = (await liquidated()) - before;
      const open = await count(sql`select count(*)::int as n from margin_positions where size <> 0`);
      console.log(
        `   mark ${mark}: the index nominated ${nominated}, ${placed} liquidated (k = ${step.count}) in ${ms.toFixed(0)} ms` +
          (placed > 0 ? ` (${(ms / placed).toFixed(1)} ms per liquidation)` : '') +
          `; ${open.toLocaleString('en')} positions open`,
      );
      // Let the fills' background re-indexing finish before the next mark.
      for (let i = 0; i < 20; i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        await app.database.db.execute(sql`select 1`);
      }
    }
    const audit = await app.ledger.audit();
    console.log(`   ledger audit after the liquidations: USDT sum ${audit.sums.USDT}, user accounts below zero ${audit.negativeUserAccounts}`);
  } finally {
    await app.close();
    await db.cleanup();
  }
}

async function main(): Promise<void> {
  tickBench();
  await fundingBench();
  await liquidationBench();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
