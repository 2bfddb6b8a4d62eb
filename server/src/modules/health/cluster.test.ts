// Running several instances behind a load balancer (decision 0026): the client address
// behind a trusted balancer, which instance answered, and a database outage answered as
// "degraded" (503 / 012, nothing changed) with the pool reconnecting by itself once it is back.
// The outage test cuts a real TCP path to PostgreSQL, so it runs when DATABASE_URL is set.
import net from 'node:net';
import { ErrorEnvelope, HealthResponse, WALLET_PATHS, successEnvelope } from '@pasar/shared/contract';
import { buildApp, type PasarApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { createTestApp, type TestApp, TEST_PIN_HASH_COST, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import { openTestDatabase, testDatabaseUrl } from '../../testing/database-fixture';
import { SETUP_TIMEOUT_MS, verifiedUser } from '../wallet/test-support';
import { SHUTDOWN_CLOSE_CODE } from '../../http/shutdown';
import { connectClient } from '../stream/testing/ws-client';

const outage = (): Error => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  return new Error('Failed query: select 1', { cause: refused });
};

describe('behind a load balancer', () => {
  let t: TestApp;
  let untrusting: PasarApp;
  beforeAll(async () => {
    const setup = (app: PasarApp) => {
      app.get('/api/test/client', async (request) => ({ status: 'success', data: { ip: request.ip } }));
      app.post('/api/test/outage', async () => {
        throw outage();
      });
    };
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.9.0.0/16', INSTANCE_ID: 'node-b' }, setup });
    untrusting = await t.sibling({ INSTANCE_ID: 'node-c' }, setup);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const clientIp = async (app: PasarApp, remoteAddress: string, forwarded?: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/client',
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });
    return (response.json() as { data: { ip: string } }).data.ip;
  };

  it('believes X-Forwarded-For only from the trusted balancer addresses', async () => {
    expect(await clientIp(t.app, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp(t.app, '10.9.4.2', '198.51.100.7, 203.0.113.10')).toBe('203.0.113.10');
    // A client that forges the header itself is still its socket's address.
    expect(await clientIp(t.app, '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(await clientIp(untrusting, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('names the instance that answered, on every response', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-pasar-instance']).toBe('node-b');
    expect(successEnvelope(HealthResponse).strict().parse(health.json()).data).toMatchObject({ status: 'ok', instance: 'node-b' });
    const missing = await untrusting.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-pasar-instance']).toBe('node-c');
  });

  it('answers a database outage 503 / 012 in the envelope, in both languages', async () => {
    for (const [language, message] of [
      ['id', 'Layanan sedang terganggu, tidak ada yang diubah. Coba lagi sebentar lagi'],
      ['en', 'The service is degraded and nothing was changed. Try again shortly'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/outage', headers: { 'x-language-code': language } });
      expect(response.statusCode).toBe(503);
      expect(ErrorEnvelope.strict().parse(response.json())).toEqual({ status: 'error', error_code: '012', error_message: message });
    }
  });
});

describe('an instance shutting down (SIGTERM: main.ts closes the app)', () => {
  it('closes its sockets with 1012, the reconnect hint, after they were serving', async () => {
    const t = await createTestApp({ env: { INSTANCE_ID: 'node-d' } });
    let closed = false;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const client = await connectClient(`ws://127.0.0.1:${port}/api/stream`);
      client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
      await client.next((m) => m.type === 'snapshot', 10_000);
      const closing = new Promise<{ code: number; reason: string }>((resolve) =>
        client.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      await t.app.close();
      closed = true;
      expect(SHUTDOWN_CLOSE_CODE).toBe(1012);
      await expect(closing).resolves.toEqual({ code: 1012, reason: 'server restarting, reconnect' });
    } finally {
      if (!closed) await t.app.close();
      await t.close();
    }
  }, SETUP_TIMEOUT_MS);
});

describe('TRUST_PROXY and INSTANCE_ID', () => {
  it('reads the balancers as a list and the instance name', () => {
    const config = loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1', INSTANCE_ID: 'node-7' }, '/repo');
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(config.instanceId).toBe('node-7');
    expect(loadConfig({}, '/repo')).not.toHaveProperty('trustProxy');
  });

  it.each([
    ['TRUST_PROXY', 'balancer.example.com'],
    ['TRUST_PROXY', 'true'],
    ['INSTANCE_ID', 'node 1'],
    ['INSTANCE_ID', 'x'.repeat(65)],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value }, '/repo')).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value }, '/repo')).toThrow(name);
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection under a wrapped query', outage()],
    ['PostgreSQL shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['PostgreSQL starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['every address refused', new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'connect failed')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a serialization failure', Object.assign(new Error('could not serialize'), { code: '40001' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

/** A TCP path to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const postgresUrl = testDatabaseUrl();
if (postgresUrl) {
  describe('a PostgreSQL outage (through a TCP path the test cuts)', () => {
    it('reports degraded and refuses money calls with 503 / 012 meanwhile, then serves again without a restart', async () => {
      const owned = await openTestDatabase({ migrated: true });
      const target = new URL(postgresUrl);
      const proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(owned.env.DATABASE_URL ?? postgresUrl);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const env = { ...owned.env, DATABASE_URL: viaProxy.toString(), INSTANCE_ID: 'node-pg', LOG_LEVEL: 'silent', KYC_AUTO_APPROVE_SECONDS: 'off', PIN_HASH_COST: String(TEST_PIN_HASH_COST) };
      const config = loadConfig(env);
      const database = await createDatabase(config, { onPoolError: () => undefined });
      const app = buildApp(config, { database, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      try {
        await app.ready();
        const user = await verifiedUser(app);
        const topUp = (requestId: string) =>
          app.inject({
            method: 'POST',
            url: WALLET_PATHS.topups,
            headers: { ...user.headers, 'x-request-id': requestId, 'x-language-code': 'en' },
            payload: { paymentChannel: 'BCA_VA', amount: '150000' },
          });
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

        // A transaction holds a connection between two queries when PostgreSQL goes away.
        let finish!: () => void;
        let inside!: () => void;
        const started = new Promise<void>((resolve) => (inside = resolve));
        const held = database.withRawTransaction(async (tx) => {
          await tx.query('select 1');
          inside();
          await new Promise<void>((resolve) => (finish = resolve));
          await tx.query('select 2');
        });
        await started;
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 100));
        finish();
        await expect(held).rejects.toThrow();
        const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-language-code': 'en' } });
        expect(health.statusCode).toBe(503);
        expect(ErrorEnvelope.strict().parse(health.json())).toEqual({
          status: 'error',
          error_code: '012',
          error_message: 'The service is degraded and nothing was changed. Try again shortly',
          details: [{ path: 'database', message: 'degraded: the database does not answer' }],
        });
        const refused = await topUp('outage-topup-1');
        expect(refused.statusCode).toBe(503);
        expect(ErrorEnvelope.parse(refused.json()).error_code).toBe('012');

        proxy.restore();
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        // The same request id now runs (nothing of it was stored during the outage), and replays.
        const created = await topUp('outage-topup-1');
        expect(created.statusCode).toBe(200);
        const replay = await topUp('outage-topup-1');
        expect(replay.statusCode).toBe(200);
        expect(replay.json()).toEqual(created.json());
      } finally {
        await app.close();
        await database.close();
        await proxy.close();
        await owned.cleanup();
      }
    }, 60_000);
  });
}
