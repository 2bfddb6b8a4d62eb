// The private channels of GET /api/stream in the product's app: authentication by message (real
// sign-ups, real tokens), forwarding of a user's `orders` and `balances` events, isolation between
// users, expiry, re-authentication, and a session ended from another device. With REDIS_URL set
// (the Postgres + Redis run), the app's bus is Redis and two instances share it; without it the
// Redis cases are not in the list (chosen when the file is collected, as in pubsub.test.ts).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  deviceLogoutPath,
  IDENTITY_PATHS,
  MARKET_PATHS,
  StreamServerMessage,
  type DeviceList,
} from '@pasar/shared/contract';
import type { PasarApp } from '../../app';
import { topics } from '../../pubsub';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { logInTestUser, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { createAccessTokens } from '../identity/access-tokens';
import { jwtExpiry } from './auth';
import { connectClient, sleep, type TestClient } from './testing/ws-client';

const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;
const JWT_SECRET = 'stream-private-test-secret-0123456789abcdef';
/** The heartbeat, and with it the session check. */
const PING_MS = 300;
// The simulator computes a symbol's history on first use: first market messages wait longer.
const COLD = 20_000;

const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

describe('private stream channels', () => {
  let t: TestApp;
  let url: string;
  let alice: TestUser;
  let bob: TestUser;
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await connectClient(url);
    clients.push(client);
    return client;
  };
  /** Every message must be one of the contract's server messages. */
  const parsed = (client: TestClient) => client.received.map((r) => StreamServerMessage.parse(r.message));
  const publish = (app: PasarApp, user: TestUser, kind: 'orders' | 'balances', message: unknown) =>
    app.pubsub.publish(topics.user(user.userId, kind), message);
  /** A token of the user's session that expires in about `seconds` (signed like the app's). */
  const shortToken = (user: TestUser, seconds: number) =>
    createAccessTokens({ secret: JWT_SECRET, ttlSeconds: 30, now: () => new Date(Date.now() - (30 - seconds) * 1000) }).sign({
      userId: user.userId,
      sessionId: sidOf(user.accessToken),
    });
  const authed = async (client: TestClient, token: string) => {
    const from = client.received.length;
    client.send({ op: 'auth', token });
    // A ceiling against a hang: on a loaded machine the first answer once took more than 5 s.
    return client.next((m) => m.type === 'authenticated' || m.type === 'unauthenticated', 15_000, from);
  };
  const subscribed = async (client: TestClient, channel: 'orders' | 'balances') => {
    const from = client.received.length;
    client.send({ op: 'subscribe', channel });
    return client.next((m) => (m.type === 'subscription' && m.channel === channel) || m.type === 'unauthenticated', 5000, from);
  };
  const events = (client: TestClient) => client.received.map((r) => r.message).filter((m) => m.type === 'event');

  beforeAll(async () => {
    const redis: Record<string, string> = REDIS_URL ? { REDIS_URL, REDIS_PREFIX: `pasar-test-${randomUUID()}:` } : {};
    t = await createTestApp({ env: { JWT_SECRET, STREAM_PING_MS: String(PING_MS), MARKET_TICK_MS: '100', ...redis } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stream`;
    alice = await signUpTestUser(t.app);
    bob = await signUpTestUser(t.app);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  it(`forwards the user's own order and balance events after auth (${REDIS_URL ? 'Redis' : 'in-process'} bus)`, async () => {
    const client = await connect();
    const answer = await authed(client, alice.accessToken);
    expect(answer).toEqual({ type: 'authenticated', expiresAt: jwtExpiry(alice.accessToken) });
    expect(await subscribed(client, 'orders')).toEqual({ type: 'subscription', channel: 'orders', active: true });
    expect(await subscribed(client, 'balances')).toEqual({ type: 'subscription', channel: 'balances', active: true });

    const order = { type: 'order', order: { id: 'o-1', symbol: 'BTC-IDR', status: 'FILLED' } };
    await publish(t.app, alice, 'orders', order);
    await publish(t.app, alice, 'balances', { type: 'balances', currencies: ['IDR', 'BTC'] });
    await client.next(() => events(client).length >= 2);
    expect(events(client)).toEqual([
      { type: 'event', channel: 'orders', data: order },
      { type: 'event', channel: 'balances', data: { type: 'balances', currencies: ['IDR', 'BTC'] } },
    ]);

    // Unsubscribing one channel stops it; the other goes on.
    client.send({ op: 'unsubscribe', channel: 'orders' });
    await client.next((m) => m.type === 'subscription' && m.active === false);
    await publish(t.app, alice, 'orders', { type: 'order', order: { id: 'o-2' } });
    await publish(t.app, alice, 'balances', { type: 'balances', currencies: ['IDR'] });
    await client.next(() => events(client).length >= 3);
    await sleep(200);
    expect(events(client).slice(2)).toEqual([{ type: 'event', channel: 'balances', data: { type: 'balances', currencies: ['IDR'] } }]);
    expect(parsed(client).length).toBe(client.received.length);
  });

  it("never delivers another user's events, and offers no way to ask for them", async () => {
    const a = await connect();
    const b = await connect();
    await authed(a, alice.accessToken);
    await authed(b, bob.accessToken);
    await subscribed(a, 'orders');
    await subscribed(b, 'orders');
    await publish(t.app, bob, 'orders', { type: 'order', order: { id: 'bob-1' } });
    await publish(t.app, alice, 'orders', { type: 'order', order: { id: 'alice-1' } });
    await b.next(() => events(b).length >= 1);
    await a.next(() => events(a).length >= 1);
    await sleep(200);
    expect(events(a).map((m) => (m.data as { order: { id: string } }).order.id)).toEqual(['alice-1']);
    expect(events(b).map((m) => (m.data as { order: { id: string } }).order.id)).toEqual(['bob-1']);

    // Naming a user (or a symbol) on a private channel is refused outright.
    for (const extra of [{ userId: bob.userId }, { symbol: 'BTC-IDR' }]) {
      const from = a.received.length;
      a.send({ op: 'subscribe', channel: 'orders', ...extra });
      expect(await a.next((m) => m.type === 'error', 3000, from)).toMatchObject({ error_code: '002' });
    }
  });

  it('refuses a bad token and a private subscribe before auth, and keeps the public streams', async () => {
    const client = await connect();
    expect(await subscribed(client, 'orders')).toMatchObject({ type: 'unauthenticated', reason: 'required', channel: 'orders', error_code: '009' });
    const forged = `${alice.accessToken.slice(0, -4)}AAAA`;
    expect(await authed(client, forged)).toMatchObject({ type: 'unauthenticated', reason: 'invalid', error_code: '009' });
    expect(await authed(client, await shortToken(alice, -5))).toMatchObject({ type: 'unauthenticated', reason: 'invalid', error_code: '009' });
    expect(await subscribed(client, 'balances')).toMatchObject({ type: 'unauthenticated', reason: 'required' });
    client.send({ op: 'auth' });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ error_code: '002' });

    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    expect(await client.next((m) => m.type === 'snapshot', COLD)).toMatchObject({ channel: 'ticker', symbol: 'BTC-IDR' });
    await publish(t.app, alice, 'orders', { type: 'order', order: { id: 'x' } });
    await sleep(200);
    expect(events(client)).toEqual([]);
    expect(parsed(client).length).toBe(client.received.length);
  });

  it('ends the private subscriptions when the token expires, keeping the public ones', async () => {
    const client = await connect();
    const token = await shortToken(alice, 1.5);
    expect(await authed(client, token)).toMatchObject({ type: 'authenticated' });
    await subscribed(client, 'orders');
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'ETH-IDR' });
    await client.next((m) => m.type === 'snapshot', COLD);
    const ended = await client.next((m) => m.type === 'unauthenticated', 4000);
    expect(ended).toMatchObject({ reason: 'expired', error_code: '009' });
    expect(Date.now()).toBeGreaterThanOrEqual(jwtExpiry(token)!);
    await publish(t.app, alice, 'orders', { type: 'order', order: { id: 'late' } });
    const from = client.received.length;
    await client.next((m) => m.type === 'update' && m.channel === 'ticker', 5000, from);
    expect(events(client)).toEqual([]);
  });

  it('keeps the subscriptions through a re-auth with a renewed token', async () => {
    const client = await connect();
    const first = await shortToken(alice, 1.5);
    await authed(client, first);
    await subscribed(client, 'balances');
    // The renewed token (the session manager's refresh) arrives before the first one expires.
    expect(await authed(client, alice.accessToken)).toMatchObject({ type: 'authenticated', expiresAt: jwtExpiry(alice.accessToken) });
    await sleep(Math.max(0, jwtExpiry(first)! - Date.now()) + 300);
    await publish(t.app, alice, 'balances', { type: 'balances', currencies: ['BTC'] });
    await client.next(() => events(client).length >= 1);
    expect(client.received.some((r) => r.message.type === 'unauthenticated')).toBe(false);
  });

  it("drops the previous user's subscriptions when the connection authenticates as someone else", async () => {
    const client = await connect();
    await authed(client, alice.accessToken);
    await subscribed(client, 'orders');
    await authed(client, bob.accessToken);
    await publish(t.app, alice, 'orders', { type: 'order', order: { id: 'alice-after-switch' } });
    await publish(t.app, bob, 'orders', { type: 'order', order: { id: 'bob-unsubscribed' } });
    await sleep(300);
    expect(events(client)).toEqual([]);
    await subscribed(client, 'orders');
    await publish(t.app, bob, 'orders', { type: 'order', order: { id: 'bob-1' } });
    await client.next(() => events(client).length >= 1);
    expect(events(client).map((m) => (m.data as { order: { id: string } }).order.id)).toEqual(['bob-1']);
  });

  it('signs out on unauth: no more events, and subscribing asks for auth again', async () => {
    const client = await connect();
    await authed(client, alice.accessToken);
    await subscribed(client, 'orders');
    client.send({ op: 'unauth' });
    expect(await client.next((m) => m.type === 'unauthenticated')).toEqual({ type: 'unauthenticated', reason: 'signed-out' });
    await publish(t.app, alice, 'orders', { type: 'order', order: { id: 'after' } });
    expect(await subscribed(client, 'orders')).toMatchObject({ reason: 'required' });
    expect(events(client)).toEqual([]);
  });

  it(`ends them at the next check (every ${PING_MS} ms here) after a logout from another device`, async () => {
    const user = await signUpTestUser(t.app);
    const other = await logInTestUser(t.app, user);
    const client = await connect();
    await authed(client, user.accessToken);
    await subscribed(client, 'orders');
    const list = await t.app.inject({ method: 'GET', url: `${IDENTITY_PATHS.devices}?page=0&size=10`, headers: other.headers, remoteAddress: other.ip });
    const first = (list.json().data as DeviceList).items.find((d) => !d.current && d.status === 'ACTIVE')!;
    const logout = await t.app.inject({
      method: 'POST',
      url: deviceLogoutPath(first.id),
      headers: { ...other.headers, 'x-request-id': randomUUID() },
      remoteAddress: other.ip,
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    const loggedOutAt = Date.now();
    expect(await client.next((m) => m.type === 'unauthenticated', 4000)).toMatchObject({ reason: 'ended', error_code: '009' });
    // Within about one heartbeat (two, on a loaded machine).
    console.log(`stream: session end noticed after ${Date.now() - loggedOutAt} ms (check every ${PING_MS} ms)`);
    await publish(t.app, user, 'orders', { type: 'order', order: { id: 'after-logout' } });
    await sleep(200);
    expect(events(client)).toEqual([]);
  });

  if (REDIS_URL) {
    it('forwards events published by another instance on the shared Redis bus, and shares steers', async () => {
      const sibling = await t.sibling({ JWT_SECRET, REDIS_URL, REDIS_PREFIX: t.config.pubsub.redisPrefix });
      expect(sibling.pubsub.kind).toBe('redis');
      const client = await connect();
      await authed(client, alice.accessToken);
      await subscribed(client, 'orders');
      await publish(sibling, alice, 'orders', { type: 'order', order: { id: 'from-the-other-instance' } });
      await client.next(() => events(client).length >= 1);
      expect(events(client)[0]).toMatchObject({ channel: 'orders', data: { order: { id: 'from-the-other-instance' } } });

      // A steer set on one instance is what the other one's market serves too.
      const steer = await t.app.inject({
        method: 'POST',
        url: MARKET_PATHS.adminSteer,
        headers: { 'x-admin-token': t.app.adminToken, 'x-operator-reason': 'test' },
        payload: { symbol: 'ADA-IDR', price: '12345', durationSeconds: 60 },
      });
      expect(steer.statusCode).toBe(200);
      const until = Date.now() + 3000;
      while (sibling.market.ticker('ADA-IDR').price !== '12345' && Date.now() < until) await sleep(20);
      expect(sibling.market.ticker('ADA-IDR').price).toBe('12345');
      await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminSteer, headers: { 'x-admin-token': t.app.adminToken }, payload: { symbol: 'ADA-IDR', clear: true } });
      while (sibling.market.steering().length > 0 && Date.now() < until + 3000) await sleep(20);
      expect(sibling.market.steering()).toEqual([]);
    });
  }

  it('pushes a steered ticker to its watchers at once', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'DOGE-IDR' });
    await client.next((m) => m.type === 'snapshot', COLD);
    const from = client.received.length;
    const response = await t.app.inject({
      method: 'POST',
      url: MARKET_PATHS.adminSteer,
      headers: { 'x-admin-token': t.app.adminToken, 'x-operator-reason': 'test' },
      payload: { symbol: 'DOGE-IDR', price: '5000', durationSeconds: 30 },
    });
    expect(response.statusCode).toBe(200);
    const update = await client.next((m) => (m.data as { price?: string } | undefined)?.price === '5000', 3000, from);
    expect(update).toMatchObject({ type: 'update', channel: 'ticker', symbol: 'DOGE-IDR' });
    t.app.market.clearSteer('DOGE-IDR');
  });
});
