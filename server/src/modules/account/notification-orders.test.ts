// ORDER_FILLED notifications from the engine's order events: a crypto market buy that fills gives
// one linked to the order, in the centre and live; the same event heard again (every instance
// hears it) gives nothing more; partial fills per new quantity; an expiry; other changes nothing.
import { CRYPTO_PATHS, type NotificationPage, type Order } from '@pasar/shared/contract';
import { topics } from '../../pubsub/topics';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { ORDER_EVENTS_TOPIC } from '../../trading/events';
import { call, ordersOf, SETUP_TIMEOUT_MS, TEST_ENV, trader } from '../crypto/test-support';
import { orderNotification } from './notification-orders';

describe('order notifications', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    t.app.market.steer('BTC-IDR', { price: '1500000000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const settle = () => new Promise((r) => setTimeout(r, 200));

  it('a filled crypto market buy notifies ORDER_FILLED once, linked to the order, in the centre and live', async () => {
    const alice = await trader(t.app, { idr: '100000000' });
    const live: unknown[] = [];
    const stop = await t.app.pubsub.subscribe(topics.user(alice.userId, 'notifications'), (m) => live.push(m));
    const [order] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' }));
    expect(order!.status).toBe('SUCCESS');
    await settle();
    // The same event heard again (another instance): nothing more.
    await t.app.pubsub.publish(ORDER_EVENTS_TOPIC, { userId: alice.userId, order });
    await settle();
    await stop();
    const page = (await call(t.app, alice, 'GET', '/api/notifications?type=ORDER_FILLED')).json() as { data: NotificationPage };
    expect(page.data.items).toEqual([
      expect.objectContaining({ type: 'ORDER_FILLED', link: { kind: 'ORDER', symbol: 'BTC-IDR', assetType: 'CRYPTO', orderId: order!.id } }),
    ]);
    expect(page.data.total).toBe(1);
    expect(live).toEqual([expect.objectContaining({ type: 'notification', notification: expect.objectContaining({ id: page.data.items[0]!.id }) })]);
    const other = (await call(t.app, alice, 'GET', '/api/notifications?type=PRICE_ALERT')).json() as { data: NotificationPage };
    expect(other.data.items).toEqual([]);
  });

  it('partial fills per new filled quantity, an expiry, and nothing for placed or user-cancelled orders', () => {
    const base = { id: 'o1', market: 'CRYPTO', symbol: 'BTC-IDR', side: 'BUY', status: 'PENDING', filledQuantity: '0', averagePrice: null, reason: null } as unknown as Order;
    expect(orderNotification(base)).toBeNull();
    expect(orderNotification({ ...base, status: 'CANCELLED', reason: 'USER' })).toBeNull();
    const partA = orderNotification({ ...base, status: 'PARTIALLY_FILLED', filledQuantity: '0.1', averagePrice: '1500000000' });
    const partB = orderNotification({ ...base, status: 'PARTIALLY_FILLED', filledQuantity: '0.2', averagePrice: '1500000000' });
    expect(partA?.key).not.toBe(partB?.key);
    expect(partA?.body).toEqual({ id: expect.stringContaining('1.500.000.000'), en: expect.stringContaining('1,500,000,000') });
    const expired = orderNotification({ ...base, status: 'CANCELLED', reason: 'EXPIRED' });
    expect(expired).toMatchObject({ type: 'ORDER_FILLED', key: 'order:o1:expired', title: { en: 'BTC-IDR order expired' } });
  });
});
