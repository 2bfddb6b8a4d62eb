// IDX orders through the real routes and the one engine (PGlite): a market buy of 2 lots of BBCA
// in session II with its fee and settlement date, a resting limit matched by the matcher, a sale
// whose proceeds wait in IDX_UNSETTLED until the T+2 settlement run (once), the position's
// average cost with fees, and every refusal with nothing changed.
import { IDX_PATHS, IdxEstimate, Order, IdxPositionResponse, IdxSettlementRunResponse, IdxWalletResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { TestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { snapshot } from '../fx-wallet/test-support';
import { call, dataOf, errorCodeOf, expectReconciled, idr, idxTrader, orderTypes, ordersOf, setClock, shares, stockIdOf, TEST_ENV, unsettled, wib } from './test-support';

let t: TestApp;
let trader: TestUser;
let bbca: number;
/** The day's band and the steered price of BBCA. */
let price: number;
let tick: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ...TEST_ENV } });
  bbca = stockIdOf(t.app, 'BBCA');
  // Monday 30 Nov 2026, 14:00 Jakarta: session II.
  await setClock(t.app, wib('2026-11-30', '14:00:00'));
  trader = await idxTrader(t.app, { idr: '50000000' });
  const types = await orderTypes(t.app, trader, bbca);
  price = Number(types.band.previousClose);
  t.app.market.steer('BBCA', { price: String(price) });
  tick = Number((await orderTypes(t.app, trader, bbca)).tickSize);
}, 120_000);
afterAll(async () => t.close());

const admin = () => ({ 'x-admin-token': t.app.adminToken });
const settle = async () => dataOf(IdxSettlementRunResponse, await t.app.inject({ method: 'POST', url: IDX_PATHS.adminSettlementRun, headers: admin() }));
const wallet = async (user: TestUser) => dataOf(IdxWalletResponse, await call(t.app, user, 'GET', IDX_PATHS.wallet));

