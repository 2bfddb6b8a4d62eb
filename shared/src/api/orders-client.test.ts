import { CLIENT_ERROR_CODES } from './api-error';
import { createCryptoOrdersClient, createUsStockOrdersClient } from './orders-client';
import { createTestApiClient, type HttpMethod } from '../testing/test-api-client';

const ORDER_TYPES = {
  symbol: 'BTC-IDR',
  instant: { enableBuy: true, enableSell: true },
  advanced: { enableBuy: true, enableSell: false, orderTypes: ['LIMIT', 'MARKET'], inputTypes: ['quantity'] },
  disabledReason: null,
  pricePrecision: 0,
  quantityPrecision: 8,
  quantityStep: '0.00000001',
  amountPrecision: 0,
  minQuantity: '0.00001',
  minAmount: '10000',
  feeRatePercent: '0.1',
  buyTaxRatePercent: '0',
  sellTaxRatePercent: '0.21',
};

const ESTIMATE = {
  symbol: 'BTC-IDR',
  side: 'BUY',
  price: '1600000000',
  quantity: '0.01',
  estimatedAmount: '16000000',
  fee: '16000',
  tax: '0',
  estimatedTotalAmount: '16016000',
  cryptocurrencyUnits: 'BTC',
  worstPrice: null,
};

const PLACED = { orders: [] };
const LIST = { items: [], page: 2, size: 30, hasMore: false };

