// Alert engine benchmark (printed, not asserted): `pnpm bench:alerts` at the repository root.
//
// 1. Evaluation: 100,000 ACTIVE alerts over 500 symbols (half waiting for a rise above the price,
//    half for a fall below, spread over 100 ticks each way), then one tick per symbol that crosses
//    the 10 nearest of that symbol's 200 alerts. Timed: the engine's index (`hitsOf`) against a scan of every
//    alert of the symbol (`reaches` on each) and against a scan of all 100,000. Printed: per tick,
//    median and p99 in microseconds.
// 2. Delivery: a real app (PGlite, in-process pub/sub) listening on a port, a user signed in on a
//    WebSocket subscribed to `notifications`; per alert, the time from handing the engine the
//    crossing tick to the in-app message arriving on the socket. Printed: p50 and p99 in ms.
//
// Options (environment): BENCH_ALERTS=100000, BENCH_SYMBOLS=500, BENCH_DELIVERIES=100.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { STREAM_PATH } from '@pasar/shared/contract';
import { createTestApp } from '../src/testing/app-fixture';
import { signUpTestUser } from '../src/testing/auth-fixture';
import { alertEngineOf } from '../src/modules/price-alerts';
import { AlertEngine } from '../src/modules/price-alerts/engine';
import { reaches } from '../src/modules/price-alerts/crossing';
import type { PriceAlertRepo } from '../src/modules/price-alerts/repo';
import type { PriceAlertRow } from '../src/modules/price-alerts/tables';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const SYMBOLS = Number(process.env.BENCH_SYMBOLS ?? 500);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 100);
const MID = 1_000_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const silent = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: 'silent' } as never;

async function evaluation(): Promise<void> {
  const at = new Date();
  const rows: PriceAlertRow[] = [];
  for (let i = 0; i < ALERTS; i++) {
    const symbol = `S${i % SYMBOLS}`;
    const up = i % 2 === 0;
    const offset = 1 + (Math.floor(i / SYMBOLS) % 100);
    rows.push({
      id: `a${i}`, userId: 'u', symbol, assetType: 'CRYPTO', targetPrice: String(up ? MID + offset : MID - offset), direction: 'EITHER', note: null,
      repeating: false, createFromChart: false, status: 'ACTIVE', priceAtCreation: String(MID), waitFor: up ? 'UP' : 'DOWN', strict: false,
      crossings: 0, lastTriggeredAt: null, lastTriggeredPrice: null, createdAt: at, updatedAt: at,
    });
  }
  const repo = { active: async () => rows } as unknown as PriceAlertRepo;
  const engine = new AlertEngine({ repo, lastPrice: () => null, pubsub: null as never, log: silent, notify: async () => null, intervalMs: 0, now: () => at });
  await engine.reload();
  const bySymbol = new Map<string, PriceAlertRow[]>();
  for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row]);
  const last = String(MID + 10); // crosses the 10 alerts waiting 1..10 above the price
  const index: number[] = [];
  const symbolScan: number[] = [];
  const fullScan: number[] = [];
  let hits = 0;
  for (let round = 0; round < 3; round++) {
    for (let s = 0; s < SYMBOLS; s++) {
      const symbol = `S${s}`;
      let t0 = performance.now();
      hits += engine.hitsOf(symbol, last).length;
      index.push((performance.now() - t0) * 1000);
      t0 = performance.now();
      let n = 0;
      for (const row of bySymbol.get(symbol)!) if (reaches(row, row.targetPrice, last)) n++;
      symbolScan.push((performance.now() - t0) * 1000);
      if (s % 50 === 0) {
        t0 = performance.now();
        for (const row of rows) if (row.symbol === symbol && reaches(row, row.targetPrice, last)) n++;
        fullScan.push((performance.now() - t0) * 1000);
      }
    }
  }
  console.log(`evaluation: ${ALERTS} alerts over ${SYMBOLS} symbols, one tick per symbol (${hits / 3 / SYMBOLS} alerts crossed per tick)`);
  console.log(`  index (hitsOf)            p50 ${pct(index, 50).toFixed(1)} µs   p99 ${pct(index, 99).toFixed(1)} µs`);
  console.log(`  scan of the symbol's      p50 ${pct(symbolScan, 50).toFixed(1)} µs   p99 ${pct(symbolScan, 99).toFixed(1)} µs`);
  console.log(`  scan of all alerts        p50 ${pct(fullScan, 50).toFixed(1)} µs   p99 ${pct(fullScan, 99).toFixed(1)} µs`);
}

async function delivery(): Promise<void> {
  const t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0' } });
  try {
    const app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const user = await signUpTestUser(app);
    const symbol = 'BTC-IDR';
    const tick = Number(app.market.instrument(symbol)!.tickSize);
    const price = 1_500_000_000;
    app.market.steer(symbol, { price: String(price) });
    const socket = new WebSocket(`ws://127.0.0.1:${port}${STREAM_PATH}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const waiters: ((message: { type: string; channel?: string }) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; channel?: string };
      for (const w of waiters.splice(0)) w(message);
    });
    const next = (pred: (m: { type: string; channel?: string }) => boolean) =>
      new Promise<void>((resolve) => {
        const wait = (m: { type: string; channel?: string }) => (pred(m) ? resolve() : waiters.push(wait));
        waiters.push(wait);
      });
    let ready = next((m) => m.type === 'authenticated');
    socket.send(JSON.stringify({ op: 'auth', token: user.accessToken }));
    await ready;
    ready = next((m) => m.type === 'subscription');
    socket.send(JSON.stringify({ op: 'subscribe', channel: 'notifications' }));
    await ready;
    const engine = alertEngineOf(app);
    const latencies: number[] = [];
    for (let i = 1; i <= DELIVERIES; i++) {
      const target = String(price + i * tick);
      const made = await app.inject({
        method: 'POST', url: '/api/price-alerts', headers: { ...user.headers, 'x-request-id': `bench-${i}` },
        payload: { symbol, targetPrice: target, direction: 'UP' },
      });
      if (made.statusCode !== 200) throw new Error(made.body);
      const arrived = next((m) => m.type === 'event' && m.channel === 'notifications');
      const t0 = performance.now();
      await engine.tick([{ symbol, last: target }]);
      await arrived;
      latencies.push(performance.now() - t0);
      await engine.tick([{ symbol, last: String(price) }]);
    }
    socket.close();
    console.log(`delivery: ${DELIVERIES} crossings, tick -> in-app message on a connected WebSocket (PGlite, in-process pub/sub)`);
    console.log(`  p50 ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms`);
  } finally {
    await t.close();
  }
}

void (async () => {
  await evaluation();
  await delivery();
})().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
