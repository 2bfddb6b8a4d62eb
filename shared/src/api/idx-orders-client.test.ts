import { CLIENT_ERROR_CODES } from './api-error';
import { createIdxOrdersClient } from './orders-client';
import { createTestApiClient, type HttpMethod } from '../testing/test-api-client';

const ORDER = {
  id: 'o1', market: 'IDSS', symbol: 'BBCA', side: 'BUY', orderType: 'LIMIT', source: 'ADVANCED', inputType: 'quantity', quantity: '200', amount: null, limitPrice: '9000', stopPrice: null,
  timeInForce: 'GOOD_TILL_MARKET_CLOSE', status: 'PENDING', exchangeStatus: 'SENT_TO_EXCHANGE', filledQuantity: '0', filledAmount: '0', averagePrice: null, fee: '0', tax: '0', total: '0',
  ocoGroupId: null, ocoLeg: null, triggeredAt: null, reason: null, createdAt: '2026-11-30T07:00:00.000Z', updatedAt: '2026-11-30T07:00:00.000Z',
};
const PLACED = { orders: [ORDER] };
const LIST = { items: [ORDER], page: 1, size: 30, hasMore: false };
const HOLDING = { stockId: 1, symbol: 'BBCA', quantity: '200', quantityAvailableForSale: '100', averageCost: '9013.5' };
const WALLET = { cash: '1000000', unsettled: '897750', unsettledByDate: [{ settlementDate: '2026-12-02', amount: '897750' }], withdrawable: '1000000' };
const BUY = { stockId: 1, quantity: '200', unitPrice: '9000', orderType: 'LIMIT' } as const;

describe('the IDX orders client', () => {
  const cases: [string, HttpMethod, string, unknown, (c: ReturnType<typeof createIdxOrdersClient>) => Promise<unknown>][] = [
    ['buy', 'POST', '/api/idss/buy', PLACED, (c) => c.buy(BUY)],
    ['sell', 'POST', '/api/idss/sell', PLACED, (c) => c.sell(BUY)],
    ['orders', 'GET', '/api/idss/orders', LIST, (c) => c.orders({ scope: 'open', stockId: 1 })],
    ['amend', 'PATCH', '/api/idss/orders/o1', PLACED, (c) => c.amend('o1', { unitPrice: '8975' })],
    ['cancel', 'PUT', '/api/idss/orders/o1/cancel', PLACED, (c) => c.cancel('o1', { stockId: 1 })],
    ['holding', 'GET', '/api/idss/holdings/1', HOLDING, (c) => c.holding(1)],
    ['wallet', 'GET', '/api/idss/wallet', WALLET, (c) => c.wallet()],
  ];

  it.each(cases)('%s calls %s %s and answers the parsed data', async (_name, method, path, data, call) => {
    const fake = createTestApiClient().reply(method, path, data);
    await expect(call(createIdxOrdersClient(fake))).resolves.toEqual(data);
    expect(fake.calls.map((request) => [request.method, request.path])).toEqual([[method, path]]);
  });

  it('rejects answers off the contract', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('GET', '/api/idss/order-types', {})
      .reply('GET', '/api/idss/price-calculate', {});
    const client = createIdxOrdersClient(fake);
    const invalid = { code: CLIENT_ERROR_CODES.invalidResponse };
    await expect(client.orderTypes({ stockId: 1, transactionType: 'BUY' })).rejects.toMatchObject(invalid);
    await expect(client.priceCalculate({ stockId: 1, transactionType: 'SELL', quantity: '100' })).rejects.toMatchObject(invalid);
  });
});
