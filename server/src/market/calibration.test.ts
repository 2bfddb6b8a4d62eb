// The simulator's calibration (`data/calibration.ts`): prices stay near their reference the way a
// real market does, every series' volatility is realistic for its class, and it is all seeded.
import { USD_IDR_ANCHOR, buildCatalogue } from './instruments';
import {
  BAND_SDS,
  CALIBRATION,
  REFERENCE_DATE,
  annualVolOf,
  bandLogHalfWidth,
  reversionOf,
  settledLogSd,
  squeezeGap,
  type AssetClass,
} from './data/calibration';
import { CRYPTO_ROWS } from './data/catalogue';
import { idxTickSize } from './idx-rules';
import { ANCHOR_DAY, PathEngine } from './paths';
import { MarketSimulator } from './simulator';

const DAY = 86_400_000;
const sim = new MarketSimulator({ seed: 'pasar' });
const catalogue = buildCatalogue();
const REFERENCE_MS = Date.parse(`${REFERENCE_DATE}T00:00:00Z`);
/** Two years from the reference date, which holds today (2026-11-27) and the months after it. */
const SPAN_DAYS = 730;
/**
 * How far a day's high or low may reach beyond the band of its closes, in daily standard
 * deviations: the day's extremes are a Brownian bridge's from its open to its close (at most
 * about 3.4 σ beyond them with the simulator's draws), plus the US open's small gap.
 */
const INTRADAY_REACH_SDS = 4;

/** Daily candles of a symbol ending on `end` (its day in progress excluded). */
function dailyCandles(simulator: MarketSimulator, symbol: string, endMs: number, days: number) {
  return simulator.candles(symbol, '1D', endMs - days * DAY, endMs - 1, endMs);
}

/** Every daily candle from the reference date over SPAN_DAYS, fetched in 60-day windows. */
function candlesFromReference(symbol: string) {
  const out: ReturnType<typeof dailyCandles> = [];
  for (let start = 0; start < SPAN_DAYS; start += 60) {
    out.push(...dailyCandles(sim, symbol, REFERENCE_MS + Math.min(start + 60, SPAN_DAYS) * DAY, Math.min(60, SPAN_DAYS - start)));
  }
  return out;
}

/** The band (log half-width) a symbol's closes stay in: its series' band, plus USD/IDR's for IDR-quoted crypto. */
function symbolBand(symbol: string): { reference: number; half: number; dailyVol: number } {
  const m = sim.model(symbol);
  const p = sim.seriesOf(symbol);
  const fx = catalogue.series.get('fx:USDIDR')!;
  let half = bandLogHalfWidth(p.dailyVol, p.reversion);
  let reference = p.anchorPrice;
  if (m.transform === 'times-fx') {
    half += bandLogHalfWidth(fx.dailyVol, fx.reversion);
    reference *= fx.anchorPrice;
  }
  // A perpetual trades at a small basis to its index (well under 0.2 %).
  if (m.transform === 'perp-basis') half += 0.002;
  // IDX closes are snapped to the tick grid.
  if (p.idxRules) half += Math.log(1 + idxTickSize(reference * Math.exp(-half)) / (reference * Math.exp(-half)));
  return { reference, half, dailyVol: p.dailyVol };
}

function classOf(key: string): AssetClass {
  if (key === 'fx:USDIDR') return 'FX';
  if (key.startsWith('idx:')) return 'IDX_STOCK';
  if (key.startsWith('us:')) return catalogue.bySymbol.get(key.slice(3))?.kind === 'usindex' ? 'US_INDEX' : 'US_STOCK';
  const row = CRYPTO_ROWS.find(([base]) => `coin:${base}` === key);
  return row?.[5] === 'STABLE' ? 'STABLECOIN' : 'CRYPTO';
}

