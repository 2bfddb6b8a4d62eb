import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { ApiError } from './api-error';
import { type ApiClientOptions, createApiClient } from './api-client';

type Answer = { status: number; body?: unknown } | 'network';

interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string>;
  params: unknown;
  data: unknown;
  timeout: number | undefined;
}

/** An axios adapter answering from a script, recording every request; no network. */
function fakeServer(...answers: Answer[]) {
  const requests: Recorded[] = [];
  let index = 0;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    requests.push({
      method: (config.method ?? '').toUpperCase(),
      url: config.url ?? '',
      headers,
      params: config.params,
      data: config.data,
      timeout: config.timeout,
    });
    const answer = answers[Math.min(index++, answers.length - 1)];
    if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    return { status: answer.status, statusText: '', headers: {}, config, data: answer.body };
  };
  return { adapter, requests };
}

const ok = (data: unknown): Answer => ({ status: 200, body: { status: 'success', data } });
const fail = (status: number, code: string, message?: string): Answer => ({
  status,
  body: { status: 'error', error_code: code, ...(message === undefined ? {} : { error_message: message }) },
});

function setup(answers: Answer[], options: ApiClientOptions = {}) {
  const server = fakeServer(...answers);
  const sleeps: number[] = [];
  const logger = { error: jest.fn() };
  const hooks = {
    onMaintenance: jest.fn(),
    onPrompt: jest.fn(),
    onForcedLogout: jest.fn(),
  };
  const client = createApiClient({
    adapter: server.adapter,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    logger,
    ...hooks,
    ...options,
  });
  return { client, requests: server.requests, sleeps, logger, hooks };
}

