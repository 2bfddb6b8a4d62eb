// Perp orders through the matcher: a stop-market order waits until the last price reaches its stop
// and then fills at market; a stop-limit order waits likewise and then fills no worse than its
// limit; a resting limit order filled later pays the configured maker fee, a market order the
// taker fee. An order answers its symbol's margin mode and the P&L its fills realized. The matcher
// only moves when a test hands it a tick (prices and the book).
import { PERPS_PATHS, PerpOrder, PerpOrderList, PerpPlaceResponse, perpOrderPath } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { tickAt } from '../crypto/test-support';
import { dataOf, SETUP_TIMEOUT_MS } from '../fx-wallet/test-support';
import { perpsTestKit } from './test-support';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
const START = Date.parse('2026-11-23T02:00:00Z');
const FEES = { house: 'FEES', currency: 'USDT' } as const;

describe('perp stop, stop-limit, limit and market orders', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
  }, SETUP_TIMEOUT_MS);
  beforeEach(() => t.app.market.steer(BTC, { price: '20000' }));
  afterAll(() => t.close());

  const { headers, trader } = perpsTestKit(() => t.app);
  const data = dataOf;
  const place = async (u: TestUser, side: 'BUY' | 'SELL', body: object) =>
    data(PerpPlaceResponse, await t.app.inject({ method: 'POST', url: side === 'BUY' ? PERPS_PATHS.buy : PERPS_PATHS.sell, payload: { symbol: BTC, leverage: 10, ...body }, headers: headers(u) }));
  const read = async (u: TestUser, id: string) => data(PerpOrder, await t.app.inject({ method: 'GET', url: perpOrderPath(id), headers: headers(u) }));
  const list = async (u: TestUser, scope: 'open' | 'history') =>
    data(PerpOrderList, await t.app.inject({ method: 'GET', url: PERPS_PATHS.orders, query: { scope }, headers: headers(u) })).items;
  /** A tick at `last` (the steered price too) with a book 1 USDT a level from 1 USDT either side, 1 BTC a level. */
  const tick = async (last: string) => {
    t.app.market.steer(BTC, { price: last });
    const report = await t.app.trading.matcher.tick([tickAt(BTC, last, { step: '1', quantity: '1' })]);
    expect(report.failed).toBe(0);
  };
  const position = (u: TestUser) => t.app.margin.position('PERPS', u.userId, PERP_BOOK, BTC);
  const rates = () => ({ maker: t.app.config.perps.makerFeeRate, taker: t.app.config.perps.takerFeeRate });
  const feeAt = (notional: Decimal.Value, rate: string) => new Decimal(notional).times(rate).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed();
  /** Once filled, the user's held money is the position's margin alone (the order's hold is spent or released); the ledger balances. */
  const expectSettled = async (u: TestUser) => {
    const held = new Decimal((await t.app.ledger.balance(perpAccount(u.userId))).held).toFixed();
    expect(held).toBe(new Decimal((await position(u))!.margin).toFixed());
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? '0').toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
  };
  /** What the user paid into the fees account for one order's fills (the ledger's own record). */
  const feesPaid = async (orderId: string) => {
    let paid = new Decimal(0);
    for (const h of await t.app.ledger.history(FEES, { limit: 1000 })) if (h.memo.orderId === orderId) paid = paid.plus(h.amount);
    return paid.toFixed();
  };

  it('a stop-market buy waits below its stop, then triggers on the last price and fills at market (taker fee)', async () => {
    const user = await trader();
    const { order } = await place(user, 'BUY', { orderType: 'STOP', quantity: '0.1', stopPrice: '20500' });
    expect(order).toMatchObject({ status: 'PENDING', orderType: 'STOP', stopPrice: '20500', triggeredAt: null });
    expect(await position(user)).toBeNull();

    await tick('20400');
    expect((await read(user, order.id)).status).toBe('PENDING');

    // Reached: executed against the book from its best ask (20,601).
    await tick('20600');
    const filled = await read(user, order.id);
    expect(filled).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.1', filledAmount: '2060.1' });
    expect(filled.triggeredAt).not.toBeNull();
    const fee = feeAt('2060.1', rates().taker);
    expect(new Decimal(filled.fee).toFixed()).toBe(fee);
    expect(await feesPaid(order.id)).toBe(fee);
    expect(await position(user)).toMatchObject({ side: 'LONG', quantity: '0.1', entryPrice: '20601', feesPaid: fee });
    await expectSettled(user);
  });

  it('a stop-limit sell waits above its stop, then triggers and fills at its limit', async () => {
    const user = await trader();
    const { order } = await place(user, 'SELL', { orderType: 'STOP_LIMIT', quantity: '0.1', stopPrice: '19500', limitPrice: '19400' });
    expect(order).toMatchObject({ status: 'PENDING', orderType: 'STOP_LIMIT', stopPrice: '19500', limitPrice: '19400' });

    await tick('19600');
    expect((await read(user, order.id)).status).toBe('PENDING');

    // Reached, with the best bid at the limit (19,400) and the next ones below it: 0.1 fills there.
    await tick('19401');
    const filled = await read(user, order.id);
    expect(filled).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.1', filledAmount: '1940', averagePrice: '19400' });
    expect(filled.triggeredAt).not.toBeNull();
    expect(await feesPaid(order.id)).toBe(new Decimal(filled.fee).toFixed());
    expect(await position(user)).toMatchObject({ side: 'SHORT', quantity: '0.1', entryPrice: '19400' });
    await expectSettled(user);
  });

  it('a stop-limit buy triggered while the asks are above its limit rests until they come within it, never filling above it', async () => {
    const user = await trader();
    const { order } = await place(user, 'BUY', { orderType: 'STOP_LIMIT', quantity: '0.1', stopPrice: '20300', limitPrice: '20350' });
    // Triggered (last 20,400 ≥ 20,300), but the best ask 20,401 is above the limit: nothing fills.
    await tick('20400');
    const resting = await read(user, order.id);
    expect({ status: resting.status, filled: resting.filledQuantity, triggered: resting.triggeredAt !== null }).toEqual({ status: 'PENDING', filled: '0', triggered: true });
    expect(await position(user)).toBeNull();
    // The asks come down to the limit: filled there.
    await tick('20349');
    const filled = await read(user, order.id);
    expect(filled).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.1', averagePrice: '20350' });
    expect(await position(user)).toMatchObject({ side: 'LONG', quantity: '0.1', entryPrice: '20350' });
    await expectSettled(user);
  });

  it('a resting limit order filled later pays the maker fee; a market order the taker fee', async () => {
    const maker = await trader();
    const taker = await trader();
    const { order: limit } = await place(maker, 'BUY', { orderType: 'LIMIT', quantity: '0.1', limitPrice: '19900' });
    expect(limit.status).toBe('PENDING');
    // The asks come down to the limit (19,900): filled there, as the maker.
    await tick('19899');
    const made = await read(maker, limit.id);
    const makerFee = feeAt('1990', rates().maker);
    expect(made).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.1', filledAmount: '1990' });
    expect({ order: new Decimal(made.fee).toFixed(), ledger: await feesPaid(limit.id) }).toEqual({ order: makerFee, ledger: makerFee });
    expect((await position(maker))?.feesPaid).toBe(makerFee);

    const { order: market } = await place(taker, 'BUY', { orderType: 'MARKET', quantity: '0.1' });
    expect(market.status).toBe('SUCCESS');
    const takerFee = feeAt(market.filledAmount, rates().taker);
    expect({ order: new Decimal(market.fee).toFixed(), ledger: await feesPaid(market.id) }).toEqual({ order: takerFee, ledger: takerFee });
    expect((await position(taker))?.feesPaid).toBe(takerFee);
    await expectSettled(maker);
    await expectSettled(taker);
    // The configured rates: 0.02 % and 0.05 %.
    expect(rates()).toEqual({ maker: '0.0002', taker: '0.0005' });
    expect(makerFee).toBe('0.398');
  });

  it('an order answers its margin mode and the P&L its fills realized, in the list, the order and the placement', async () => {
    const isolated = await trader();
    const cross = await trader();
    const { order: opening } = await place(isolated, 'BUY', { orderType: 'LIMIT', quantity: '0.1', limitPrice: '19900', marginMode: 'ISOLATED' });
    const { order: crossOpening } = await place(cross, 'BUY', { orderType: 'LIMIT', quantity: '0.1', limitPrice: '19800' });
    expect([opening.marginMode, crossOpening.marginMode]).toEqual(['ISOLATED', 'CROSS']);
    expect((await list(isolated, 'open')).map((o) => [o.id, o.marginMode, o.realizedPnl])).toEqual([[opening.id, 'ISOLATED', '0']]);
    expect((await list(cross, 'open')).map((o) => [o.id, o.marginMode])).toEqual([[crossOpening.id, 'CROSS']]);

    // Filled at 19,900 as the asks come down: it opened, so it realized nothing.
    await tick('19899');
    const opened = await read(isolated, opening.id);
    expect(opened).toMatchObject({ status: 'SUCCESS', marginMode: 'ISOLATED', realizedPnl: '0' });
    expect(await position(isolated)).toMatchObject({ marginMode: 'ISOLATED', entryPrice: '19900' });

    // Closed at market against the bids: Σ (fill price − 19,900) × size = what it sold for − 1,990.
    await tick('20500');
    const { order: closing } = await place(isolated, 'SELL', { orderType: 'MARKET', quantity: '0.1', reduceOnly: true });
    const realized = new Decimal(closing.filledAmount).minus('1990').toFixed();
    expect(new Decimal(realized).gt(50)).toBe(true);
    expect(closing).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.1', marginMode: 'ISOLATED', realizedPnl: realized });
    expect(await read(isolated, closing.id)).toMatchObject({ reduceOnly: true, marginMode: 'ISOLATED', realizedPnl: realized });
    expect((await list(isolated, 'history')).map((o) => [o.id, o.marginMode, o.realizedPnl])).toEqual([
      [closing.id, 'ISOLATED', realized],
      [opening.id, 'ISOLATED', '0'],
    ]);
    // The ledger agrees: the wallet got back its 1,000 less both fees, plus the P&L.
    const balance = new Decimal((await t.app.ledger.balance(perpAccount(isolated.userId))).balance);
    expect(balance.toFixed()).toBe(new Decimal(1000).minus(opened.fee).minus(closing.fee).plus(realized).toFixed());
    expect(await position(isolated)).toBeNull();
  });
});
