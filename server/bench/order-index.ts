// Tick-evaluation benchmark (printed, not asserted): `pnpm bench:orders-tick` at the repository root.
//
// 100,000 resting limit orders (half buys below the market, half sells above, 10 per price level,
// added in shuffled order), then ticks whose bid crosses k of the sells (k = 0, 10, 1000):
//   - ours: `RestingIndex.evaluate` (finds the k, changes nothing) and `take` (finds and removes
//     them; the k are put back outside the timing);
//   - nodejs-order-book 10.1.1 (the closest equivalent work): the same orders resting in its book,
//     then an incoming order crossing k of them — a market buy of k units (every order is 1 unit),
//     the k filled orders put back outside the timing; for k = 0 a limit buy that crosses nothing
//     (cancelled outside the timing);
//   - a scan of every resting order (what "proportional to the hits" saves);
//   - ours only: 100,000 resting stop orders and ticks whose last price triggers k of them.
// Printed: median, p99 and mean per tick in microseconds, and the ratio theirs ÷ ours (above 1:
// ours is faster). The two do different amounts of bookkeeping (the package matches and records
// trades; ours only finds, or finds and removes): the ratio compares the work a tick costs each.
//
// Options (environment): BENCH_ORDERS=100000, BENCH_ROUNDS=2000 (k = 1000 runs a tenth of it).
import { performance } from 'node:perf_hooks';
import { OrderBook, Side } from 'nodejs-order-book';
import { RestingIndex, priceKey, type RestingOrder } from '../src/trading/resting-index';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const PER_LEVEL = 10;
const MID = 1_500_000_000; // BTC-IDR, whole Rupiah
const TICK = 1000;
const KS = [0, 10, 1000] as const;
const SYMBOL = 'BTC-IDR';

interface BenchOrder extends RestingOrder {
  readonly priceNumber: number;
}

/** Deterministic shuffle (mulberry32), so every run rests the same orders in the same arrival order. */
function shuffled<T>(items: T[], seed = 42): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function makeOrders(kind: 'LIMIT' | 'STOP'): BenchOrder[] {
  const levels = Math.ceil(ORDERS / 2 / PER_LEVEL);
  const orders: BenchOrder[] = [];
  for (let level = 1; level <= levels; level += 1) {
    for (let j = 0; j < PER_LEVEL && orders.length < ORDERS; j += 1) {
      // Limits: sells above the market, buys below. Stops: buys above (trigger on a rise), sells below.
      const above = MID + level * TICK;
      const below = MID - level * TICK;
      const up: BenchOrder = { id: `${kind}-u-${level}-${j}`, symbol: SYMBOL, side: kind === 'LIMIT' ? 'SELL' : 'BUY', kind, price: String(above), priceNumber: above };
      const down: BenchOrder = { id: `${kind}-d-${level}-${j}`, symbol: SYMBOL, side: kind === 'LIMIT' ? 'BUY' : 'SELL', kind, price: String(below), priceNumber: below };
      orders.push(up, down);
    }
  }
  return shuffled(orders.slice(0, ORDERS));
}

/** The price whose crossing reaches exactly k orders above the market (k a multiple of PER_LEVEL). */
const crossingPrice = (k: number): string => String(k === 0 ? MID : MID + (k / PER_LEVEL) * TICK);

interface Stats {
  readonly median: number;
  readonly p99: number;
  readonly mean: number;
}

/** Times `body` per round (µs); `reset` runs between rounds, untimed. */
function time(rounds: number, body: () => void, reset: () => void = () => {}): Stats {
  const warmup = Math.max(5, Math.floor(rounds / 10));
  for (let i = 0; i < warmup; i += 1) {
    body();
    reset();
  }
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    body();
    samples.push((performance.now() - start) * 1000);
    reset();
  }
  samples.sort((x, y) => x - y);
  return {
    median: samples[Math.floor(samples.length / 2)],
    p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))],
    mean: samples.reduce((s, x) => s + x, 0) / samples.length,
  };
}

const us = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)).padStart(8);
const row = (label: string, s: Stats, extra = '') => console.log(`  ${label.padEnd(44)} ${us(s.median)} ${us(s.p99)} ${us(s.mean)}${extra}`);
const header = () => console.log(`  ${''.padEnd(44)} ${'median'.padStart(8)} ${'p99'.padStart(8)} ${'mean'.padStart(8)}   (µs per tick)`);

