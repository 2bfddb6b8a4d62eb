// Races on the PALN wallet through two app instances on one database (on PostgreSQL each with its
// own connection pool; on PGlite the same requests interleave on its one connection and must give
// the same counts): fifty buys on a USD balance covering twenty-five, fifty sells of one holding.
import { Writable } from 'node:stream';
import { US_STOCK_PATHS } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { buildApp, type PasarApp } from '../../app';
import { createDatabase } from '../../db/database';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import { NY, SETUP_TIMEOUT_MS, TEST_ENV, errorCodeOf, expectReconciled, ordersOf, setClock, shares, stockId, usTrader, usd } from './test-support';

describe('US stock orders racing for one balance', () => {
  let t: TestApp;
  let other: PasarApp;
  let closeOther: () => Promise<void> = async () => {};
  let aapl: number;

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
    for (const app of [t.app, other]) {
      await setClock(app, NY.regular);
      app.market.steer('AAPL', { price: '270.00' });
    }
    aapl = stockId(t.app, 'AAPL');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  const send = (i: number, user: { headers: Record<string, string> }, url: string, payload: Record<string, unknown>) =>
    (i % 2 === 0 ? t.app : other).inject({ method: 'POST', url, payload, headers: { ...user.headers, 'x-request-id': `us-race-${i}-${Math.random()}` } });

  it('fifty limit buys on a USD balance covering twenty-five: exactly twenty-five are held, the rest get 1117', async () => {
    // Each holds 0.1 × 250.00 = 25.00 (commission-free).
    const user = await usTrader(t.app, { usd: '625' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(i, user, US_STOCK_PATHS.buy, { stockId: aapl, quantity: '0.1', unitPrice: '250.00', orderType: 'LIMIT' })),
    );
    const placed = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ placed: placed.length, codes }).toEqual({ placed: 25, codes: ['1117'] });
    expect(await usd(t.app, user.userId)).toEqual({ balance: '625', available: '0' });
    await expectReconciled(t.app, [user.userId]);
  });

  it('fifty sells of one holding (market and limit mixed): the shares never go below zero, the refused get 1116', async () => {
    const user = await usTrader(t.app, { shares: { AAPL: '2.5' } });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? send(i, user, US_STOCK_PATHS.sell, { stockId: aapl, quantity: '0.1', orderType: 'MARKET' })
          : send(i, user, US_STOCK_PATHS.sell, { stockId: aapl, quantity: '0.1', unitPrice: '300.00', orderType: 'LIMIT' }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200).flatMap(ordersOf);
    const codes = [...new Set(responses.filter((r) => r.statusCode !== 200).map(errorCodeOf))];
    expect({ ok: ok.length, codes }).toEqual({ ok: 25, codes: ['1116'] });
    const sold = ok.filter((o) => o.status === 'SUCCESS').length;
    expect(await shares(t.app, user.userId, 'AAPL')).toEqual({ balance: new Decimal('2.5').minus(new Decimal(sold).times('0.1')).toFixed(), available: '0' });
    // What the market sells raised is in the wallet.
    const raised = ok.filter((o) => o.status === 'SUCCESS').reduce((sum, o) => sum.plus(o.total), new Decimal(0));
    expect((await usd(other, user.userId)).balance).toBe(raised.toFixed());
    await expectReconciled(t.app, [user.userId]);
  });
});