describe('headers', () => {
  it('sends bearer token, request id, platform, device id with web- prefix and client id 9', async () => {
    const { client, requests } = setup([ok({ a: 1 })], {
      getToken: () => 'tok123',
      getDeviceId: () => 'abc-device',
      generateRequestId: () => 'req-1',
    });
    await client.get('/api/user/me');
    const h = requests[0].headers;
    expect(h.Authorization).toBe('Bearer tok123');
    expect(h['x-request-id']).toBe('req-1');
    expect(h['x-platform']).toBe('desktop-web');
    expect(h['x-device-id']).toBe('web-abc-device');
    expect(h['x-client-id']).toBe('9');
    expect(h['Content-Type']).toBe('application/json');
    expect(requests[0].timeout).toBe(100000);
  });

  it('omits Authorization without a token and does not double the web- prefix', async () => {
    const { client, requests } = setup([ok(null)], { getToken: () => null, getDeviceId: () => 'web-xyz' });
    await client.get('/x');
    expect(requests[0].headers.Authorization).toBeUndefined();
    expect(requests[0].headers['x-device-id']).toBe('web-xyz');
  });

  it('generates a UUID request id by default, a new one per call', async () => {
    const { client, requests } = setup([ok(1)]);
    await client.get('/a');
    await client.get('/b');
    const ids = requests.map((r) => r.headers['x-request-id']);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('sends x-platform to the main and trade hosts only', async () => {
    const { client, requests } = setup([ok(1)], {
      hosts: { trade: 'https://trade.example', price: 'https://price.example', financialContent: 'https://fc.example' },
    });
    await client.get('/a', { host: 'trade' });
    await client.get('/b', { host: 'price' });
    await client.get('/c', { host: 'financialContent' });
    expect(requests.map((r) => r.url)).toEqual(['https://trade.example/a', 'https://price.example/b', 'https://fc.example/c']);
    expect(requests.map((r) => r.headers['x-platform'])).toEqual(['desktop-web', undefined, undefined]);
  });

  it('defaults every host to the same origin', async () => {
    const { client, requests } = setup([ok(1)]);
    await client.get('/api/x', { host: 'idss' });
    expect(requests[0].url).toBe('/api/x');
  });

  it('sends x-language-code only when the call is flagged', async () => {
    const { client, requests } = setup([ok(1)], { getLanguage: () => 'en' });
    await client.get('/a', { language: true });
    await client.get('/b');
    expect(requests[0].headers['x-language-code']).toBe('en');
    expect(requests[1].headers['x-language-code']).toBeUndefined();
  });

  it('falls back to Indonesian for an unknown language', async () => {
    const { client, requests } = setup([ok(1)], { getLanguage: () => 'fr' });
    await client.get('/a', { language: true });
    expect(requests[0].headers['x-language-code']).toBe('id');
  });

  it('sends the firebase instance id on POST only', async () => {
    const { client, requests } = setup([ok(1)], { getFirebaseInstanceId: () => 'fb-1' });
    await client.post('/a', { x: 1 });
    await client.get('/b');
    await client.put('/c', {});
    expect(requests.map((r) => r.headers['x-firebase-instance-id'])).toEqual(['fb-1', undefined, undefined]);
    expect(JSON.parse(String(requests[0].data))).toEqual({ x: 1 });
  });

  it('uses a caller-supplied request id for a mutation', async () => {
    const { client, requests } = setup([ok(1)]);
    await client.post('/orders', { q: '1' }, { requestId: 'order-attempt-7' });
    await client.post('/orders', { q: '1' }, { requestId: 'order-attempt-7' });
    expect(requests.map((r) => r.headers['x-request-id'])).toEqual(['order-attempt-7', 'order-attempt-7']);
  });
});

describe('retries', () => {
  it('retries network errors 3 times with 500 ms × attempt and keeps the request id', async () => {
    const { client, requests, sleeps } = setup(['network', 'network', 'network', ok({ done: true })]);
    await expect(client.post('/orders', {})).resolves.toEqual({ done: true });
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([500, 1000, 1500]);
    expect(new Set(requests.map((r) => r.headers['x-request-id'])).size).toBe(1);
  });

  it('retries 5xx and gives up after 3 retries with the last error', async () => {
    const { client, requests, sleeps } = setup([fail(500, '001', 'Boom')]);
    await expect(client.get('/a')).rejects.toMatchObject({ code: '001', message: 'Boom', httpStatus: 500 });
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([500, 1000, 1500]);
  });

  it('rejects with a network error after the retries', async () => {
    const { client, requests } = setup(['network']);
    const error = await client.get('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', httpStatus: 0, message: 'Terjadi kesalahan' });
    expect(requests).toHaveLength(4);
  });

  it('does not retry 503 or 4xx', async () => {
    const a = setup([{ status: 503, body: { status: 'error', error_code: '1151', error_message: 'Maintenance' } }]);
    await expect(a.client.get('/a')).rejects.toMatchObject({ httpStatus: 503 });
    expect(a.requests).toHaveLength(1);
    const b = setup([fail(400, '002', 'Invalid')]);
    await expect(b.client.get('/a')).rejects.toMatchObject({ code: '002' });
    expect(b.requests).toHaveLength(1);
    expect(b.sleeps).toEqual([]);
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client, requests } = setup([ok(1)]);
    await expect(client.get('/a', { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    expect(requests.length).toBeLessThanOrEqual(1);
  });
});

describe('response check', () => {
  it('resolves success with data', async () => {
    const { client } = setup([ok({ balance: '1500' })]);
    await expect(client.get('/a')).resolves.toEqual({ balance: '1500' });
  });

  it('rejects an unknown status, logging it', async () => {
    const { client, logger } = setup([{ status: 200, body: { status: 'ok', data: 1 } }]);
    await expect(client.get('/a')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(logger.error).toHaveBeenCalled();
  });

  it('rejects a body that is not an object', async () => {
    const { client } = setup([{ status: 200, body: '<html>proxy</html>' }]);
    await expect(client.get('/a')).rejects.toMatchObject({ code: 'INVALID_RESPONSE', httpStatus: 200 });
    const arrays = setup([{ status: 200, body: [1, 2] }]);
    await expect(arrays.client.get('/a')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('rejects error and invalid statuses with code, message, status and details', async () => {
    const { client, logger } = setup([
      {
        status: 400,
        body: {
          status: 'invalid',
          error_code: '002',
          error_message: 'Invalid input',
          details: [{ path: 'quantity', message: 'required' }],
        },
      },
    ]);
    const error = await client.post('/a', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: '002',
      message: 'Invalid input',
      httpStatus: 400,
      details: [{ path: 'quantity', message: 'required' }],
    });
    // A refusal is an answer the page handles (it shows it by the field), not an error to log.
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('logs no error for the refusals a page handles: below a minimum, terms not accepted, a wrong code or PIN', async () => {
    for (const [status, code] of [[400, '3704'], [403, '018'], [400, '040'], [400, '10002'], [400, '0004'], [400, '1114'], [401, '009'], [404, '003'], [409, '2201'], [429, '1145']] as const) {
      const { client, logger } = setup([fail(status, code, 'refused')], { retries: 0 });
      await expect(client.post('/a', {})).rejects.toMatchObject({ code, httpStatus: status });
      expect(logger.error).not.toHaveBeenCalled();
    }
  });

  it('still logs a server failure as an error', async () => {
    const { client, logger } = setup([fail(500, '001', 'Boom')], { retries: 0 });
    await expect(client.get('/a')).rejects.toMatchObject({ httpStatus: 500 });
    expect(logger.error).toHaveBeenCalledWith('[api] error response', expect.objectContaining({ httpStatus: 500, code: '001' }));
  });

  it('defaults the message to the localized "Something went wrong"', async () => {
    const en = setup([fail(422, '7777')], { getLanguage: () => 'en' });
    await expect(en.client.get('/a')).rejects.toMatchObject({ message: 'Something went wrong' });
    const id = setup([fail(422, '7777')], { getLanguage: () => 'id' });
    await expect(id.client.get('/a')).rejects.toMatchObject({ message: 'Terjadi kesalahan' });
  });

  it('parses data with a schema and rejects a mismatch', async () => {
    const schema = z.object({ n: z.number() });
    const good = setup([ok({ n: 1 })]);
    await expect(good.client.get('/a', { schema })).resolves.toEqual({ n: 1 });
    const bad = setup([ok({ n: 'x' })]);
    await expect(bad.client.get('/a', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

describe('sanitization', () => {
  it('strips scripts from every string in the data, deeply, leaving plain text untouched', async () => {
    const { client } = setup([
      ok({
        title: 'Hello<script>alert(1)</script>',
        nested: { list: ['<img src="x" onerror="alert(1)">', 'AT&T', 5, null], flag: true },
      }),
    ]);
    const data = await client.get<{ title: string; nested: { list: unknown[]; flag: boolean } }>('/news');
    expect(data.title).toBe('Hello');
    expect(data.nested.list[0]).toBe('<img src="x">');
    expect(data.nested.list.slice(1)).toEqual(['AT&T', 5, null]);
    expect(data.nested.flag).toBe(true);
  });

  it('sanitizes the error message too', async () => {
    const { client } = setup([fail(400, '002', 'Bad<script>x()</script>')]);
    await expect(client.get('/a')).rejects.toMatchObject({ message: 'Bad' });
  });
});

describe('session rules', () => {
  it('calls onMaintenance on HTTP 503', async () => {
    const { client, hooks } = setup([{ status: 503, body: { status: 'error', error_code: '1151', error_message: 'x' } }]);
    await expect(client.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onMaintenance).toHaveBeenCalledTimes(1);
    expect(hooks.onForcedLogout).not.toHaveBeenCalled();
  });

  it('calls onMaintenance on 503 even when the body is not JSON', async () => {
    const { client, hooks } = setup([{ status: 503, body: 'Service Unavailable' }]);
    await expect(client.get('/a')).rejects.toMatchObject({ httpStatus: 503 });
    expect(hooks.onMaintenance).toHaveBeenCalledTimes(1);
  });

  it.each(['040', '041'])('opens the prompt on HTTP 400 with code %s', async (code) => {
    const { client, hooks } = setup([fail(400, code, 'Enter PIN')]);
    await expect(client.post('/a', {})).rejects.toMatchObject({ code });
    expect(hooks.onPrompt).toHaveBeenCalledWith(code);
  });

  it('opens the accept prompt on HTTP 403 with 018 (terms not approved) and sends the call again once accepted', async () => {
    const onPrompt = jest.fn(() => Promise.resolve(true));
    const { client, requests, hooks } = setup([fail(403, '018', 'Terms not approved'), ok({ placed: true })], { onPrompt });
    await expect(client.post('/a', {})).resolves.toEqual({ placed: true });
    expect(onPrompt).toHaveBeenCalledWith('041');
    expect(requests).toHaveLength(2);
    expect(hooks.onForcedLogout).not.toHaveBeenCalled();
  });

  it('does not open the prompt for other 400 codes or for 040 with another status', async () => {
    const { client, hooks } = setup([fail(400, '002'), fail(422, '040')]);
    await client.get('/a').catch(() => undefined);
    await client.get('/b').catch(() => undefined);
    expect(hooks.onPrompt).not.toHaveBeenCalled();
  });

  it.each([401, 403])('forces logout on HTTP %s', async (status) => {
    const { client, hooks } = setup([fail(status, '009', 'Invalid session')]);
    await expect(client.get('/a')).rejects.toMatchObject({ httpStatus: status, code: '009' });
    expect(hooks.onForcedLogout).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a business 403 of the catalogue and ends it on a 403 with a code it does not know', async () => {
    const { client, hooks } = setup([fail(403, '007', 'KYC'), fail(403, 'not-a-code')]);
    await expect(client.get('/a')).rejects.toMatchObject({ code: '007' });
    expect(hooks.onForcedLogout).not.toHaveBeenCalled();
    await expect(client.get('/b')).rejects.toMatchObject({ code: 'not-a-code' });
    expect(hooks.onForcedLogout).toHaveBeenCalledTimes(1);
  });

  it("answers an error without a message with the catalogue's message in the caller's language", async () => {
    const { client } = setup([fail(400, '0004'), fail(400, 'nope')], { getLanguage: () => 'en' });
    await expect(client.post('/a', {})).rejects.toMatchObject({ code: '0004', message: 'Incorrect PIN' });
    await expect(client.post('/b', {})).rejects.toMatchObject({ code: 'nope', message: 'Something went wrong' });
  });

  it('does not force logout on the logout call', async () => {
    const { client, hooks } = setup([fail(401, '009')]);
    await expect(client.post('/api/logout', {}, { logout: true })).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onForcedLogout).not.toHaveBeenCalled();
  });

  it('does not force logout in guest mode', async () => {
    const { client, hooks } = setup([fail(403, '009')], { isGuestMode: () => true });
    await expect(client.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onForcedLogout).not.toHaveBeenCalled();
  });
});

describe('configure', () => {
  it('changes hosts and hooks of an existing client', async () => {
    const { client, requests } = setup([fail(401, '009')]);
    const onForcedLogout = jest.fn();
    client.configure({ hosts: { main: 'https://api.example/' }, onForcedLogout });
    await client.get('/a').catch(() => undefined);
    expect(requests[0].url).toBe('https://api.example/a');
    expect(onForcedLogout).toHaveBeenCalled();
  });
});

describe('multipart', () => {
  it('lets FormData set its own content type', async () => {
    const { client, requests } = setup([ok({ _id: 'c1' })]);
    const form = new FormData();
    form.append('name', 'My chart');
    await client.post('/charts', form);
    expect(requests[0].headers['Content-Type']).not.toBe('application/json');
    expect(requests[0].data).toBeInstanceOf(FormData);
  });
});
