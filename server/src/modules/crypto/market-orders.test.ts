// Market orders (simple and pro mode): they fill at once against the market's book, through one
// ledger transfer each, with the fee math of §9; the estimate gives the same numbers; a retried
// request places once; refusals carry the catalogue's codes and change nothing.
import { randomUUID } from 'node:crypto';
import { CRYPTO_PATHS, CryptoEstimate, CryptoOrderTypesResponse, MARKET_PATHS, cryptoOrderPath } from '@pasar/shared/contract';
import { chargesForBase } from '@pasar/shared/trading';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { verifiedUser } from '../fx-wallet/test-support';
import { createOrdersRepo } from '../../trading';
import { cryptoOf } from './index';
import {
  SETUP_TIMEOUT_MS,
  TEST_ENV,
  balance,
  call,
  cash,
  dataOf,
  errorCodeOf,
  expectReconciled,
  orderOf,
  ordersOf,
  spot,
  trader,
} from './test-support';

const RATES = { feeRate: '0.001', buyTaxRate: '0', sellTaxRate: '0.0021' };

describe('crypto market orders', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    alice = await trader(t.app, { idr: '100000000' });
    t.app.market.steer('BTC-IDR', { price: '1500000000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    t.app.market.clearSteer('BTC-IDR');
    await t.close();
  });

  const fillsOf = async (orderId: string) =>
    (await t.app.database.db.execute(sql`select quantity, price, amount, fee, tax, total, transfer_id from fills where order_id = ${orderId}`)).rows as {
      quantity: string;
      price: string;
      amount: string;
      fee: string;
      tax: string;
      total: string;
      transfer_id: string;
    }[];

  it('buys by amount in simple mode: one fill, one transfer, the fee math of §9, never above the amount', async () => {
    const before = await balance(t.app, cash(alice.userId));
    const estimate = dataOf(
      CryptoEstimate,
      await call(t.app, alice, 'POST', CRYPTO_PATHS.estimate, { symbol: 'BTC-IDR', side: 'BUY', orderType: 'MARKET', inputType: 'amount', amount: '1000000' }),
    );
    const [order] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' }));
    expect(order).toMatchObject({ symbol: 'BTC-IDR', side: 'BUY', orderType: 'MARKET', source: 'INSTANT', inputType: 'amount', amount: '1000000', quantity: null, status: 'SUCCESS', exchangeStatus: 'SUCCESS' });
    // The book did not move (steered): the estimate is what executed.
    expect({ quantity: order!.filledQuantity, fee: order!.fee, tax: order!.tax, total: order!.total }).toEqual({
      quantity: estimate.quantity,
      fee: estimate.fee,
      tax: estimate.tax,
      total: estimate.estimatedTotalAmount,
    });
    expect(new Decimal(order!.total).lte(1_000_000)).toBe(true);
    const charges = chargesForBase('BUY', order!.filledAmount, RATES);
    expect(order!.total).toBe(charges.total);
    const fills = await fillsOf(order!.id);
    expect(fills).toHaveLength(1);
    expect(new Decimal(fills[0]!.total).toFixed()).toBe(order!.total);
    expect(new Decimal(fills[0]!.amount).toFixed()).toBe(charges.base);
    const transfer = await t.app.ledger.transferByKey(`crypto-fill:${order!.id}:1`);
    expect(transfer?.id).toBe(fills[0]!.transfer_id);
    expect((await balance(t.app, cash(alice.userId))).balance).toBe(new Decimal(before.balance).minus(order!.total).toFixed());
    expect((await balance(t.app, spot(alice.userId))).balance).toBe(order!.filledQuantity);
    await expectReconciled(t.app, [alice.userId]);
  });

  it('a market order that filled at once is stored with its fill by one statement, which answers the rows as a read gives them back', async () => {
    const [order] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' }));
    const stored = await createOrdersRepo(t.app.database.db).byId(order!.id);
    expect(stored).toMatchObject({ status: 'SUCCESS', isOpen: false, fillCount: 1, filledQuantity: order!.filledQuantity });
    const [fill] = await createOrdersRepo(t.app.database.db).fillsOf(order!.id);
    expect(fill).toMatchObject({ orderId: order!.id, userId: alice.userId, quantity: order!.filledQuantity, total: stored!.total });
    expect(fill!.transferId).toBe((await t.app.ledger.transferByKey(`crypto-fill:${order!.id}:1`))?.id);

    // The statement's answer, mapped, against the rows read back (in a transaction rolled back after):
    // every column, trailing zeros of a decimal and a time's milliseconds kept.
    const rollback = new Error('rollback');
    await expect(
      t.app.database.db.transaction(async (tx) => {
        const repo = createOrdersRepo(tx);
        const { version: _v, createdAt: _c, updatedAt: _u, ...columns } = stored!;
        const copy = { ...columns, id: randomUUID(), requestId: randomUUID(), expiresAt: new Date('2027-01-02T03:04:05.678Z'), filledAmount: '998999.50' };
        const answered = await repo.insertFilled(copy, { quantity: '0.00066600', price: '1500000000', amount: '999000', fee: '1000', tax: '0', total: '1000000', transferId: randomUUID() });
        expect(answered.order).toMatchObject(copy);
        expect(answered.order).toEqual(await repo.byId(copy.id));
        expect([answered.fill]).toEqual(await repo.fillsOf(copy.id));
        expect(answered.fill).toMatchObject({ orderId: copy.id, market: 'CRYPTO', quantity: '0.00066600', symbol: 'BTC-IDR', side: 'BUY' });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('sells by quantity and by amount; the sale pays the 0.21 % tax and the fee out of the proceeds', async () => {
    const held = (await balance(t.app, spot(alice.userId))).balance;
    const [byQuantity] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: '0.0001' }));
    expect(byQuantity).toMatchObject({ side: 'SELL', status: 'SUCCESS', filledQuantity: '0.0001', inputType: 'quantity' });
    const charges = chargesForBase('SELL', byQuantity!.filledAmount, RATES);
    expect({ fee: byQuantity!.fee, tax: byQuantity!.tax, total: byQuantity!.total }).toEqual({ fee: charges.fee, tax: charges.tax, total: charges.total });
    expect(new Decimal(byQuantity!.tax).gt(0)).toBe(true);
    const [byAmount] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', amount: '100000' }));
    expect(byAmount).toMatchObject({ inputType: 'amount', status: 'SUCCESS' });
    expect(new Decimal(byAmount!.filledAmount).lte(100_000)).toBe(true);
    expect((await balance(t.app, spot(alice.userId))).balance).toBe(new Decimal(held).minus(byQuantity!.filledQuantity).minus(byAmount!.filledQuantity).toFixed());
    await expectReconciled(t.app, [alice.userId]);
  });

  it('places pro-mode market orders by quantity, walking the book: a large order pays slippage', async () => {
    const book = t.app.market.orderBook('BTC-IDR');
    const bestAsk = new Decimal(book.asks[0]!.price);
    // The first three levels' quantities: far more than the best level holds, so the walk goes
    // deeper, and far less than the whole book. The quantities drift every few seconds (the prices
    // stay pinned): half the book's depth, read before the order, was now and then more than the
    // book held when the order came on a loaded machine (3705).
    const quantity = book.asks
      .slice(0, 3)
      .reduce((sum, level) => sum.plus(level.quantity), new Decimal(0))
      .toDecimalPlaces(8, Decimal.ROUND_DOWN)
      .toFixed();
    // Twice what it could cost at the book's highest ask: a drift of the depth between this read and
    // the order cannot leave the whale short (a fixed 10 billion was, now and then: 1115).
    const highestAsk = new Decimal(book.asks[book.asks.length - 1]!.price);
    const whale = await trader(t.app, { idr: highestAsk.times(quantity).times(2).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed() });
    const estimate = dataOf(
      CryptoEstimate,
      await call(t.app, whale, 'POST', CRYPTO_PATHS.estimate, { symbol: 'BTC-IDR', side: 'BUY', orderType: 'MARKET', inputType: 'quantity', quantity }),
    );
    expect(new Decimal(estimate.worstPrice!).gt(bestAsk)).toBe(true);
    const [order] = ordersOf(await call(t.app, whale, 'POST', CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity }));
    expect(order).toMatchObject({ source: 'ADVANCED', status: 'SUCCESS', filledQuantity: quantity, quantity, amount: null });
    // Average above the best ask, at most the worst level reached.
    expect(new Decimal(order!.averagePrice!).gt(bestAsk)).toBe(true);
    expect(new Decimal(order!.averagePrice!).lt(book.asks[9]!.price)).toBe(true);
    expect(order!.total).toBe(chargesForBase('BUY', order!.filledAmount, RATES).total);
    await expectReconciled(t.app, [whale.userId]);
  });

  it('places a retried request once: the same x-request-id answers the same order', async () => {
    const first = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'retry-buy-1');
    const again = await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 'retry-buy-1');
    expect(ordersOf(again)[0]!.id).toBe(ordersOf(first)[0]!.id);
    // Even past the HTTP layer's stored answer (as after a crash before it was stored), the service answers the first order.
    const direct = await cryptoOf(t.app).service.place(alice.userId, 'retry-buy-1', { source: 'INSTANT', side: 'BUY', symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'amount', amount: '50000', timeInForce: 'GOOD_TILL_CANCEL' }, 'en');
    expect(direct.orders.map((o) => o.id)).toEqual([ordersOf(first)[0]!.id]);
    const count = await t.app.database.db.execute(sql`select count(*)::int as n from orders where user_id = ${alice.userId} and request_id = 'retry-buy-1'`);
    expect((count.rows[0] as { n: number }).n).toBe(1);
    // Whatever this attempt would meet (a refusal before the order, the ledger refusing it, or a
    // fill rolled back by the order's unique row), the answer is the first order and no money moves.
    const cashBefore = await balance(t.app, cash(alice.userId));
    const spotBefore = await balance(t.app, spot(alice.userId));
    const retry = (body: Record<string, string>) =>
      cryptoOf(t.app).service.place(alice.userId, 'retry-buy-1', { source: 'INSTANT', side: 'BUY', symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'amount', timeInForce: 'GOOD_TILL_CANCEL', ...body }, 'en');
    const beyond = new Decimal(cashBefore.balance).plus(10_000_000).toFixed(0);
    const bodies: Record<string, string>[] = [{ amount: '1' }, { symbol: 'NOPE-IDR', amount: '50000' }, { amount: beyond }, { amount: '70000' }];
    for (const body of bodies) {
      expect((await retry(body)).orders.map((o) => o.id)).toEqual([ordersOf(first)[0]!.id]);
    }
    expect(await balance(t.app, cash(alice.userId))).toEqual(cashBefore);
    expect(await balance(t.app, spot(alice.userId))).toEqual(spotBefore);
    // Without an earlier order the same refusals stand.
    await expect(cryptoOf(t.app).service.place(alice.userId, 'retry-buy-new', { source: 'INSTANT', side: 'BUY', symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'amount', amount: beyond, timeInForce: 'GOOD_TILL_CANCEL' }, 'en')).rejects.toMatchObject({ code: '1115' });
  });

  it('reads one order (404 for another user) and lists history newest first', async () => {
    const [order] = ordersOf(await call(t.app, alice, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '20000' }));
    expect(orderOf(await call(t.app, alice, 'GET', cryptoOrderPath(order!.id))).id).toBe(order!.id);
    const bob = await trader(t.app);
    const foreign = await call(t.app, bob, 'GET', cryptoOrderPath(order!.id));
    expect([foreign.statusCode, errorCodeOf(foreign)]).toEqual([404, '003']);
    expect((await call(t.app, alice, 'GET', cryptoOrderPath('not-an-id'))).statusCode).toBe(404);
    const history = (await call(t.app, alice, 'GET', `${CRYPTO_PATHS.orders}?scope=history&size=2`)).json() as { data: { items: { id: string }[]; hasMore: boolean } };
    expect(history.data.items[0]!.id).toBe(order!.id);
    expect(history.data.hasMore).toBe(true);
    const open = (await call(t.app, alice, 'GET', `${CRYPTO_PATHS.orders}?scope=open`)).json() as { data: { items: unknown[] } };
    expect(open.data.items).toEqual([]);
  });

  it('answers the order types with the flags, precisions and rates', async () => {
    const types = dataOf(CryptoOrderTypesResponse, await call(t.app, alice, 'GET', `${CRYPTO_PATHS.orderTypes}?symbol=BTC-IDR`));
    expect(types).toMatchObject({
      symbol: 'BTC-IDR',
      instant: { enableBuy: true, enableSell: true },
      advanced: { enableBuy: true, enableSell: true, orderTypes: ['LIMIT', 'MARKET', 'STOP', 'STOP_LIMIT', 'OCO'] },
      disabledReason: null,
      quantityStep: '0.00000001',
      amountPrecision: 0,
      minAmount: '10000',
      feeRatePercent: '0.1',
      buyTaxRatePercent: '0',
      sellTaxRatePercent: '0.21',
    });
    // TON-IDR has no pro mode: its pro flags are off.
    const ton = dataOf(CryptoOrderTypesResponse, await call(t.app, alice, 'GET', `${CRYPTO_PATHS.orderTypes}?symbol=TON-IDR`));
    expect(ton.advanced).toMatchObject({ enableBuy: false, enableSell: false });
  });

  describe('refusals (nothing changes)', () => {
    const expectRefused = async (user: TestUser, url: string, payload: unknown, status: number, code: string) => {
      const before = await t.app.ledger.userBalances(user.userId);
      const count = async () => ((await t.app.database.db.execute(sql`select count(*)::int as n from orders where user_id = ${user.userId}`)).rows[0] as { n: number }).n;
      const orders = await count();
      const response = await call(t.app, user, 'POST', url, payload);
      expect([response.statusCode, errorCodeOf(response)]).toEqual([status, code]);
      expect(await t.app.ledger.userBalances(user.userId)).toEqual(before);
      expect(await count()).toBe(orders);
      return response;
    };

    it('018 before the terms, 007 before identity verification, in that order', async () => {
      const fresh = await signUpTestUser(t.app);
      await expectRefused(fresh, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 403, '018');
      const verifiedNoTerms = await verifiedUser(t.app, 'kyc');
      await expectRefused(verifiedNoTerms, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 403, '018');
      await call(t.app, fresh, 'POST', '/api/user/bappebti-tnc');
      await expectRefused(fresh, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 403, '007');
    });

    it('1115 for IDR and 9504 for crypto beyond the balance', async () => {
      const poor = await trader(t.app, { idr: '30000' });
      await expectRefused(poor, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' }, 400, '1115');
      await expectRefused(poor, CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: '0.001' }, 400, '9504');
      await expectRefused(poor, CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1400000000' }, 400, '1115');
      await expectRefused(poor, CRYPTO_PATHS.advancedSell, { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1600000000' }, 400, '9504');
    });

    it('002 with field details for bad sizes and prices; 3704 below the minimum', async () => {
      const details = async (payload: unknown, url: string = CRYPTO_PATHS.advancedBuy) =>
        [...new Set(((await expectRefused(alice, url, payload, 400, '002')).json() as { details: { path: string }[] }).details.map((d) => d.path))];
      expect(await details({ symbol: 'BTC-IDR', amount: 'abc' }, CRYPTO_PATHS.buy)).toEqual(['amount']);
      expect(await details({ symbol: 'BTC-IDR', amount: '50000.5' }, CRYPTO_PATHS.buy)).toEqual(['amount']);
      expect(await details({ symbol: 'BTC-IDR', quantity: '0.001' }, CRYPTO_PATHS.buy)).toEqual(['quantity']);
      expect(await details({ symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '0.000000001' })).toEqual(['quantity']);
      expect(await details({ symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '0.001', amount: '50000' })).toEqual(['amount']);
      expect(await details({ symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001' })).toEqual(['limitPrice']);
      expect(await details({ symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1400000000.5' })).toEqual(['limitPrice']);
      expect(await details({ symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '1400000000', stopPrice: '1' })).toEqual(['stopPrice']);
      await expectRefused(alice, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '5000' }, 400, '3704');
      await expectRefused(alice, CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '0.000001' }, 400, '3704');
    });

    it('9600 / 9601 for limit and stop prices out of range or on the wrong side', async () => {
      await expectRefused(alice, CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'LIMIT', inputType: 'quantity', quantity: '0.001', limitPrice: '500000000' }, 400, '9600');
      await expectRefused(alice, CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'STOP', inputType: 'quantity', quantity: '0.001', stopPrice: '1400000000' }, 400, '9601');
      await expectRefused(alice, CRYPTO_PATHS.advancedSell, { symbol: 'BTC-IDR', orderType: 'STOP', inputType: 'quantity', quantity: '0.001', stopPrice: '1600000000' }, 400, '9601');
      await expectRefused(alice, CRYPTO_PATHS.advancedSell, { symbol: 'BTC-IDR', orderType: 'OCO', inputType: 'quantity', quantity: '0.001', takeProfit: '1400000000', stopLoss: '1300000000' }, 400, '9600');
      await expectRefused(alice, CRYPTO_PATHS.advancedSell, { symbol: 'BTC-IDR', orderType: 'OCO', inputType: 'quantity', quantity: '0.001', takeProfit: '1600000000', stopLoss: '1550000000' }, 400, '9601');
    });

    it('3705 when the book cannot fill a market order within the band', async () => {
      const whale = await trader(t.app, { idr: '900000000000' });
      await expectRefused(whale, CRYPTO_PATHS.advancedBuy, { symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '500' }, 400, '3705');
    });

    it('3701 on a halted symbol, 3702 / 3703 when the pro flags are off, 003 for an unknown symbol', async () => {
      const admin = { 'x-admin-token': t.app.adminToken };
      const halted = await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminHalt, payload: { symbol: 'ETH-IDR' }, headers: admin });
      expect(halted.statusCode).toBe(200);
      try {
        await expectRefused(alice, CRYPTO_PATHS.buy, { symbol: 'ETH-IDR', amount: '50000' }, 403, '3701');
      } finally {
        await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminResume, payload: { symbol: 'ETH-IDR' }, headers: admin });
      }
      await expectRefused(alice, CRYPTO_PATHS.advancedBuy, { symbol: 'TON-IDR', orderType: 'MARKET', inputType: 'amount', amount: '50000' }, 403, '3702');
      await expectRefused(alice, CRYPTO_PATHS.advancedSell, { symbol: 'TON-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '1' }, 403, '3703');
      await expectRefused(alice, CRYPTO_PATHS.buy, { symbol: 'NOPE-IDR', amount: '50000' }, 404, '003');
      await expectRefused(alice, CRYPTO_PATHS.buy, { symbol: 'AAPL', amount: '50000' }, 404, '003');
    });
  });
});

describe('crypto orders switched off', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('1162 for every new order while CRYPTO_ORDERS_ENABLED is false (after the terms and identity checks)', async () => {
    t = await createTestApp({ env: { ...TEST_ENV, CRYPTO_ORDERS_ENABLED: 'false' } });
    const user = await trader(t.app, { idr: '1000000' });
    const response = await call(t.app, user, 'POST', CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '50000' });
    expect([response.statusCode, errorCodeOf(response)]).toEqual([403, '1162']);
    const types = dataOf(CryptoOrderTypesResponse, await call(t.app, user, 'GET', `${CRYPTO_PATHS.orderTypes}?symbol=BTC-IDR`));
    expect(types.instant).toEqual({ enableBuy: false, enableSell: false });
    expect(types.disabledReason).toBe('Order kripto sedang dinonaktifkan');
  }, SETUP_TIMEOUT_MS);
});
