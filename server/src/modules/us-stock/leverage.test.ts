// Leveraged US stock trading (CFD) through HTTP on the leverage (2x) and intraday (4x) wallets, with
// the market clock at New York times: buys and sells on both wallets with the margin held on the
// wallet, the §5 rules (no tradingHours, 4 = intraday, GOOD_TILL_MARKET_CLOSE TP/SL at 4x, an OCO
// amount floored to cents), the 4x close before the regular close (an early-close day too), 2x
// financing once per trading day, withdrawals limited by the margin in use, margin call and
// liquidation (pending while the market is closed, done at the open), and refusals changing nothing.
import {
  ACCOUNT_PATHS,
  FX_WALLET_PATHS,
  LeverageDetailsResponse,
  NotificationPage,
  StockBalanceResponse,
  US_LEVERAGE_PATHS,
  UsLeverageOrderResult,
  UsLeveragePositionsResponse,
  UsStockHoldingDetails,
  usStockHoldingPath,
  type UsLeverageOrderInput,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund } from '../fx-wallet/test-support';
import { walletAccount } from './leverage';
import { LEVERAGE_ENV, NY, SETUP_TIMEOUT_MS, call, dataOf, errorCodeOf, expectReconciled, holdSweepLease, setClock, snapshot, stockId, sweepOn, usTrader } from './test-support';

