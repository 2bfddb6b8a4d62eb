// The matcher as it runs in a server: on its own timer against the market's (steered) prices,
// loading the resting orders from the database when an instance starts, and stopping cleanly.
import { CRYPTO_PATHS, cryptoOrderPath } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { cryptoOf } from './index';
import { SETUP_TIMEOUT_MS, balance, call, orderOf, ordersOf, spot, trader } from './test-support';

const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '50' };

describe('the matcher on its timer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    t.app.market.steer('ETH-IDR', { price: '60000000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    t.app.market.clearSteer('ETH-IDR');
    await t.close();
  });

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > end) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('fills a resting limit sell once the market rises through it, and loads open orders into a new instance', async () => {
    const user = await trader(t.app);
    await t.app.ledger.transfer({
      key: `test-eth:${user.userId}`,
      kind: 'TEST_FUNDING',
      legs: [{ from: { house: 'INVENTORY', currency: 'ETH' }, to: spot(user.userId, 'ETH'), amount: '1' }],
    });
    const [order] = ordersOf(
      await call(t.app, user, 'POST', CRYPTO_PATHS.advancedSell, { symbol: 'ETH-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.5', limitPrice: '61000000' }),
    );
    const [untouched] = ordersOf(
      await call(t.app, user, 'POST', CRYPTO_PATHS.advancedSell, { symbol: 'ETH-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.1', limitPrice: '70000000' }),
    );
    // A second instance started now finds both resting orders in the database.
    const other = await t.sibling({ ...ENV, CRYPTO_MATCH_INTERVAL_MS: '0' });
    expect([cryptoOf(other).matcher.has(order!.id), cryptoOf(other).matcher.has(untouched!.id)]).toEqual([true, true]);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(orderOf(await call(t.app, user, 'GET', cryptoOrderPath(order!.id))).status).toBe('PENDING');
    t.app.market.steer('ETH-IDR', { price: '62000000' });
    const filled = await until(
      async () => orderOf(await call(t.app, user, 'GET', cryptoOrderPath(order!.id))),
      (o) => o.status !== 'PENDING' && o.status !== 'PARTIALLY_FILLED',
    );
    expect(filled).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.5' });
    expect(orderOf(await call(t.app, user, 'GET', cryptoOrderPath(untouched!.id))).status).toBe('PENDING');
    expect(await balance(t.app, spot(user.userId, 'ETH'))).toEqual({ balance: '0.5', held: '0.1', available: '0.4' });
  });
});