const LIMIT = { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1600000000' } as const;

describe('the crypto orders client', () => {
  // Each endpoint: the call, the method and path it must use, and the answer it parses.
  const cases: [string, HttpMethod, string, unknown, (c: ReturnType<typeof createCryptoOrdersClient>) => Promise<unknown>][] = [
    ['orderTypes', 'GET', '/api/crypto/order-types', ORDER_TYPES, (c) => c.orderTypes('BTC-IDR')],
    ['estimate', 'POST', '/api/crypto/estimate', ESTIMATE, (c) => c.estimate({ ...LIMIT, side: 'BUY' })],
    ['buy', 'POST', '/api/crypto/buy', PLACED, (c) => c.buy({ symbol: 'BTC-IDR', amount: '100000' })],
    ['sell', 'POST', '/api/crypto/sell', PLACED, (c) => c.sell({ symbol: 'BTC-IDR', quantity: '0.01' })],
    ['advancedBuy', 'POST', '/api/crypto/advanced/buy', PLACED, (c) => c.advancedBuy(LIMIT)],
    ['advancedSell', 'POST', '/api/crypto/advanced/sell', PLACED, (c) => c.advancedSell(LIMIT)],
    ['orders', 'GET', '/api/crypto/orders', LIST, (c) => c.orders({ scope: 'history', page: 2 })],
    ['amend', 'PATCH', '/api/crypto/orders/o%2F1', PLACED, (c) => c.amend('o/1', { limitPrice: '1' })],
    ['cancel', 'POST', '/api/crypto/orders/o1/cancel', PLACED, (c) => c.cancel('o1')],
  ];

  it.each(cases)('%s calls %s %s and answers the parsed data', async (_name, method, path, data, call) => {
    const fake = createTestApiClient().reply(method, path, data);
    await expect(call(createCryptoOrdersClient(fake))).resolves.toEqual(data);
    expect(fake.calls.map((request) => [request.method, request.path])).toEqual([[method, path]]);
    expect(fake.calls[0]!.headers['x-language-code']).toBeDefined();
  });

  it('sends the body and the query it is given', async () => {
    const fake = createTestApiClient().reply('POST', '/api/crypto/estimate', ESTIMATE).reply('GET', '/api/crypto/orders', LIST);
    const client = createCryptoOrdersClient(fake);
    await client.estimate({ ...LIMIT, side: 'BUY' });
    await client.orders({ scope: 'history', symbol: 'BTC-IDR', page: 2 });
    expect(fake.calls[0]!.body).toEqual({ ...LIMIT, side: 'BUY' });
    expect(fake.calls[1]!.query).toEqual({ scope: 'history', symbol: 'BTC-IDR', page: 2 });
  });

  it('keeps the caller’s request id, so a re-submitted order is one order', async () => {
    const fake = createTestApiClient().reply('POST', '/api/crypto/advanced/buy', PLACED);
    await createCryptoOrdersClient(fake).advancedBuy(LIMIT, { requestId: 'review-7' });
    expect(fake.calls[0]!.headers['x-request-id']).toBe('review-7');
  });

  it('rejects an answer that does not match the contract', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('GET', '/api/crypto/order-types', { symbol: 'BTC-IDR' })
      .reply('GET', '/api/crypto/orders/:id', { id: 'o1' });
    const client = createCryptoOrdersClient(fake);
    await expect(client.orderTypes('BTC-IDR')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
    await expect(client.order('o1')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
    expect(fake.calls.map((request) => request.path)).toEqual(['/api/crypto/order-types', '/api/crypto/orders/o1']);
  });
});

const US_PLACED = { orders: [] };
const US_LIST = { items: [], page: 1, size: 30, hasMore: false };
const HOLDING = {
  stockId: 7,
  symbol: 'AAPL',
  quantity: '1.5',
  quantityAvailableForSale: '1.5',
  intradayQuantityAvailableForSale: '0',
  averageCost: '180.00',
};
const US_BUY = { stockId: 7, amount: '10.00', orderType: 'MARKET', timeInForce: 'GOOD_TILL_CANCEL' } as const;

describe('the US stock orders client', () => {
  const cases: [string, HttpMethod, string, unknown, (c: ReturnType<typeof createUsStockOrdersClient>) => Promise<unknown>][] = [
    ['buy', 'POST', '/api/global-stock/buy', US_PLACED, (c) => c.buy(US_BUY)],
    ['sell', 'POST', '/api/global-stock/sell', US_PLACED, (c) => c.sell({ ...US_BUY, amount: undefined, quantity: '1' })],
    ['orders', 'GET', '/api/global-stock/orders', US_LIST, (c) => c.orders({ scope: 'open', stockId: 7 })],
    ['amend', 'PATCH', '/api/global-stock/orders/u1', US_PLACED, (c) => c.amend('u1', { unitPrice: '181.00' })],
    ['cancel', 'PUT', '/api/global-stock/orders/u1/cancel', US_PLACED, (c) => c.cancel('u1', { stockId: 7 })],
    ['holding', 'GET', '/api/global-stock/holdings/7', HOLDING, (c) => c.holding(7)],
  ];

  it.each(cases)('%s calls %s %s and answers the parsed data', async (_name, method, path, data, call) => {
    const fake = createTestApiClient().reply(method, path, data);
    await expect(call(createUsStockOrdersClient(fake))).resolves.toEqual(data);
    expect(fake.calls.map((request) => [request.method, request.path])).toEqual([[method, path]]);
  });

  it('cancels with the stock id in the body (PUT, §7)', async () => {
    const fake = createTestApiClient().reply('PUT', '/api/global-stock/orders/:id/cancel', US_PLACED);
    await createUsStockOrdersClient(fake).cancel('u1', { stockId: 7 }, { requestId: 'cancel-1' });
    expect(fake.calls[0]!.body).toEqual({ stockId: 7 });
    expect(fake.calls[0]!.headers['x-request-id']).toBe('cancel-1');
  });

  it('asks order types, price calculate and the position at their paths, and rejects answers off the contract', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('GET', '/api/global-stock/order-types', {})
      .reply('GET', '/api/global-stock/price-calculate', {})
      .reply('GET', '/api/global-stock/user-position', {})
      .reply('GET', '/api/global-stock/market-status', {})
      .reply('GET', '/api/global-stock/orders/:id', {});
    const client = createUsStockOrdersClient(fake);
    const invalid = { code: CLIENT_ERROR_CODES.invalidResponse };
    await expect(client.orderTypes({ stockId: 7, transactionType: 'BUY' })).rejects.toMatchObject(invalid);
    await expect(client.priceCalculate({ stockId: 7, transactionType: 'SELL', quantity: '1' })).rejects.toMatchObject(invalid);
    await expect(client.position()).rejects.toMatchObject(invalid);
    await expect(client.marketStatus()).rejects.toMatchObject(invalid);
    await expect(client.order('u1')).rejects.toMatchObject(invalid);
    expect(fake.calls.map((request) => [request.method, request.path, request.query])).toEqual([
      ['GET', '/api/global-stock/order-types', { stockId: 7, transactionType: 'BUY' }],
      ['GET', '/api/global-stock/price-calculate', { stockId: 7, transactionType: 'SELL', quantity: '1' }],
      ['GET', '/api/global-stock/user-position', {}],
      ['GET', '/api/global-stock/market-status', {}],
      ['GET', '/api/global-stock/orders/u1', {}],
    ]);
  });
});
