// Unsettled IDX sale proceeds buy other stocks before they settle, but are never withdrawable
// (decision 0019): a buy reserves cash first and the rest from IDX_UNSETTLED (a second hold; a
// market buy filled at once pays in the same order);
// cancel returns each part to where it came from; a fill takes both; amend re-holds; the T+2
// settlement of proceeds a buy reserves moves that reservation to cash in the same transaction.
// Exact figures throughout; the ledger audit stays clean (PGlite, the real routes).
import { randomInt } from 'node:crypto';
import { ACCOUNT_PATHS, BankAccount, CashoutList, IDX_PATHS, IdxSettlementRunResponse, IdxWalletResponse, Order, WALLET_PATHS } from '@pasar/shared/contract';
import { freshPin, type TestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { createOrdersRepo } from '../../trading';
import { VALID_KYC_FIELDS } from '../account/test-support';
import { call, dataOf, errorCodeOf, expectReconciled, idr, idxTrader, orderTypes, ordersOf, setClock, shares, stockIdOf, TEST_ENV, unsettled, wib } from './test-support';

let t: TestApp;
let bbca: number;
let tlkm: number;
/** BBCA's and TLKM's steered prices (their previous closes). */
let pBbca: number;
let pTlkm: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ...TEST_ENV } });
  bbca = stockIdOf(t.app, 'BBCA');
  tlkm = stockIdOf(t.app, 'TLKM');
  // Monday 30 Nov 2026, 14:00 Jakarta: session II.
  await setClock(t.app, wib('2026-11-30', '14:00:00'));
  const probe = await idxTrader(t.app, {});
  pBbca = Number((await orderTypes(t.app, probe, bbca)).band.previousClose);
  pTlkm = Number((await orderTypes(t.app, probe, tlkm)).band.previousClose);
  t.app.market.steer('BBCA', { price: String(pBbca) });
  t.app.market.steer('TLKM', { price: String(pTlkm) });
}, 120_000);
afterAll(async () => t.close());

const admin = () => ({ 'x-admin-token': t.app.adminToken });
const settle = async () => dataOf(IdxSettlementRunResponse, await t.app.inject({ method: 'POST', url: IDX_PATHS.adminSettlementRun, headers: admin() }));
const wallet = async (user: TestUser) => dataOf(IdxWalletResponse, await call(t.app, user, 'GET', IDX_PATHS.wallet));
const held = (b: { balance: string; available: string }) => String(Number(b.balance) - Number(b.available));
const fee = (base: number, rate: number) => Math.ceil(base * rate);
/** The trader whose buy spent part of their unsettled proceeds (the fill test), settled in the last test. */
let spender: { user: TestUser; net: number } | undefined;

/** A trader with `cash` IDR who sold 1 lot of BBCA at market: its net proceeds, unsettled until Wednesday. */
async function sellerWithProceeds(cash: string): Promise<{ user: TestUser; net: number }> {
  const user = await idxTrader(t.app, { ...(cash === '0' ? {} : { idr: cash }), shares: { BBCA: '100' } });
  const [sold] = ordersOf(await call(t.app, user, 'POST', IDX_PATHS.sell, { stockId: bbca, quantity: '100', orderType: 'MARKET' }));
  const base = 100 * pBbca;
  const net = base - fee(base, 0.0015) - fee(base, 0.001);
  expect(sold).toMatchObject({ status: 'SUCCESS', total: String(net) });
  expect(await unsettled(t.app, user.userId)).toEqual({ balance: String(net), available: String(net) });
  return { user, net };
}

/** A resting limit buy of TLKM one tick under the price, `lots` lots: its order and the IDR it reserves. */
async function restingBuy(user: TestUser, lots: number): Promise<{ order: Order; needs: number; limit: number; tick: number }> {
  const types = await orderTypes(t.app, user, tlkm);
  const limit = pTlkm - Number(types.tickSize);
  const base = lots * 100 * limit;
  const [order] = ordersOf(await call(t.app, user, 'POST', IDX_PATHS.buy, { stockId: tlkm, quantity: String(lots * 100), unitPrice: String(limit), orderType: 'LIMIT', timeInForce: 'GOOD_TILL_CANCEL' }));
  expect(order).toMatchObject({ status: 'PENDING', filledQuantity: '0' });
  return { order: order as Order, needs: base + fee(base, 0.0015), limit, tick: Number(types.tickSize) };
}