describe('calibration', () => {
  const btc = sim.seriesOf('BTC-IDR');
  const fx = catalogue.series.get('fx:USDIDR')!;
  const btcUsd = CRYPTO_ROWS.find(([base]) => base === 'BTC')![2];
  const reference = btcUsd * USD_IDR_ANCHOR;
  // BTC-IDR is BTC in USD times USD/IDR: the two (independent) log gaps add.
  const sd = Math.hypot(settledLogSd(btc.dailyVol, btc.reversion), settledLogSd(fx.dailyVol, fx.reversion));
  const closeBand = [reference * Math.exp(-BAND_SDS * sd), reference * Math.exp(BAND_SDS * sd)] as const;
  const reach = Math.exp(INTRADAY_REACH_SDS * btc.dailyVol);

  it('starts BTC from its reference, recorded with its date, about Rp1.55 billion', () => {
    expect(REFERENCE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(btc.anchorPrice).toBe(btcUsd);
    expect(reference).toBe(1_548_500_000);
    // The band the calibration implies for BTC's closes: within about ±30 % of the reference.
    expect(closeBand[0]).toBeGreaterThan(reference * 0.7);
    expect(closeBand[1]).toBeLessThan(reference * 1.4);
  });

  it('keeps every daily BTC-IDR candle for two years from the reference date within the band', () => {
    const candles = candlesFromReference('BTC-IDR');
    expect(candles).toHaveLength(SPAN_DAYS);
    expect(candles[0]!.t).toBe(REFERENCE_MS);
    const today = Date.parse('2026-11-27T00:00:00Z');
    expect(candles.some((c) => c.t === today)).toBe(true);
    const outside = candles
      .filter((c) => Number(c.c) > closeBand[1] || Number(c.c) < closeBand[0] || Number(c.h) > closeBand[1] * reach || Number(c.l) < closeBand[0] / reach)
      .map((c) => `${new Date(c.t).toISOString().slice(0, 10)} ${c.l}–${c.h} close ${c.c}`);
    expect(outside).toEqual([]);
  });

  it.each(['ETH-IDR', 'SOL-IDR', 'DOGE-IDR', 'USDT-IDR', 'BTCUSDT-PERP', 'AAPL', 'TSLA', 'SPX', 'BBCA', 'ARTO'])(
    'keeps every daily %s candle for two years from the reference date within its band',
    (symbol) => {
      const { reference: ref, half, dailyVol } = symbolBand(symbol);
      const candles = candlesFromReference(symbol);
      expect(candles.length).toBeGreaterThan(SPAN_DAYS * 0.6);
      const low = ref * Math.exp(-half);
      const high = ref * Math.exp(half);
      const stretch = Math.exp(INTRADAY_REACH_SDS * dailyVol);
      const outside = candles
        .filter((c) => Number(c.c) > high * Math.exp(dailyVol) || Number(c.c) < low / Math.exp(dailyVol) || Number(c.h) > high * stretch || Number(c.l) < low / stretch)
        .map((c) => `${new Date(c.t).toISOString().slice(0, 10)} ${c.l}–${c.h} close ${c.c}`);
      expect(outside).toEqual([]);
    },
  );

  it('never lets any series close outside its band over those two years', () => {
    const outside: string[] = [];
    const paths = new PathEngine('pasar', catalogue.series);
    for (const [key, p] of catalogue.series) {
      let half = bandLogHalfWidth(p.dailyVol, p.reversion);
      if (p.idxRules) half += Math.log(1 + idxTickSize(p.anchorPrice * Math.exp(-half)) / (p.anchorPrice * Math.exp(-half)));
      for (let day = ANCHOR_DAY; day < ANCHOR_DAY + SPAN_DAYS; day += 1) {
        const gap = Math.log(paths.dailyClose(key, day) / p.anchorPrice);
        if (Math.abs(gap) > half) outside.push(`${key} day ${day - ANCHOR_DAY}: ${(gap * 100).toFixed(1)} %`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('squeezes a gap only beyond the knee, smoothly, and never past the band', () => {
    const [vol, k] = [btc.dailyVol, btc.reversion];
    const s = settledLogSd(vol, k);
    expect(squeezeGap(0.1 * s, vol, k)).toBe(0.1 * s);
    expect(squeezeGap(-2 * s, vol, k)).toBe(-2 * s);
    expect(squeezeGap(3 * s, vol, k)).toBeLessThan(3 * s);
    expect(squeezeGap(3 * s, vol, k)).toBeGreaterThan(2.9 * s);
    expect(squeezeGap(-10 * s, vol, k)).toBeGreaterThan(-BAND_SDS * s);
    expect(squeezeGap(10 * s, vol, k)).toBeLessThan(bandLogHalfWidth(vol, k));
    expect(squeezeGap(10 * s, vol, k)).toBeGreaterThan(squeezeGap(5 * s, vol, k));
  });

  it('adds no drift within the day: each day of hourly candles opens at the previous close and ends at the daily close', () => {
    const end = Date.parse('2026-11-27T00:00:00Z');
    const days = 28;
    const daily = dailyCandles(sim, 'BTC-IDR', end, days + 1);
    const hourly = sim.candles('BTC-IDR', '60', end - days * DAY, end - 1, end);
    expect(hourly).toHaveLength(days * 24);
    for (let d = 0; d < days; d += 1) {
      const hours = hourly.slice(d * 24, d * 24 + 24);
      const bar = daily[d + 1]!;
      expect(hours[0]!.t).toBe(bar.t);
      expect(hours[0]!.o).toBe(daily[d]!.c);
      expect(hours[23]!.c).toBe(bar.c);
      expect(Math.max(...hours.map((h) => Number(h.h)))).toBe(Number(bar.h));
      expect(Math.min(...hours.map((h) => Number(h.l)))).toBe(Number(bar.l));
    }
  });

  it('moves BTC like a market: realised volatility over 60 days in the crypto range', () => {
    const closes = dailyCandles(sim, 'BTC-IDR', Date.parse('2026-11-25T00:00:00Z'), 60).map((c) => Number(c.c));
    const returns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const dailySd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1));
    const annual = annualVolOf('CRYPTO', dailySd);
    const [low, high] = CALIBRATION.CRYPTO.annualVol;
    expect(annual).toBeGreaterThan(low * 0.6);
    expect(annual).toBeLessThan(high);
  });

  it('gives every series an annualised volatility in its class range and its class pull to the reference', () => {
    const outside: string[] = [];
    for (const [key, params] of catalogue.series) {
      const assetClass = classOf(key);
      const annual = annualVolOf(assetClass, params.dailyVol);
      const [low, high] = CALIBRATION[assetClass].annualVol;
      if (annual < low || annual > high) outside.push(`${key} ${(annual * 100).toFixed(1)} %`);
      expect(params.reversion).toBeCloseTo(reversionOf(assetClass), 10);
    }
    expect(outside).toEqual([]);
  });

  it('is seeded: the same seed gives the same weeks, another seed other weeks', () => {
    const end = Date.parse('2026-11-25T00:00:00Z');
    expect(dailyCandles(new MarketSimulator({ seed: 'pasar' }), 'BTC-IDR', end, 60)).toEqual(dailyCandles(sim, 'BTC-IDR', end, 60));
    expect(dailyCandles(new MarketSimulator({ seed: 'other' }), 'BTC-IDR', end, 60)).not.toEqual(dailyCandles(sim, 'BTC-IDR', end, 60));
  });
});
