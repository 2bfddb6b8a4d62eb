// The simulator's calibration (`data/calibration.ts`): prices stay near their reference the way a
// real market does, every series' volatility is realistic for its class, and it is all seeded.
import { USD_IDR_ANCHOR, buildCatalogue } from './instruments';
import { CALIBRATION, REFERENCE_DATE, annualVolOf, reversionOf, settledLogSd, type AssetClass } from './data/calibration';
import { CRYPTO_ROWS } from './data/catalogue';
import { MarketSimulator } from './simulator';

const DAY = 86_400_000;
const sim = new MarketSimulator({ seed: 'pasar' });

/** 60 daily candles of a symbol ending on `end` (its day in progress excluded). */
function sixtyDays(simulator: MarketSimulator, symbol: string, end: string) {
  const to = Date.parse(`${end}T00:00:00Z`);
  return simulator.candles(symbol, '1D', to - 60 * DAY, to - 1, to);
}

describe('calibration', () => {
  const btc = sim.seriesOf('BTC-IDR');
  const fx = buildCatalogue().series.get('fx:USDIDR')!;
  const btcUsd = CRYPTO_ROWS.find(([base]) => base === 'BTC')![2];
  const reference = btcUsd * USD_IDR_ANCHOR;
  // BTC-IDR is BTC in USD times USD/IDR: the two log gaps add.
  const sd = Math.hypot(settledLogSd(btc.dailyVol, reversionOf('CRYPTO')), settledLogSd(fx.dailyVol, reversionOf('FX')));
  const band = [reference * Math.exp(-4 * sd), reference * Math.exp(4 * sd)] as const;

  it('starts BTC from its reference, recorded with its date, about Rp1.55 billion', () => {
    expect(REFERENCE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(btc.anchorPrice).toBe(btcUsd);
    expect(reference).toBe(1_548_500_000);
    // The band the calibration implies: BTC neither halves nor doubles.
    expect(band[0]).toBeGreaterThan(reference / 2);
    expect(band[1]).toBeLessThan(reference * 2);
  });

  it.each(['2026-03-01', '2026-07-15', '2026-11-25', '2027-06-01', '2028-01-01'])(
    '60 days of daily BTC-IDR candles to %s stay within the band around the reference',
    (end) => {
      const candles = sixtyDays(sim, 'BTC-IDR', end);
      expect(candles).toHaveLength(60);
      for (const c of candles) {
        expect(Number(c.h)).toBeLessThan(band[1]);
        expect(Number(c.l)).toBeGreaterThan(band[0]);
      }
    },
  );

  it('moves BTC like a market over those weeks: realised volatility in the crypto range', () => {
    const closes = sixtyDays(sim, 'BTC-IDR', '2026-11-25').map((c) => Number(c.c));
    const returns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const dailySd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1));
    const annual = annualVolOf('CRYPTO', dailySd);
    const [low, high] = CALIBRATION.CRYPTO.annualVol;
    expect(annual).toBeGreaterThan(low * 0.6);
    expect(annual).toBeLessThan(high);
  });

  it('gives every series an annualised volatility in its class range and its class pull to the reference', () => {
    const catalogue = buildCatalogue();
    const classOf = (key: string): AssetClass => {
      if (key === 'fx:USDIDR') return 'FX';
      if (key.startsWith('idx:')) return 'IDX_STOCK';
      if (key.startsWith('us:')) return catalogue.bySymbol.get(key.slice(3))?.kind === 'usindex' ? 'US_INDEX' : 'US_STOCK';
      const row = CRYPTO_ROWS.find(([base]) => `coin:${base}` === key);
      return row?.[5] === 'STABLE' ? 'STABLECOIN' : 'CRYPTO';
    };
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
    expect(sixtyDays(new MarketSimulator({ seed: 'pasar' }), 'BTC-IDR', '2026-11-25')).toEqual(sixtyDays(sim, 'BTC-IDR', '2026-11-25'));
    expect(sixtyDays(new MarketSimulator({ seed: 'other' }), 'BTC-IDR', '2026-11-25')).not.toEqual(sixtyDays(sim, 'BTC-IDR', '2026-11-25'));
  });
});