/** Lots of TLKM (at one tick under its price) whose cost is more than `cash` but within `cash + net`. */
function lotsBetween(cash: number, net: number): number {
  const limit = pTlkm - 25; // a tick at most; the figures are checked exactly against the order's own needs.
  const perLot = 100 * limit * 1.0015;
  const lots = Math.floor(cash / perLot) + 1;
  if (lots * perLot + 100 * pTlkm > cash + net) throw new Error('no lot count between cash and cash + proceeds: adjust the test');
  return lots;
}

describe('IDX: unsettled proceeds buy stocks, never withdrawn', () => {
  it('shows the buying power (cash + unsettled) and keeps withdrawable at cash', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    expect((await orderTypes(t.app, user, tlkm)).buyingPower).toBe(String(1_000_000 + net));
    expect(await wallet(user)).toEqual({ cash: '1000000', unsettled: String(net), unsettledByDate: [{ settlementDate: '2026-12-02', amount: String(net) }], withdrawable: '1000000' });
    await expectReconciled(t.app, [user.userId]);
  });

  it('refuses a cashout beyond cash but within cash + unsettled with 1115 and changes nothing', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    // A bank account in the verified name, and a PIN-fresh session: only the amount is in the way.
    await freshPin(t.app, user);
    const account = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.bankAccounts,
      headers: user.headers,
      remoteAddress: user.ip,
      payload: { bankCode: '014', accountNumber: String(randomInt(1_000_000_000, 9_999_999_999)), holderName: VALID_KYC_FIELDS.fullName },
    });
    const bankAccountId = dataOf(BankAccount, account).id;
    const before = { cash: await idr(t.app, user.userId), unsettled: await unsettled(t.app, user.userId), wallet: await wallet(user) };
    const amount = String(1_000_000 + Math.floor(net / 2));
    const refused = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: user.headers, payload: { amount, bankAccountId } });
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([400, '1115']);
    expect({ cash: await idr(t.app, user.userId), unsettled: await unsettled(t.app, user.userId), wallet: await wallet(user) }).toEqual(before);
    expect(dataOf(CashoutList, await call(t.app, user, 'GET', WALLET_PATHS.cashout)).items).toEqual([]);
    await expectReconciled(t.app, [user.userId]);
  });

  it('a buy beyond cash reserves all the cash and the rest from unsettled; cancel returns each part', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    const { order, needs } = await restingBuy(user, lotsBetween(1_000_000, net));
    expect(needs).toBeGreaterThan(1_000_000);
    expect(await idr(t.app, user.userId)).toEqual({ balance: '1000000', available: '0' });
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: String(net), available: String(net - (needs - 1_000_000)) });
    // Nothing left to withdraw (a cashout holds CASH only): the proceeds are reserved, not cash.
    expect((await wallet(user)).withdrawable).toBe('0');
    await expectReconciled(t.app, [user.userId]);

    ordersOf(await call(t.app, user, 'PUT', `${IDX_PATHS.orders}/${order.id}/cancel`, { stockId: tlkm }));
    expect(await idr(t.app, user.userId)).toEqual({ balance: '1000000', available: '1000000' });
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: String(net), available: String(net) });
    await expectReconciled(t.app, [user.userId]);
  });

  it('refuses a buy beyond cash + unsettled with 1115 and changes nothing', async () => {
    const { user, net } = await sellerWithProceeds('100000');
    const lots = Math.ceil((100_000 + net) / (100 * pTlkm)) + 1;
    const before = { cash: await idr(t.app, user.userId), unsettled: await unsettled(t.app, user.userId) };
    const refused = await call(t.app, user, 'POST', IDX_PATHS.buy, { stockId: tlkm, quantity: String(lots * 100), unitPrice: String(pTlkm), orderType: 'LIMIT', timeInForce: 'GOOD_TILL_CANCEL' });
    expect(errorCodeOf(refused)).toBe('1115');
    expect({ cash: await idr(t.app, user.userId), unsettled: await unsettled(t.app, user.userId) }).toEqual(before);
    await expectReconciled(t.app, [user.userId]);
  });

  it('a fill takes the cash part, then the unsettled part, exactly', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    spender = { user, net };
    const { order, needs, limit, tick } = await restingBuy(user, lotsBetween(1_000_000, net));
    t.app.market.steer('TLKM', { price: String(limit - tick) });
    await t.app.trading.matcher.tick();
    t.app.market.steer('TLKM', { price: String(pTlkm) });
    const filled = dataOf(Order, await call(t.app, user, 'GET', `${IDX_PATHS.orders}/${order.id}`));
    expect(filled).toMatchObject({ status: 'SUCCESS', averagePrice: String(limit), total: String(needs) });
    expect(await idr(t.app, user.userId)).toEqual({ balance: '0', available: '0' });
    const left = String(net - (needs - 1_000_000));
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: left, available: left });
    expect((await shares(t.app, user.userId, 'TLKM')).balance).toBe(filled.filledQuantity);
    // The sale still settles its full proceeds on Wednesday: the unsettled balance it pays from is what is left.
    expect(await wallet(user)).toMatchObject({ cash: '0', unsettled: left, withdrawable: '0' });
    await expectReconciled(t.app, [user.userId]);
  });

  it('a market buy beyond cash pays the rest from unsettled proceeds at once', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    const ask = pTlkm + Number((await orderTypes(t.app, user, tlkm)).tickSize);
    const lots = Math.floor(1_000_000 / (100 * ask * 1.0015)) + 1;
    const base = lots * 100 * ask;
    const total = base + fee(base, 0.0015);
    expect(total).toBeGreaterThan(1_000_000);
    expect(total).toBeLessThanOrEqual(1_000_000 + net);
    const [order] = ordersOf(await call(t.app, user, 'POST', IDX_PATHS.buy, { stockId: tlkm, quantity: String(lots * 100), orderType: 'MARKET' }));
    expect(order).toMatchObject({ status: 'SUCCESS', filledQuantity: String(lots * 100), total: String(total) });
    expect(await idr(t.app, user.userId)).toEqual({ balance: '0', available: '0' });
    const left = String(1_000_000 + net - total);
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: left, available: left });
    await expectReconciled(t.app, [user.userId]);
  });

  it('amend re-holds across both accounts', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    const lots = lotsBetween(1_000_000, net);
    const { order, limit } = await restingBuy(user, lots);
    // Down to one lot: cash covers it alone; the unsettled part is released.
    ordersOf(await call(t.app, user, 'PATCH', `${IDX_PATHS.orders}/${order.id}`, { quantity: '100', unitPrice: String(limit) }));
    const one = 100 * limit + fee(100 * limit, 0.0015);
    expect(await idr(t.app, user.userId)).toEqual({ balance: '1000000', available: String(1_000_000 - one) });
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: String(net), available: String(net) });
    const [row] = await createOrdersRepo(t.app.database.db).byIds([order.id]);
    expect(row?.hold2Id).toBeNull();
    await expectReconciled(t.app, [user.userId]);
  });

  it('the settlement of proceeds a buy reserves moves that reservation to cash; the buy stays fully reserved', async () => {
    const { user, net } = await sellerWithProceeds('1000000');
    const { order, needs } = await restingBuy(user, lotsBetween(1_000_000, net));
    // A trader with no cash whose buy is reserved from unsettled proceeds alone (one hold, on IDX_UNSETTLED).
    const only = await sellerWithProceeds('0');
    const small = await restingBuy(only.user, 1);
    expect(await unsettled(t.app, only.user.userId)).toEqual({ balance: String(only.net), available: String(only.net - small.needs) });
    const spent = spender as { user: TestUser; net: number };
    const spentLeft = (await unsettled(t.app, spent.user.userId)).balance;
    expect(Number(spentLeft)).toBeLessThan(spent.net);

    await setClock(t.app, wib('2026-12-02', '08:00:00'));
    const run = await settle();
    expect(run.settled).toBeGreaterThanOrEqual(3);
    // Only the part of the spender's proceeds not spent settles into cash.
    expect(await wallet(spent.user)).toEqual({ cash: spentLeft, unsettled: '0', unsettledByDate: [], withdrawable: spentLeft });
    expect(await idr(t.app, only.user.userId)).toEqual({ balance: String(only.net), available: String(only.net - small.needs) });
    const [smallRow] = await createOrdersRepo(t.app.database.db).byIds([small.order.id]);
    expect({ hold2: smallRow?.hold2Id ?? null, holdAmount: smallRow?.holdAmount }).toEqual({ hold2: null, holdAmount: String(small.needs) });
    // All the money is cash now; the buy holds `needs` of it, the rest may be withdrawn.
    expect(await idr(t.app, user.userId)).toEqual({ balance: String(1_000_000 + net), available: String(1_000_000 + net - needs) });
    expect(await unsettled(t.app, user.userId)).toEqual({ balance: '0', available: '0' });
    expect(await wallet(user)).toEqual({ cash: String(1_000_000 + net), unsettled: '0', unsettledByDate: [], withdrawable: String(1_000_000 + net - needs) });
    const [row] = await createOrdersRepo(t.app.database.db).byIds([order.id]);
    expect({ hold2: row?.hold2Id ?? null, holdAmount: row?.holdAmount }).toEqual({ hold2: null, holdAmount: String(needs) });
    expect(held(await idr(t.app, user.userId))).toBe(String(needs));
    // A second run changes nothing.
    expect((await settle()).settled).toBe(0);
    await expectReconciled(t.app, [user.userId, only.user.userId, spent.user.userId]);
    await setClock(t.app, wib('2026-11-30', '14:00:00'));
  });

  it('lists by date what each settlement will move: a buy spends the latest-settling proceeds first, and the rows add up to the unsettled total', async () => {
    // Monday's sale settles on Wednesday; Tuesday's on Thursday.
    const user = await idxTrader(t.app, { shares: { BBCA: '200' } });
    const sell = async () => ordersOf(await call(t.app, user, 'POST', IDX_PATHS.sell, { stockId: bbca, quantity: '100', orderType: 'MARKET' }))[0]!;
    const monday = await sell();
    await setClock(t.app, wib('2026-12-01', '14:00:00'));
    const tuesday = await sell();
    expect([monday.status, tuesday.status]).toEqual(['SUCCESS', 'SUCCESS']);
    const [net1, net2] = [Number(monday.total), Number(tuesday.total)];
    expect(await wallet(user)).toEqual({
      cash: '0',
      unsettled: String(net1 + net2),
      unsettledByDate: [
        { settlementDate: '2026-12-02', amount: String(net1) },
        { settlementDate: '2026-12-03', amount: String(net2) },
      ],
      withdrawable: '0',
    });

    // A market buy of 1 lot of TLKM, paid from the proceeds alone (no cash).
    const [bought] = ordersOf(await call(t.app, user, 'POST', IDX_PATHS.buy, { stockId: tlkm, quantity: '100', orderType: 'MARKET' }));
    expect(bought).toMatchObject({ status: 'SUCCESS', filledQuantity: '100' });
    const spent = Number(bought!.total);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(net2);
    const after = await wallet(user);
    expect(after).toEqual({
      cash: '0',
      unsettled: String(net1 + net2 - spent),
      unsettledByDate: [
        { settlementDate: '2026-12-02', amount: String(net1) },
        { settlementDate: '2026-12-03', amount: String(net2 - spent) },
      ],
      withdrawable: '0',
    });
    expect(after.unsettledByDate.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(Number(after.unsettled));

    // Wednesday's settlement moves what the list said for that date; Thursday's row is what is left.
    await setClock(t.app, wib('2026-12-02', '08:00:00'));
    await settle();
    expect(await wallet(user)).toEqual({
      cash: String(net1),
      unsettled: String(net2 - spent),
      unsettledByDate: [{ settlementDate: '2026-12-03', amount: String(net2 - spent) }],
      withdrawable: String(net1),
    });
    await expectReconciled(t.app, [user.userId]);
    await setClock(t.app, wib('2026-11-30', '14:00:00'));
  });
});
