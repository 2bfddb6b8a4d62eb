// Benchmark (printed, not asserted): the market simulator's hot path, as the stream publisher and
// the chart routes use it.
//
//   cd server && npx tsx bench/market-hot-path.ts                 # this tree, next to the recorded "before"
//   cd server && npx tsx bench/market-hot-path.ts --baseline DIR  # also measure another copy of server/ live
//
// Each implementation runs in its own child process (so heap and JIT state do not mix), at a
// fixed instant when US stocks trade (Wednesday 2026-11-18 15:00 UTC, 10:00 in New York) and
// crypto trades around the clock. "Cold" means a fresh simulator (no cached paths or days) in a
// process whose JIT is already warm; "first of process" includes the JIT warming up.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-18T15:00:00Z');
const TICK = 250;

type Figures = Record<string, number | string>;

/**
 * The figures measured before the hot-path work (commit d697061's simulator, measured with
 * `--baseline` on a copy of it; 2 shared cores, load average ~8, so ±50 % noise).
 */
const RECORDED_BEFORE: Figures = {
  firstTickerProcess: 66.58,
  coldTickerMean: 21.35,
  coldTickerMax: 64.34,
  warmTickPerSymbol: 53.67,
  warmTicker: 0.1315,
  warmBook: 0.0902,
  warmTrades: 53.38,
  warmCandle: 0.0708,
  recentTrades100: 0.9045,
  recentTrades100Us: 1.55,
  recentTradesSince: 'n/a',
  d1YearCold: 15.72,
  d1YearWarm: 2.04,
  d1YearColdUs: 14.78,
  m1WeekCold: 40.78,
  w1AllCold: 37.16,
  publish50: 1009,
  publish50Max: 1898,
  publish50First: 1369,
  publish50TradeUpdates: 5,
  heapMb: 19.42,
  caches: 'minuteDays=122 summaries=28',
};

interface Row {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
}

const ROWS: Row[] = [
  { key: 'firstTickerProcess', label: 'first ticker of the process (BTC-IDR, JIT cold)', unit: 'ms' },
  { key: 'coldTickerMean', label: 'cold first ticker per symbol, mean of 8x3', unit: 'ms' },
  { key: 'coldTickerMax', label: 'cold first ticker per symbol, max of 8x3', unit: 'ms' },
  { key: 'warmTickPerSymbol', label: 'warm tick per symbol (ticker+book+trades+1m candle)', unit: 'ms' },
  { key: 'warmTicker', label: '  of which ticker', unit: 'ms' },
  { key: 'warmBook', label: '  of which book', unit: 'ms' },
  { key: 'warmTrades', label: '  of which trades (since last tick)', unit: 'ms' },
  { key: 'warmCandle', label: '  of which current 1m candle', unit: 'ms' },
  { key: 'recentTrades100', label: 'recentTrades BTC-IDR limit 100, per call (warm)', unit: 'ms' },
  { key: 'recentTrades100Us', label: 'recentTrades AAPL limit 100, per call (warm)', unit: 'ms' },
  { key: 'recentTradesSince', label: 'recentTrades BTC-IDR since last tick, per call', unit: 'ms' },
  { key: 'd1YearCold', label: '1D x 1y BTC-IDR (cold)', unit: 'ms' },
  { key: 'd1YearWarm', label: '1D x 1y BTC-IDR (warm)', unit: 'ms' },
  { key: 'd1YearColdUs', label: '1D x 1y AAPL (cold)', unit: 'ms' },
  { key: 'm1WeekCold', label: '1m x 1w ETH-IDR (cold)', unit: 'ms' },
  { key: 'w1AllCold', label: '1W all history BTCUSDT-PERP (cold)', unit: 'ms' },
  { key: 'publish50', label: 'publisher tick, 50 symbols x 4 streams (warm)', unit: 'ms' },
  { key: 'publish50Max', label: 'publisher tick, 50 symbols, slowest tick', unit: 'ms' },
  { key: 'publish50First', label: 'publisher first tick, 50 cold symbols', unit: 'ms' },
  { key: 'publish50TradeUpdates', label: 'trade updates of one symbol in 120 ticks (sanity)', unit: '' },
  { key: 'heapMb', label: 'heap used after all of the above', unit: 'MB' },
  { key: 'caches', label: 'cache sizes', unit: '' },
];

