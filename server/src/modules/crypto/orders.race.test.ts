// The races: fifty orders spending one balance at once, through two app instances on one
// database (on PostgreSQL each with its own connection pool; on PGlite the same requests interleave
// on its one connection and must give the same counts), and one order sent many times with the
// same x-request-id.
import { Writable } from 'node:stream';
import { CRYPTO_PATHS } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { buildApp, type PasarApp } from '../../app';
import { createDatabase } from '../../db/database';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import { SETUP_TIMEOUT_MS, TEST_ENV, balance, cash, errorCodeOf, expectReconciled, ordersOf, spot, trader } from './test-support';

describe('crypto orders racing for one balance', () => {
  let t: TestApp;
  let other: PasarApp;
  let closeOther: () => Promise<void> = async () => {};

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    if (t.testDatabase.database.kind === 'postgres') {
      const database = await createDatabase(t.testDatabase.config);
      const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
      other = buildApp(t.config, { database, logStream: quiet, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      await other.ready();
      closeOther = async () => {
        await other.close();
        await database.close();
      };
    } else {
      other = await t.sibling(TEST_ENV);
    }
    t.app.market.steer('BTC-IDR', { price: '1500000000' });
    other.market.steer('BTC-IDR', { price: '1500000000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  const send = (i: number, user: { headers: Record<string, string> }, url: string, payload: Record<string, string>, requestId = `race-${i}-${Math.random()}`) =>
    (i % 2 === 0 ? t.app : other).inject({ method: 'POST', url, payload, headers: { ...user.headers, 'x-request-id': requestId } });

  it('fifty limit buys for one IDR balance: exactly as many as it covers are held, the rest get 1115', async () => {
    // Each holds 0.0001 × 1,400,000,000 = 140,000 + fee 140; the balance covers exactly 25.
    const user = await trader(t.app, { idr: String(25 * 140_140) });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(i, user, CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.0001', limitPrice: '1400000000' }),
      ),
    );
    const placed = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ placed: placed.length, codes }).toEqual({ placed: 25, codes: ['1115'] });
    expect(await balance(t.app, cash(user.userId))).toEqual({ balance: String(25 * 140_140), held: String(25 * 140_140), available: '0' });
    await expectReconciled(t.app, [user.userId]);
  });

  it('fifty market buys for one IDR balance: none overspends, the refused get 1115', async () => {
    const initial = 2_500_000;
    const user = await trader(t.app, { idr: String(initial) });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i, user, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '100000' })));
    const filled = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    const spent = filled.reduce((sum, o) => sum.plus(o.total), new Decimal(0));
    expect(codes).toEqual(['1115']);
    expect(filled.every((o) => o.status === 'SUCCESS' && new Decimal(o.total).lte(100_000))).toBe(true);
    // Each spends a little under its amount (whole units of the step), so at least 25 fit.
    expect(filled.length).toBeGreaterThanOrEqual(25);
    const left = await balance(t.app, cash(user.userId));
    expect(left.balance).toBe(new Decimal(initial).minus(spent).toFixed());
    expect(new Decimal(left.balance).lt(100_000)).toBe(true);
    const bought = filled.reduce((sum, o) => sum.plus(o.filledQuantity), new Decimal(0));
    expect((await balance(other, spot(user.userId))).balance).toBe(bought.toFixed());
    await expectReconciled(t.app, [user.userId]);
  });

  it('fifty sells of one BTC balance (limit and market mixed): the units never go below zero, the refused get 9504', async () => {
    const user = await trader(t.app, { btc: '0.025' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? send(i, user, CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: '0.001' })
          : send(i, user, CRYPTO_PATHS.advancedSell, { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1600000000' }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ ok: ok.length, codes }).toEqual({ ok: 25, codes: ['9504'] });
    const sold = ok.filter((o) => o.status === 'SUCCESS').length;
    expect(await balance(t.app, spot(user.userId))).toEqual({ balance: new Decimal(0.025).minus(new Decimal(sold).times(0.001)).toFixed(), held: new Decimal(25 - sold).times(0.001).toFixed(), available: '0' });
    await expectReconciled(t.app, [user.userId]);
  });

  it('the same order sent twenty times at once with one x-request-id exists once', async () => {
    const user = await trader(t.app, { idr: '10000000' });
    const body = { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1400000000' };
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i, user, CRYPTO_PATHS.advancedBuy, body, 'one-order')));
    const ids = new Set(responses.filter((r) => r.statusCode === 200).flatMap(ordersOf).map((o) => o.id));
    // The first answers; the others replay its answer or were told it is still running (043).
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf).every((c) => c === '043')).toBe(true);
    const retry = await send(1, user, CRYPTO_PATHS.advancedBuy, body, 'one-order');
    expect(ordersOf(retry).map((o) => o.id)).toEqual([...ids]);
    const rows = (await t.app.database.db.execute(sql`select count(*)::int as n from orders where user_id = ${user.userId}`)).rows[0] as { n: number };
    expect(rows.n).toBe(1);
    expect((await balance(t.app, cash(user.userId))).held).toBe('1401400');
    await expectReconciled(t.app, [user.userId]);
  });
});
