// ORDER_FILLED notifications from the engine's order events: a crypto market buy that fills gives
// one linked to the order, in the centre and live; the same event heard again (every instance
// hears it) gives nothing more; partial fills per new quantity; an expiry; other changes nothing.
// Every market's orders take the same path: a US stock buy (filled at once, and a limit filled in
// part then in full by the matcher) and an IDX buy notify as the crypto one does.
import { randomUUID } from 'node:crypto';
import { CRYPTO_PATHS, IDX_PATHS, US_STOCK_PATHS, type NotificationPage, type Order } from '@pasar/shared/contract';
import { topics } from '../../pubsub/topics';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { ORDER_EVENTS_TOPIC } from '../../trading/events';
import { call, ordersOf, SETUP_TIMEOUT_MS, TEST_ENV, trader } from '../crypto/test-support';
import { until } from '../price-alerts/test-support';
import { idxTrader, ordersOf as idxOrdersOf, stockIdOf, wib } from '../idx/test-support';
import { NY, ordersOf as usOrdersOf, stockId, usTick, usTrader } from '../us-stock/test-support';
import type { TestUser } from '../../testing/auth-fixture';
import { orderNotification, toldByEngine } from './notification-orders';

describe('order notifications', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TEST_ENV, US_STOCK_CORPORATE_ACTIONS_JOB_MINUTES: '1440', IDX_SETTLEMENT_JOB_MINUTES: '1440' } });
    t.app.market.steer('BTC-IDR', { price: '1500000000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('a filled crypto market buy notifies ORDER_FILLED once, linked to the order, in the centre and live', async () => {
    const alice = await trader(t.app, { idr: '100000000' });
    const live: unknown[] = [];
    const stop = await t.app.pubsub.subscribe(topics.user(alice.userId, 'notifications'), (m) => live.push(m));
    const [order] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' }));
    expect(order!.status).toBe('SUCCESS');
    const items = async () => ((await call(t.app, alice, 'GET', '/api/notifications?type=ORDER_FILLED')).json() as { data: NotificationPage }).data.items;
    await until(async () => (await items()).length > 0, 'the fill is notified');
    // The same event heard again (another instance): nothing more. A later event (another order,
    // heard after it) marks when the repeat has been handled.
    await t.app.pubsub.publish(ORDER_EVENTS_TOPIC, { userId: alice.userId, order });
    const marker = { ...order!, id: randomUUID() };
    await t.app.pubsub.publish(ORDER_EVENTS_TOPIC, { userId: alice.userId, order: marker });
    await until(async () => (await items()).some((n) => n.link?.orderId === marker.id), 'the later event is notified');
    await stop();
    const page = ((await call(t.app, alice, 'GET', '/api/notifications?type=ORDER_FILLED')).json() as { data: NotificationPage }).data;
    expect(page.total).toBe(2); // the fill once, and the marker
    const mine = page.items.filter((n) => n.link?.orderId === order!.id);
    expect(mine).toEqual([expect.objectContaining({ type: 'ORDER_FILLED', link: { kind: 'ORDER', symbol: 'BTC-IDR', assetType: 'CRYPTO', orderId: order!.id } })]);
    expect(live.filter((m) => (m as { notification: { link: { orderId: string } } }).notification.link.orderId === order!.id)).toEqual([
      expect.objectContaining({ type: 'notification', notification: expect.objectContaining({ id: mine[0]!.id }) }),
    ]);
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

  it('no generic notice for a close the margin engine tells of itself: a liquidation anywhere, a US CFD take-profit', async () => {
    const alice = await trader(t.app, { idr: '1000' });
    const base = { id: randomUUID(), market: 'USSTOCK', symbol: 'AAPL', side: 'SELL', status: 'SUCCESS', filledQuantity: '2', averagePrice: '270' } as unknown as Order;
    const events = [
      { order: { ...base, id: randomUUID(), reason: 'TAKE_PROFIT' }, market: 'USSTOCK_LEV' },
      { order: { ...base, id: randomUUID(), reason: 'LIQUIDATION', symbol: 'BTCUSDT-PERP' }, market: 'PERPS' },
    ];
    for (const e of events) await t.app.pubsub.publish(ORDER_EVENTS_TOPIC, { userId: alice.userId, ...e });
    // A perp's take-profit has no notice of its own: it keeps the generic one (and marks that the events above were handled).
    const perpTp = { ...base, id: randomUUID(), reason: 'TAKE_PROFIT', symbol: 'BTCUSDT-PERP' };
    await t.app.pubsub.publish(ORDER_EVENTS_TOPIC, { userId: alice.userId, order: perpTp, market: 'PERPS' });
    const items = async () => ((await call(t.app, alice, 'GET', '/api/notifications?type=ORDER_FILLED')).json() as { data: NotificationPage }).data.items;
    await until(async () => (await items()).some((n) => n.link?.orderId === perpTp.id), 'the perp take-profit is notified');
    expect((await items()).map((n) => n.link?.orderId)).toEqual([perpTp.id]);
    expect(toldByEngine({ ...base, reason: 'INTRADAY_CLOSE' }, true)).toBe(true);
    expect(toldByEngine({ ...base, reason: 'INTRADAY_CLOSE' }, false)).toBe(false);
    expect(toldByEngine({ ...base, reason: 'USER' }, true)).toBe(false);
  });

  describe('every market through the same order events', () => {
    const filledOf = async (user: TestUser) =>
      ((await call(t.app, user, 'GET', '/api/notifications?type=ORDER_FILLED')).json() as { data: NotificationPage }).data.items;
    /** The order events the engine published for a user, as every instance hears them. */
    const heard = async (userId: string) => {
      const events: Order[] = [];
      const stop = await t.app.pubsub.subscribe(ORDER_EVENTS_TOPIC, (m) => {
        const event = m as { userId: string; order: Order };
        if (event.userId === userId) events.push(event.order);
      });
      return { events, stop };
    };
    afterEach(() => t.app.market.clock.clear());

    it('a US stock market buy in regular hours notifies ORDER_FILLED once, linked to the order, from its order event', async () => {
      await t.app.market.clock.set(NY.regular, { frozen: true });
      t.app.market.steer('AAPL', { price: '270.00' });
      const user = await usTrader(t.app, { usd: '500' });
      const { events, stop } = await heard(user.userId);
      const [order] = usOrdersOf(await call(t.app, user, 'POST', US_STOCK_PATHS.buy, { stockId: stockId(t.app, 'AAPL'), amount: '100', orderType: 'MARKET' }));
      expect(order).toMatchObject({ market: 'USSTOCK', status: 'SUCCESS' });
      await until(async () => (await filledOf(user)).length > 0, 'the US fill is notified');
      await stop();
      expect(events.map((o) => [o.id, o.status])).toContainEqual([order!.id, 'SUCCESS']);
      const items = await filledOf(user);
      expect(items).toEqual([expect.objectContaining({ type: 'ORDER_FILLED', link: { kind: 'ORDER', symbol: 'AAPL', assetType: 'USSTOCK', orderId: order!.id } })]);
      expect(items[0]!.title).toMatch(/AAPL/);
      expect(items[0]!.body).toContain(`AAPL @ `);
    });

    it('a US stock limit buy filled in part and then in full by the matcher notifies each new filled quantity, then the fill', async () => {
      await t.app.market.clock.set(NY.regular, { frozen: true });
      const user = await usTrader(t.app, { usd: '1000' });
      const [order] = usOrdersOf(await call(t.app, user, 'POST', US_STOCK_PATHS.buy, { stockId: stockId(t.app, 'AAPL'), quantity: '2', unitPrice: '250.00', orderType: 'LIMIT' }));
      expect(order).toMatchObject({ status: 'PENDING' });
      // The ask comes down under the limit with one share on the book, then with plenty.
      const thin = usTick('AAPL', '249.00');
      await t.app.trading.matcher.tick([{ ...thin, book: { bids: thin.book.bids, asks: [{ ...thin.book.asks[0]!, quantity: '1' }] } }]);
      await until(async () => (await filledOf(user)).length === 1, 'the partial fill is notified');
      await t.app.trading.matcher.tick([usTick('AAPL', '249.00')]);
      await until(async () => (await filledOf(user)).length === 2, 'the full fill is notified');
      const items = await filledOf(user);
      expect(items.map((n) => n.link)).toEqual([0, 1].map(() => ({ kind: 'ORDER', symbol: 'AAPL', assetType: 'USSTOCK', orderId: order!.id })));
      // Newest first: filled, then partially filled.
      expect(items.map((n) => n.title)).toEqual([expect.not.stringMatching(/sebagian|partially/), expect.stringMatching(/sebagian|partially/)]);
    });

    it('an IDX market buy in session II notifies ORDER_FILLED once, linked to the order, from its order event', async () => {
      await t.app.market.clock.set(wib('2026-11-30', '14:00:00'), { frozen: true });
      const user = await idxTrader(t.app, { idr: '50000000' });
      const { events, stop } = await heard(user.userId);
      const [order] = idxOrdersOf(await call(t.app, user, 'POST', IDX_PATHS.buy, { stockId: stockIdOf(t.app, 'BBCA'), quantity: '100', orderType: 'MARKET' }));
      expect(order).toMatchObject({ market: 'IDSS', status: 'SUCCESS', filledQuantity: '100' });
      await until(async () => (await filledOf(user)).length > 0, 'the IDX fill is notified');
      await stop();
      expect(events.map((o) => [o.id, o.status])).toContainEqual([order!.id, 'SUCCESS']);
      const items = await filledOf(user);
      expect(items).toEqual([expect.objectContaining({ type: 'ORDER_FILLED', link: { kind: 'ORDER', symbol: 'BBCA', assetType: 'IDSS', orderId: order!.id } })]);
      expect(items[0]!.body).toContain('100 BBCA');
    });
  });
});
