import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DevInboxResponse, IDENTITY_PATHS, successEnvelope } from '@pasar/shared/contract';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { createHttpProvider } from '../../messages/http-provider';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import { PRODUCTION_TEST_ENV, randomTestPhone } from '../../testing/auth-fixture';

describe('development inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/dev/inbox returns the latest messages to a phone in any accepted form', async () => {
    const phone = randomTestPhone();
    await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.signupPhone, payload: { phone } });
    const response = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devInbox, query: { to: `0${phone.slice(3)}` } });
    expect(response.statusCode).toBe(200);
    const { messages } = successEnvelope(DevInboxResponse).parse(response.json()).data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: phone, channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
    expect(messages[0].body).toContain(messages[0].code);
  });

  it('keeps e-mail addresses in one case and lists newest first', async () => {
    await t.app.messages.send({ to: 'Ani@Example.ID', channel: 'email', subject: 'one', body: 'first' });
    await t.app.messages.send({ to: 'ani@example.id', channel: 'email', subject: 'two', body: 'second', code: '111222' });
    const response = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devInbox, query: { to: 'ANI@example.id' } });
    expect(response.json().data.messages.map((m: { subject: string }) => m.subject)).toEqual(['two', 'one']);
  });

  it('the /dev/inbox page shows the codes, escapes everything, and runs under the site CSP', async () => {
    await t.app.messages.send({ to: 'xss@example.id', channel: 'email', subject: '<script>alert(1)</script>', body: '<img src=x onerror=alert(2)>', code: '987654' });
    const response = await t.app.inject({ method: 'GET', url: '/dev/inbox?to=xss@example.id', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).toContain('987654');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(response.body).not.toMatch(/<script|<img/i);
    const all = await t.app.inject({ method: 'GET', url: '/dev/inbox' });
    expect(all.body).toContain('987654');
    const empty = await t.app.inject({ method: 'GET', url: '/dev/inbox?to=%22%3E%3Cb%3Enobody' });
    expect(empty.body).toContain('No messages to <strong>&quot;&gt;&lt;b&gt;nobody</strong>');
  });
});

describe('production mode', () => {
  it('refuses to start without a message provider (config)', () => {
    const attempt = () => loadConfig({ PASAR_MODE: 'production', JWT_SECRET: PRODUCTION_TEST_ENV.JWT_SECRET });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/MESSAGE_PROVIDER_URL: required in production/);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, JWT_SECRET: '' })).toThrow(/JWT_SECRET: required in production/);
  });

  it('refuses to start without a message provider (app, config built by hand)', async () => {
    const t = await createTestApp();
    try {
      const config = { ...t.config, mode: 'production' as const, identity: { ...t.config.identity, messageProvider: undefined } };
      const app = buildApp(config, { database: t.testDatabase.database, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      await expect(app.ready()).rejects.toThrow(/MESSAGE_PROVIDER_URL and MESSAGE_PROVIDER_KEY/);
      await app.close().catch(() => undefined);
    } finally {
      await t.close();
    }
  });

  describe('with an HTTP provider', () => {
    let t: TestApp;
    let server: http.Server;
    const received: Array<{ authorization?: string; body: Record<string, string> }> = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let data = '';
        req.on('data', (chunk: Buffer) => (data += chunk.toString()));
        req.on('end', () => {
          received.push({ authorization: req.headers.authorization, body: JSON.parse(data) as Record<string, string> });
          res.writeHead(req.url === '/fail' ? 500 : 202).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      t = await createTestApp({ env: { ...PRODUCTION_TEST_ENV, MESSAGE_PROVIDER_URL: `http://127.0.0.1:${port}/send` } });
    });
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => server.close(resolve));
    });

    it('has no development inbox: /api/dev/inbox is 404 and /dev/inbox is not the inbox', async () => {
      const api = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devInbox, query: { to: '+6281234567890' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().error_code).toBe('003');
      const page = await t.app.inject({ method: 'GET', url: '/dev/inbox' });
      expect(page.statusCode).toBe(404);
      const browser = await t.app.inject({ method: 'GET', url: '/dev/inbox', headers: { accept: 'text/html' } });
      expect(browser.body).not.toContain('Development inbox');
      expect(t.app.devInbox).toBeUndefined();
    });

    it('sends the OTP to the provider as JSON with the key as a bearer token', async () => {
      const phone = randomTestPhone();
      const response = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.signupPhone, payload: { phone } });
      expect(response.statusCode).toBe(200);
      const message = received.find((r) => r.body.to === phone);
      expect(message?.authorization).toBe(`Bearer ${PRODUCTION_TEST_ENV.MESSAGE_PROVIDER_KEY}`);
      expect(message?.body).toMatchObject({ channel: 'sms', subject: expect.any(String) });
      expect(message?.body.body).toMatch(/\b\d{6}\b/);
      expect(message?.body).not.toHaveProperty('code');
    });

    it('answers 503 when the provider fails', async () => {
      const { port } = server.address() as AddressInfo;
      const provider = createHttpProvider({ url: `http://127.0.0.1:${port}/fail`, key: 'k' });
      await expect(provider.send({ to: '+6281234567890', channel: 'sms', subject: 's', body: 'b' })).rejects.toMatchObject({
        code: '001',
        httpStatus: 503,
      });
    });
  });
});
