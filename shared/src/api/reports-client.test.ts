import { CLIENT_ERROR_CODES } from './api-error';
import { createReportsClient, transactionsCsvUrl } from './reports-client';
import { createTestApiClient } from '../testing/test-api-client';

const ID = '0b7d3c1e-6f0a-4c55-9a51-2f1d4f6b8a10';
const ROW = {
  id: ID,
  product: 'CRYPTO',
  type: 'BUY',
  status: 'COMPLETED',
  kind: 'ORDER_FILL',
  symbol: 'BTC-IDR',
  amounts: [{ currency: 'IDR', wallet: 'CASH', amount: '-1000000' }],
  fees: [{ currency: 'IDR', amount: '1000' }],
  taxes: [],
  createdAt: '2026-11-27T03:00:00.000Z',
};

describe('the reports client', () => {
  it('asks a page with the filters and cursor it was given, leaving empty ones out', async () => {
    const fake = createTestApiClient().reply('GET', '/api/reports/transactions', { items: [ROW], nextCursor: 'abc', pageSize: 30 });
    const page = await createReportsClient(fake).transactions({ product: 'CRYPTO', symbol: '', cursor: 'xyz' });
    expect(page.items[0]!.fees).toEqual([{ currency: 'IDR', amount: '1000' }]);
    expect(fake.calls.map((request) => [request.path, request.query])).toEqual([['/api/reports/transactions', { product: 'CRYPTO', cursor: 'xyz' }]]);
  });

  it('reads a detail by id and refuses an answer that is not a detail', async () => {
    const fake = createTestApiClient({ logger: { error: () => undefined } })
      .reply('GET', '/api/reports/transactions/:id', { ...ROW, legs: [{ owner: 'YOU', account: 'CASH', currency: 'IDR', amount: '-1000000', balanceAfter: '0' }], memo: {} })
      .reply('GET', '/api/reports/transactions/filters', { products: ['CRYPTO'] });
    const client = createReportsClient(fake);
    expect((await client.transaction(ID)).legs).toHaveLength(1);
    await expect(client.transactionFilters()).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
  });

  it('gives the CSV address of a filtered range', () => {
    expect(transactionsCsvUrl()).toBe('/api/reports/transactions/export.csv');
    expect(transactionsCsvUrl({ type: 'SELL', from: '2026-01-01' })).toBe('/api/reports/transactions/export.csv?type=SELL&from=2026-01-01');
  });
});
