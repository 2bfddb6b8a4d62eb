// An order call's idempotency key is claimed and its answer stored in the order's own transaction
// (`config: { idempotency: 'in-transaction' }`): a retry replays the answer byte for byte, another
// body with the same x-request-id is refused, a duplicate running at the same time replays the
// first, and a failure inside the transaction leaves neither the order nor its key.
import { CRYPTO_PATHS, cryptoOrderPath } from '@pasar/shared/contract';
import { sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { REPLAYED_HEADER } from '../../plugins/idempotency';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { SETUP_TIMEOUT_MS, TEST_ENV, balance, call, cash, errorCodeOf, expectReconciled, ordersOf, trader } from './test-support';

describe('crypto order calls: the idempotency key commits with the order', () => {
  let t: TestApp;
  let alice: TestUser;
  /** Set by a test: the fill listener runs it inside the order's transaction. */
  let duringFill: ((db: PasarDb) => Promise<void>) | null = null;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    alice = await trader(t.app, { idr: '100000000' });
    t.app.market.steer('BTC-IDR', { price: '1500000000' });
    t.app.trading.onFill(async (ops) => {
      if (duringFill) await duringFill(ops.db);
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    t.app.market.clearSteer('BTC-IDR');
    await t.close();
  });
  afterEach(() => {
    duringFill = null;
  });

  const ordersFor = async (user: TestUser, requestId: string) =>
    ((await t.app.database.db.execute(sql`select count(*)::int as n from orders where user_id = ${user.userId} and request_id = ${requestId}`)).rows[0] as { n: number }).n;
  const keyOf = async (user: TestUser, requestId: string) =>
    (await t.app.database.db.execute(sql`select state, status_code, body from idempotency_keys where user_id = ${user.userId} and request_id = ${requestId}`))
      .rows[0] as { state: string; status_code: number; body: string } | undefined;

  it('stores the answer with the order; a retry replays it byte for byte, another body is refused (042) and places nothing', async () => {
    const first = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'fold-1');
    expect(first.statusCode).toBe(200);
    expect(await keyOf(alice, 'fold-1')).toEqual({ state: 'COMPLETED', status_code: 200, body: first.body });

    const again = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'fold-1');
    expect([again.statusCode, again.headers[REPLAYED_HEADER], again.body]).toEqual([200, 'true', first.body]);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const other = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '60000' }, 'fold-1');
    expect([other.statusCode, errorCodeOf(other)]).toEqual([409, '042']);
    expect(await ordersFor(alice, 'fold-1')).toBe(1);
  });

  it('a failure inside the order transaction leaves neither the order nor its key; the retry places it once', async () => {
    const before = await balance(t.app, cash(alice.userId));
    duringFill = async () => {
      throw new Error('the database went away');
    };
    const failed = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'fold-2');
    expect(failed.statusCode).toBe(500);
    expect(await ordersFor(alice, 'fold-2')).toBe(0);
    expect(await keyOf(alice, 'fold-2')).toBeUndefined();
    expect(await balance(t.app, cash(alice.userId))).toEqual(before);

    duringFill = null;
    const retried = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'fold-2');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await ordersFor(alice, 'fold-2')).toBe(1);
    expect((await keyOf(alice, 'fold-2'))?.body).toBe(retried.body);
    await expectReconciled(t.app, [alice.userId]);
  });

  it('a duplicate sent while the first is inside its transaction replays the first', async () => {
    let entered = () => {};
    let release = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let keyInside: unknown;
    duringFill = async (db) => {
      duringFill = null;
      keyInside = (await db.execute(sql`select state from idempotency_keys where user_id = ${alice.userId} and request_id = 'fold-3'`)).rows;
      entered();
      await released;
    };
    const body = { symbol: 'BTC-IDR', amount: '70000' };
    const first = call(t.app, alice, 'POST', CRYPTO_PATHS.buy, body, 'fold-3');
    await inside;
    // The order's transaction claimed the key; nobody else sees it before the commit (PostgreSQL:
    // another connection can look; PGlite's one connection waits for the transaction).
    expect(keyInside).toEqual([{ state: 'IN_PROGRESS' }]);
    if (t.app.database.kind === 'postgres') expect(await keyOf(alice, 'fold-3')).toBeUndefined();
    const second = call(t.app, alice, 'POST', CRYPTO_PATHS.buy, body, 'fold-3');
    // Give the duplicate time to reach the key (in its own transaction on PostgreSQL).
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(200);
    expect([b.statusCode, b.headers[REPLAYED_HEADER], b.body]).toEqual([200, 'true', a.body]);
    expect(await ordersFor(alice, 'fold-3')).toBe(1);
    await expectReconciled(t.app, [alice.userId]);
  });

  it('stores a refusal after the transaction: the retry gets the same refusal without running again', async () => {
    const poor = await trader(t.app, { idr: '10000' });
    const refused = await call(t.app, poor, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'fold-4');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await keyOf(poor, 'fold-4')).toMatchObject({ state: 'COMPLETED', status_code: refused.statusCode, body: refused.body });
    // Funded since: the retry is still the first answer, and nothing was placed.
    await t.app.ledger.transfer({
      key: `fold-4-fund:${poor.userId}`,
      kind: 'TOPUP',
      legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: cash(poor.userId), amount: '1000000' }],
    });
    const again = await call(t.app, poor, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'fold-4');
    expect([again.statusCode, again.headers[REPLAYED_HEADER], again.body]).toEqual([refused.statusCode, 'true', refused.body]);
    expect(await ordersFor(poor, 'fold-4')).toBe(0);
  });

  it('cancelling is covered the same way: the retry replays the cancellation', async () => {
    const [order] = ordersOf(
      await call(t.app, alice, 'POST', CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1400000000' }),
    );
    const cancelled = await call(t.app, alice, 'POST', `${cryptoOrderPath(order!.id)}/cancel`, undefined, 'fold-5');
    expect(ordersOf(cancelled)[0]!.status).toBe('CANCELLED');
    expect((await keyOf(alice, 'fold-5'))?.body).toBe(cancelled.body);
    const again = await call(t.app, alice, 'POST', `${cryptoOrderPath(order!.id)}/cancel`, undefined, 'fold-5');
    expect([again.statusCode, again.headers[REPLAYED_HEADER], again.body]).toEqual([200, 'true', cancelled.body]);
    await expectReconciled(t.app, [alice.userId]);
  });
});
