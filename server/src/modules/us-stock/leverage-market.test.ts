// The leveraged US market (USSTOCK_LEV) in the trading core and the margin engine (decision 0017
// step 2): a leveraged MARKET order walks the US book with the US fees in regular hours and its
// fill becomes an engine position on the wallet its leverage names (margin = notional / leverage,
// held up to the cent); other sessions refuse it; the order reads as a US order on the wire and
// stays out of the cash order list; a sell never takes a position below zero (long only). The
// engine's closes: a halted stock gets none, the late 4x close (outside regular hours) fills at the
// last price without charges and is recorded as history and a close event; a liquidation waits
// outside regular hours and for a halt (each with its own notice kind), and the sweep's marks
// liquidate a wallet whose ratio reached 100 % in regular hours. The sweep's engine pass closes a
// 4x position at the cut-off, charges 2x financing once per trading day held over its close, and
// executes a take profit in regular hours only.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { OrderSpec } from '../../trading';
import { marginCharges, marginEvents } from '../../trading/margin/tables';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund } from '../fx-wallet/test-support';
import { usLeverageNotice } from './leverage';
import { leverageWalletAccount, US_LEV_MARKET } from './leverage-rules';
import { LEVERAGE_ENV, NY, SETUP_TIMEOUT_MS, expectReconciled, holdSweepLease, setClock, sweepOn, usTrader } from './test-support';
import { AppError } from '../../http/app-error';

/** Wed 2 Dec 2026 15:45 New York: the 4x cut-off (15 minutes before the close). */
const CUTOFF = Date.parse('2026-12-02T20:45:00Z');

const buySpec = (quantity: string, leverage: 2 | 4, symbol = 'AAPL'): OrderSpec => ({
  source: 'ADVANCED',
  side: 'BUY',
  symbol,
  orderType: 'MARKET',
  inputType: 'quantity',
  quantity,
  timeInForce: 'GOOD_TILL_CANCEL',
  tradingHours: 'REGULAR_HOURS',
  leverage: String(leverage),
});