describe('IDX orders', () => {
  it('describes every IDX call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(paths).toEqual(
      expect.arrayContaining([
        `POST ${IDX_PATHS.buy}`,
        `POST ${IDX_PATHS.sell}`,
        `GET ${IDX_PATHS.priceCalculate}`,
        `GET ${IDX_PATHS.orderTypes}`,
        `GET ${IDX_PATHS.userPosition}`,
        `GET ${IDX_PATHS.holdings}/{stockId}`,
        `GET ${IDX_PATHS.wallet}`,
        `GET ${IDX_PATHS.marketStatus}`,
        `GET ${IDX_PATHS.orders}`,
        `GET ${IDX_PATHS.orders}/{id}`,
        `PATCH ${IDX_PATHS.orders}/{id}`,
        `PUT ${IDX_PATHS.orders}/{id}/cancel`,
        `POST ${IDX_PATHS.adminSettlementRun}`,
      ]),
    );
  });

  it('answers what may be placed now: session II, the band, the tick, lots, fees and T+2', async () => {
    const types = await orderTypes(t.app, trader, bbca);
    expect(types.session).toMatchObject({ session: 'SESSION_2', acceptingOrders: true, continuous: true, nextSession: 'PRE_CLOSING' });
    expect(types.enabled).toBe(true);
    expect(types.orderTypes).toEqual(['LIMIT', 'MARKET']);
    expect(types.lotSize).toBe(100);
    expect(Number(types.band.arb)).toBeLessThan(price);
    expect(Number(types.band.ara)).toBeGreaterThan(price);
    expect(types.fees).toEqual({ buyFeeRate: '0.0015', sellFeeRate: '0.0015', sellTaxRate: '0.001' });
    expect(types.settlementDate).toBe('2026-12-02');
  });

  it('buys 2 lots at market: the estimate, the fill and the ledger agree; the shares are the buyer\'s at once', async () => {
    const ask = price + tick;
    const estimate = dataOf(IdxEstimate, await call(t.app, trader, 'GET', `${IDX_PATHS.priceCalculate}?stockId=${bbca}&transactionType=BUY&orderType=MARKET&quantity=200`));
    const base = 200 * ask;
    const fee = Math.ceil(base * 0.0015);
    expect(estimate).toMatchObject({ price: String(ask), quantity: '200', lots: 2, amount: String(base), fee: String(fee), tax: '0', total: String(base + fee), tradeDate: '2026-11-30', settlementDate: '2026-12-02' });

    const [order] = ordersOf(await call(t.app, trader, 'POST', IDX_PATHS.buy, { stockId: bbca, quantity: '200', orderType: 'MARKET' }));
    expect(order).toMatchObject({ market: 'IDSS', symbol: 'BBCA', status: 'SUCCESS', filledQuantity: '200', fee: String(fee), total: String(base + fee), currency: 'IDR' });
    expect(await shares(t.app, trader.userId, 'BBCA')).toEqual({ balance: '200', available: '200' });
    expect((await idr(t.app, trader.userId)).balance).toBe(String(50_000_000 - base - fee));

    const position = dataOf(IdxPositionResponse, await call(t.app, trader, 'GET', IDX_PATHS.userPosition));
    expect(position.items).toHaveLength(1);
    // The average cost carries the fee: (base + fee) / 200.
    expect(position.items[0]).toMatchObject({ symbol: 'BBCA', quantity: '200', lots: '2', averageCost: new Decimal(base + fee).div(200).toDecimalPlaces(2).toFixed(), costBasis: String(base + fee) });
    await expectReconciled(t.app, [trader.userId]);
  });

  it('sells 1 lot: the shares go at once, the proceeds wait unsettled until T+2, and the settlement moves them once', async () => {
    const before = await idr(t.app, trader.userId);
    const [order] = ordersOf(await call(t.app, trader, 'POST', IDX_PATHS.sell, { stockId: bbca, quantity: '100', orderType: 'MARKET' }));
    const base = 100 * price;
    const fee = Math.ceil(base * 0.0015);
    const tax = Math.ceil(base * 0.001);
    const net = base - fee - tax;
    expect(order).toMatchObject({ status: 'SUCCESS', filledQuantity: '100', fee: String(fee), tax: String(tax), total: String(net) });
    expect((await shares(t.app, trader.userId, 'BBCA')).balance).toBe('100');
    expect(await idr(t.app, trader.userId)).toEqual(before);
    expect((await unsettled(t.app, trader.userId)).balance).toBe(String(net));
    expect(await wallet(trader)).toEqual({ cash: before.balance, unsettled: String(net), unsettledByDate: [{ settlementDate: '2026-12-02', amount: String(net) }], withdrawable: before.available });
    // What the person owns counts the shares left at the last price and the unsettled proceeds.
    const worth = await t.app.netWorth.of(trader.userId);
    const last = t.app.market.ticker('BBCA').price;
    expect(worth.parts.find((part) => part.key === 'IDX')?.valueIdr).toBe(new Decimal(last).times(100).plus(net).toFixed(0, Decimal.ROUND_DOWN));

    // Tuesday: not due yet.
    await setClock(t.app, wib('2026-12-01', '10:00:00'));
    expect(await settle()).toEqual({ settled: 0, amount: '0', date: '2026-12-01' });
    expect((await unsettled(t.app, trader.userId)).balance).toBe(String(net));

    // Wednesday: settled, withdrawable; a second run changes nothing.
    await setClock(t.app, wib('2026-12-02', '08:00:00'));
    expect(await settle()).toEqual({ settled: 1, amount: String(net), date: '2026-12-02' });
    expect(await settle()).toEqual({ settled: 0, amount: '0', date: '2026-12-02' });
    const after = await wallet(trader);
    expect(after).toEqual({ cash: new Decimal(before.balance).plus(net).toFixed(), unsettled: '0', unsettledByDate: [], withdrawable: new Decimal(before.available).plus(net).toFixed() });
    await expectReconciled(t.app, [trader.userId]);
    await setClock(t.app, wib('2026-11-30', '14:00:00'));
  });

  it('rests a limit buy with its hold (fee included) and fills it when the matcher sees the price', async () => {
    const bid = price;
    const limit = bid - tick;
    const [order] = ordersOf(await call(t.app, trader, 'POST', IDX_PATHS.buy, { stockId: bbca, quantity: '300', unitPrice: String(limit), orderType: 'LIMIT', timeInForce: 'GOOD_TILL_CANCEL' }));
    expect(order).toMatchObject({ status: 'PENDING', limitPrice: String(limit), filledQuantity: '0' });
    expect(order!.expiresAt ?? null).toBeNull();
    const held = new Decimal(300 * limit).plus(Math.ceil(300 * limit * 0.0015));
    const cash = await idr(t.app, trader.userId);
    expect(new Decimal(cash.balance).minus(cash.available).toFixed()).toBe(held.toFixed());
    await expectReconciled(t.app, [trader.userId]);

    // The price comes down to the limit: the matcher fills it.
    t.app.market.steer('BBCA', { price: String(limit - tick) });
    await t.app.trading.matcher.tick();
    const filled = dataOf(Order, await call(t.app, trader, 'GET', `${IDX_PATHS.orders}/${order!.id}`));
    expect(filled).toMatchObject({ status: 'SUCCESS', filledQuantity: '300', averagePrice: String(limit) });
    expect(errorCodeOf(await call(t.app, trader, 'PUT', `${IDX_PATHS.orders}/${order!.id}/cancel`, { stockId: bbca }))).toBe('9603');
    expect((await shares(t.app, trader.userId, 'BBCA')).balance).toBe('400');
    t.app.market.steer('BBCA', { price: String(price) });
    await expectReconciled(t.app, [trader.userId]);
  });
});

