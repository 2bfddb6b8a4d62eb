// Liquidation of several positions at one mark: every position past its liquidation price on a
// mark is closed on that mark's pass (a cross wallet and an isolated position alike), once each,
// against the book; what a closed position lost past its bankruptcy price comes from the insurance
// fund, so no wallet goes below zero. An isolated position's loss is paid from its margin alone.
import { PERPS_PATHS, PerpPlaceResponse, PerpPositionResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { dataOf, fund, SETUP_TIMEOUT_MS } from '../fx-wallet/test-support';
import { perpsTestKit } from './test-support';
import { perpsOf } from './index';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** A Monday 02:00 UTC: no funding falls inside the test. */
const START = Date.parse('2026-11-23T02:00:00Z');
const INSURANCE = { house: 'INSURANCE_FUND', currency: 'USDT' } as const;

describe('liquidation of several positions at one mark', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const { headers, trader } = perpsTestKit(() => t.app);
  const data = dataOf;
  const post = (url: string, payload: object, u: TestUser) => t.app.inject({ method: 'POST', url, payload, headers: headers(u) });
  const open = async (u: TestUser, mode: 'CROSS' | 'ISOLATED', quantity: string, leverage: number) => {
    data(PerpPositionResponse, await post(PERPS_PATHS.marginMode, { symbol: BTC, marginMode: mode }, u));
    return data(PerpPlaceResponse, await post(PERPS_PATHS.buy, { symbol: BTC, orderType: 'MARKET', quantity, leverage }, u)).position!;
  };
  const liquidations = async (userId: string) => {
    const events = await t.app.database.db.execute<{ n: number | string }>(sql`select count(*) as n from margin_events where user_id = ${userId} and kind = 'LIQUIDATION'`);
    const orders = await t.app.database.db.execute<{ n: number | string }>(sql`select count(*) as n from orders where user_id = ${userId} and reason = 'LIQUIDATION'`);
    return { events: Number(events.rows[0]!.n), orders: Number(orders.rows[0]!.n) };
  };
  const insuredFor = async (userId: string) => {
    let insured = new Decimal(0);
    for (const h of await t.app.ledger.history(INSURANCE, { limit: 1000 })) {
      if (h.memo.userId === userId && typeof h.memo.insured === 'string') insured = insured.plus(h.memo.insured);
    }
    return insured;
  };

  it.each([
    ['the index rebuilt from the database', true],
    ['the index kept up by the fills alone', false],
  ])('closes a cross and an isolated long past liquidation on the same mark, once each (%s)', async (_how, rebuild) => {
    t.app.market.steer(BTC, { price: '20000' });
    const { watcher } = perpsOf(t.app);
    // A first pass: the watcher's periodic rebuild of the index is behind it.
    await watcher.tick();
    const [cross, isolated] = await Promise.all([trader('260'), trader('1000')]);
    const crossPos = await open(cross, 'CROSS', '0.1', 10);
    const isolatedPos = await open(isolated, 'ISOLATED', '0.1', 10);
    expect({ cross: crossPos.marginMode, isolated: isolatedPos.marginMode }).toEqual({ cross: 'CROSS', isolated: 'ISOLATED' });
    // Otherwise the mark's pass itself files the fills committed before it.
    if (rebuild) await t.app.margin.refreshIndex('PERPS', BTC);
    // Below both liquidation and both bankruptcy prices: each close leaves a deficit for the fund.
    const lowest = Decimal.min(crossPos.liquidationPrice!, isolatedPos.liquidationPrice!, crossPos.bankruptcyPrice!, isolatedPos.bankruptcyPrice!);
    const mark = lowest.times('0.97').toDecimalPlaces(1, Decimal.ROUND_DOWN);
    const fundBefore = new Decimal((await t.app.ledger.balance(INSURANCE)).balance);
    t.app.market.steer(BTC, { price: mark.toFixed() });

    await watcher.tick();
    const left = async (u: TestUser) => (await t.app.margin.positions('PERPS', u.userId, PERP_BOOK)).map((p) => p.quantity);
    expect({ cross: await left(cross), isolated: await left(isolated) }).toEqual({ cross: [], isolated: [] });

    // Further passes change nothing: one liquidation each.
    await watcher.tick();
    await watcher.tick();
    expect({ cross: await liquidations(cross.userId), isolated: await liquidations(isolated.userId) }).toEqual({ cross: { events: 1, orders: 1 }, isolated: { events: 1, orders: 1 } });
    const insured = { cross: await insuredFor(cross.userId), isolated: await insuredFor(isolated.userId) };
    expect({ cross: insured.cross.gt(0), isolated: insured.isolated.gt(0) }).toEqual({ cross: true, isolated: true });
    const fundAfter = new Decimal((await t.app.ledger.balance(INSURANCE)).balance);
    expect(fundBefore.minus(fundAfter).toFixed()).toBe(insured.cross.plus(insured.isolated).toFixed());

    // The cross wallet lost all it had; the isolated one its position's margin and the fees, no more.
    const wallet = async (u: TestUser) => {
      const b = await t.app.ledger.balance(perpAccount(u.userId));
      return { balance: new Decimal(b.balance).toFixed(), held: new Decimal(b.held).toFixed() };
    };
    const row = await t.app.margin.settings('PERPS', isolated.userId, PERP_BOOK, BTC);
    expect(await wallet(cross)).toEqual({ balance: '0', held: '0' });
    expect(await wallet(isolated)).toEqual({ balance: new Decimal(1000).minus(isolatedPos.margin).minus(row.feesPaid).toFixed(), held: '0' });
    // Its books agree: realized P&L − fees + what the fund covered.
    expect(new Decimal(1000).plus(row.realizedPnl).minus(row.feesPaid).plus(insured.isolated).toFixed()).toBe((await wallet(isolated)).balance);
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? '0').toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
    t.app.market.steer(BTC, { price: '20000' });
    await watcher.tick();
  });

  it('an isolated long closed in part at a loss pays it from the closed part\'s margin; the rest keeps its share', async () => {
    t.app.market.steer(BTC, { price: '20000' });
    const user = await trader('1000');
    const pos = await open(user, 'ISOLATED', '0.1', 10);
    const free = new Decimal((await t.app.ledger.balance(perpAccount(user.userId))).available);
    // About 1,500 USDT a BTC down (75 USDT on 0.05), above the liquidation price.
    t.app.market.steer(BTC, { price: '18500' });
    const after = data(PerpPlaceResponse, await post(PERPS_PATHS.close, { symbol: BTC, orderType: 'MARKET', quantity: '0.05' }, user)).position!;
    const row = await t.app.margin.settings('PERPS', user.userId, PERP_BOOK, BTC);
    const loss = new Decimal(row.realizedPnl).neg();
    const closeFee = new Decimal(row.feesPaid).minus(pos.feesPaid);
    expect(loss.gt(50) && loss.lt(100)).toBe(true);
    const share = new Decimal(pos.margin).div(2).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    expect({ quantity: after.quantity, margin: new Decimal(after.margin).toFixed() }).toEqual({ quantity: '0.05', margin: share.toFixed() });
    const b = await t.app.ledger.balance(perpAccount(user.userId));
    const released = new Decimal(pos.margin).minus(share);
    expect({ available: new Decimal(b.available).toFixed(), held: new Decimal(b.held).toFixed() }).toEqual({ available: free.plus(released).minus(loss).minus(closeFee).toFixed(), held: share.toFixed() });
    t.app.market.steer(BTC, { price: '20000' });
  });
});
