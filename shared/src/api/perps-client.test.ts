import { CLIENT_ERROR_CODES } from './api-error';
import { createPerpsClient, type PerpsClient } from './perps-client';
import { createTestApiClient, type HttpMethod } from '../testing/test-api-client';

const BALANCE = { buyingPower: '900', marginRatioPercentage: '0', walletBalance: '1000', availableBalance: '900', unrealizedPnl: '0', positionMargin: '100' };
const TIER = { tier: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.004', maintenanceAmount: '0' };
const LEVERAGE = { symbol: 'BTCUSDT-PERP', leverage: 20, marginMode: 'CROSS', maxLeverage: 125, tiers: [TIER] };
const FUNDING = {
  symbol: 'BTCUSDT-PERP',
  fundingRate: '0.0001',
  nextFundingTime: 1_764_057_600_000,
  markPrice: '60000',
  indexPrice: '59990',
  fundingRateCap: '0.0075',
  fundingRateFloor: '-0.0075',
  updatedAt: 1_764_050_000_000,
};
const NO_POSITION = { symbol: 'BTCUSDT-PERP', position: null, balance: BALANCE };
const POSITIONS = { items: [], balance: BALANCE, updatedAt: 1_764_050_000_000 };
const LIST = { items: [], page: 1, size: 30, hasMore: false };
const ESTIMATE = {
  symbol: 'BTCUSDT-PERP',
  side: 'BUY',
  price: '60000',
  quantity: '0.01',
  notional: '600',
  estimatedAmount: '600',
  initialMargin: '60',
  fee: '0.24',
  feeRate: '0.0004',
  estimatedTotalAmount: '60.24',
  leverage: 10,
  marginMode: 'ISOLATED',
  liquidationPrice: '54300',
  availableBalance: '1000',
  availableAfter: '939.76',
  refusalCode: null,
};

describe('the perps client', () => {
  const cases: [string, HttpMethod, string, unknown, (c: PerpsClient) => Promise<unknown>][] = [
    ['leverage', 'GET', '/api/perp/position/leverage', LEVERAGE, (c) => c.leverage('BTCUSDT-PERP')],
    ['setLeverage', 'POST', '/api/perp/position/leverage', NO_POSITION, (c) => c.setLeverage('BTCUSDT-PERP', 20)],
    ['setMarginMode', 'POST', '/api/perp/position/margin-mode', NO_POSITION, (c) => c.setMarginMode('BTCUSDT-PERP', 'ISOLATED')],
    ['tpsl', 'POST', '/api/perp/position/tpsl', NO_POSITION, (c) => c.tpsl({ symbol: 'BTCUSDT-PERP', takeProfit: null })],
    ['positionMargin', 'POST', '/api/perp/position/margin', NO_POSITION, (c) => c.positionMargin({ symbol: 'BTCUSDT-PERP', direction: 'ADD', amount: '5' })],
    ['fundingRate', 'GET', '/api/perp/funding-rate', FUNDING, (c) => c.fundingRate('BTCUSDT-PERP')],
    ['positions', 'GET', '/api/perp/positions', POSITIONS, (c) => c.positions()],
    ['orders', 'GET', '/api/perp/orders', LIST, (c) => c.orders({ scope: 'history' })],
    ['estimate', 'GET', '/api/perp/estimate', ESTIMATE, (c) => c.estimate({ symbol: 'BTCUSDT-PERP', side: 'BUY', quantity: '0.01', leverage: 10 })],
    ['balance', 'GET', '/api/perp/balance', BALANCE, (c) => c.balance()],
  ];

  it.each(cases)('%s calls %s %s and answers the parsed data', async (_name, method, path, data, call) => {
    const fake = createTestApiClient().reply(method, path, data);
    await expect(call(createPerpsClient(fake))).resolves.toEqual(data);
    expect(fake.calls.map((request) => [request.method, request.path])).toEqual([[method, path]]);
    expect(fake.calls[0]!.headers['x-language-code']).toBeDefined();
  });

  it('sends the query and the body it is given, and the caller’s request id', async () => {
    const fake = createTestApiClient().reply('GET', '/api/perp/estimate', ESTIMATE).reply('POST', '/api/perp/position/leverage', NO_POSITION);
    const client = createPerpsClient(fake);
    await client.estimate({ symbol: 'BTCUSDT-PERP', side: 'SELL', orderType: 'LIMIT', quantity: '0.01', limitPrice: '61000', reduceOnly: true });
    await client.setLeverage('BTCUSDT-PERP', 20, { requestId: 'lev-1' });
    expect(fake.calls[0]!.query).toEqual({ symbol: 'BTCUSDT-PERP', side: 'SELL', orderType: 'LIMIT', quantity: '0.01', limitPrice: '61000', reduceOnly: true });
    expect(fake.calls[1]!.body).toEqual({ symbol: 'BTCUSDT-PERP', leverage: 20 });
    expect(fake.calls[1]!.headers['x-request-id']).toBe('lev-1');
  });

  it('cancels by the order’s path and rejects an answer that does not match the contract', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('POST', '/api/perp/orders/:id/cancel', { order: { id: 'o1' } })
      .reply('GET', '/api/perp/funding-rate', { symbol: 'BTCUSDT-PERP' });
    const client = createPerpsClient(fake);
    await expect(client.cancel('o/1')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
    await expect(client.fundingRate('BTCUSDT-PERP')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
    expect(fake.calls.map((request) => request.path)).toEqual(['/api/perp/orders/o%2F1/cancel', '/api/perp/funding-rate']);
  });
});
