import { chartRangeWindow, CandlesQuery, PriceQuoteQuery, resolutionSeconds, marketIconPath, Ticker } from './index';
import { MARKETS } from '../markets';

describe('market contract', () => {
  it('lists the chart resolutions of §9 per market', () => {
    expect(MARKETS.crypto.resolutions).toEqual(['1', '5', '15', '60', '120', '240', '1D', '1W', '1M']);
    expect(MARKETS.perps.resolutions).toEqual(['1', '5', '15', '60', '240', '1D']);
    expect(MARKETS.usstock.resolutions).toEqual(['5', '10', '15', '60', '1D', '1W']);
    expect(MARKETS.idx.resolutions).toEqual(['5', '60', '1D', '1W']);
    expect(resolutionSeconds('15')).toBe(900);
    expect(resolutionSeconds('1D')).toBeNull();
  });

  it('turns chart ranges into windows', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(chartRangeWindow('ONE_DAY', 'CRYPTO', now)).toEqual({ resolution: '5', from: now / 1000 - 86_400, to: now / 1000 });
    expect(chartRangeWindow('YEAR_TILL_DATE', 'USSTOCK', now).from).toBe(Date.parse('2026-01-01T00:00:00Z') / 1000);
    expect(chartRangeWindow('ALL', 'IDSS', now)).toMatchObject({ resolution: '1W', from: Date.parse('2020-01-01T00:00:00Z') / 1000 });
  });

  it('validates queries and decimal strings', () => {
    expect(CandlesQuery.parse({ symbol: 'AAPL', resolution: '1D', from: '10', to: '20' })).toEqual({ symbol: 'AAPL', resolution: '1D', from: 10, to: 20 });
    expect(CandlesQuery.safeParse({ symbol: 'AAPL', resolution: '2', from: 1, to: 2 }).success).toBe(false);
    expect(PriceQuoteQuery.safeParse({ symbol: 'BTC-IDR', side: 'BUY' }).success).toBe(false);
    expect(PriceQuoteQuery.safeParse({ symbol: 'BTC-IDR', side: 'BUY', quantity: '0.1', amount: '5' }).success).toBe(false);
    expect(PriceQuoteQuery.safeParse({ symbol: 'BTC-IDR', side: 'SELL', amount: '500000' }).success).toBe(true);
    expect(Ticker.shape.price.safeParse(1.5).success).toBe(false);
    expect(marketIconPath('BTC-IDR')).toBe('/api/market/icon/BTC-IDR.svg');
  });
});
