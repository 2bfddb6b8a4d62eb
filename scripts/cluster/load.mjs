// `npm run bench:load`: a load test through the balancer, printed not asserted. A
// cluster of its own (three instances behind nginx; DATABASE_URL / REDIS_URL to use existing
// services), then LOAD_USERS simulated people (default 30) for LOAD_SECONDS (default 60): each
// signs up (development inbox code, PIN), is verified by the operator, tops up, holds a WebSocket
// on a ticker, and loops reading markets (tickers, order book, candles) and placing crypto orders
// (market buys and limit buys below the price). To 127.0.0.1 only. Prints throughput, p50/p99 per
// kind, errors by status/code, the per-instance spread (x-pasar-instance) and the sockets' figures;
// saves them to .bench/load.json.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, runMain, step } from '../lib/repo.mjs';
import { buyCrypto, call, holdSocket, limitBuy, payTopUp, percentile, signUp, topUp } from './api.mjs';
import { startCluster } from './cluster-lib.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 30);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 50);

runMain(async () => {
  const cluster = await startCluster({ env: { RATE_LIMIT_IP_FACTOR: '1000', KYC_AUTO_APPROVE_SECONDS: 'off', LOG_LEVEL: 'error' } });
  const base = cluster.url;
  const samples = new Map(); // kind -> ms[]
  const errors = new Map(); // "kind status code" -> n
  const spread = new Map(); // instance -> n
  const record = (kind, answer) => {
    if (!samples.has(kind)) samples.set(kind, []);
    samples.get(kind).push(answer.ms);
    if (answer.instance) spread.set(answer.instance, (spread.get(answer.instance) ?? 0) + 1);
    if (answer.status !== 200) {
      const key = `${kind} ${answer.status} ${answer.envelope?.error_code ?? answer.error ?? ''}`.trim();
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  };
  try {
    step(`Signing up ${USERS} people through ${base} (sign-up, identity, top-up)`);
    const setupStarted = Date.now();
    const users = [];
    const queue = Array.from({ length: USERS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: Math.min(8, USERS) }, async () => {
        while (queue.shift() !== undefined) {
          const user = await signUp(base, { adminToken: cluster.adminToken });
          const created = await topUp(base, user, '50000000');
          record('top-up', created);
          if (created.status === 200) record('top-up paid', await payTopUp(base, user, created.envelope.data.id));
          users.push(user);
        }
      }),
    );
    console.log(`  ${users.length} people ready in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
    samples.clear();
    errors.clear();
    spread.clear();

    step(`Load for ${SECONDS} s: ${users.length} people, each with a WebSocket, reading markets and placing orders`);
    const sockets = users.map(() => holdSocket(base));
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      users.map(async (user) => {
        while (Date.now() < until) {
          const r = Math.random();
          if (r < 0.3) record('GET tickers', await call(base, 'GET', '/api/market/tickers'));
          else if (r < 0.5) record('GET orderbook', await call(base, 'GET', '/api/market/orderbook?symbol=BTC-IDR'));
          else if (r < 0.6) {
            const to = Math.floor(Date.now() / 1000);
            record('GET candles', await call(base, 'GET', `/api/market/candles?symbol=BTC-IDR&resolution=1&from=${to - 6 * 3600}&to=${to}`));
          }
          else if (r < 0.8) record('POST market buy', await buyCrypto(base, user, String(10_000 + Math.floor(Math.random() * 20) * 1000)));
          else {
            const book = await call(base, 'GET', '/api/market/orderbook?symbol=BTC-IDR');
            record('GET orderbook', book);
            const bid = Number(book.envelope?.data?.bids?.[0]?.price ?? 0);
            if (bid > 0) record('POST limit buy', await limitBuy(base, user, '10000', String(Math.floor(bid * 0.97))));
          }
          await new Promise((resolve) => setTimeout(resolve, THINK_MS));
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    for (const s of sockets) s.stop();

    const all = [...samples.values()].flat();
    const total = all.length;
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(`\n  ${total} requests in ${elapsed.toFixed(1)} s: ${(total / elapsed).toFixed(0)} req/s, errors ${errorCount} (${((100 * errorCount) / Math.max(1, total)).toFixed(2)} %)`);
    const rows = [['kind', 'count', 'req/s', 'p50 ms', 'p99 ms', 'max ms']];
    const figures = {};
    for (const [kind, ms] of [...samples.entries(), ['all', all]]) {
      const sorted = [...ms].sort((a, b) => a - b);
      const row = { count: sorted.length, perSecond: sorted.length / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
      figures[kind] = row;
      rows.push([kind, String(row.count), row.perSecond.toFixed(1), row.p50.toFixed(1), row.p99.toFixed(1), row.max.toFixed(1)]);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const r of rows) console.log(`  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`);
    console.log(`  per instance: ${[...spread.entries()].sort().map(([id, n]) => `${id} ${n} (${((100 * n) / Math.max(1, total)).toFixed(1)} %)`).join(', ')}`);
    if (errors.size) console.log(`  errors: ${[...errors.entries()].map(([k, n]) => `${k}: ${n}`).join('; ')}`);
    const ws = sockets.reduce((a, s) => ({ opens: a.opens + s.opens, snapshots: a.snapshots + s.snapshots, updates: a.updates + s.updates, gaps: a.gaps + s.gaps }), { opens: 0, snapshots: 0, updates: 0, gaps: 0 });
    console.log(`  sockets: ${sockets.length} held, ${ws.opens} opens, ${ws.updates} ticker updates (${(ws.updates / sockets.length / elapsed).toFixed(1)}/s each), ${ws.gaps} gaps`);
    const out = path.join(REPO_ROOT, '.bench');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'load.json'), JSON.stringify({ at: new Date().toISOString(), users: users.length, seconds: elapsed, total, errors: Object.fromEntries(errors), spread: Object.fromEntries(spread), figures, sockets: ws }, null, 2));
  } finally {
    await cluster.stop();
  }
  return 0;
});
