// The leverage sweep's closes and notices, past the happy path: a notice is recorded with what it
// reports (the close, the margin call, the pending mark) and sent from that record under its key, so
// one lost between the commit and the send (a crash) goes out on the next sweep, once; a halted
// stock's positions are not closed while the halt lasts (a due liquidation waits, with one notice)
// and are closed by the first sweep after it lifts; a close never asks who the person is (a
// revoked US-stock identity refuses their own sell, not the liquidation).
import { ACCOUNT_PATHS, NotificationPage, US_LEVERAGE_PATHS, UsLeverageOrderResult, UsLeveragePositionsResponse, type UsLeverageOrderInput } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund } from '../fx-wallet/test-support';
import { walletAccount } from './leverage';
import { LEVERAGE_ENV, NY, SETUP_TIMEOUT_MS, call, dataOf, errorCodeOf, expectReconciled, holdSweepLease, setClock, stockId, sweepOn, usTrader } from './test-support';

/** Wed 2 Dec 2026 15:45 New York: the 4x cut-off (15 minutes before the close). */
const CUTOFF = Date.parse('2026-12-02T20:45:00Z');
const BUY2 = { orderType: 'MARKET', leverage: 2 } as const;
const BUY4 = { orderType: 'MARKET', leverage: 4, isIntradayLeverage: true } as const;