describe('IDX refusals (nothing changes)', () => {
  async function refused(user: TestUser, path: string, body: Record<string, unknown>, code: string, language = 'en') {
    const before = await snapshot(t.app, user.userId);
    const response = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { ...user.headers, 'x-request-id': crypto.randomUUID(), 'x-language-code': language } });
    expect({ code: errorCodeOf(response), status: response.statusCode }).toEqual({ code, status: code === '007' || code === '018' || code === '3701' ? 403 : 400 });
    expect(await snapshot(t.app, user.userId)).toEqual(before);
    return response.json() as { error_message: string; details?: { path: string; message: string }[] };
  }

  it('refuses 150 shares (3901), a price off the tick (3902), above ARA (3903), in id and en', async () => {
    const types = await orderTypes(t.app, trader, bbca);
    const lot = await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '150', unitPrice: String(price) }, '3901');
    expect(lot.error_message).toBe('The quantity must be a whole number of lots (100 shares)');
    const lotId = await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '150', unitPrice: String(price) }, '3901', 'id');
    expect(lotId.error_message).toBe('Jumlah saham harus kelipatan 1 lot (100 lembar)');
    await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price + 1) }, '3902');
    const above = Number(types.band.ara) + Number(types.tickSize);
    const ara = await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(above) }, '3903');
    expect(ara.details?.[0]?.message).toBe(`ARB Rp${types.band.arb} – ARA Rp${types.band.ara}`);
  });

  it('refuses an order at lunch and on a holiday (3904), a market order in the pre-opening auction (3906)', async () => {
    await setClock(t.app, wib('2026-11-30', '12:30:00'));
    await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) }, '3904');
    await setClock(t.app, wib('2026-12-25', '10:00:00'));
    await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) }, '3904');
    await setClock(t.app, wib('2026-12-01', '08:50:00'));
    await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '100', orderType: 'MARKET' }, '3906');
    await setClock(t.app, wib('2026-11-30', '14:00:00'));
  });

  it('refuses too few shares counting open sells (1116) and too little cash (1115)', async () => {
    const held = Number((await shares(t.app, trader.userId, 'BBCA')).balance);
    const types = await orderTypes(t.app, trader, bbca, 'SELL');
    // A resting sell at ARA holds 100 shares; selling all of them again is short by those.
    ordersOf(await call(t.app, trader, 'POST', IDX_PATHS.sell, { stockId: bbca, quantity: '100', unitPrice: types.band.ara }));
    await refused(trader, IDX_PATHS.sell, { stockId: bbca, quantity: String(held), unitPrice: types.band.ara }, '1116');
    const poor = await idxTrader(t.app, { idr: '100000' });
    await refused(poor, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) }, '1115');
    await expectReconciled(t.app, [trader.userId, poor.userId]);
  });

  it('refuses without identity verification (007), without the terms (018), and a halted stock with its reason (3701)', async () => {
    const unverified = await idxTrader(t.app, { idr: '10000000' }, { kyc: false });
    await refused(unverified, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) }, '007');
    const noTerms = await idxTrader(t.app, { idr: '10000000' }, { terms: false });
    await refused(noTerms, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) }, '018');
    await t.app.inject({ method: 'POST', url: '/api/admin/market/halt', headers: admin(), payload: { symbol: 'BBCA', reason: { title: 'Suspensi oleh bursa', description: 'Suspensi' } } });
    const halted = await refused(trader, IDX_PATHS.buy, { stockId: bbca, quantity: '100', unitPrice: String(price) }, '3701');
    expect(halted.details?.[0]?.message).toBe('Suspensi oleh bursa');
    await t.app.inject({ method: 'POST', url: '/api/admin/market/resume', headers: admin(), payload: { symbol: 'BBCA' } });
  });
});
