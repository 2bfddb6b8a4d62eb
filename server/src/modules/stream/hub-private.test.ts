// The hub's private side with a hand-made authenticator (no database): the order of private
// operations, failures of the authenticator, and cleanup. The product's app (real tokens and
// sessions) is in private.test.ts.
import { createMemoryPubSub, topics, type PubSub } from '../../pubsub';
import type { AuthOutcome, StreamAuthenticator } from './hub';
import { startHubApp, type HubApp } from './testing/hub-app';
import { connectClient, sleep, type TestClient } from './testing/ws-client';

const HOUR = 3_600_000;

describe('the hub’s private channels', () => {
  const apps: HubApp[] = [];
  const clients: TestClient[] = [];
  const start = async (authenticate?: StreamAuthenticator, pingMs = 25_000, pubsub?: PubSub) => {
    const app = await startHubApp({ ...(authenticate ? { authenticate } : {}), ...(pubsub ? { pubsub } : {}), pingMs, withoutPublisher: true });
    apps.push(app);
    return app;
  };
  const connect = async (app: HubApp) => {
    const client = await connectClient(app.url);
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('runs private operations in order: a subscribe sent right after a slow auth waits for it', async () => {
    const app = await start(async (token) => {
      await sleep(150);
      return { ok: true, userId: token, sessionId: 's', expiresAt: Date.now() + HOUR };
    });
    const client = await connect(app);
    client.send({ op: 'auth', token: 'user-1' });
    client.send({ op: 'subscribe', channel: 'orders' });
    client.send({ op: 'subscribe', channel: 'balances' });
    await client.next(() => client.received.length >= 3);
    expect(client.received.map((r) => r.message.type)).toEqual(['authenticated', 'subscription', 'subscription']);
    await app.pubsub.publish(topics.user('user-1', 'balances'), { type: 'balances', currencies: ['IDR'] });
    expect(await client.next((m) => m.type === 'event')).toMatchObject({ channel: 'balances' });
    expect(app.wiring.hub.stats()).toMatchObject({ authenticated: 1, privateSubscriptions: 2 });
  });

  it('answers 001 when the authenticator fails unexpectedly, and keeps a user whose check fails that way', async () => {
    let down = false;
    let calls = 0;
    const app = await start(async (token): Promise<AuthOutcome> => {
      calls++;
      if (down) throw new Error('database unreachable');
      return { ok: true, userId: token, sessionId: 's', expiresAt: Date.now() + HOUR };
    }, 100);
    const client = await connect(app);
    client.send({ op: 'auth', token: 'user-2' });
    client.send({ op: 'subscribe', channel: 'orders' });
    await client.next((m) => m.type === 'subscription');
    down = true;
    const before = calls;
    await sleep(350); // a few periodic checks, all failing
    expect(calls).toBeGreaterThan(before);
    await app.pubsub.publish(topics.user('user-2', 'orders'), { type: 'order', order: { id: 'still-here' } });
    expect(await client.next((m) => m.type === 'event')).toMatchObject({ data: { order: { id: 'still-here' } } });
    expect(client.received.some((r) => r.message.type === 'unauthenticated')).toBe(false);

    const other = await connect(app);
    other.send({ op: 'auth', token: 'user-3' });
    expect(await other.next((m) => m.type === 'unauthenticated')).toMatchObject({ reason: 'invalid', error_code: '001' });
  });

  it('ends the authentication when a periodic check refuses the session', async () => {
    const ended = new Set<string>();
    const app = await start(async (token): Promise<AuthOutcome> =>
      ended.has(token) ? { ok: false, code: '009' } : { ok: true, userId: token, sessionId: 's', expiresAt: Date.now() + HOUR },
    100);
    const client = await connect(app);
    client.send({ op: 'auth', token: 'user-4' });
    client.send({ op: 'subscribe', channel: 'orders' });
    await client.next((m) => m.type === 'subscription');
    ended.add('user-4');
    expect(await client.next((m) => m.type === 'unauthenticated', 2000)).toMatchObject({ reason: 'ended', error_code: '009' });
    expect(app.wiring.hub.stats()).toMatchObject({ authenticated: 0, privateSubscriptions: 0 });
  });

  it('refuses every auth on a hub without an authenticator', async () => {
    const app = await start();
    const client = await connect(app);
    client.send({ op: 'auth', token: 'anything' });
    expect(await client.next((m) => m.type === 'unauthenticated')).toMatchObject({ reason: 'invalid', error_code: '009' });
  });

  it('releases the private bus subscriptions when the connection closes', async () => {
    // A bus that counts the live subscriptions of each user topic.
    const bus = createMemoryPubSub();
    const live = new Map<string, number>();
    const counting: PubSub = {
      ...bus,
      subscribe: async (topic, handler) => {
        const unsubscribe = await bus.subscribe(topic, handler);
        live.set(topic, (live.get(topic) ?? 0) + 1);
        let done = false;
        return async () => {
          if (!done) live.set(topic, live.get(topic)! - 1);
          done = true;
          await unsubscribe();
        };
      },
    };
    const app = await start(async (token) => ({ ok: true, userId: token, sessionId: 's', expiresAt: Date.now() + HOUR }), 25_000, counting);
    const client = await connect(app);
    client.send({ op: 'auth', token: 'user-5' });
    client.send({ op: 'subscribe', channel: 'orders' });
    client.send({ op: 'subscribe', channel: 'balances' });
    await client.next(() => client.received.filter((r) => r.message.type === 'subscription').length === 2);
    expect([live.get(topics.user('user-5', 'orders')), live.get(topics.user('user-5', 'balances'))]).toEqual([1, 1]);
    await client.close();
    const until = Date.now() + 2000;
    while ((app.wiring.hub.stats().connections > 0 || live.get(topics.user('user-5', 'orders'))) && Date.now() < until) await sleep(10);
    expect(app.wiring.hub.stats()).toMatchObject({ connections: 0, authenticated: 0, privateSubscriptions: 0 });
    expect([live.get(topics.user('user-5', 'orders')), live.get(topics.user('user-5', 'balances'))]).toEqual([0, 0]);
    await bus.close();
  });
});