describe('US leverage as the USSTOCK_LEV market on the margin engine', () => {
  let t: TestApp;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: LEVERAGE_ENV });
    expect(await holdSweepLease(t.app)).toBe(true);
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    if (t.app.market.halts.isHalted('AAPL')) await t.app.market.halts.resume('AAPL');
    t.app.market.steer('AAPL', { price: '200.00' });
  });
  afterAll(async () => {
    await expectReconciled(t.app, users);
    await t.close();
  });

  async function trader(wallet: 'leverage' | 'intraday', amount: string): Promise<TestUser> {
    const user = await usTrader(t.app);
    users.push(user.userId);
    await fund(t.app, leverageWalletAccount(user.userId, wallet), amount);
    return user;
  }
  const wallet = async (userId: string, name: 'leverage' | 'intraday') => {
    const b = await t.app.ledger.balance(leverageWalletAccount(userId, name));
    return { balance: new Decimal(b.balance).toFixed(2), held: new Decimal(b.held).toFixed(2) };
  };
  const place = (user: TestUser, spec: OrderSpec) => t.app.trading.place(US_LEV_MARKET, user.userId, randomUUID(), spec, 'en');
  const codeOf = async (p: Promise<unknown>) => p.then(() => 'placed', (e: unknown) => (e instanceof AppError ? e.code : String(e)));

  it('a 2x buy fills against the US book and opens an engine position on the leverage wallet, its margin held to the cent', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('leverage', '1000');
    const { orders } = await place(user, buySpec('3', 2));
    const order = orders[0]!;
    expect({ market: order.market, status: order.status, leverage: order.leverage }).toEqual({ market: 'USSTOCK', status: 'SUCCESS', leverage: '2' });
    const position = await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL');
    const notional = new Decimal(order.filledAmount);
    expect(position).toMatchObject({ side: 'LONG', quantity: '3', leverage: 2, maintenanceMarginRate: '0.25' });
    expect(new Decimal(position!.margin).toFixed(2)).toBe(notional.div(2).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2));
    // The commission (if any) is paid from the wallet; the margin is held on it.
    expect((await wallet(user.userId, 'leverage')).held).toBe(new Decimal(position!.margin).toFixed(2));
    // Not a cash order: the US order list leaves it out; nothing on the intraday wallet.
    expect((await t.app.trading.list('USSTOCK', user.userId, { scope: 'history', page: 1, size: 20 })).items).toEqual([]);
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'intraday', 'AAPL')).toBeNull();
  });

  it('is long only: a sell larger than the position is refused in its fill (1116), the position and the wallet unchanged', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('leverage', '1000');
    await place(user, buySpec('2', 2));
    const before = { position: await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL'), wallet: await wallet(user.userId, 'leverage') };
    expect(await codeOf(place(user, { ...buySpec('3', 2), side: 'SELL' }))).toBe('1116');
    expect(await codeOf(place(user, { ...buySpec('1', 2), side: 'SELL', symbol: 'MSFT' }))).toBe('1116');
    const after = { position: await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL'), wallet: await wallet(user.userId, 'leverage') };
    expect({ quantity: after.position?.quantity, version: after.position?.version, wallet: after.wallet }).toEqual({ quantity: '2', version: before.position?.version, wallet: before.wallet });
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'MSFT')).toBeNull();
  });

  it('refuses a leveraged order outside regular hours (3803 pre-market, 3801 closed) and a non-market one (3806)', async () => {
    await setClock(t.app, NY.regular);
    const user = await trader('leverage', '1000');
    expect(await codeOf(place(user, { ...buySpec('1', 2), orderType: 'LIMIT', limitPrice: '190' }))).toBe('3806');
    await setClock(t.app, NY.preMarket);
    expect(await codeOf(place(user, buySpec('1', 2)))).toBe('3803');
    await setClock(t.app, NY.weekend);
    expect(await codeOf(place(user, buySpec('1', 2)))).toBe('3801');
    expect(await wallet(user.userId, 'leverage')).toEqual({ balance: '1000.00', held: '0.00' });
  });

  it('a 4x position: no close while halted; the late close after the regular close fills at the last price without charges, with its history and event', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('intraday', '500');
    await place(user, buySpec('4', 4));
    const opened = (await t.app.margin.position(US_LEV_MARKET, user.userId, 'intraday', 'AAPL'))!;
    expect({ leverage: opened.leverage, rate: opened.maintenanceMarginRate }).toEqual({ leverage: 4, rate: '0.125' });
    const market = t.app.margin.marketOf(US_LEV_MARKET);
    const close = (requestId: string) => market.closeAtMarket({ userId: user.userId, book: 'intraday', symbol: 'AAPL', side: 'SELL', quantity: '4', requestId, reason: 'INTRADAY_CLOSE' });

    await t.app.market.halts.halt('AAPL', 'Halted', 'pending news');
    expect(market.mayLiquidateNow('AAPL', NY.regular)).toBe(false);
    await close('late-close-halted');
    expect((await t.app.margin.position(US_LEV_MARKET, user.userId, 'intraday', 'AAPL'))?.quantity).toBe('4');
    await t.app.market.halts.resume('AAPL');

    await setClock(t.app, NY.postMarket);
    expect(market.mayLiquidateNow('AAPL', NY.postMarket)).toBe(false);
    expect(market.mayLiquidateNow('AAPL', NY.regular)).toBe(true);
    t.app.market.steer('AAPL', { price: '210.00' });
    const last = t.app.market.ticker('AAPL').price;
    const before = await wallet(user.userId, 'intraday');
    await close(`late-close-${user.userId}`);
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'intraday', 'AAPL')).toBeNull();
    const [closed] = await t.app.margin.history(US_LEV_MARKET, user.userId);
    expect(closed).toMatchObject({ closeReason: 'INTRADAY_CLOSE', size: '4', closePrice: new Decimal(last).toFixed(), book: 'intraday' });
    // Gain: 4 × (last − entry), down to the cent; no commission, no SEC/TAF on the late close.
    const gain = new Decimal(last).minus(opened.entryPrice).times(4).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    expect(await wallet(user.userId, 'intraday')).toEqual({ balance: new Decimal(before.balance).plus(gain).toFixed(2), held: '0.00' });
    expect(closed!.fees).toBe(new Decimal(opened.feesPaid).toFixed());
    const events = await t.app.database.db.select().from(marginEvents).where(and(eq(marginEvents.userId, user.userId), eq(marginEvents.market, US_LEV_MARKET)));
    expect(events.map((e) => e.kind)).toEqual(['INTRADAY_CLOSE']);
    expect(usLeverageNotice(events[0]!)).toMatchObject({ type: 'ORDER_FILLED', title: { en: 'Intraday position closed' } });
  });

  it("the sweep's marks liquidate a 2x wallet at 100 % in regular hours, not before the open", async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('leverage', '1100');
    await place(user, buySpec('10', 2));
    // Ratio = 0.25 × 10 × P / (1100 + 10 × (P − entry)): 100 % at about 120 (entry at the ask, 200.03).
    await setClock(t.app, NY.postMarket);
    t.app.market.steer('AAPL', { price: '110.00' });
    await sweepOn(t.app);
    expect((await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL'))?.quantity).toBe('10');
    const pending = await t.app.database.db.select().from(marginEvents).where(and(eq(marginEvents.userId, user.userId), eq(marginEvents.market, US_LEV_MARKET)));
    expect(pending.map((e) => e.kind)).toEqual(['LIQUIDATION_PENDING']);

    await setClock(t.app, NY.regular + 24 * 3600_000);
    t.app.market.steer('AAPL', { price: '110.00' });
    await sweepOn(t.app);
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL')).toBeNull();
    const [closed] = await t.app.margin.history(US_LEV_MARKET, user.userId);
    expect(closed?.closeReason).toBe('LIQUIDATION');
    expect((await wallet(user.userId, 'leverage')).held).toBe('0.00');
  });

  it('the sweep closes an engine 4x position at the cut-off (15 minutes before the close) with its event', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('intraday', '500');
    await place(user, buySpec('2', 4));
    await setClock(t.app, CUTOFF - 60_000);
    await sweepOn(t.app);
    expect((await t.app.margin.position(US_LEV_MARKET, user.userId, 'intraday', 'AAPL'))?.quantity).toBe('2');
    await setClock(t.app, CUTOFF);
    await sweepOn(t.app);
    await sweepOn(t.app);
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'intraday', 'AAPL')).toBeNull();
    expect((await t.app.margin.history(US_LEV_MARKET, user.userId)).map((h) => h.closeReason)).toEqual(['INTRADAY_CLOSE']);
    const events = await t.app.database.db.select().from(marginEvents).where(and(eq(marginEvents.userId, user.userId), eq(marginEvents.market, US_LEV_MARKET)));
    expect(events.map((e) => e.kind)).toEqual(['INTRADAY_CLOSE']);
    expect((await wallet(user.userId, 'intraday')).held).toBe('0.00');
  });

  // TSLA: no test before this one swept a TSLA position past a close (the clock goes back between tests).
  it('2x financing: one charge per trading day held over its regular close, none on a weekend, none twice', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('TSLA', { price: '200.00' });
    const user = await trader('leverage', '2000');
    await place(user, buySpec('10', 2, 'TSLA'));
    const opened = (await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'TSLA'))!;
    // The borrowed half of the entry notional × 0.03 %, up to the cent.
    const daily = new Decimal(opened.entryPrice).times(10).div(2).times('0.0003').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
    const charged = async () =>
      (await t.app.database.db.select().from(marginCharges).where(eq(marginCharges.userId, user.userId))).map((c) => [c.runKey, new Decimal(c.amount).toFixed(2)]).sort();
    const balanceBefore = new Decimal((await wallet(user.userId, 'leverage')).balance);
    await sweepOn(t.app);
    expect(await charged()).toEqual([]);
    await setClock(t.app, NY.regular + 24 * 3600_000);
    await sweepOn(t.app);
    await sweepOn(t.app);
    expect(await charged()).toEqual([['cfd:financing:TSLA:2026-12-02', daily]]);
    await setClock(t.app, NY.weekend);
    await sweepOn(t.app);
    expect(await charged()).toEqual([
      ['cfd:financing:TSLA:2026-12-02', daily],
      ['cfd:financing:TSLA:2026-12-03', daily],
      ['cfd:financing:TSLA:2026-12-04', daily],
    ]);
    expect(new Decimal((await wallet(user.userId, 'leverage')).balance).toFixed(2)).toBe(balanceBefore.minus(new Decimal(daily).times(3)).toFixed(2));
  });

  it('a take profit reached after hours waits for regular hours, then closes at the book', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('leverage', '1000');
    await place(user, buySpec('2', 2));
    await t.app.margin.setTpSl(US_LEV_MARKET, user.userId, 'leverage', 'AAPL', '220', null);
    await setClock(t.app, NY.postMarket);
    t.app.market.steer('AAPL', { price: '230.00' });
    await sweepOn(t.app);
    expect((await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL'))?.takeProfit).not.toBeNull();
    expect((await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL'))?.quantity).toBe('2');
    await setClock(t.app, NY.regular + 24 * 3600_000);
    t.app.market.steer('AAPL', { price: '230.00' });
    await sweepOn(t.app);
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL')).toBeNull();
    expect((await t.app.margin.history(US_LEV_MARKET, user.userId)).map((h) => h.closeReason)).toEqual(['TAKE_PROFIT']);
  });

  it('a liquidation due while the stock is halted waits with its halted notice and is done by the first sweep after the halt lifts', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader('leverage', '1100');
    await place(user, buySpec('10', 2));
    await t.app.market.halts.halt('AAPL', 'Halted', 'pending news');
    t.app.market.steer('AAPL', { price: '110.00' });
    await sweepOn(t.app);
    expect((await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL'))?.quantity).toBe('10');
    const events = await t.app.database.db.select().from(marginEvents).where(and(eq(marginEvents.userId, user.userId), eq(marginEvents.market, US_LEV_MARKET)));
    expect(events.map((e) => e.kind)).toEqual(['LIQUIDATION_HALTED']);
    expect(usLeverageNotice(events[0]!)?.title.en).toBe('Liquidation waits for trading to resume');
    await t.app.market.halts.resume('AAPL');
    t.app.market.steer('AAPL', { price: '110.00' });
    await sweepOn(t.app);
    expect(await t.app.margin.position(US_LEV_MARKET, user.userId, 'leverage', 'AAPL')).toBeNull();
    expect((await t.app.margin.history(US_LEV_MARKET, user.userId)).map((h) => h.closeReason)).toEqual(['LIQUIDATION']);
  });
});
