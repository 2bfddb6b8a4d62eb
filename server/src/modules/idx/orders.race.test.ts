// Races on IDX through two app instances on one database (on PostgreSQL each with its own
// connection pool; on PGlite the same requests interleave on its one connection and must give
// the same counts): fifty buys on an IDR balance covering twenty-five, fifty sells of one holding
// (market sales landing in IDX_UNSETTLED), two instances running the T+2 settlement at once, and
// buys racing on unsettled proceeds that two instances then settle (decision 0019).
import { IDX_PATHS } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { PasarApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { secondInstance } from '../../testing/second-instance';
import { SETUP_TIMEOUT_MS } from '../fx-wallet/test-support';
import { errorCodeOf, expectReconciled, idr, idxTrader, orderTypes, ordersOf, setClock, shares, stockIdOf, TEST_ENV, unsettled, wib } from './test-support';

describe('IDX orders racing for one balance', () => {
  let t: TestApp;
  let other: PasarApp;
  let closeOther: () => Promise<void> = async () => {};
  let bbca: number;
  let price: number;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    ({ app: other, close: closeOther } = await secondInstance(t, TEST_ENV));
    bbca = stockIdOf(t.app, 'BBCA');
    for (const app of [t.app, other]) await setClock(app, wib('2026-11-30', '10:00:00'));
    const probe = await idxTrader(t.app);
    price = Number((await orderTypes(t.app, probe, bbca)).band.previousClose);
    for (const app of [t.app, other]) app.market.steer('BBCA', { price: String(price) });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  const send = (i: number, user: { headers: Record<string, string> }, url: string, payload: Record<string, unknown>) =>
    (i % 2 === 0 ? t.app : other).inject({ method: 'POST', url, payload, headers: { ...user.headers, 'x-request-id': `idx-race-${i}-${Math.random()}` } });

  it('fifty limit buys of 1 lot on IDR covering twenty-five: exactly twenty-five are held, the rest get 1115', async () => {
    const limit = price; // below the ask: they rest
    const each = new Decimal(100 * limit).plus(Math.ceil(100 * limit * 0.0015));
    const user = await idxTrader(t.app, { idr: each.times(25).toFixed() });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i, user, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(limit) })));
    const placed = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ placed: placed.length, codes }).toEqual({ placed: 25, codes: ['1115'] });
    expect(await idr(t.app, user.userId)).toEqual({ balance: each.times(25).toFixed(), available: '0' });
    await expectReconciled(t.app, [user.userId]);
  });

  it('fifty sells of 1 lot from 25 lots (market and limit mixed): never below zero, the refused get 1116, proceeds unsettled', async () => {
    const user = await idxTrader(t.app, { shares: { BBCA: '2500' } });
    const ara = (await orderTypes(t.app, user, bbca, 'SELL')).band.ara;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? send(i, user, IDX_PATHS.sell, { stockId: bbca, quantity: '100', orderType: 'MARKET' })
          : send(i, user, IDX_PATHS.sell, { stockId: bbca, quantity: '100', unitPrice: ara }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ ok: ok.length, codes }).toEqual({ ok: 25, codes: ['1116'] });
    const sold = ok.filter((o) => o.status === 'SUCCESS');
    expect(await shares(t.app, user.userId, 'BBCA')).toEqual({ balance: String(2500 - 100 * sold.length), available: '0' });
    const raised = sold.reduce((sum, o) => sum.plus(o.total), new Decimal(0));
    expect((await unsettled(other, user.userId)).balance).toBe(raised.toFixed());
    expect((await idr(other, user.userId)).balance).toBe('0');

    // Both instances run the settlement on its date at once: the proceeds move once.
    for (const app of [t.app, other]) await setClock(app, wib('2026-12-02', '09:00:00'));
    const admin = (app: PasarApp) => ({ 'x-admin-token': app.adminToken });
    const runs = await Promise.all([t.app, other, t.app, other].map((app) => app.inject({ method: 'POST', url: IDX_PATHS.adminSettlementRun, headers: admin(app) })));
    const settled = runs.map((r) => (r.json() as { data: { settled: number } }).data.settled);
    expect(settled.reduce((a, b) => a + b, 0)).toBe(sold.length);
    expect(await idr(t.app, user.userId)).toEqual({ balance: raised.toFixed(), available: raised.toFixed() });
    expect((await unsettled(t.app, user.userId)).balance).toBe('0');
    await expectReconciled(t.app, [user.userId]);
  });

  it('buys racing on unsettled proceeds, then both instances settle them: the buys stay reserved, the proceeds move once', async () => {
    for (const app of [t.app, other]) await setClock(app, wib('2026-11-30', '10:00:00'));
    const user = await idxTrader(t.app, { shares: { BBCA: '1000' } });
    const sold = [];
    for (let i = 0; i < 10; i += 1) sold.push(...ordersOf(await send(i, user, IDX_PATHS.sell, { stockId: bbca, quantity: '100', orderType: 'MARKET' })));
    const raised = sold.reduce((sum, o) => sum.plus(o.total), new Decimal(0));
    expect((await unsettled(t.app, user.userId)).balance).toBe(raised.toFixed());
    // No cash at all: every buy reserves from IDX_UNSETTLED, on either instance.
    const each = new Decimal(100 * price).plus(Math.ceil(100 * price * 0.0015));
    const fits = raised.div(each).floor().toNumber();
    const responses = await Promise.all(Array.from({ length: fits + 5 }, (_, i) => send(i, user, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) })));
    const placed = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ placed: placed.length, codes }).toEqual({ placed: fits, codes: ['1115'] });
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: raised.toFixed(), available: raised.minus(each.times(fits)).toFixed() });

    for (const app of [t.app, other]) await setClock(app, wib('2026-12-02', '09:00:00'));
    const admin = (app: PasarApp) => ({ 'x-admin-token': app.adminToken });
    const runs = await Promise.all([t.app, other, t.app, other].map((app) => app.inject({ method: 'POST', url: IDX_PATHS.adminSettlementRun, headers: admin(app) })));
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(runs.reduce((n, r) => n + (r.json() as { data: { settled: number } }).data.settled, 0)).toBe(10);
    expect(await idr(t.app, user.userId)).toEqual({ balance: raised.toFixed(), available: raised.minus(each.times(fits)).toFixed() });
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: '0', available: '0' });
    await expectReconciled(t.app, [user.userId]);
  });
});
