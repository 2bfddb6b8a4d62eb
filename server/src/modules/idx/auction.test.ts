// IDX call auctions uncrossed by the engine (decision 0018), through the real routes and the one
// matcher (PGlite): orders collected in the pre-opening (and the pre-closing) fill at the one
// auction price once the market clock passes the auction's end, in price-time priority with the
// marginal order filled in part, each fill through the normal fill path (fees, tax, T+2 rows);
// a second run, here or on a second instance, changes nothing. Books and answers worked by hand.
import { IDX_PATHS, Order } from '@pasar/shared/contract';
import type { OrderBook } from '@pasar/shared/contract';
import type { TestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { secondInstance } from '../../testing/second-instance';
import { idxRepoOf } from './repo';
import { call, dataOf, expectReconciled, idr, idxTrader, orderTypes, ordersOf, setClock, shares, stockIdOf, TEST_ENV, unsettled, wib } from './test-support';

let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let bbca: number;
/** BBCA's previous close and its tick. */
let P: number;
let T: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ...TEST_ENV } });
  bbca = stockIdOf(t.app, 'BBCA');
  // Monday 30 Nov 2026, 08:50 Jakarta: the pre-opening auction collects orders.
  await setClock(t.app, wib('2026-11-30', '08:50:00'));
  buyer = await idxTrader(t.app, { idr: '100000000' });
  seller = await idxTrader(t.app, { idr: '1000000', shares: { BBCA: '1000' } });
  const types = await orderTypes(t.app, buyer, bbca);
  expect(types.session.session).toBe('PRE_OPENING');
  P = Number(types.band.previousClose);
  T = Number(types.tickSize);
}, 120_000);
afterAll(async () => t.close());

const level = (price: number, quantity: number) => ({ price: String(price), quantity: String(quantity), cumulativePercent: '0' });
const tickWith = (book: Pick<OrderBook, 'bids' | 'asks'>) => [{ symbol: 'BBCA', last: String(P), bid: book.bids[0]!.price, ask: book.asks[0]!.price, book }];
const limit = async (user: TestUser, side: 'BUY' | 'SELL', price: number, quantity: number, timeInForce = 'GOOD_TILL_CANCEL') => {
  const [order] = ordersOf(await call(t.app, user, 'POST', side === 'BUY' ? IDX_PATHS.buy : IDX_PATHS.sell, { stockId: bbca, quantity: String(quantity), unitPrice: String(price), orderType: 'LIMIT', timeInForce }));
  expect(order).toMatchObject({ status: 'PENDING', filledQuantity: '0' });
  return order!.id;
};
const orderOf = async (user: TestUser, id: string) => dataOf(Order, await call(t.app, user, 'GET', `${IDX_PATHS.orders}/${id}`));
const buyFee = (base: number) => Math.ceil(base * 0.0015);
const sellCharges = (base: number) => ({ fee: Math.ceil(base * 0.0015), tax: Math.ceil(base * 0.001) });

