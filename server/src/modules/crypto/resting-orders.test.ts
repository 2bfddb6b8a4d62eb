// Resting orders through the matcher: LIMIT, STOP, STOP_LIMIT and OCO, by quantity and by amount,
// partial fills, the OCO race, cancel and amend in every state, and the private events. The
// matcher only moves when a test hands it a tick (prices and the book to fill against).
import { CRYPTO_PATHS, cryptoOrderCancelPath, cryptoOrderPath, type CryptoOrder } from '@pasar/shared/contract';
import { chargesForBase } from '@pasar/shared/trading';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { topics } from '../../pubsub/topics';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { cryptoOf } from './index';
import type { ManualTick } from '../../trading';
import {
  SETUP_TIMEOUT_MS,
  TEST_ENV,
  balance,
  call,
  cash,
  errorCodeOf,
  expectReconciled,
  orderOf,
  ordersOf,
  spot,
  tickAt,
  trader,
} from './test-support';

const RATES = { feeRate: '0.001', buyTaxRate: '0', sellTaxRate: '0.0021' };
const SYMBOL = 'BTC-IDR';

describe('resting crypto orders', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    // Placing checks ranges and stop sides against the last price: pin it.
    t.app.market.steer(SYMBOL, { price: '1500000000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    t.app.market.clearSteer(SYMBOL);
    await t.close();
  });

  const advanced = async (user: TestUser, side: 'BUY' | 'SELL', body: Record<string, string>): Promise<CryptoOrder[]> =>
    ordersOf(await call(t.app, user, 'POST', side === 'BUY' ? CRYPTO_PATHS.advancedBuy : CRYPTO_PATHS.advancedSell, { symbol: SYMBOL, ...body }));
  const read = async (user: TestUser, id: string) => orderOf(await call(t.app, user, 'GET', cryptoOrderPath(id)));
  const tick = (...ticks: ManualTick[]) => cryptoOf(t.app).matcher.tick(ticks);
  const fills = async (orderId: string) =>
    (await t.app.database.db.execute(sql`select quantity::text, price::text, amount::text, fee::text, tax::text, total::text from fills where order_id = ${orderId} order by executed_at, id`)).rows as Record<string, string>[];

  describe('LIMIT', () => {
    it('a buy by quantity holds its total at the limit, fills when the ask crosses it (at the better price) and releases the rest', async () => {
      const user = await trader(t.app, { idr: '20000000' });
      const [order] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1490000000' });
      expect(order).toMatchObject({ status: 'PENDING', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', quantity: '0.01', limitPrice: '1490000000' });
      // 0.01 × 1,490,000,000 = 14,900,000 + fee 14,900.
      expect(await balance(t.app, cash(user.userId))).toEqual({ balance: '20000000', held: '14914900', available: '5085100' });
      expect(cryptoOf(t.app).matcher.has(order!.id)).toBe(true);
      await expectReconciled(t.app, [user.userId]);

      await tick(tickAt(SYMBOL, '1495000000'));
      expect((await read(user, order!.id)).status).toBe('PENDING');

      await tick(tickAt(SYMBOL, '1485000000'));
      const filled = await read(user, order!.id);
      // The best ask is 1,485,010,000: 14,850,100 + fee ceil(14,850.1) = 14,851.
      expect(filled).toMatchObject({ status: 'SUCCESS', exchangeStatus: 'SUCCESS', filledQuantity: '0.01', filledAmount: '14850100', fee: '14851', tax: '0', total: '14864951' });
      expect(await fills(order!.id)).toEqual([{ quantity: '0.01', price: '1485010000', amount: '14850100', fee: '14851', tax: '0', total: '14864951' }]);
      expect(await balance(t.app, cash(user.userId))).toEqual({ balance: String(20_000_000 - 14_864_951), held: '0', available: String(20_000_000 - 14_864_951) });
      expect((await balance(t.app, spot(user.userId))).balance).toBe('0.01');
      expect(cryptoOf(t.app).matcher.has(order!.id)).toBe(false);
      await expectReconciled(t.app, [user.userId]);
    });

    it('a buy by amount fixes its units at the limit price and never spends more than the amount', async () => {
      const user = await trader(t.app, { idr: '1000000' });
      const [order] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'amount', amount: '1000000', limitPrice: '1490000000' });
      expect(order).toMatchObject({ inputType: 'amount', amount: '1000000', quantity: null });
      const held = new Decimal((await balance(t.app, cash(user.userId))).held);
      expect(held.lte(1_000_000) && held.gt(990_000)).toBe(true);
      await tick(tickAt(SYMBOL, '1489000000', { step: '1', spread: '1' }));
      const filled = await read(user, order!.id);
      expect(filled.status).toBe('SUCCESS');
      expect(new Decimal(filled.total).lte(1_000_000)).toBe(true);
      expect(filled.total).toBe(chargesForBase('BUY', filled.filledAmount, RATES).total);
      await expectReconciled(t.app, [user.userId]);
    });

    it('a sell fills partly when the book is thin (PARTIALLY_FILLED keeps the rest held), then completely; the fee math covers the whole', async () => {
      const user = await trader(t.app, { btc: '1' });
      const [order] = await advanced(user, 'SELL', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.5', limitPrice: '1510000000' });
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '1', held: '0.5', available: '0.5' });
      // Three bid levels of 0.1 at or above the limit (1,510,020,000 down to 1,510,000,000), the rest below it.
      await tick(tickAt(SYMBOL, '1510030000', { quantity: '0.1' }));
      const partial = await read(user, order!.id);
      expect(partial).toMatchObject({ status: 'PARTIALLY_FILLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', filledQuantity: '0.3' });
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.7', held: '0.2', available: '0.5' });
      await expectReconciled(t.app, [user.userId]);
      await tick(tickAt(SYMBOL, '1520000000', { quantity: '1' }));
      const done = await read(user, order!.id);
      expect(done).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.5' });
      const rows = await fills(order!.id);
      expect(rows).toHaveLength(2);
      const whole = chargesForBase('SELL', done.filledAmount, RATES);
      expect({ fee: done.fee, tax: done.tax, total: done.total }).toEqual({ fee: whole.fee, tax: whole.tax, total: whole.total });
      expect(rows.reduce((s, r) => s.plus(r.total!), new Decimal(0)).toFixed()).toBe(whole.total);
      expect((await balance(t.app, cash(user.userId))).balance).toBe(whole.total);
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.5', held: '0', available: '0.5' });
      await expectReconciled(t.app, [user.userId]);
    });

    it('orders crossed by one tick share its depth in price-time order', async () => {
      const a = await trader(t.app, { idr: '400000000' });
      const b = await trader(t.app, { idr: '400000000' });
      const [first] = await advanced(a, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.15', limitPrice: '1495000000' });
      const [second] = await advanced(b, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.15', limitPrice: '1495000000' });
      // Asks: 0.1 at each level from 1,494,500,000 up, 500,000 apart; two levels are within the limits.
      await tick(tickAt(SYMBOL, '1494000000', { quantity: '0.1', step: '500000' }));
      expect((await read(a, first!.id)).filledQuantity).toBe('0.15');
      expect((await read(b, second!.id)).filledQuantity).toBe('0.05');
      await expectReconciled(t.app, [a.userId, b.userId]);
    });
  });

  describe('STOP and STOP_LIMIT', () => {
    it('a stop sell waits unsent, triggers when the last price falls to it and fills at the market', async () => {
      const user = await trader(t.app, { btc: '0.2' });
      const [order] = await advanced(user, 'SELL', { orderType: 'STOP', inputType: 'quantity', quantity: '0.1', stopPrice: '1450000000' });
      expect(order).toMatchObject({ status: 'PENDING', exchangeStatus: 'WAITING_TO_BE_SENT', triggeredAt: null });
      await tick(tickAt(SYMBOL, '1460000000'));
      expect((await read(user, order!.id)).exchangeStatus).toBe('WAITING_TO_BE_SENT');
      await tick(tickAt(SYMBOL, '1449000000'));
      const done = await read(user, order!.id);
      expect(done).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.1' });
      expect(done.triggeredAt).not.toBeNull();
      expect(new Decimal(done.averagePrice!).lt(1_450_000_000)).toBe(true);
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.1', held: '0', available: '0.1' });
      await expectReconciled(t.app, [user.userId]);
    });

    it('a stop buy by amount holds the amount, spends at most it once triggered and releases the rest', async () => {
      const user = await trader(t.app, { idr: '5000000' });
      const [order] = await advanced(user, 'BUY', { orderType: 'STOP', inputType: 'amount', amount: '2000000', stopPrice: '1550000000' });
      expect((await balance(t.app, cash(user.userId))).held).toBe('2000000');
      await tick(tickAt(SYMBOL, '1551000000', { step: '1', spread: '1' }));
      const done = await read(user, order!.id);
      expect(done.status).toBe('SUCCESS');
      expect(new Decimal(done.total).lte(2_000_000)).toBe(true);
      expect(await balance(t.app, cash(user.userId))).toEqual({ balance: new Decimal(5_000_000).minus(done.total).toFixed(), held: '0', available: new Decimal(5_000_000).minus(done.total).toFixed() });
      await expectReconciled(t.app, [user.userId]);
    });

    it('a stop buy by quantity holds at the stop plus the band; triggered into a book beyond the band it is rejected (3705) and released', async () => {
      const user = await trader(t.app, { idr: '20000000' });
      const [order] = await advanced(user, 'BUY', { orderType: 'STOP', inputType: 'quantity', quantity: '0.01', stopPrice: '1550000000' });
      // 0.01 × 1,550,000,000 × 1.05 = 16,275,000 + fee 16,275.
      expect((await balance(t.app, cash(user.userId))).held).toBe('16291275');
      // Asks 10 % apart: the order needs the second level, beyond the 5 % band.
      await tick(tickAt(SYMBOL, '1560000000', { quantity: '0.005', step: '156000000', spread: '1' }));
      const refused = await read(user, order!.id);
      expect(refused).toMatchObject({ status: 'FAILED', exchangeStatus: 'REJECTED_FROM_EXCHANGE', reason: '3705', filledQuantity: '0' });
      expect(await balance(t.app, cash(user.userId))).toEqual({ balance: '20000000', held: '0', available: '20000000' });
      await expectReconciled(t.app, [user.userId]);
    });

    it('a stop-limit buy rests as a limit once triggered and fills when the ask comes down to its limit', async () => {
      const user = await trader(t.app, { idr: '20000000' });
      const [order] = await advanced(user, 'BUY', { orderType: 'STOP_LIMIT', inputType: 'quantity', quantity: '0.01', stopPrice: '1510000000', limitPrice: '1512000000' });
      expect((await balance(t.app, cash(user.userId))).held).toBe(chargesForBase('BUY', '15120000', RATES).total);
      // Triggered, but the ask (1,515,000,000) is above the limit.
      await tick(tickAt(SYMBOL, '1511000000', { spread: '4000000' }));
      const resting = await read(user, order!.id);
      expect(resting).toMatchObject({ status: 'PENDING', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', filledQuantity: '0' });
      expect(resting.triggeredAt).not.toBeNull();
      expect(cryptoOf(t.app).matcher.has(order!.id)).toBe(true);
      await tick(tickAt(SYMBOL, '1511000000'));
      expect(await read(user, order!.id)).toMatchObject({ status: 'SUCCESS', filledQuantity: '0.01' });
      await expectReconciled(t.app, [user.userId]);
    });
  });

  describe('OCO', () => {
    it('a take-profit fill cancels the stop-loss in the same transaction; both legs shared one hold', async () => {
      const user = await trader(t.app, { btc: '0.3' });
      const legs = await advanced(user, 'SELL', { orderType: 'OCO', inputType: 'quantity', quantity: '0.2', takeProfit: '1600000000', stopLoss: '1400000000' });
      expect(legs.map((l) => [l.ocoLeg, l.orderType, l.limitPrice, l.stopPrice, l.exchangeStatus])).toEqual([
        ['TAKE_PROFIT', 'OCO', '1600000000', null, 'ACCEPTED_FROM_EXCHANGE'],
        ['STOP_LOSS', 'OCO', null, '1400000000', 'WAITING_TO_BE_SENT'],
      ]);
      expect(legs[0]!.ocoGroupId).toBe(legs[1]!.ocoGroupId);
      expect((await balance(t.app, spot(user.userId))).held).toBe('0.2');
      await tick(tickAt(SYMBOL, '1601000000'));
      const [tp, sl] = [await read(user, legs[0]!.id), await read(user, legs[1]!.id)];
      expect([tp.status, sl.status, sl.reason]).toEqual(['SUCCESS', 'CANCELLED', 'OCO']);
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.1', held: '0', available: '0.1' });
      await expectReconciled(t.app, [user.userId]);
    });

    it('a buy OCO holds the larger leg; the stop-loss triggering cancels the take-profit', async () => {
      const user = await trader(t.app, { idr: '50000000' });
      const legs = await advanced(user, 'BUY', { orderType: 'OCO', inputType: 'quantity', quantity: '0.01', takeProfit: '1450000000', stopLoss: '1550000000' });
      // The stop leg may pay up to 1,550,000,000 × 1.05.
      expect((await balance(t.app, cash(user.userId))).held).toBe(chargesForBase('BUY', '16275000', RATES).total);
      await tick(tickAt(SYMBOL, '1552000000'));
      const byLeg = Object.fromEntries(await Promise.all(legs.map(async (l) => [l.ocoLeg, await read(user, l.id)] as const)));
      expect([byLeg.STOP_LOSS!.status, byLeg.TAKE_PROFIT!.status, byLeg.TAKE_PROFIT!.reason]).toEqual(['SUCCESS', 'CANCELLED', 'OCO']);
      expect((await balance(t.app, cash(user.userId))).held).toBe('0');
      await expectReconciled(t.app, [user.userId]);
    });

    it('the race: one tick triggering both legs on two matchers at once fills exactly one', async () => {
      const user = await trader(t.app, { btc: '1' });
      const other = await t.sibling(TEST_ENV);
      for (let round = 0; round < 3; round++) {
        const legs = await advanced(user, 'SELL', { orderType: 'OCO', inputType: 'quantity', quantity: '0.1', takeProfit: '1600000000', stopLoss: '1400000000' });
        await cryptoOf(other).matcher.reload();
        // An inconsistent tick on purpose: the bid is above the take-profit and the last below the stop-loss.
        const both: ManualTick = { ...tickAt(SYMBOL, '1390000000'), bid: '1610000000', book: tickAt(SYMBOL, '1620000000').book! };
        await Promise.all([cryptoOf(t.app).matcher.tick([both]), cryptoOf(other).matcher.tick([both])]);
        const after = await Promise.all(legs.map((l) => read(user, l.id)));
        expect(after.map((o) => o.status).sort()).toEqual(['CANCELLED', 'SUCCESS']);
        const rows = (await t.app.database.db.execute(sql`select count(*)::int as n from fills where order_id in (${legs[0]!.id}, ${legs[1]!.id})`)).rows[0] as { n: number };
        expect(rows.n).toBe(1);
      }
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.7', held: '0', available: '0.7' });
      await expectReconciled(t.app, [user.userId]);
    });
  });

  describe('by amount, every resting type', () => {
    it('a stop sell and a stop-limit sell fix their units at the stop / limit price', async () => {
      const user = await trader(t.app, { btc: '0.01' });
      const [stop] = await advanced(user, 'SELL', { orderType: 'STOP', inputType: 'amount', amount: '1450000', stopPrice: '1450000000' });
      const [stopLimit] = await advanced(user, 'SELL', { orderType: 'STOP_LIMIT', inputType: 'amount', amount: '1440000', stopPrice: '1450000000', limitPrice: '1440000000' });
      expect([stop, stopLimit].map((o) => [o!.inputType, o!.amount, o!.quantity])).toEqual([
        ['amount', '1450000', null],
        ['amount', '1440000', null],
      ]);
      expect((await balance(t.app, spot(user.userId))).held).toBe('0.002');
      await tick(tickAt(SYMBOL, '1449000000'));
      const done = await Promise.all([stop, stopLimit].map((o) => read(user, o!.id)));
      expect(done.map((o) => [o.status, o.filledQuantity])).toEqual([
        ['SUCCESS', '0.001'],
        ['SUCCESS', '0.001'],
      ]);
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.008', held: '0', available: '0.008' });
      await expectReconciled(t.app, [user.userId]);
    });

    it('an OCO sell by amount sells the units the amount buys at the take-profit; a buy OCO by amount holds no more than the amount', async () => {
      const user = await trader(t.app, { btc: '0.01', idr: '5000000' });
      const sell = await advanced(user, 'SELL', { orderType: 'OCO', inputType: 'amount', amount: '1600000', takeProfit: '1600000000', stopLoss: '1400000000' });
      expect(sell.map((o) => [o.amount, o.quantity])).toEqual([
        ['1600000', null],
        ['1600000', null],
      ]);
      expect((await balance(t.app, spot(user.userId))).held).toBe('0.001');
      const buy = await advanced(user, 'BUY', { orderType: 'OCO', inputType: 'amount', amount: '2000000', takeProfit: '1450000000', stopLoss: '1550000000' });
      const held = new Decimal((await balance(t.app, cash(user.userId))).held);
      expect(held.lte(2_000_000) && held.gt(1_990_000)).toBe(true);
      await expectReconciled(t.app, [user.userId]);
      // The stop-loss of the sell triggers: it sells 0.001 and cancels its take-profit.
      await tick(tickAt(SYMBOL, '1399000000'));
      const after = await Promise.all([...sell, ...buy].map((o) => read(user, o.id)));
      expect(after.map((o) => `${o.side} ${o.ocoLeg} ${o.status}`)).toEqual([
        'SELL TAKE_PROFIT CANCELLED',
        'SELL STOP_LOSS SUCCESS',
        'BUY TAKE_PROFIT SUCCESS',
        'BUY STOP_LOSS CANCELLED',
      ]);
      expect(new Decimal(after[2]!.total).lte(2_000_000)).toBe(true);
      expect((await balance(t.app, cash(user.userId))).held).toBe('0');
      await expectReconciled(t.app, [user.userId]);
    });
  });

  describe('cancel in every state', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await trader(t.app, { idr: '100000000', btc: '1' });
    });
    const cancel = (id: string, who: TestUser = user) => call(t.app, who, 'POST', cryptoOrderCancelPath(id));

    it('a resting limit, an unsent stop and a partially filled limit: CANCELLED, holds released, the filled part kept', async () => {
      const [limit] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1400000000' });
      const [stop] = await advanced(user, 'SELL', { orderType: 'STOP', inputType: 'quantity', quantity: '0.1', stopPrice: '1450000000' });
      const [partial] = await advanced(user, 'SELL', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.5', limitPrice: '1510000000' });
      await tick(tickAt(SYMBOL, '1510020000', { quantity: '0.1' }));
      expect((await read(user, partial!.id)).status).toBe('PARTIALLY_FILLED');
      await expectReconciled(t.app, [user.userId]);

      expect(ordersOf(await cancel(limit!.id))).toMatchObject([{ status: 'CANCELLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', reason: 'USER' }]);
      expect(ordersOf(await cancel(stop!.id))).toMatchObject([{ status: 'CANCELLED', exchangeStatus: 'WAITING_TO_BE_SENT' }]);
      expect(ordersOf(await cancel(partial!.id))).toMatchObject([{ status: 'CANCELLED', filledQuantity: '0.2' }]);
      expect((await balance(t.app, cash(user.userId))).held).toBe('0');
      expect(await balance(t.app, spot(user.userId))).toEqual({ balance: '0.8', held: '0', available: '0.8' });
      expect([limit, stop, partial].some((o) => cryptoOf(t.app).matcher.has(o!.id))).toBe(false);
      await expectReconciled(t.app, [user.userId]);
    });

    it('an OCO leg cancels its group', async () => {
      const legs = await advanced(user, 'SELL', { orderType: 'OCO', inputType: 'quantity', quantity: '0.1', takeProfit: '1600000000', stopLoss: '1400000000' });
      const cancelled = ordersOf(await cancel(legs[1]!.id));
      expect(cancelled.map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED']);
      expect((await balance(t.app, spot(user.userId))).held).toBe('0');
    });

    it('9603 for a filled order, 9602 for a cancelled or failed one, 404 for another user’s', async () => {
      const [market] = ordersOf(await call(t.app, user, 'POST', CRYPTO_PATHS.buy, { symbol: SYMBOL, amount: '100000' }));
      const done = await cancel(market!.id);
      expect([done.statusCode, errorCodeOf(done)]).toEqual([409, '9603']);
      const [limit] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1400000000' });
      await cancel(limit!.id);
      const again = await cancel(limit!.id);
      expect([again.statusCode, errorCodeOf(again)]).toEqual([409, '9602']);
      const [stop] = await advanced(user, 'BUY', { orderType: 'STOP', inputType: 'quantity', quantity: '0.01', stopPrice: '1550000000' });
      await tick(tickAt(SYMBOL, '1560000000', { quantity: '0.001', step: '156000000', spread: '1' }));
      expect((await read(user, stop!.id)).status).toBe('FAILED');
      const failed = await cancel(stop!.id);
      expect([failed.statusCode, errorCodeOf(failed)]).toEqual([409, '9602']);
      const [mine] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1400000000' });
      const stranger = await trader(t.app);
      const foreign = await cancel(mine!.id, stranger);
      expect([foreign.statusCode, errorCodeOf(foreign)]).toEqual([404, '003']);
      expect((await read(user, mine!.id)).status).toBe('PENDING');
      await cancel(mine!.id);
      await expectReconciled(t.app, [user.userId]);
    });
  });

  describe('amend in every state', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await trader(t.app, { idr: '50000000', btc: '1' });
    });
    const amend = (id: string, body: Record<string, string>) => call(t.app, user, 'PATCH', cryptoOrderPath(id), body);

    it('a resting limit: price and size change, the hold follows (up and down); beyond the balance 1115 and nothing changes', async () => {
      const [order] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1400000000' });
      expect((await balance(t.app, cash(user.userId))).held).toBe('14014000');
      const [amended] = ordersOf(await amend(order!.id, { limitPrice: '1300000000', quantity: '0.02' }));
      expect(amended).toMatchObject({ status: 'PENDING', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', limitPrice: '1300000000', quantity: '0.02' });
      expect((await balance(t.app, cash(user.userId))).held).toBe('26026000');
      const tooMuch = await amend(order!.id, { quantity: '1' });
      expect([tooMuch.statusCode, errorCodeOf(tooMuch)]).toEqual([400, '1115']);
      expect(await read(user, order!.id)).toMatchObject({ quantity: '0.02', limitPrice: '1300000000' });
      expect((await balance(t.app, cash(user.userId))).held).toBe('26026000');
      await amend(order!.id, { quantity: '0.005' });
      expect((await balance(t.app, cash(user.userId))).held).toBe('6506500');
      await expectReconciled(t.app, [user.userId]);
      // The index follows the new price.
      await tick(tickAt(SYMBOL, '1350000000'));
      expect((await read(user, order!.id)).status).toBe('PENDING');
      await tick(tickAt(SYMBOL, '1299000000'));
      expect((await read(user, order!.id)).status).toBe('SUCCESS');
    });

    it('an unsent stop is amended in place; fields the type does not use are 002; a filled order 9605', async () => {
      const [stop] = await advanced(user, 'SELL', { orderType: 'STOP', inputType: 'quantity', quantity: '0.1', stopPrice: '1450000000' });
      const [moved] = ordersOf(await amend(stop!.id, { stopPrice: '1440000000', quantity: '0.2' }));
      expect(moved).toMatchObject({ exchangeStatus: 'WAITING_TO_BE_SENT', stopPrice: '1440000000', quantity: '0.2' });
      expect((await balance(t.app, spot(user.userId))).held).toBe('0.2');
      const wrongField = await amend(stop!.id, { limitPrice: '1400000000' });
      expect([wrongField.statusCode, errorCodeOf(wrongField)]).toEqual([400, '002']);
      const wrongSide = await amend(stop!.id, { stopPrice: '1510000000' });
      expect([wrongSide.statusCode, errorCodeOf(wrongSide)]).toEqual([400, '9601']);
      await tick(tickAt(SYMBOL, '1439000000'));
      expect((await read(user, stop!.id)).status).toBe('SUCCESS');
      const late = await amend(stop!.id, { stopPrice: '1430000000' });
      expect([late.statusCode, errorCodeOf(late)]).toEqual([409, '9605']);
      await expectReconciled(t.app, [user.userId]);
    });

    it('a partially filled limit keeps its fills; the new size must exceed them', async () => {
      const [order] = await advanced(user, 'SELL', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.3', limitPrice: '1510000000' });
      await tick(tickAt(SYMBOL, '1510020000', { quantity: '0.1' }));
      expect(await read(user, order!.id)).toMatchObject({ status: 'PARTIALLY_FILLED', filledQuantity: '0.2' });
      const below = await amend(order!.id, { quantity: '0.2' });
      expect([below.statusCode, errorCodeOf(below)]).toEqual([400, '002']);
      const [amended] = ordersOf(await amend(order!.id, { quantity: '0.25' }));
      expect(amended).toMatchObject({ status: 'PARTIALLY_FILLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', filledQuantity: '0.2', quantity: '0.25' });
      expect((await balance(t.app, spot(user.userId))).held).toBe('0.05');
      await expectReconciled(t.app, [user.userId]);
      await call(t.app, user, 'POST', cryptoOrderCancelPath(order!.id));
    });

    it('a triggered stop-limit rests as a limit: its limit can move, its stop no more; cancelled and failed orders 9605', async () => {
      const [order] = await advanced(user, 'BUY', { orderType: 'STOP_LIMIT', inputType: 'quantity', quantity: '0.01', stopPrice: '1510000000', limitPrice: '1512000000' });
      await tick(tickAt(SYMBOL, '1511000000', { spread: '4000000' }));
      expect(await read(user, order!.id)).toMatchObject({ exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', filledQuantity: '0' });
      const stopMove = await amend(order!.id, { stopPrice: '1520000000' });
      expect([stopMove.statusCode, errorCodeOf(stopMove)]).toEqual([400, '002']);
      const [moved] = ordersOf(await amend(order!.id, { limitPrice: '1505000000' }));
      expect(moved).toMatchObject({ status: 'PENDING', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', limitPrice: '1505000000', stopPrice: '1510000000' });
      expect((await balance(t.app, cash(user.userId))).held).toBe(chargesForBase('BUY', '15050000', RATES).total);
      await call(t.app, user, 'POST', cryptoOrderCancelPath(order!.id));
      const cancelled = await amend(order!.id, { limitPrice: '1500000000' });
      expect([cancelled.statusCode, errorCodeOf(cancelled)]).toEqual([409, '9605']);
      const [doomed] = await advanced(user, 'BUY', { orderType: 'STOP', inputType: 'quantity', quantity: '0.001', stopPrice: '1550000000' });
      await tick(tickAt(SYMBOL, '1560000000', { quantity: '0.0001', step: '156000000', spread: '1' }));
      expect((await read(user, doomed!.id)).status).toBe('FAILED');
      const failed = await amend(doomed!.id, { stopPrice: '1560000000' });
      expect([failed.statusCode, errorCodeOf(failed)]).toEqual([409, '9605']);
      await expectReconciled(t.app, [user.userId]);
    });

    it('an OCO: the take-profit price moves on its leg, the size on both; the shared hold follows', async () => {
      const legs = await advanced(user, 'SELL', { orderType: 'OCO', inputType: 'quantity', quantity: '0.1', takeProfit: '1600000000', stopLoss: '1400000000' });
      const tp = legs.find((l) => l.ocoLeg === 'TAKE_PROFIT')!;
      const amended = ordersOf(await amend(tp.id, { limitPrice: '1650000000', quantity: '0.15' }));
      expect(amended.map((o) => [o.ocoLeg, o.limitPrice, o.stopPrice, o.quantity]).sort()).toEqual([
        ['STOP_LOSS', null, '1400000000', '0.15'],
        ['TAKE_PROFIT', '1650000000', null, '0.15'],
      ]);
      expect((await balance(t.app, spot(user.userId))).held).toBe('0.15');
      await expectReconciled(t.app, [user.userId]);
      await call(t.app, user, 'POST', cryptoOrderCancelPath(tp.id));
      expect((await balance(t.app, spot(user.userId))).held).toBe('0');
    });
  });

  it('publishes every change of an order and the balances it moved on the user’s private topics', async () => {
    const user = await trader(t.app, { idr: '20000000' });
    const seen: { topic: string; message: unknown }[] = [];
    const subs = await Promise.all(
      (['orders', 'balances'] as const).map((kind) => t.app.pubsub.subscribe(topics.user(user.userId, kind), (message, topic) => seen.push({ topic, message }))),
    );
    try {
      const [order] = await advanced(user, 'BUY', { orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', limitPrice: '1490000000' });
      await tick(tickAt(SYMBOL, '1485000000'));
      await new Promise((resolve) => setImmediate(resolve));
      const orders = seen.filter((s) => s.topic.endsWith('.orders')).map((s) => s.message as { type: string; order: CryptoOrder });
      expect(orders.map((m) => [m.type, m.order.id, m.order.status])).toEqual([
        ['order', order!.id, 'PENDING'],
        ['order', order!.id, 'SUCCESS'],
      ]);
      const balances = seen.filter((s) => s.topic.endsWith('.balances')).map((s) => s.message);
      expect(balances).toEqual([
        { type: 'balances', currencies: ['IDR'] },
        { type: 'balances', currencies: ['BTC', 'IDR'] },
      ]);
    } finally {
      for (const unsubscribe of subs) await unsubscribe();
    }
  });
});