async function child(root: string): Promise<Figures> {
  const mod = (path: string) => import(pathToFileURL(resolve(root, path)).href);
  const { MarketSimulator } = await mod('src/market/simulator.ts');
  const { marketStreamSource } = await mod('src/modules/stream/source.ts');
  const { MarketPublisher } = await mod('src/modules/stream/publisher.ts');
  const { createMemoryPubSub } = await mod('src/pubsub/memory.ts');
  const out: Figures = {};
  const time = (fn: () => unknown): number => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  out.firstTickerProcess = time(() => new MarketSimulator({ seed: 'bench' }).ticker('BTC-IDR', NOW));
  // Warm the JIT on other symbols of each market, then measure fresh simulators.
  const warmup = new MarketSimulator({ seed: 'warmup' });
  for (const s of ['ETH-IDR', 'MSFT', 'BBRI', 'ETHUSDT-PERP']) {
    warmup.ticker(s, NOW);
    warmup.orderBook(s, { at: NOW });
    warmup.recentTrades(s, 50, NOW);
  }
  const coldSymbols = ['BTC-IDR', 'SOL-IDR', 'BTCUSDT-PERP', 'AAPL', 'NVDA', 'SPX', 'BBCA', 'TLKM'];
  // A fresh simulator per symbol, built outside the timing (building the catalogue is not a tick).
  const cold = ['bench', 'bench-2', 'bench-3'].flatMap((seed) =>
    coldSymbols.map((s) => {
      const fresh = new MarketSimulator({ seed });
      return time(() => fresh.ticker(s, NOW + 1234));
    }),
  );
  out.coldTickerMean = cold.reduce((a, b) => a + b, 0) / cold.length;
  out.coldTickerMax = Math.max(...cold);

  // Warm tick through the stream source, as the publisher calls it.
  const sim = new MarketSimulator({ seed: 'bench' });
  let clock = NOW;
  const source = marketStreamSource(sim, () => clock);
  const symbols = ['BTC-IDR', 'ETH-IDR', 'BTCUSDT-PERP', 'AAPL', 'MSFT', 'BBCA'];
  for (const s of symbols) {
    source.ticker(s);
    source.book(s);
    source.recentTrades(s, 100);
    source.currentCandle(s, '1');
  }
  const parts = { ticker: 0, book: 0, trades: 0, candle: 0 };
  const ticks = 400;
  const last = new Map<string, number>();
  for (let k = 1; k <= ticks; k += 1) {
    clock = NOW + k * TICK;
    for (const s of symbols) {
      parts.ticker += time(() => source.ticker(s));
      parts.book += time(() => source.book(s));
      parts.trades += time(() => {
        const since = last.get(s);
        const trades = since === undefined ? source.recentTrades(s, 100) : source.recentTrades(s, 100, since);
        if (trades[0]) last.set(s, trades[0].t);
      });
      parts.candle += time(() => source.currentCandle(s, '1'));
    }
  }
  const per = ticks * symbols.length;
  out.warmTicker = parts.ticker / per;
  out.warmBook = parts.book / per;
  out.warmTrades = parts.trades / per;
  out.warmCandle = parts.candle / per;
  out.warmTickPerSymbol = out.warmTicker + out.warmBook + out.warmTrades + out.warmCandle;

  const callCost = (symbol: string, fn: (at: number, prev: number) => unknown): number => {
    fn(NOW, NOW - TICK);
    const samples: number[] = [];
    for (let k = 1; k <= 200; k += 1) samples.push(time(() => fn(NOW + k * TICK, NOW + (k - 1) * TICK)));
    return median(samples);
  };
  out.recentTrades100 = callCost('BTC-IDR', (at) => sim.recentTrades('BTC-IDR', 100, at));
  out.recentTrades100Us = callCost('AAPL', (at) => sim.recentTrades('AAPL', 100, at));
  out.recentTradesSince =
    sim.recentTrades.length >= 4 || /since/.test(String(sim.recentTrades))
      ? callCost('BTC-IDR', (at, prev) => sim.recentTrades('BTC-IDR', 100, at, prev))
      : 'n/a';

  const fresh = () => new MarketSimulator({ seed: 'bench' });
  // Warm the JIT on the chart paths (another seed and symbols), so "cold" means cold data.
  for (const seed of ['w1', 'w2', 'w3']) {
    const w = new MarketSimulator({ seed });
    w.candles('ETH-IDR', '1D', NOW - 365 * DAY, NOW, NOW);
    w.candles('MSFT', '1D', NOW - 365 * DAY, NOW, NOW);
    w.candles('SOL-IDR', '1', NOW - 2 * DAY, NOW, NOW);
    w.candles('ETHUSDT-PERP', '1W', Date.parse('2020-01-01'), NOW, NOW);
  }
  const d1 = fresh();
  out.d1YearCold = time(() => d1.candles('BTC-IDR', '1D', NOW - 365 * DAY, NOW, NOW));
  out.d1YearWarm = median([0, 1, 2, 3, 4].map(() => time(() => d1.candles('BTC-IDR', '1D', NOW - 365 * DAY, NOW, NOW))));
  out.d1YearColdUs = time(() => fresh().candles('AAPL', '1D', NOW - 365 * DAY, NOW, NOW));
  out.m1WeekCold = time(() => fresh().candles('ETH-IDR', '1', NOW - 7 * DAY, NOW, NOW));
  out.w1AllCold = time(() => fresh().candles('BTCUSDT-PERP', '1W', Date.parse('2020-01-01'), NOW, NOW));

  // The publisher over 50 symbols (ticker, finest book, trades, 1m candle each), on a virtual
  // clock: the publisher reads Date.now() itself (interest, the trade mark), so it is pinned too.
  const pubSim = new MarketSimulator({ seed: 'bench' });
  let pubClock = NOW;
  const realDateNow = Date.now;
  Date.now = () => Math.floor(pubClock);
  const pubsub = createMemoryPubSub();
  const publisher = new MarketPublisher({
    pubsub,
    source: marketStreamSource(pubSim, () => pubClock),
    tickMs: TICK,
    interestTtlMs: 3_600_000,
  });
  await publisher.start();
  const fifty = sim
    .instruments()
    .filter((i: { tradable: boolean }) => i.tradable)
    .map((i: { symbol: string }) => i.symbol)
    .filter((_: string, i: number) => i % 2 === 0)
    .slice(0, 50) as string[];
  const streams = fifty.flatMap((symbol) => [
    { channel: 'ticker', symbol },
    { channel: 'book', symbol },
    { channel: 'trades', symbol },
    { channel: 'candles', symbol, resolution: '1' },
  ]);
  await pubsub.publish('stream.interest', { instance: 'bench', streams });
  out.publish50First = time(() => publisher.tick());
  let published = 0;
  const counting = await pubsub.subscribe(`market.trades.${fifty[0]}`, () => (published += 1));
  const tickTimes: number[] = [];
  for (let k = 1; k <= 120; k += 1) {
    pubClock = NOW + k * TICK;
    tickTimes.push(time(() => publisher.tick()));
  }
  out.publish50 = tickTimes.reduce((a, b) => a + b, 0) / tickTimes.length;
  out.publish50Max = Math.max(...tickTimes);
  out.publish50TradeUpdates = published;
  await counting();
  await publisher.stop();
  Date.now = realDateNow;

  (globalThis as { gc?: () => void }).gc?.();
  out.heapMb = process.memoryUsage().heapUsed / 1e6;
  const stats = (s: unknown) => {
    const anyS = s as { cacheStats?: () => Record<string, number>; minuteCache?: { size: number }; summaryCache?: Map<string, unknown> };
    if (anyS.cacheStats) return anyS.cacheStats();
    return { minuteDays: anyS.minuteCache?.size ?? 0, summaries: anyS.summaryCache?.size ?? 0 };
  };
  out.caches = Object.entries(stats(pubSim))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return out;
}