describe('IDX call auction uncross', () => {
  it('fills the pre-opening orders at the one price of maximum volume once the clock passes 09:00, once', async () => {
    // The standing book: a bid at P−T and an ask at P+2T, 1,000 shares each.
    const book = { bids: [level(P - T, 1000)], asks: [level(P + 2 * T, 1000)] };
    const a = await limit(buyer, 'BUY', P + T, 300);
    const b = await limit(seller, 'SELL', P - T, 200);
    const c = await limit(buyer, 'BUY', P, 200);
    const d = await limit(seller, 'SELL', P, 400);

    // Still collecting: the matcher changes nothing.
    await t.app.trading.matcher.tick(tickWith(book));
    expect((await orderOf(buyer, a)).filledQuantity).toBe('0');

    // By hand, matched volume min(buys ≥ p, sells ≤ p):
    //   P−T: min(300+200+1000, 200) = 200;  P: min(300+200, 200+400) = 500;
    //   P+T: min(300, 600) = 300;  P+2T: min(0, 1600) = 0.  → price P, 500 shares.
    // Buys by price then time: A 300, C 200 (both whole). Sells: B (P−T) 200, then D 300 of 400.
    const cashBefore = await idr(t.app, buyer.userId);
    await setClock(t.app, wib('2026-11-30', '09:00:30'));
    await t.app.trading.matcher.tick(tickWith(book));

    const base = (q: number) => q * P;
    expect(await orderOf(buyer, a)).toMatchObject({ status: 'SUCCESS', filledQuantity: '300', averagePrice: String(P), fee: String(buyFee(base(300))), total: String(base(300) + buyFee(base(300))) });
    expect(await orderOf(buyer, c)).toMatchObject({ status: 'SUCCESS', filledQuantity: '200', averagePrice: String(P), total: String(base(200) + buyFee(base(200))) });
    const bCharges = sellCharges(base(200));
    expect(await orderOf(seller, b)).toMatchObject({ status: 'SUCCESS', filledQuantity: '200', averagePrice: String(P), fee: String(bCharges.fee), tax: String(bCharges.tax), total: String(base(200) - bCharges.fee - bCharges.tax) });
    const dCharges = sellCharges(base(300));
    expect(await orderOf(seller, d)).toMatchObject({ status: 'PARTIALLY_FILLED', filledQuantity: '300', averagePrice: String(P), total: String(base(300) - dCharges.fee - dCharges.tax) });

    // The ledger: the buyer paid exactly the two fills (the unused part of A's hold, bid at P+T, returned).
    const paid = base(300) + buyFee(base(300)) + base(200) + buyFee(base(200));
    expect((await idr(t.app, buyer.userId)).balance).toBe(String(Number(cashBefore.balance) - paid));
    expect(await shares(t.app, buyer.userId, 'BBCA')).toEqual({ balance: '500', available: '500' });
    // The seller delivered 500 shares (100 more held by D's rest); the proceeds wait for T+2.
    expect(await shares(t.app, seller.userId, 'BBCA')).toEqual({ balance: '500', available: '400' });
    const proceeds = base(200) - bCharges.fee - bCharges.tax + base(300) - dCharges.fee - dCharges.tax;
    expect((await unsettled(t.app, seller.userId)).balance).toBe(String(proceeds));
    const due = await idxRepoOf(t.app.database.db).unsettledOf(seller.userId);
    expect(due.map((r) => [r.tradeDate, r.settlementDate])).toEqual([
      ['2026-11-30', '2026-12-02'],
      ['2026-11-30', '2026-12-02'],
    ]);

    // A second run (this instance, then another) changes nothing: the auction is claimed once.
    const after = [await orderOf(seller, d), await idr(t.app, buyer.userId), await unsettled(t.app, seller.userId)];
    await t.app.trading.matcher.tick(tickWith(book));
    const other = await secondInstance(t, { ...TEST_ENV });
    try {
      await other.app.market.clock.set(wib('2026-11-30', '09:00:40'), { frozen: true });
      await other.app.trading.matcher.tick(tickWith(book));
    } finally {
      await other.close();
    }
    expect([await orderOf(seller, d), await idr(t.app, buyer.userId), await unsettled(t.app, seller.userId)]).toEqual(after);
    await expectReconciled(t.app, [buyer.userId, seller.userId]);

    // D's rest (100 at P) is an ordinary resting order now; cancel it to leave the book clean.
    await call(t.app, seller, 'PUT', `${IDX_PATHS.orders}/${d}/cancel`, { stockId: bbca });
  });

  it('fills the pre-closing orders at 16:00, a day order included, on its own trade date', async () => {
    await setClock(t.app, wib('2026-11-30', '15:55:00'));
    expect((await orderTypes(t.app, buyer, bbca)).session.session).toBe('PRE_CLOSING');
    const book = { bids: [level(P - T, 500)], asks: [level(P + T, 500)] };
    const e = await limit(buyer, 'BUY', P + T, 200, 'GOOD_TILL_MARKET_CLOSE');
    const f = await limit(seller, 'SELL', P, 100);
    // By hand: P−T: min(200+500, 0) = 0;  P: min(200, 100) = 100;  P+T: min(200, 100+500) = 200.
    // → price P+T, 200 shares: E whole; F (better priced, P) first of the sells, whole; the book's ask the rest.
    await setClock(t.app, wib('2026-11-30', '16:00:30'));
    await t.app.trading.matcher.tick(tickWith(book));
    const price = P + T;
    expect(await orderOf(buyer, e)).toMatchObject({ status: 'SUCCESS', filledQuantity: '200', averagePrice: String(price), total: String(200 * price + buyFee(200 * price)) });
    const charges = sellCharges(100 * price);
    expect(await orderOf(seller, f)).toMatchObject({ status: 'SUCCESS', filledQuantity: '100', averagePrice: String(price), total: String(100 * price - charges.fee - charges.tax) });
    const due = await idxRepoOf(t.app.database.db).unsettledOf(seller.userId);
    expect(due.filter((r) => r.amount === String(100 * price - charges.fee - charges.tax)).map((r) => [r.tradeDate, r.settlementDate])).toEqual([['2026-11-30', '2026-12-02']]);
    await t.app.trading.matcher.tick(tickWith(book));
    expect((await orderOf(buyer, e)).filledQuantity).toBe('200');
    await expectReconciled(t.app, [buyer.userId, seller.userId]);
  });

  it('does nothing when the collected orders do not cross, and leaves them resting', async () => {
    await setClock(t.app, wib('2026-12-01', '08:50:00'));
    const book = { bids: [level(P - 2 * T, 500)], asks: [level(P + 2 * T, 500)] };
    const g = await limit(buyer, 'BUY', P - T, 100);
    const h = await limit(seller, 'SELL', P + T, 100);
    await setClock(t.app, wib('2026-12-01', '09:00:30'));
    await t.app.trading.matcher.tick(tickWith(book));
    expect(await orderOf(buyer, g)).toMatchObject({ status: 'PENDING', filledQuantity: '0' });
    expect(await orderOf(seller, h)).toMatchObject({ status: 'PENDING', filledQuantity: '0' });
    await expectReconciled(t.app, [buyer.userId, seller.userId]);
  });
});