function fail(message: string): never {
  console.error(`bench:orders-tick: ${message}`);
  process.exit(1);
}

function main(): void {
  console.log(`bench:orders-tick — ${ORDERS.toLocaleString('en')} resting orders, ${PER_LEVEL} per price level, Node ${process.version}`);
  const limits = makeOrders('LIMIT');

  // Build both, timed once.
  const index = new RestingIndex<BenchOrder>();
  let t0 = performance.now();
  for (const o of limits) index.add(o);
  const oursBuild = performance.now() - t0;
  const book = new OrderBook();
  t0 = performance.now();
  for (const o of limits) book.limit({ id: o.id, side: o.side === 'BUY' ? Side.BUY : Side.SELL, size: 1, price: o.priceNumber });
  const theirsBuild = performance.now() - t0;
  console.log(`\nresting ${ORDERS.toLocaleString('en')} limit orders: ours ${oursBuild.toFixed(0)} ms, nodejs-order-book ${theirsBuild.toFixed(0)} ms`);

  const byId = new Map(limits.map((o) => [o.id, o]));
  for (const k of KS) {
    const rounds = k >= 1000 ? Math.max(20, Math.floor(ROUNDS / 10)) : ROUNDS;
    const bid = crossingPrice(k);
    console.log(`\nk = ${k}: a tick whose bid (${bid}) crosses ${k} resting sells (${rounds} rounds)`);
    header();

    const hits = index.evaluate(SYMBOL, { bid }).crossed.length;
    if (hits !== k) fail(`ours crossed ${hits}, expected ${k}`);
    const evaluate = time(rounds, () => {
      index.evaluate(SYMBOL, { bid });
    });
    row('ours: evaluate (find)', evaluate);

    let taken: BenchOrder[] = [];
    const take = time(
      rounds,
      () => {
        taken = index.take(SYMBOL, { bid }).crossed;
      },
      () => {
        for (const o of taken) index.add(o);
      },
    );
    row('ours: take (find and remove)', take);

    let result: ReturnType<OrderBook['market']> | null = null;
    const incomingId = 'incoming';
    const theirs = time(
      rounds,
      () => {
        result = k === 0 ? book.limit({ id: incomingId, side: Side.BUY, size: 1, price: MID }) : book.market({ side: Side.BUY, size: k });
      },
      () => {
        if (!result) return;
        if (k === 0) book.cancel(incomingId);
        const done = result.done.filter((o) => o.id !== incomingId);
        if (done.length !== k) fail(`nodejs-order-book filled ${done.length}, expected ${k}`);
        for (const o of done) {
          const original = byId.get(o.id) as BenchOrder;
          book.limit({ id: original.id, side: Side.SELL, size: 1, price: original.priceNumber });
        }
      },
    );
    row(`nodejs-order-book: ${k === 0 ? 'limit buy crossing nothing' : `market buy of ${k}`}`, theirs);

    // The scan gets its keys precomputed, as the index has them.
    const bidKey = priceKey(bid);
    const all = [...index.orders(SYMBOL)].map((o) => ({ sell: o.side === 'SELL', key: priceKey(o.price) }));
    const scan = time(Math.max(20, Math.floor(rounds / 20)), () => {
      let n = 0;
      for (const o of all) if (o.sell && o.key <= bidKey) n += 1;
      if (n !== k) fail(`scan found ${n}`);
    });
    row('a scan of every resting order', scan);
    console.log(
      `  ratio nodejs-order-book ÷ ours (median): ${(theirs.median / evaluate.median).toFixed(1)}× vs evaluate, ${(theirs.median / take.median).toFixed(1)}× vs take;` +
        ` scan ÷ evaluate ${(scan.median / evaluate.median).toFixed(0)}×`,
    );
  }

  // Ours only: stops, triggered by the last price.
  const stops = new RestingIndex<BenchOrder>();
  for (const o of makeOrders('STOP')) stops.add(o);
  console.log(`\nours only: ${ORDERS.toLocaleString('en')} resting stop orders, a tick whose last price triggers k of them`);
  header();
  for (const k of KS) {
    const last = crossingPrice(k);
    const n = stops.evaluate(SYMBOL, { last }).triggered.length;
    if (n !== k) fail(`stops triggered ${n}, expected ${k}`);
    row(`k = ${k}: evaluate`, time(k >= 1000 ? Math.max(20, Math.floor(ROUNDS / 10)) : ROUNDS, () => stops.evaluate(SYMBOL, { last })));
  }
}

main();
