import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Socket } from 'node:net';
import { DecimalString, ERROR_CATALOGUE, ErrorEnvelope, OrderSideText, type ErrorCode } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { AppError } from './app-error';
import { apiResponses, ok } from './envelope';
import { answerClientError } from './error-handler';

// Test-only routes, declared the way domain modules declare theirs.
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:market',
    {
      schema: {
        params: z.object({ market: z.enum(['crypto', 'usstock']) }),
        querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
        body: z.object({ side: OrderSideText, amount: DecimalString, note: z.string().max(5).optional() }),
        response: apiResponses({ 200: z.object({ market: z.string(), side: OrderSideText, amount: DecimalString }) }),
      },
    },
    async (request) => ok({ market: request.params.market, side: request.body.side, amount: request.body.amount }),
  );
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/insufficient', async () => {
    throw new AppError('1115');
  });
  app.get(
    '/bad-response',
    { schema: { response: apiResponses({ 200: z.object({ n: z.number() }) }) } },
    // A handler bug: the response does not match the declared schema.
    async () => ok({ n: 'not a number' as unknown as number }),
  );
};

describe('error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ setup: (app) => void app.register(testRoutes, { prefix: '/api/test' }) });
  });
  afterAll(() => t.close());

  const parseError = (body: string) => ErrorEnvelope.strict().parse(JSON.parse(body));

  describe('unknown API routes', () => {
    it.each([
      ['id', undefined, 'Tidak ditemukan'],
      ['id', 'id', 'Tidak ditemukan'],
      ['en', 'en', 'Not found'],
      ['en', 'en-US', 'Not found'],
    ])('answers 404 with code 003 in %s (x-language-code: %s)', async (_lang, header, message) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/x',
        headers: { accept: 'text/html', ...(header ? { 'x-language-code': header } : {}) },
      });
      expect(response.statusCode).toBe(404);
      expect(parseError(response.body)).toEqual({ status: 'error', error_code: '003', error_message: message });
    });

    it('answers 003 for other methods too', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/nothing/here' });
      expect(response.statusCode).toBe(404);
      expect(parseError(response.body).error_code).toBe('003');
    });
  });

  describe('invalid input', () => {
    it('answers 400 with code 002 and a detail per field, no stack', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/orders/crypto',
        headers: { 'x-language-code': 'en' },
        payload: { side: 'HOLD', amount: 12.5, note: 'far too long' },
      });
      expect(response.statusCode).toBe(400);
      const body = parseError(response.body);
      expect(body).toMatchObject({ status: 'error', error_code: '002', error_message: 'Invalid input' });
      expect(body.details?.map((d) => d.path).sort()).toEqual(['amount', 'note', 'side']);
      expect(body.details?.every((d) => d.message.length > 0)).toBe(true);
      expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(response.body).not.toContain('stack');
    });

    it('localizes the messages of the details for Indonesian', async () => {
      const payload = { side: 'BUY', amount: 7 };
      const [en, id] = await Promise.all(
        ['en', 'id'].map((lang) =>
          t.app.inject({ method: 'POST', url: '/api/test/orders/crypto', headers: { 'x-language-code': lang }, payload }),
        ),
      );
      const enDetail = parseError(en.body).details?.[0];
      const idBody = parseError(id.body);
      expect(idBody.error_message).toBe('Data yang dikirim tidak valid');
      expect(idBody.details?.[0].path).toBe('amount');
      expect(idBody.details?.[0].message).not.toBe(enDetail?.message);
    });

    it('validates params before the body', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/orders/forex?dryRun=maybe', payload: { side: 'BUY', amount: '1' } });
      expect(response.statusCode).toBe(400);
      expect(parseError(response.body).details?.map((d) => d.path)).toEqual(['market']);
    });

    it('passes valid input through to the handler', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/orders/crypto', payload: { side: 'BUY', amount: '0.5' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', data: { market: 'crypto', side: 'BUY', amount: '0.5' } });
    });

    it('answers 002 for a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/orders/crypto',
        headers: { 'content-type': 'application/json' },
        payload: '{"side": "BUY",',
      });
      expect(response.statusCode).toBe(400);
      expect(parseError(response.body).error_code).toBe('002');
    });

  });

  describe('requests refused before a route reads them', () => {
    it('answers an unsupported content type with 415 and code 005', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/orders/crypto',
        headers: { 'content-type': 'application/x-yaml', 'x-language-code': 'en' },
        payload: 'side: BUY',
      });
      expect(response.statusCode).toBe(415);
      expect(parseError(response.body)).toMatchObject({ error_code: '005', error_message: 'The request content type is not supported' });
    });

    it('answers a body over the size limit with 413 and code 004, in Indonesian by default', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/orders/crypto',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ side: 'BUY', amount: '1', pad: 'x'.repeat(1_100_000) }),
      });
      expect(response.statusCode).toBe(413);
      expect(parseError(response.body)).toMatchObject({ error_code: '004', error_message: 'Data yang dikirim terlalu besar' });
    });

    it('answers a path parameter over its length limit with 414 and code 006', async () => {
      const response = await t.app.inject({ method: 'POST', url: `/api/test/orders/${'p'.repeat(2000)}`, payload: { side: 'BUY', amount: '1' } });
      expect(response.statusCode).toBe(414);
      expect(parseError(response.body).error_code).toBe('006');
    });

    it.each([
      ['HPE_HEADER_OVERFLOW', 431, '010'],
      ['ERR_HTTP_REQUEST_TIMEOUT', 408, '011'],
      ['HPE_INVALID_METHOD', 400, '002'],
    ])("answers the HTTP parser's %s with %i and code %s on the socket", (code, status, errorCode) => {
      const written: string[] = [];
      const socket = { writable: true, destroyed: false, write: (chunk: string) => written.push(chunk), destroy: () => undefined };
      answerClientError(Object.assign(new Error('refused'), { code }), socket as unknown as Socket);
      const [head, body] = written.join('').split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(parseError(body!)).toEqual({ status: 'error', error_code: errorCode, error_message: ERROR_CATALOGUE[errorCode as ErrorCode].id });
    });

    it('gives every such refusal a catalogue code answered with its own status', () => {
      for (const [code, status] of [['004', 413], ['005', 415], ['006', 414], ['010', 431], ['011', 408]] as const) {
        expect({ code, http: ERROR_CATALOGUE[code].http }).toEqual({ code, http: status });
      }
    });
  });

  describe('errors services throw', () => {
    it('answers an AppError with its code, localized message and catalogue status', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/insufficient', headers: { 'x-language-code': 'en' } });
      expect(response.statusCode).toBe(400);
      expect(parseError(response.body)).toEqual({ status: 'error', error_code: '1115', error_message: 'Insufficient wallet balance' });
    });

    it('answers an unexpected error with 500/001, nothing internal in the body, the stack in the log', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
      expect(response.statusCode).toBe(500);
      expect(parseError(response.body)).toEqual({ status: 'error', error_code: '001', error_message: 'Terjadi kesalahan' });
      expect(response.body).not.toContain('hunter2');
      const logged = t.logs().find((line) => line.reqId === 'req-boom-1' && line.level === 50);
      expect(logged).toBeDefined();
      const err = logged?.err as { message: string; stack: string };
      expect(err.message).toContain('hunter2');
      expect(err.stack).toMatch(/error-handling\.test\.ts/);
    });

    it('answers 500/001 when a handler returns data that breaks its response schema', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/bad-response' });
      expect(response.statusCode).toBe(500);
      expect(parseError(response.body).error_code).toBe('001');
    });
  });

  describe('request ids and logs', () => {
    it('uses the caller’s x-request-id and echoes it', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
      expect(response.headers['x-request-id']).toBe('abc-123');
      expect(t.logs().some((line) => line.reqId === 'abc-123')).toBe(true);
    });

    it('generates a UUID when the header is absent or not a sane token', async () => {
      for (const headers of [{}, { 'x-request-id': 'bad id\twith spaces' }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/health', headers });
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      }
    });

    it('redacts authorization and cookie headers in the logs', async () => {
      await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'req-secret', authorization: 'Bearer top-secret-token', cookie: 'session=top-secret-cookie' },
      });
      const lines = t.logs().filter((line) => line.reqId === 'req-secret');
      expect(lines.length).toBeGreaterThan(0);
      const text = JSON.stringify(lines);
      expect(text).not.toContain('top-secret');
      expect(text).toContain('[redacted]');
    });
  });
});
