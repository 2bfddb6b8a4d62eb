// US stock orders through HTTP on the PALN wallet, with the market clock at New York times: a
// fractional buy by USD amount in regular hours, a GOOD_TILL_MARKET_CLOSE limit that expires at an
// early close, extended hours with and without ipme, a market order queued from pre-market for the
// open, an OCO sell floored to whole shares, cancel and amend, the read calls, and every refusal
// changing nothing.
import { ACCOUNT_PATHS, US_STOCK_PATHS, UsMarketStatusResponse, UsStockEstimate, UsStockHoldingDetails, UsStockOrderList, UsStockOrderTypesResponse, UsStockPositionResponse, usStockHoldingPath, usStockOrderCancelPath, usStockOrderPath } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { verifiedUser } from '../fx-wallet/test-support';
import {
  NY,
  SETUP_TIMEOUT_MS,
  TEST_ENV,
  call,
  dataOf,
  errorCodeOf,
  expectReconciled,
  orderOf,
  ordersOf,
  setClock,
  shares,
  snapshot,
  stockId,
  usTick,
  usTrader,
  usd,
  type OrderBody,
} from './test-support';

describe('US stock orders through HTTP', () => {
  let t: TestApp;
  let aapl: number;
  let txn: number;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    aapl = stockId(t.app, 'AAPL');
    txn = stockId(t.app, 'TXN');
    t.app.market.steer('AAPL', { price: '270.00' });
    t.app.market.steer('TXN', { price: '170.00' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectReconciled(t.app, users);
    await t.close();
  });

  async function trader(funds: Parameters<typeof usTrader>[1]): Promise<TestUser> {
    const user = await usTrader(t.app, funds);
    users.push(user.userId);
    return user;
  }
  const buy = (user: TestUser, body: OrderBody, requestId?: string) => call(t.app, user, 'POST', US_STOCK_PATHS.buy, body, requestId);
  const sell = (user: TestUser, body: OrderBody, requestId?: string) => call(t.app, user, 'POST', US_STOCK_PATHS.sell, body, requestId);

  it('describes every US call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(paths).toEqual(
      expect.arrayContaining([
        `POST ${US_STOCK_PATHS.buy}`,
        `POST ${US_STOCK_PATHS.sell}`,
        `GET ${US_STOCK_PATHS.priceCalculate}`,
        `GET ${US_STOCK_PATHS.orderTypes}`,
        `GET ${US_STOCK_PATHS.userPosition}`,
        `GET ${US_STOCK_PATHS.holdings}/{stockId}`,
        `GET ${US_STOCK_PATHS.marketStatus}`,
        `GET ${US_STOCK_PATHS.orders}`,
        `GET ${US_STOCK_PATHS.orders}/{id}`,
        `PATCH ${US_STOCK_PATHS.orders}/{id}`,
        `PUT ${US_STOCK_PATHS.orders}/{id}/cancel`,
      ]),
    );
  });

  it('buys a fraction of a share by USD amount in regular hours', async () => {
    await setClock(t.app, NY.regular);
    const user = await trader({ usd: '500' });
    const requestId = 'us-buy-by-amount-1';
    const [order] = ordersOf(await buy(user, { stockId: aapl, amount: '100', orderType: 'MARKET' }, requestId));
    expect(order).toMatchObject({ market: 'USSTOCK', symbol: 'AAPL', side: 'BUY', status: 'SUCCESS', inputType: 'amount', amount: '100', currency: 'USD' });
    const quantity = new Decimal(order!.filledQuantity);
    expect(quantity.gt(0) && quantity.lt(1)).toBe(true);
    expect(quantity.decimalPlaces()).toBeLessThanOrEqual(4);
    expect(new Decimal(order!.total).lte(100)).toBe(true);
    expect(await usd(t.app, user.userId)).toEqual({ balance: new Decimal(500).minus(order!.total).toFixed(), available: new Decimal(500).minus(order!.total).toFixed() });
    expect((await shares(t.app, user.userId, 'AAPL')).balance).toBe(quantity.toFixed());

    // The same request again answers the same order and changes nothing.
    const [again] = ordersOf(await buy(user, { stockId: aapl, amount: '100', orderType: 'MARKET' }, requestId));
    expect(again!.id).toBe(order!.id);
    expect((await shares(t.app, user.userId, 'AAPL')).balance).toBe(quantity.toFixed());

    // The holding and the position.
    const holding = dataOf(UsStockHoldingDetails, await call(t.app, user, 'GET', usStockHoldingPath(aapl)));
    expect(holding).toMatchObject({ stockId: aapl, symbol: 'AAPL', quantity: quantity.toFixed(), quantityAvailableForSale: quantity.toFixed(), intradayQuantityAvailableForSale: '0' });
    const position = dataOf(UsStockPositionResponse, await call(t.app, user, 'GET', US_STOCK_PATHS.userPosition));
    expect(position.items).toHaveLength(1);
    expect(position.items[0]).toMatchObject({ stockId: aapl, symbol: 'AAPL', name: 'Apple Inc.', quantity: quantity.toFixed() });
    const list = dataOf(UsStockOrderList, await call(t.app, user, 'GET', `${US_STOCK_PATHS.orders}?scope=history`));
    expect(list.items.map((o) => o.id)).toEqual([order!.id]);
  });

  it('estimates in USD and IDR, and says what may be placed now', async () => {
    await setClock(t.app, NY.regular);
    const user = await trader({});
    const estimate = dataOf(UsStockEstimate, await call(t.app, user, 'GET', `${US_STOCK_PATHS.priceCalculate}?stockId=${aapl}&transactionType=SELL&orderType=LIMIT&quantity=10&unitPrice=280`));
    // 10 × 280 = 2800: SEC fee 0.08 (2800 × 27.80 / 1e6 = 0.07784, up), TAF 0.01.
    expect(estimate).toMatchObject({ symbol: 'AAPL', quantity: '10', estimatedAmount: '2800', secFee: '0.08', tafFee: '0.01', estimatedTotalAmount: '2799.91' });
    expect(new Decimal(estimate.estimatedTotalAmountIdr).gt(new Decimal(2799).times(10_000))).toBe(true);

    const types = dataOf(UsStockOrderTypesResponse, await call(t.app, user, 'GET', `${US_STOCK_PATHS.orderTypes}?stockId=${txn}&transactionType=BUY`));
    expect(types).toMatchObject({ symbol: 'TXN', ipme: false, extendedHoursAllowed: false, enabled: true, session: { session: 'REGULAR', nextSession: 'POST_MARKET' }, tradingHours: ['REGULAR_HOURS'] });
    expect(types.session.nextChangeAt).toBe('2026-12-02T21:00:00.000Z');
    await setClock(t.app, NY.preMarket);
    const pre = dataOf(UsStockOrderTypesResponse, await call(t.app, user, 'GET', `${US_STOCK_PATHS.orderTypes}?stockId=${aapl}&transactionType=SELL`));
    expect(pre).toMatchObject({ ipme: true, extendedHoursAllowed: true, session: { session: 'PRE_MARKET' } });
    expect(pre.orderTypes).toContain('OCO');

    await setClock(t.app, NY.weekend);
    const status = dataOf(UsMarketStatusResponse, await call(t.app, user, 'GET', US_STOCK_PATHS.marketStatus));
    expect(status).toMatchObject({ session: 'CLOSED', nextSession: 'PRE_MARKET', nextChangeAt: '2026-12-07T09:00:00.000Z', tradingDate: '2026-12-07', marketOpenTime: '2026-12-07T14:30:00.000Z' });
  });

  it('expires a GOOD_TILL_MARKET_CLOSE limit at an early close and releases its hold', async () => {
    await setClock(t.app, NY.earlyCloseDay);
    const user = await trader({ usd: '1000' });
    const [order] = ordersOf(await buy(user, { stockId: aapl, quantity: '1.5', unitPrice: '250.00', orderType: 'LIMIT', timeInForce: 'GOOD_TILL_MARKET_CLOSE' }));
    expect(order).toMatchObject({ status: 'PENDING', timeInForce: 'GOOD_TILL_MARKET_CLOSE', expiresAt: '2026-11-27T18:00:00.000Z' });
    // 1.5 × 250 = 375 held.
    expect(await usd(t.app, user.userId)).toEqual({ balance: '1000', available: '625' });
    await t.app.trading.matcher.tick([usTick('AAPL', '270.00')]);
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(order!.id))).status).toBe('PENDING');

    // 13:00 New York: the early close.
    await setClock(t.app, Date.parse('2026-11-27T18:00:01Z'));
    await t.app.trading.matcher.tick([usTick('AAPL', '270.00')]);
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(order!.id)))).toMatchObject({ status: 'CANCELLED', reason: 'EXPIRED' });
    expect(await usd(t.app, user.userId)).toEqual({ balance: '1000', available: '1000' });
  });

  it('takes extended-hours limits for ipme stocks only, and queues a pre-market market order for the open', async () => {
    await setClock(t.app, NY.preMarket);
    const user = await trader({ usd: '2000' });
    const before = await snapshot(t.app, user.userId);
    const refused = await buy(user, { stockId: txn, quantity: '1', unitPrice: '160.00', orderType: 'LIMIT', tradingHours: 'INCLUDE_EXTENDED_HOURS' });
    expect(refused.statusCode).toBe(400);
    expect(errorCodeOf(refused)).toBe('3802');
    expect(errorCodeOf(await buy(user, { stockId: aapl, quantity: '1', orderType: 'MARKET', tradingHours: 'INCLUDE_EXTENDED_HOURS' }))).toBe('3803');
    expect(await snapshot(t.app, user.userId)).toEqual(before);

    // An ipme stock's extended-hours limit fills in pre-market.
    const [extended] = ordersOf(await buy(user, { stockId: aapl, quantity: '1', unitPrice: '275.00', orderType: 'LIMIT', tradingHours: 'INCLUDE_EXTENDED_HOURS' }));
    // A regular-hours limit and a market order wait for the open.
    const [regularLimit] = ordersOf(await buy(user, { stockId: aapl, quantity: '1', unitPrice: '275.00', orderType: 'LIMIT' }));
    const [queued] = ordersOf(await buy(user, { stockId: aapl, quantity: '2', orderType: 'MARKET' }));
    expect(queued).toMatchObject({ status: 'PENDING', orderType: 'MARKET' });
    await t.app.trading.matcher.tick([usTick('AAPL', '270.00')]);
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(extended!.id))).status).toBe('SUCCESS');
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(regularLimit!.id))).status).toBe('PENDING');
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(queued!.id))).status).toBe('PENDING');

    // 09:30: the open.
    await setClock(t.app, Date.parse('2026-12-02T14:30:00Z'));
    await t.app.trading.matcher.tick([usTick('AAPL', '270.00')]);
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(regularLimit!.id))).status).toBe('SUCCESS');
    expect(orderOf(await call(t.app, user, 'GET', usStockOrderPath(queued!.id)))).toMatchObject({ status: 'SUCCESS', filledQuantity: '2' });
    expect((await shares(t.app, user.userId, 'AAPL')).balance).toBe('4');
    const cash = await usd(t.app, user.userId);
    expect(cash.balance).toBe(cash.available);
  });

  it('places a TP/SL OCO sell in whole shares, amends and cancels it (PUT with stockId)', async () => {
    await setClock(t.app, NY.regular);
    const user = await trader({ shares: { AAPL: '3.7' } });
    const legs = ordersOf(await sell(user, { stockId: aapl, quantity: '3.7', orderType: 'OCO', takeProfit: '300.00', stopLoss: '250.00' }));
    expect(legs.map((l) => [l.ocoLeg, l.quantity])).toEqual([
      ['TAKE_PROFIT', '3'],
      ['STOP_LOSS', '3'],
    ]);
    expect(await shares(t.app, user.userId, 'AAPL')).toEqual({ balance: '3.7', available: '0.7' });
    // Selling more than what is not held by the OCO: 1116.
    const before = await snapshot(t.app, user.userId);
    const tooMuch = await sell(user, { stockId: aapl, quantity: '1', orderType: 'MARKET' });
    expect(errorCodeOf(tooMuch)).toBe('1116');
    expect(await snapshot(t.app, user.userId)).toEqual(before);

    const amended = ordersOf(await call(t.app, user, 'PATCH', usStockOrderPath(legs[0]!.id), { unitPrice: '310.00' }));
    expect(amended.find((o) => o.ocoLeg === 'TAKE_PROFIT')?.limitPrice).toBe('310');
    // Cancelling names the stock: another stock's id does not find the order.
    expect((await call(t.app, user, 'PUT', usStockOrderCancelPath(legs[0]!.id), { stockId: txn })).statusCode).toBe(404);
    const cancelled = ordersOf(await call(t.app, user, 'PUT', usStockOrderCancelPath(legs[0]!.id), { stockId: aapl }));
    expect(cancelled.every((o) => o.status === 'CANCELLED')).toBe(true);
    expect(await shares(t.app, user.userId, 'AAPL')).toEqual({ balance: '3.7', available: '3.7' });
  });

  it('refuses, changing nothing: leverage, closed market, off-tick price, decimals, minimum, USD, declaration', async () => {
    await setClock(t.app, NY.regular);
    const user = await trader({ usd: '50' });
    const before = await snapshot(t.app, user.userId);
    const cases: [OrderBody, string][] = [
      [{ stockId: aapl, quantity: '1', orderType: 'MARKET', leverage: 2 }, '3805'],
      [{ stockId: aapl, quantity: '1', orderType: 'MARKET', isIntradayLeverage: true }, '3805'],
      [{ stockId: aapl, quantity: '0.1', unitPrice: '250.005', orderType: 'LIMIT' }, '3804'],
      [{ stockId: aapl, quantity: '0.00001', unitPrice: '250.00', orderType: 'LIMIT' }, '002'],
      [{ stockId: aapl, amount: '10.001', orderType: 'MARKET' }, '002'],
      [{ stockId: aapl, amount: '0.5', orderType: 'MARKET' }, '3704'],
      [{ stockId: aapl, quantity: '1', amount: '10', orderType: 'MARKET' }, '002'],
      [{ stockId: aapl, quantity: '1', orderType: 'MARKET' }, '1117'],
      [{ stockId: aapl, quantity: '1', unitPrice: '250.00', orderType: 'LIMIT', orderSubType: 'STOP_LOSS' }, '3806'],
      [{ stockId: 999_999, quantity: '1', orderType: 'MARKET' }, '003'],
    ];
    for (const [body, code] of cases) {
      const answer = await buy(user, body);
      expect({ body, code: errorCodeOf(answer) }).toEqual({ body, code });
    }
    const letters = await buy(user, { stockId: aapl, quantity: 'abc', orderType: 'MARKET' });
    expect(letters.statusCode).toBe(400);
    await setClock(t.app, NY.weekend);
    expect(errorCodeOf(await buy(user, { stockId: aapl, quantity: '0.1', unitPrice: '250.00', orderType: 'LIMIT' }))).toBe('3801');
    expect(await snapshot(t.app, user.userId)).toEqual(before);

    // The terms not accepted: 018; then without the US-stock declaration: 007.
    await setClock(t.app, NY.regular);
    const undeclared = await verifiedUser(t.app, 'kyc');
    expect(errorCodeOf(await buy(undeclared, { stockId: aapl, amount: '10', orderType: 'MARKET' }))).toBe('018');
    expect((await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: undeclared.headers })).statusCode).toBe(200);
    expect(errorCodeOf(await buy(undeclared, { stockId: aapl, amount: '10', orderType: 'MARKET' }))).toBe('007');
  });
});