describe('US stock leverage (CFD) through HTTP', () => {
  let t: TestApp;
  let aapl: number;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: LEVERAGE_ENV });
    expect(await holdSweepLease(t.app)).toBe(true);
    aapl = stockId(t.app, 'AAPL');
    t.app.market.steer('AAPL', { price: '200.00' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectReconciled(t.app, users);
    await t.close();
  });

  async function trader(wallets: { leverage?: string; intraday?: string }): Promise<TestUser> {
    const user = await usTrader(t.app);
    users.push(user.userId);
    if (wallets.leverage) await fund(t.app, walletAccount(user.userId, 'leverage'), wallets.leverage);
    if (wallets.intraday) await fund(t.app, walletAccount(user.userId, 'intraday'), wallets.intraday);
    return user;
  }
  const buy = (user: TestUser, body: Omit<UsLeverageOrderInput, 'stockId'>, requestId?: string) =>
    call(t.app, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: aapl, ...body }, requestId);
  const sell = (user: TestUser, body: Omit<UsLeverageOrderInput, 'stockId'>, requestId?: string) =>
    call(t.app, user, 'POST', US_LEVERAGE_PATHS.sell, { stockId: aapl, ...body }, requestId);
  const positions = async (user: TestUser, scope: 'open' | 'history' = 'open') =>
    dataOf(UsLeveragePositionsResponse, await call(t.app, user, 'GET', `${US_LEVERAGE_PATHS.positions}?scope=${scope}`));
  const wallet = async (user: TestUser, name: 'leverage' | 'intraday') => {
    const b = await t.app.ledger.balance(walletAccount(user.userId, name));
    return { balance: new Decimal(b.balance).toFixed(2), available: new Decimal(b.available).toFixed(2) };
  };
  const house = async (name: 'MARGIN_SETTLEMENT' | 'INSURANCE_FUND') => new Decimal((await t.app.ledger.balance({ house: name, currency: 'USD' })).balance);
  const notices = async (user: TestUser) =>
    dataOf(NotificationPage, await call(t.app, user, 'GET', `${ACCOUNT_PATHS.notifications}?size=50`)).items.map((n) => n.type);
  /** The titles of the user's notifications (a filled order also has the trading core's "Order <symbol> terisi"). */
  const titles = async (user: TestUser) => dataOf(NotificationPage, await call(t.app, user, 'GET', `${ACCOUNT_PATHS.notifications}?size=50`)).items.map((n) => n.title);
  const sweep = () => sweepOn(t.app);
  const sweepAt = async (at: number) => {
    await setClock(t.app, at);
    await sweep();
  };
  /** A long's unrealized loss at the last price now (bought at the ask, it starts a little below), up to the cent. */
  const lossNow = (quantity: Decimal.Value, entry: Decimal.Value) =>
    Decimal.max(0, new Decimal(entry).minus(t.app.market.ticker('AAPL').price).times(quantity)).toDecimalPlaces(2, Decimal.ROUND_UP);
  const BUY2 = { orderType: 'MARKET', leverage: 2 } as const;
  const BUY4 = { orderType: 'MARKET', leverage: 4, isIntradayLeverage: true } as const;

  it('describes the leverage calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(paths).toEqual(expect.arrayContaining([`POST ${US_LEVERAGE_PATHS.buy}`, `POST ${US_LEVERAGE_PATHS.sell}`, `GET ${US_LEVERAGE_PATHS.positions}`]));
  });

  it('a 2x buy holds half the notional on the leverage wallet; buying power and withdrawals follow; a sell at a higher price pays the profit', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '1000' });
    const settlementBefore = await house('MARGIN_SETTLEMENT');
    const placed = dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '4' }));
    const price = new Decimal(placed.fill!.price);
    const margin = price.times(4).div(2).toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(placed.position).toMatchObject({ wallet: 'leverage', leverage: 2, status: 'OPEN', quantity: '4', margin: margin.toFixed(2) });
    expect(await wallet(user, 'leverage')).toEqual({ balance: '1000.00', available: new Decimal(1000).minus(margin).toFixed(2) });

    // Buying power is what no position holds or has lost at the mark, times 2; a withdrawal may take only that.
    const loss = lossNow(4, price);
    const balance = dataOf(StockBalanceResponse, await call(t.app, user, 'GET', FX_WALLET_PATHS.stockBalance));
    expect(balance.leverage.buyingPower).toBe(new Decimal(1000).minus(margin).minus(loss).times(2).toFixed(2));
    const tooMuch = await call(t.app, user, 'POST', FX_WALLET_PATHS.leverageWithdraw, { wallet: 'leverage', amount: new Decimal(1000).minus(margin).plus('0.01').toFixed(2) });
    expect(errorCodeOf(tooMuch)).toBe('1117');
    const details = dataOf(LeverageDetailsResponse, await call(t.app, user, 'POST', FX_WALLET_PATHS.leverageWithdraw, { wallet: 'leverage', amount: '100.00' }));
    // Collateral is the wallet's balance; the margin in use is counted once (held, not subtracted again).
    expect(details.wallets.find((w) => w.wallet === 'leverage')).toMatchObject({
      collateral: '900.00',
      usdMargin: margin.toFixed(2),
      withdrawable: new Decimal(900).minus(margin).minus(loss).toFixed(2),
      buyingPower: new Decimal(900).minus(margin).minus(loss).times(2).toFixed(2),
    });

    // Half sold 10 dollars higher: the profit (less nothing: commission-free) lands; half the margin stays held.
    t.app.market.steer('AAPL', { price: '210.00' });
    const sold = dataOf(UsLeverageOrderResult, await sell(user, { orderType: 'MARKET', leverage: 2, quantity: '2' }));
    const pnl = new Decimal(sold.fill!.price).minus(price).times(2).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    expect(sold.fill!.realizedPnl).toBe(pnl.toFixed(2));
    expect(sold.position).toMatchObject({ status: 'OPEN', quantity: '2', margin: margin.div(2).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2) });
    const closed = dataOf(UsLeverageOrderResult, await sell(user, { orderType: 'MARKET', leverage: 2, quantity: '2' }));
    expect(closed.position).toMatchObject({ status: 'CLOSED', closeReason: 'USER' });
    const total = pnl.plus(closed.fill!.realizedPnl);
    const fees = new Decimal(closed.position.fees);
    expect(await wallet(user, 'leverage')).toEqual({ balance: new Decimal(900).plus(total).minus(fees).toFixed(2), available: new Decimal(900).plus(total).minus(fees).toFixed(2) });
    expect((await positions(user, 'history')).items.map((p) => p.closeReason)).toEqual(['USER']);
    // The profit came from the margin engine's settlement account (decision 0016), not the inventory.
    expect(settlementBefore.minus(await house('MARGIN_SETTLEMENT')).toFixed(2)).toBe(total.toFixed(2));
  });

  it('a 4x buy (isIntradayLeverage) holds a quarter on the intraday wallet; holding details show its shares; a replay answers the same', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '500' });
    const first = await buy(user, { ...BUY4, amount: '1000.00' }, 'lev-replay-1');
    const placed = dataOf(UsLeverageOrderResult, first);
    expect(placed.position).toMatchObject({ wallet: 'intraday', leverage: 4 });
    expect(new Decimal(placed.position.margin).toNumber()).toBeCloseTo(250, 0);
    expect(placed.position.autoCloseAt).toBe('2026-12-02T20:45:00.000Z');
    const again = dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, amount: '1000.00' }, 'lev-replay-1'));
    expect(again.fill).toEqual(placed.fill);
    expect((await positions(user)).items).toHaveLength(1);
    expect(errorCodeOf(await buy(user, { ...BUY4, amount: '999.00' }, 'lev-replay-1'))).toBe('042');
    const holding = dataOf(UsStockHoldingDetails, await call(t.app, user, 'GET', usStockHoldingPath(aapl)));
    expect(holding.intradayQuantityAvailableForSale).toBe(placed.position.quantity);
  });

  it("the wallets' usdMargin is their open positions' margin exactly (2x and 4x), through the margin engine's exposure, and 0 once closed", async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '1000', intraday: '600' });
    const two = dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '3' })).position;
    const four = dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, amount: '1000.00' })).position;
    expect(new Decimal(two.margin).gt(0) && new Decimal(four.margin).gt(0)).toBe(true);
    const stockBalance = async () => dataOf(StockBalanceResponse, await call(t.app, user, 'GET', FX_WALLET_PATHS.stockBalance));
    const leverageDetails = async () => dataOf(LeverageDetailsResponse, await call(t.app, user, 'GET', FX_WALLET_PATHS.leverageDetails)).wallets;
    const open = await stockBalance();
    expect([open.leverage.usdMargin, open.intraday.usdMargin, open.paln.usdMargin]).toEqual([two.margin, four.margin, '0.00']);
    // Buying power is what the held margin (and the loss at the mark, bought at the ask) leaves, times
    // the leverage: the margin is not taken twice.
    const free2 = new Decimal(1000).minus(two.margin).minus(lossNow(two.quantity, two.entryPrice));
    const free4 = new Decimal(600).minus(four.margin).minus(lossNow(four.quantity, four.entryPrice));
    expect(open.leverage).toMatchObject({ usdCash: new Decimal(1000).minus(two.margin).toFixed(2), buyingPower: free2.times(2).toFixed(2) });
    expect(open.intraday).toMatchObject({ usdCash: new Decimal(600).minus(four.margin).toFixed(2), buyingPower: free4.times(4).toFixed(2) });
    expect(await leverageDetails()).toEqual([
      { wallet: 'leverage', leverage: 2, collateral: '1000.00', usdMargin: two.margin, buyingPower: free2.times(2).toFixed(2), withdrawable: free2.toFixed(2) },
      { wallet: 'intraday', leverage: 4, collateral: '600.00', usdMargin: four.margin, buyingPower: free4.times(4).toFixed(2), withdrawable: free4.toFixed(2) },
    ]);
    expect(await t.app.margin.exposure('USSTOCK_LEV', user.userId, 'leverage')).toMatchObject({ positionMargin: two.margin });

    // A loss no sweep has held yet already counts: 20 dollars down on 3 shares at 2x.
    t.app.market.steer('AAPL', { price: '180.00' });
    const falling = (await leverageDetails()).find((w) => w.wallet === 'leverage')!;
    const down = new Decimal(1000).minus(two.margin).minus(lossNow(two.quantity, two.entryPrice));
    expect(down.lt(free2.minus(50))).toBe(true);
    expect(falling).toMatchObject({ usdMargin: two.margin, withdrawable: down.toFixed(2) });
    expect(errorCodeOf(await call(t.app, user, 'POST', FX_WALLET_PATHS.leverageWithdraw, { wallet: 'leverage', amount: down.plus('0.01').toFixed(2) }))).toBe('1117');
    t.app.market.steer('AAPL', { price: '200.00' });

    dataOf(UsLeverageOrderResult, await sell(user, { orderType: 'MARKET', leverage: 2, quantity: two.quantity }));
    dataOf(UsLeverageOrderResult, await sell(user, { orderType: 'MARKET', leverage: 4, isIntradayLeverage: true, quantity: four.quantity }));
    const closed = await stockBalance();
    expect([closed.leverage.usdMargin, closed.intraday.usdMargin]).toEqual(['0.00', '0.00']);
    const after = await leverageDetails();
    for (const w of after) {
      expect(w.usdMargin).toBe('0.00');
      expect(w.withdrawable).toBe(w.collateral);
      expect(w.buyingPower).toBe(new Decimal(w.collateral).times(w.leverage).toFixed(2));
    }
  });

  it('§5: tradingHours present, the intraday flag not matching 4x, a non-market buy, a 4x TP/SL not good till market close, outside regular hours, too large: refused, nothing changes', async () => {
    await setClock(t.app, NY.regular);
    const user = await trader({ leverage: '100', intraday: '100' });
    const before = await snapshot(t.app, user.userId);
    const refusals: [string, string][] = [];
    const record = async (name: string, response: Awaited<ReturnType<typeof buy>>) => refusals.push([name, `${errorCodeOf(response)} ${(response.json() as { details?: { path: string }[] }).details?.[0]?.path ?? ''}`.trim()]);
    await record('tradingHours', await buy(user, { ...BUY2, quantity: '0.1', tradingHours: 'REGULAR_HOURS' }));
    await record('4 without flag', await buy(user, { orderType: 'MARKET', leverage: 4, quantity: '0.1' }));
    await record('2 with flag', await buy(user, { ...BUY2, isIntradayLeverage: true, quantity: '0.1' }));
    await record('limit buy', await buy(user, { orderType: 'LIMIT', leverage: 2, quantity: '0.1', unitPrice: '190.00' }));
    await record('too large', await buy(user, { ...BUY2, quantity: '5' }));
    await record('sell without position', await sell(user, { orderType: 'MARKET', leverage: 2, quantity: '1' }));
    await setClock(t.app, NY.preMarket);
    await record('pre-market', await buy(user, { ...BUY2, quantity: '0.1' }));
    await setClock(t.app, NY.weekend);
    await record('weekend', await buy(user, { ...BUY2, quantity: '0.1' }));
    expect(refusals).toEqual([
      ['tradingHours', '3806 tradingHours'],
      ['4 without flag', '3806 isIntradayLeverage'],
      ['2 with flag', '3806 isIntradayLeverage'],
      ['limit buy', '3806 orderType'],
      ['too large', '1117'],
      ['sell without position', '1116 quantity'],
      ['pre-market', '3803 orderType'],
      ['weekend', '3801'],
    ]);
    const localized = await t.app.inject({ method: 'POST', url: US_LEVERAGE_PATHS.buy, payload: { stockId: aapl, ...BUY2, quantity: '0.1', tradingHours: 'REGULAR_HOURS' }, headers: { ...user.headers, 'x-request-id': 'lev-lang', 'accept-language': 'id' } });
    expect(JSON.stringify(localized.json())).toContain('Order dengan leverage tidak memakai jam perdagangan');
    expect(await snapshot(t.app, user.userId)).toEqual(before);
    expect((await positions(user)).items).toEqual([]);

    // 4x TP/SL: GOOD_TILL_MARKET_CLOSE only; it expires at the close; an OCO amount is floored to cents.
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '1' }));
    const oco = { orderType: 'OCO', orderSubType: 'NORMAL', leverage: 4, isIntradayLeverage: true, amount: '100.009', takeProfit: '220.00', stopLoss: '180.00' } as const;
    expect(errorCodeOf(await sell(user, oco))).toBe('3806');
    const set = dataOf(UsLeverageOrderResult, await sell(user, { ...oco, timeInForce: 'GOOD_TILL_MARKET_CLOSE' }));
    const last = new Decimal(t.app.market.ticker('AAPL').price);
    expect(set.fill).toBeNull();
    expect(set.position).toMatchObject({ takeProfit: '220', stopLoss: '180', triggersExpireAt: '2026-12-02T21:00:00.000Z', triggerQuantity: new Decimal('100.00').div(last).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed() });
  });

  it('a 2x take profit set by an OCO sell executes at the mark in regular hours, not before', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '1000' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '2' }));
    const set = dataOf(UsLeverageOrderResult, await sell(user, { orderType: 'OCO', leverage: 2, quantity: '2', takeProfit: '210.00', stopLoss: '190.00' }));
    expect(set.position).toMatchObject({ takeProfit: '210', stopLoss: '190', triggerQuantity: '2', triggersExpireAt: null });
    // Below the take profit: nothing; at it: sold at market.
    t.app.market.steer('AAPL', { price: '209.00' });
    await sweep();
    expect((await positions(user)).items).toHaveLength(1);
    t.app.market.steer('AAPL', { price: '210.50' });
    await sweep();
    const [closed] = (await positions(user, 'history')).items;
    expect(closed).toMatchObject({ closeReason: 'TAKE_PROFIT', status: 'CLOSED' });
    expect(new Decimal(closed!.realizedPnl).gt(0)).toBe(true);
    expect(await titles(user)).toContain('Take profit tereksekusi');
    t.app.market.steer('AAPL', { price: '200.00' });
  });

  it('4x positions still open before the close are closed by the sweep the market clock reaches, and the person is notified', async () => {
    await setClock(t.app, Date.parse('2026-12-02T15:00:00Z'));
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '2' }));
    // 15:44 New York: still open; 15:45 (15 minutes before the 16:00 close): closed.
    await sweepAt(Date.parse('2026-12-02T20:44:00Z'));
    expect((await positions(user)).items).toHaveLength(1);
    await sweepAt(Date.parse('2026-12-02T20:45:00Z'));
    expect(errorCodeOf(await buy(user, { ...BUY4, quantity: '0.1' }))).toBe('3806');
    expect((await positions(user)).items).toEqual([]);
    expect((await positions(user, 'history')).items.map((p) => p.closeReason)).toEqual(['INTRADAY_CLOSE']);
    expect(await titles(user)).toContain('Posisi intraday ditutup');
    expect((await wallet(user, 'intraday')).available).toBe((await wallet(user, 'intraday')).balance);
  });

  it('on an early-close day (13:00) the 4x close comes at 12:45 New York', async () => {
    await setClock(t.app, NY.earlyCloseDay);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '200' });
    const placed = dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '2' }));
    expect(placed.position.autoCloseAt).toBe('2026-11-27T17:45:00.000Z');
    await sweepAt(Date.parse('2026-11-27T17:44:00Z'));
    expect((await positions(user)).items).toHaveLength(1);
    await sweepAt(Date.parse('2026-11-27T17:45:00Z'));
    expect((await positions(user, 'history')).items.map((p) => p.closeReason)).toEqual(['INTRADAY_CLOSE']);
  });

  it('2x positions held over a close pay financing once per trading day, however often the sweep runs', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '1000' });
    const placed = dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '5' }));
    const entry = new Decimal(placed.position.entryPrice);
    // 0.03 % a day of the borrowed half.
    const daily = entry.times(5).div(2).times('0.0003').toDecimalPlaces(2, Decimal.ROUND_UP);
    await sweepAt(Date.parse('2026-12-02T20:59:00Z'));
    expect((await positions(user)).items[0]?.financing).toBe('0.00');
    await sweepAt(Date.parse('2026-12-03T15:00:00Z'));
    await sweep();
    expect((await positions(user)).items[0]?.financing).toBe(daily.toFixed(2));
    // Thursday's and Friday's closes; the weekend has none.
    await sweepAt(Date.parse('2026-12-07T15:00:00Z'));
    await Promise.all([sweep(), sweep()]);
    expect((await positions(user)).items[0]?.financing).toBe(daily.times(3).toFixed(2));
    expect((await wallet(user, 'leverage')).balance).toBe(new Decimal(1000).minus(daily.times(3)).toFixed(2));
  });

  it('a 4x position losing past its margin: margin call once, then liquidation in regular hours; the wallet never goes below zero', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ intraday: '120' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY4, quantity: '2' }));
    // Equity about 120 − 2 × 14 = 92 against maintenance 2 × 186 × 12.5 % = 46.5: about 51 %, no call.
    t.app.market.steer('AAPL', { price: '186.00' });
    await sweep();
    expect(await notices(user)).not.toContain('MARGIN_CALL');
    // About 2 × 37 lost: equity ~46 against 40.75: ~89 %: one margin call, however many sweeps.
    t.app.market.steer('AAPL', { price: '163.00' });
    await sweep();
    await sweep();
    expect((await notices(user)).filter((n) => n === 'MARGIN_CALL')).toHaveLength(1);
    // The hold grew with the loss (margin ~100 + loss ~74, up to the 120 there is): nothing may be withdrawn.
    expect(await wallet(user, 'intraday')).toEqual({ balance: '120.00', available: '0.00' });
    expect((await positions(user)).wallets.find((w) => w.wallet === 'intraday')?.marginRatioPercentage).toMatch(/^8\d\.\d\d$/);
    t.app.market.steer('AAPL', { price: '150.00' });
    await sweep();
    expect((await positions(user, 'history')).items.map((p) => p.closeReason)).toEqual(['LIQUIDATION']);
    expect(await notices(user)).toContain('ACCOUNT_LIQUIDATION');
    expect(new Decimal((await wallet(user, 'intraday')).balance).gte(0)).toBe(true);
  });

  it('a liquidation due while the market is closed waits for the open (pending), then closes there', async () => {
    await setClock(t.app, NY.regular);
    t.app.market.steer('AAPL', { price: '200.00' });
    const user = await trader({ leverage: '200' });
    dataOf(UsLeverageOrderResult, await buy(user, { ...BUY2, quantity: '1.5' }));
    const insuranceBefore = await house('INSURANCE_FUND');
    await setClock(t.app, NY.postMarket);
    t.app.market.steer('AAPL', { price: '60.00' });
    await sweep();
    const pending = (await positions(user)).items;
    expect(pending.map((p) => [p.status, p.liquidationPending])).toEqual([['OPEN', true]]);
    expect(await notices(user)).toContain('ACCOUNT_LIQUIDATION');
    const walletBefore = (await wallet(user, 'leverage')).balance;
    // Thursday 10:00 New York: the open fills it.
    await sweepAt(Date.parse('2026-12-03T15:00:00Z'));
    const [closed] = (await positions(user, 'history')).items;
    expect(closed?.closeReason).toBe('LIQUIDATION');
    // The engine's ledger model: the loss past what the wallet had comes from the insurance fund.
    expect(await wallet(user, 'leverage')).toEqual({ balance: '0.00', available: '0.00' });
    expect(insuranceBefore.minus(await house('INSURANCE_FUND')).toFixed(2)).toBe(new Decimal(closed!.realizedPnl).negated().minus(walletBefore).toFixed(2));
  });
});
