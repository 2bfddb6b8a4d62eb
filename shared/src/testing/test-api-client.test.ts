import { isApiError } from '../api/api-error';
import { createTestApiClient, NOT_MOCKED_CODE } from './test-api-client';

describe('createTestApiClient', () => {
  it('answers a mocked route with its data through the real envelope handling', async () => {
    const client = createTestApiClient().reply('GET', '/api/accounts', { cashAccount: { cashBalance: '1000' } });
    await expect(client.get('/api/accounts')).resolves.toEqual({ cashAccount: { cashBalance: '1000' } });
  });

  it('rejects with the error envelope it was given', async () => {
    const client = createTestApiClient().replyError('POST', '/api/crypto/buy', {
      code: '9504',
      message: 'Saldo kripto tidak cukup',
    });
    const error = await client.post('/api/crypto/buy', { quantity: '1' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('9504');
    expect(isApiError(error) && error.message).toBe('Saldo kripto tidak cukup');
  });

  it('rejects unmocked calls with a code that says so', async () => {
    const client = createTestApiClient();
    const error = await client.get('/api/unknown').catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe(NOT_MOCKED_CODE);
    expect(client.calls.map((call) => call.path)).toEqual(['/api/unknown']);
  });

  it('records method, query, body and headers, and lets a later answer override', async () => {
    const client = createTestApiClient()
      .reply('GET', '/api/devices', { items: [] })
      .on('GET', '/api/devices', (request) => ({
        body: { status: 'success', data: { page: request.query.page } },
      }));
    await expect(client.get('/api/devices', { params: { page: 2 }, language: true })).resolves.toEqual({ page: 2 });
    const [call] = client.callsTo('GET', '/api/devices');
    expect(call.query).toEqual({ page: 2 });
    expect(call.headers['x-client-id']).toBe('9');
  });
});
