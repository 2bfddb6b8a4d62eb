// The whole path as in development: the engine ticking by itself (the matcher's interval), the
// price steered across an alert's target, and the notification arriving live on the owner's
// WebSocket (private channel `notifications`), never on another user's, and in the centre.
import type { AddressInfo } from 'node:net';
import type { NotificationPage } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { connectClient, type TestClient } from '../stream/testing/ws-client';
import { call, dataOf, SETUP_TIMEOUT_MS, TEST_ENV } from './test-support';

const SYMBOL = 'ETH-IDR';

describe('price alerts, live', () => {
  let t: TestApp;
  let url: string;
  let alice: TestUser;
  let bob: TestUser;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TEST_ENV, CRYPTO_MATCH_INTERVAL_MS: '50' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stream`;
    alice = await signUpTestUser(t.app);
    bob = await signUpTestUser(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  const listening = async (user: TestUser) => {
    const client = await connectClient(url);
    clients.push(client);
    client.send({ op: 'auth', token: user.accessToken });
    await client.next((m) => m.type === 'authenticated', 5000);
    client.send({ op: 'subscribe', channel: 'notifications' });
    await client.next((m) => m.type === 'subscription' && m.channel === 'notifications', 5000);
    return client;
  };

  it('a steer across the target fires the alert by itself and the owner sees it live and in the centre', async () => {
    const inst = t.app.market.instrument(SYMBOL)!;
    const price = plain(new TradingDecimal(t.app.market.ticker(SYMBOL).price));
    const target = plain(new TradingDecimal(price).plus(new TradingDecimal(inst.tickSize).times(20)));
    t.app.market.steer(SYMBOL, { price });
    const [aliceSocket, bobSocket] = [await listening(alice), await listening(bob)];
    dataOf(await call(t.app, alice, 'POST', '/api/price-alerts', { symbol: SYMBOL, targetPrice: target, direction: 'UP', createFromChart: true }));
    t.app.market.steer(SYMBOL, { price: target });
    const event = await aliceSocket.next((m) => m.type === 'event' && m.channel === 'notifications', 15_000);
    expect(event).toMatchObject({
      data: { type: 'notification', notification: { type: 'PRICE_ALERT', link: { kind: 'ASSET', symbol: SYMBOL } }, alert: { symbol: SYMBOL, targetPrice: target, crossed: 'UP', crossing: 1 } },
    });
    const page = dataOf<NotificationPage>(await call(t.app, alice, 'GET', '/api/notifications?type=PRICE_ALERT'));
    expect(page.items.map((n) => n.id)).toEqual([(event.data as { notification: { id: string } }).notification.id]);
    expect(bobSocket.received.filter((r) => r.message.type === 'event')).toEqual([]);
  });
});