describe('US leverage: notices that survive a crash, halts and forced closes', () => {
  let t: TestApp;
  let aapl: number;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: LEVERAGE_ENV });
    expect(await holdSweepLease(t.app)).toBe(true);
    aapl = stockId(t.app, 'AAPL');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectReconciled(t.app, users);
    await t.close();
  });
  afterEach(async () => {
    if (t.app.market.halts.isHalted('AAPL')) await t.app.market.halts.resume('AAPL');
    t.app.market.steer('AAPL', { price: '200.00' });
  });

  async function trader(wallets: { leverage?: string; intraday?: string }): Promise<TestUser> {
    const user = await usTrader(t.app);
    users.push(user.userId);
    if (wallets.leverage) await fund(t.app, walletAccount(user.userId, 'leverage'), wallets.leverage);
    if (wallets.intraday) await fund(t.app, walletAccount(user.userId, 'intraday'), wallets.intraday);
    return user;
  }
  const buy = (user: TestUser, body: Omit<UsLeverageOrderInput, 'stockId'>) => call(t.app, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: aapl, ...body });
  const sell = (user: TestUser, body: Omit<UsLeverageOrderInput, 'stockId'>) => call(t.app, user, 'POST', US_LEVERAGE_PATHS.sell, { stockId: aapl, ...body });
  const positions = async (user: TestUser, scope: 'open' | 'history' = 'open') =>
    dataOf(UsLeveragePositionsResponse, await call(t.app, user, 'GET', `${US_LEVERAGE_PATHS.positions}?scope=${scope}`)).items;
  /**
   * The user's notification titles of a type, oldest first: the leverage notices (the person's own
   * filled orders also have the trading core's "Order <symbol> terisi", left out here; the engine's
   * closes have only their own notice).
   */
  const notices = async (user: TestUser, type: string) =>
    dataOf(NotificationPage, await call(t.app, user, 'GET', `${ACCOUNT_PATHS.notifications}?size=50`))
      .items.filter((n) => n.type === type && !n.title.startsWith('Order '))
      .map((n) => n.title)
      .reverse();
  const events = async (user: TestUser) =>
    (await t.app.database.db.execute<{ kind: string; notified: unknown }>(sql`select kind, notified_at is not null as notified from margin_events where user_id = ${user.userId} order by created_at`)).rows.map((r) => ({
      kind: r.kind,
      notified: r.notified === true || r.notified === 't',
    }));
  /** What a process killed between a commit and its notice leaves: the events unsent, their notices absent. */
  const loseNotices = async (user: TestUser) => {
    await t.app.database.db.execute(sql`delete from notifications where user_id = ${user.userId}`);
    await t.app.database.db.execute(sql`delete from notification_keys where user_id = ${user.userId} and key like 'margin:%'`);
    await t.app.database.db.execute(sql`update margin_events set notified_at = null where user_id = ${user.userId}`);
  };
  /** Sent, but the process died before marking them: the next sweep sends them again under the same keys. */
  const unmark = (user: TestUser) => t.app.database.db.execute(sql`update margin_events set notified_at = null where user_id = ${user.userId}`);
  const sweep = () => sweepOn(t.app);

  it('a 4x close notice lost between the commit and the send goes out on the next sweep, once', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '2' }));
    await setClock(t.app, CUTOFF);
    await sweep();
    expect((await positions(user, 'history')).map((p) => p.closeReason)).toEqual(['INTRADAY_CLOSE']);
    expect(await notices(user, 'ORDER_FILLED')).toEqual(['Posisi intraday ditutup']);
    expect(await events(user)).toEqual([{ kind: 'INTRADAY_CLOSE', notified: true }]);

    await loseNotices(user);
    expect(await notices(user, 'ORDER_FILLED')).toEqual([]);
    await sweep();
    expect(await notices(user, 'ORDER_FILLED')).toEqual(['Posisi intraday ditutup']);
    expect(await events(user)).toEqual([{ kind: 'INTRADAY_CLOSE', notified: true }]);

    await unmark(user);
    await sweep();
    await sweep();
    expect(await notices(user, 'ORDER_FILLED')).toEqual(['Posisi intraday ditutup']);
    expect(await events(user)).toEqual([{ kind: 'INTRADAY_CLOSE', notified: true }]);
  });

  it('a margin call and a liquidation notice lost after their commits go out on the next sweep, once each', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '120' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '2' }));
    // About 89 % of the maintenance margin: a margin call.
    t.app.market.steer('AAPL', { price: '163.00' });
    await sweep();
    expect(await notices(user, 'MARGIN_CALL')).toEqual(['Margin call']);
    await loseNotices(user);
    await sweep();
    await sweep();
    expect(await notices(user, 'MARGIN_CALL')).toEqual(['Margin call']);

    t.app.market.steer('AAPL', { price: '150.00' });
    await sweep();
    expect((await positions(user, 'history')).map((p) => p.closeReason)).toEqual(['LIQUIDATION']);
    expect(await notices(user, 'ACCOUNT_LIQUIDATION')).toEqual(['Posisi dilikuidasi']);
    await loseNotices(user);
    await sweep();
    expect({ calls: await notices(user, 'MARGIN_CALL'), liquidations: await notices(user, 'ACCOUNT_LIQUIDATION') }).toEqual({ calls: ['Margin call'], liquidations: ['Posisi dilikuidasi'] });
    await unmark(user);
    await sweep();
    expect({ calls: await notices(user, 'MARGIN_CALL'), liquidations: await notices(user, 'ACCOUNT_LIQUIDATION') }).toEqual({ calls: ['Margin call'], liquidations: ['Posisi dilikuidasi'] });
    expect(await events(user)).toEqual([
      { kind: 'MARGIN_CALL', notified: true },
      { kind: 'LIQUIDATION', notified: true },
    ]);
    expect(new Decimal((await t.app.ledger.balance(walletAccount(user.userId, 'intraday'))).balance).gte(0)).toBe(true);
  });

  it('a liquidation due on a halted stock waits (pending, one notice) and is done by the first sweep after the halt lifts', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '1.5' }));
    await t.app.market.halts.halt('AAPL', 'Halted', 'pending news');
    t.app.market.steer('AAPL', { price: '60.00' });
    await sweep();
    await sweep();
    expect((await positions(user)).map((p) => [p.status, p.liquidationPending])).toEqual([['OPEN', true]]);
    expect(await notices(user, 'ACCOUNT_LIQUIDATION')).toEqual(['Likuidasi menunggu perdagangan dibuka kembali']);
    // The person's own sell is refused while halted, as before.
    expect(errorCodeOf(await sell(user, { orderType: 'MARKET', leverage: 2, quantity: '1.5' }))).toBe('3701');

    await t.app.market.halts.resume('AAPL');
    await sweep();
    expect(await positions(user)).toEqual([]);
    expect((await positions(user, 'history')).map((p) => p.closeReason)).toEqual(['LIQUIDATION']);
    expect(await notices(user, 'ACCOUNT_LIQUIDATION')).toEqual(['Likuidasi menunggu perdagangan dibuka kembali', 'Posisi dilikuidasi']);
    expect(new Decimal((await t.app.ledger.balance(walletAccount(user.userId, 'leverage'))).balance).gte(0)).toBe(true);
  });

  it("a wallet due while one of its stocks is halted: the others are liquidated, the halted one waits with its own notice, and is not closed once the wallet is no longer due", async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    t.app.market.steer('MSFT', { price: '100.00' });
    const user = await trader({ leverage: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '1.5' }));
    const msft = dataOf(UsLeverageOrderResult, await call(t.app, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: stockId(t.app, 'MSFT'), ...BUY2, quantity: '0.5' })).position;
    await t.app.market.halts.halt('MSFT', 'Halted', 'pending news');
    try {
      // AAPL's loss takes the whole wallet: due. AAPL is liquidated; MSFT cannot be while halted.
      t.app.market.steer('AAPL', { price: '60.00' });
      await sweep();
      await sweep();
      expect((await positions(user, 'history')).map((p) => [p.symbol, p.closeReason])).toEqual([['AAPL', 'LIQUIDATION']]);
      expect((await positions(user)).map((p) => [p.id, p.status])).toEqual([[msft.id, 'OPEN']]);
      expect((await notices(user, 'ACCOUNT_LIQUIDATION')).sort()).toEqual(['Likuidasi menunggu perdagangan dibuka kembali', 'Posisi dilikuidasi']);
      // Without AAPL the wallet is no longer due: once trading resumes, MSFT stays open.
      await t.app.market.halts.resume('MSFT');
      await sweep();
      expect((await positions(user)).map((p) => [p.id, p.status, p.liquidationPending])).toEqual([[msft.id, 'OPEN', false]]);
      expect(new Decimal((await t.app.ledger.balance(walletAccount(user.userId, 'leverage'))).balance).gte(0)).toBe(true);
    } finally {
      if (t.app.market.halts.isHalted('MSFT')) await t.app.market.halts.resume('MSFT');
      t.app.market.steer('MSFT', { price: '100.00' });
    }
  });

  it('a 4x position of a halted stock is not closed at the cut-off while halted; the first sweep after the halt lifts closes it', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '2' }));
    await t.app.market.halts.halt('AAPL', 'Halted', 'pending news');
    await setClock(t.app, CUTOFF);
    await sweep();
    expect((await positions(user)).map((p) => p.status)).toEqual(['OPEN']);
    await t.app.market.halts.resume('AAPL');
    await setClock(t.app, CUTOFF + 60_000);
    await sweep();
    expect((await positions(user, 'history')).map((p) => p.closeReason)).toEqual(['INTRADAY_CLOSE']);
    expect(await notices(user, 'ORDER_FILLED')).toEqual(['Posisi intraday ditutup']);
  });

  it('a liquidation is not refused for the person: their US-stock identity and terms revoked, their own sell is refused, the liquidation closes', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '1.5' }));
    await t.app.database.db.execute(sql`update users set kyc_status = 'REJECTED', gss_kyc_status = 'REJECTED' where id = ${user.userId}`);
    expect(errorCodeOf(await sell(user, { orderType: 'MARKET', leverage: 2, quantity: '1.5' }))).toBe('007');
    t.app.market.steer('AAPL', { price: '60.00' });
    await sweep();
    expect((await positions(user, 'history')).map((p) => p.closeReason)).toEqual(['LIQUIDATION']);
    expect(await notices(user, 'ACCOUNT_LIQUIDATION')).toEqual(['Posisi dilikuidasi']);
  });
});
