// Benchmark (printed, not asserted): how long the simulator takes to compute candles.
//   cd server && npx tsx bench/market-candles.ts
import { MarketSimulator } from '../src/market/simulator';

const DAY = 86_400_000;
const now = Date.now();

function time(label: string, fn: () => number): void {
  const t0 = performance.now();
  const n = fn();
  console.log(`${label.padEnd(48)} ${String(n).padStart(6)} bars  ${(performance.now() - t0).toFixed(1).padStart(8)} ms`);
}

const sim = new MarketSimulator({ seed: 'bench' });
console.log(`market simulator, seed "bench", ${new Date(now).toISOString()}`);
time('BTC-IDR 1D, one year (cold)', () => sim.candles('BTC-IDR', '1D', now - 365 * DAY, now, now).length);
time('BTC-IDR 1D, one year (warm)', () => sim.candles('BTC-IDR', '1D', now - 365 * DAY, now, now).length);
time('BTC-IDR 1, one week (days cached)', () => sim.candles('BTC-IDR', '1', now - 7 * DAY, now, now).length);
time('ETH-IDR 1, one week (cold)', () => sim.candles('ETH-IDR', '1', now - 7 * DAY, now, now).length);
time('AAPL 1D, one year (cold)', () => sim.candles('AAPL', '1D', now - 365 * DAY, now, now).length);
time('AAPL 5, one week', () => sim.candles('AAPL', '5', now - 7 * DAY, now, now).length);
time('BBCA 1D, one year (cold)', () => sim.candles('BBCA', '1D', now - 365 * DAY, now, now).length);
time('BTCUSDT-PERP 1W, all history (cold)', () => sim.candles('BTCUSDT-PERP', '1W', Date.parse('2020-01-01'), now, now).length);
const t0 = performance.now();
for (let i = 0; i < 1000; i += 1) sim.ticker('BTC-IDR', now + i * 250);
console.log(`${'ticker BTC-IDR, 1000 ticks 250 ms apart'.padEnd(48)} ${((performance.now() - t0) / 1000).toFixed(3)} ms per ticker`);
