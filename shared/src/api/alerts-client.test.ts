import { CLIENT_ERROR_CODES } from './api-error';
import { createPriceAlertsClient, createWatchlistsClient } from './alerts-client';
import { createTestApiClient } from '../testing/test-api-client';

const AT = '2026-11-25T10:00:00.000Z';
const LIST = { id: 'w1', name: 'Mixed', items: [{ symbol: 'AAPL', assetType: 'USSTOCK', assetId: 7, name: 'Apple Inc.', addedAt: AT }], createdAt: AT, updatedAt: AT };
const ALERT = {
  id: 'a1',
  symbol: 'BTC-IDR',
  assetType: 'CRYPTO',
  targetPrice: '1700000000',
  direction: 'UP',
  note: null,
  repeating: false,
  createFromChart: true,
  status: 'ACTIVE',
  priceAtCreation: '1650000000',
  triggerCount: 0,
  lastTriggeredAt: null,
  lastTriggeredPrice: null,
  createdAt: AT,
  updatedAt: AT,
};

describe('the watchlists client', () => {
  it('sends each call to its path with its body', async () => {
    const fake = createTestApiClient()
      .reply('GET', '/api/watchlists', { items: [LIST], limits: { maxWatchlists: 10, maxSymbolsPerWatchlist: 50 } })
      .reply('POST', '/api/watchlists', LIST)
      .reply('PATCH', '/api/watchlists/:id', LIST)
      .reply('DELETE', '/api/watchlists/:id', { deleted: true })
      .reply('POST', '/api/watchlists/:id/symbols', LIST)
      .reply('DELETE', '/api/watchlists/:id/symbols/:symbol', LIST)
      .reply('PUT', '/api/watchlists/:id/symbols/order', LIST)
      .reply('GET', '/api/watchlists/predefined', { items: [] });
    const client = createWatchlistsClient(fake);
    expect((await client.watchlists()).limits.maxWatchlists).toBe(10);
    await client.create({ name: 'Mixed', symbols: ['AAPL'] });
    await client.rename('w 1', 'New');
    await client.addSymbol('w1', 'BTC-IDR');
    await client.removeSymbol('w1', 'BTC-IDR');
    await client.reorderSymbols('w1', ['AAPL']);
    await expect(client.remove('w1')).resolves.toEqual({ deleted: true });
    await client.predefined({ assetType: 'CRYPTO' });
    expect(fake.calls.map((c) => [c.method, c.path, c.body ?? c.query])).toEqual([
      ['GET', '/api/watchlists', {}],
      ['POST', '/api/watchlists', { name: 'Mixed', symbols: ['AAPL'] }],
      ['PATCH', '/api/watchlists/w%201', { name: 'New' }],
      ['POST', '/api/watchlists/w1/symbols', { symbol: 'BTC-IDR' }],
      ['DELETE', '/api/watchlists/w1/symbols/BTC-IDR', {}],
      ['PUT', '/api/watchlists/w1/symbols/order', { symbols: ['AAPL'] }],
      ['DELETE', '/api/watchlists/w1', {}],
      ['GET', '/api/watchlists/predefined', { assetType: 'CRYPTO' }],
    ]);
  });
});

describe('the price alerts client', () => {
  it('creates, lists, moves and deletes alerts, each answer checked against its schema', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('POST', '/api/price-alerts', ALERT)
      .reply('GET', '/api/price-alerts', { items: [ALERT], limits: { maxActive: 100 } })
      .reply('PATCH', '/api/price-alerts/:id', { ...ALERT, targetPrice: 'not a price' })
      .reply('DELETE', '/api/price-alerts/:id', { deleted: true });
    const client = createPriceAlertsClient(fake);
    await expect(client.create({ symbol: 'BTC-IDR', targetPrice: '1700000000', createFromChart: true })).resolves.toEqual(ALERT);
    expect((await client.list({ symbol: 'BTC-IDR' })).items).toHaveLength(1);
    await expect(client.update('a1', { targetPrice: '1600000000' })).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
    await expect(client.remove('a1')).resolves.toEqual({ deleted: true });
    expect(fake.calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/price-alerts'],
      ['GET', '/api/price-alerts'],
      ['PATCH', '/api/price-alerts/a1'],
      ['DELETE', '/api/price-alerts/a1'],
    ]);
    expect(fake.calls[1]!.query).toEqual({ symbol: 'BTC-IDR' });
    expect(fake.calls.every((c) => c.headers['x-language-code'] !== undefined)).toBe(true);
  });
});
