// The leverage sweep on two app instances over one database (on PostgreSQL each with its own
// connection pool; on PGlite interleaved on its one connection): sweeps racing on both instances
// charge a 2x position's financing once per trading day and close a 4x position once before the
// close, whatever interleaving the database gives them.
import { Writable } from 'node:stream';
import { US_LEVERAGE_PATHS, UsLeverageOrderResult, UsLeveragePositionsResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { buildApp, type PasarApp } from '../../app';
import { createDatabase } from '../../db/database';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import { fund } from '../fx-wallet/test-support';
import { walletAccount } from './leverage';
import { LEVERAGE_ENV, NY, SETUP_TIMEOUT_MS, call, dataOf, expectReconciled, setClock, stockId, sweepOn, usTrader } from './test-support';

describe('US leverage sweeps racing on two instances', () => {
  let t: TestApp;
  let other: PasarApp;
  let closeOther: () => Promise<void> = async () => {};
  let aapl: number;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: LEVERAGE_ENV });
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
      other = await t.sibling(LEVERAGE_ENV);
    }
    aapl = stockId(t.app, 'AAPL');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectReconciled(t.app, users);
    await closeOther();
    await t.close();
  });

  const atBoth = async (at: number, price: string) => {
    for (const app of [t.app, other]) {
      await setClock(app, at);
      app.market.steer('AAPL', { price });
    }
  };
  const race = () => Promise.all([sweepOn(t.app), sweepOn(other), sweepOn(t.app), sweepOn(other)]);
  const transfersOf = async (key: string) => (await t.app.ledger.transferByKey(key)) !== null;

  it('financing: one charge per trading day however many sweeps race; the 4x close: one', async () => {
    await atBoth(NY.regular, '200.00');
    const user = await usTrader(t.app);
    users.push(user.userId);
    await fund(t.app, walletAccount(user.userId, 'leverage'), '1000');
    await fund(t.app, walletAccount(user.userId, 'intraday'), '1000');
    const two = dataOf(UsLeverageOrderResult, await call(t.app, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: aapl, orderType: 'MARKET', leverage: 2, quantity: '5' }));
    const four = dataOf(UsLeverageOrderResult, await call(other, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: aapl, orderType: 'MARKET', leverage: 4, isIntradayLeverage: true, quantity: '5' }));

    // 15:50 New York: the 4x position is past its cut-off (15:45); both instances race to close it.
    await atBoth(Date.parse('2026-12-02T20:50:00Z'), '201.00');
    await race();
    // Thursday: Wednesday's close was held over (one charge); then Monday: Thursday's and Friday's.
    await atBoth(Date.parse('2026-12-03T15:00:00Z'), '201.00');
    await race();
    await atBoth(Date.parse('2026-12-07T15:00:00Z'), '201.00');
    await race();
    await race();

    const positions = dataOf(UsLeveragePositionsResponse, await call(t.app, user, 'GET', `${US_LEVERAGE_PATHS.positions}?scope=history`));
    expect(positions.items.map((p) => [p.id, p.closeReason])).toEqual([[four.position.id, 'INTRADAY_CLOSE']]);
    const daily = new Decimal(two.position.entryPrice).times(5).div(2).times('0.0003').toDecimalPlaces(2, Decimal.ROUND_UP);
    const open = dataOf(UsLeveragePositionsResponse, await call(other, user, 'GET', US_LEVERAGE_PATHS.positions));
    expect(open.items.map((p) => [p.id, p.financing])).toEqual([[two.position.id, daily.times(3).toFixed(2)]]);
    expect(await Promise.all(['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07'].map((d) => transfersOf(`cfd:financing:AAPL:${d}:${two.position.id}`)))).toEqual([true, true, true, false]);
    const leverage = await t.app.ledger.balance(walletAccount(user.userId, 'leverage'));
    expect(new Decimal(leverage.balance).toFixed(2)).toBe(new Decimal(1000).minus(daily.times(3)).toFixed(2));
  });
});
