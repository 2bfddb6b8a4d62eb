import { CLIENT_ERROR_CODES } from './api-error';
import { createPortfolioClient } from './portfolio-client';
import { createTestApiClient } from '../testing/test-api-client';

const CRYPTO_HOLDINGS = { items: [], updatedAt: 1 };
const US_HOLDINGS = { assetType: 'USSTOCK', items: [], usdIdr: { rate: '16250.00', at: 1 }, updatedAt: 1 };
const CRYPTO_HISTORY = { items: [], page: 1, hasMore: false };
const US_HISTORY = { assetType: 'USSTOCK', items: [], page: 2, hasMore: true };

describe('the portfolio client', () => {
  it('asks crypto holdings by default and US holdings in their own shape', async () => {
    const fake = createTestApiClient().on('GET', '/api/portfolio/asset-holdings', (request) => ({
      body: { status: 'success', data: request.query.assetType === 'USSTOCK' ? US_HOLDINGS : CRYPTO_HOLDINGS },
    }));
    const client = createPortfolioClient(fake);
    await expect(client.holdings()).resolves.toEqual(CRYPTO_HOLDINGS);
    const us = await client.holdings({ assetType: 'USSTOCK', symbol: 'AAPL' });
    expect(us.usdIdr.rate).toBe('16250.00');
    expect(fake.calls.map((request) => [request.method, request.path, request.query])).toEqual([
      ['GET', '/api/portfolio/asset-holdings', {}],
      ['GET', '/api/portfolio/asset-holdings', { assetType: 'USSTOCK', symbol: 'AAPL' }],
    ]);
  });

  it('pages the position history of a market', async () => {
    const fake = createTestApiClient().on('GET', '/api/portfolio/position-history', (request) => ({
      body: { status: 'success', data: request.query.assetType === 'USSTOCK' ? US_HISTORY : CRYPTO_HISTORY },
    }));
    const client = createPortfolioClient(fake);
    await expect(client.positionHistory({ symbol: 'BTC-IDR' })).resolves.toEqual(CRYPTO_HISTORY);
    await expect(client.positionHistory({ assetType: 'USSTOCK', page: 2 })).resolves.toEqual(US_HISTORY);
    expect(fake.calls[1]!.query).toEqual({ assetType: 'USSTOCK', page: 2 });
  });

  it('asks the value over a range and the holdings by wallet', async () => {
    const history = { range: 'YTD', from: '2026-01-01', to: '2026-11-22', points: [{ day: '2026-11-22', valueIdr: '5' }], change: null };
    const pockets = { pockets: [{ pocket: 'MARGIN', currency: 'USDT', cash: '10', holdings: [], value: '10', valueIdr: '163000' }], usdIdr: '16250.00', usdtIdr: '16300.00', updatedAt: 1 };
    const fake = createTestApiClient().reply('GET', '/api/portfolio/value-history', history).reply('GET', '/api/portfolio/pocket-holdings', pockets);
    const client = createPortfolioClient(fake);
    await expect(client.valueHistory('YTD')).resolves.toEqual(history);
    await expect(client.pocketHoldings()).resolves.toEqual(pockets);
    expect(fake.calls.map((request) => [request.path, request.query])).toEqual([
      ['/api/portfolio/value-history', { range: 'YTD' }],
      ['/api/portfolio/pocket-holdings', {}],
    ]);
  });

  it('checks each answer against the market’s schema', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('GET', '/api/portfolio/asset-holdings', CRYPTO_HOLDINGS)
      .reply('GET', '/api/portfolio/overview', { totalValue: '1' });
    const client = createPortfolioClient(fake);
    const invalid = { code: CLIENT_ERROR_CODES.invalidResponse };
    // A crypto-shaped answer to a US question is refused: the US shape names its rate.
    await expect(client.holdings({ assetType: 'USSTOCK' })).rejects.toMatchObject(invalid);
    await expect(client.overview()).rejects.toMatchObject(invalid);
    expect(fake.calls.map((request) => request.path)).toEqual(['/api/portfolio/asset-holdings', '/api/portfolio/overview']);
  });
});