function runChild(root: string): Figures {
  const r = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1]!, '--child', root], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench child for ${root} failed:\n${r.stderr}`);
  const line = r.stdout.trim().split('\n').at(-1)!;
  return JSON.parse(line) as Figures;
}

const fmt = (v: number | string | undefined, unit: string): string =>
  v === undefined ? '-' : typeof v === 'string' ? v : `${v < 1 ? v.toFixed(4) : v < 100 ? v.toFixed(2) : v.toFixed(0)} ${unit}`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    console.log(JSON.stringify(await child(args[1]!)));
    return;
  }
  const here = resolve(__dirname, '..');
  const baselineIdx = args.indexOf('--baseline');
  const baselineDir = baselineIdx >= 0 ? resolve(args[baselineIdx + 1]!) : null;
  if (baselineDir && !existsSync(resolve(baselineDir, 'src/market/simulator.ts'))) throw new Error(`no server tree at ${baselineDir}`);
  const json = args.includes('--json');
  const after = runChild(here);
  const before = baselineDir ? runChild(baselineDir) : RECORDED_BEFORE;
  if (json) {
    console.log(JSON.stringify({ before, after }));
    return;
  }
  console.log(`market hot path, seed "bench", at ${new Date(NOW).toISOString()}, tick ${TICK} ms`);
  console.log(`before: ${baselineDir ? `measured now from ${baselineDir}` : 'recorded before the hot-path work'}; after: this tree`);
  console.log(`${'measure'.padEnd(56)} ${'before'.padStart(14)} ${'after'.padStart(14)}`);
  for (const row of ROWS) {
    if (row.key === 'caches') continue;
    console.log(`${row.label.padEnd(56)} ${fmt(before[row.key], row.unit).padStart(14)} ${fmt(after[row.key], row.unit).padStart(14)}`);
  }
  console.log(`caches before: ${before.caches ?? '-'}`);
  console.log(`caches after:  ${after.caches ?? '-'}`);
}

void main();
