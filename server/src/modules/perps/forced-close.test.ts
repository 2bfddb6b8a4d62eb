// Closes the margin engine places are never refused for the person, and wait out a halt: a
// liquidation of a user whose identity was revoked (or never verified) still closes the position
// while their own orders are refused; a halted perp's due liquidation waits (one notice) and is done
// at the first mark after the halt lifts, and a stop loss hit during a halt closes after it.
import { PERPS_PATHS, PerpPlaceResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { dataOf, errorCodeOf, expectAuditClean, SETUP_TIMEOUT_MS } from '../fx-wallet/test-support';
import { perpsTestKit } from './test-support';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ETH = 'ETHUSDT-PERP';
const SOL = 'SOLUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** A Monday 01:00 UTC: no funding falls inside the test. */
const START = Date.parse('2026-11-23T01:00:00Z');

describe('perps: forced closes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectAuditClean(t.app);
    await t.close();
  });
  afterEach(async () => {
    for (const s of [BTC, ETH, SOL]) if (t.app.market.halts.isHalted(s)) await t.app.market.halts.resume(s);
  });

  const { headers, trader, notices, ticks } = perpsTestKit(() => t.app);
  const data = dataOf;
  const order = (u: TestUser, symbol: string, quantity: string) =>
    t.app.inject({ method: 'POST', url: PERPS_PATHS.buy, payload: { symbol, orderType: 'MARKET', quantity, leverage: 10 }, headers: headers(u) });
  /** A 10x long (about 2,000 USDT), filed in the at-risk index. */
  const open = async (u: TestUser, symbol: string, price: string, quantity: string) => {
    t.app.market.steer(symbol, { price });
    const placed = data(PerpPlaceResponse, await order(u, symbol, quantity)).position!;
    await t.app.margin.refreshIndex('PERPS', symbol);
    return placed;
  };
  const openPositions = async (u: TestUser) => (await t.app.margin.positions('PERPS', u.userId, PERP_BOOK)).map((p) => p.symbol);
  const notNegative = async (u: TestUser) => new Decimal((await t.app.ledger.balance(perpAccount(u.userId))).balance).gte(0);
  const below = (price: string, factor: string) => new Decimal(price).times(factor).toDecimalPlaces(2).toFixed();

  it('liquidates a user whose identity was revoked, and one whose identity is not verified, while their own orders are refused', async () => {
    const revoked = await trader();
    const unverified = await trader();
    const a = await open(revoked, BTC, '20000', '0.1');
    const b = await open(unverified, BTC, '20000', '0.1');
    await t.app.database.db.execute(sql`update users set kyc_status = 'REJECTED' where id = ${revoked.userId}`);
    await t.app.database.db.execute(sql`update users set kyc_status = 'NOT_SUBMITTED' where id = ${unverified.userId}`);
    expect([errorCodeOf(await order(revoked, BTC, '0.01')), errorCodeOf(await order(unverified, BTC, '0.01'))]).toEqual(['007', '007']);

    const lowest = Decimal.min(a.liquidationPrice!, b.liquidationPrice!).toFixed();
    t.app.market.steer(BTC, { price: below(lowest, '0.97') });
    await ticks(1);
    expect({ revoked: await openPositions(revoked), unverified: await openPositions(unverified) }).toEqual({ revoked: [], unverified: [] });
    expect({ revoked: await notices(revoked, 'ACCOUNT_LIQUIDATION'), unverified: await notices(unverified, 'ACCOUNT_LIQUIDATION') }).toEqual({
      revoked: ['Posisi dilikuidasi'],
      unverified: ['Posisi dilikuidasi'],
    });
    expect([await notNegative(revoked), await notNegative(unverified)]).toEqual([true, true]);
    t.app.market.steer(BTC, { price: '20000' });
  });

  it("a halted perp's due liquidation waits with one notice, and the first mark after the halt lifts liquidates it", async () => {
    const user = await trader();
    const position = await open(user, ETH, '2000', '1');
    await t.app.market.halts.halt(ETH, 'Halted', 'maintenance');
    t.app.market.steer(ETH, { price: below(position.liquidationPrice!, '0.97') });
    await ticks(3);
    expect(await openPositions(user)).toEqual([ETH]);
    expect(await notices(user, 'ACCOUNT_LIQUIDATION')).toEqual(['Likuidasi menunggu pasar buka']);

    await t.app.market.halts.resume(ETH);
    await ticks(1);
    expect(await openPositions(user)).toEqual([]);
    expect(await notices(user, 'ACCOUNT_LIQUIDATION')).toEqual(['Posisi dilikuidasi', 'Likuidasi menunggu pasar buka']);
    expect(await notNegative(user)).toBe(true);
    t.app.market.steer(ETH, { price: '2000' });
  });

  it('a stop loss hit while its perp is halted is not placed then; it closes at the first mark after the halt lifts', async () => {
    const user = await trader();
    await open(user, SOL, '100', '20');
    await t.app.margin.setTpSl('PERPS', user.userId, PERP_BOOK, SOL, null, '97');
    await t.app.market.halts.halt(SOL, 'Halted', 'maintenance');
    t.app.market.steer(SOL, { price: '96' });
    await ticks(2);
    expect(await openPositions(user)).toEqual([SOL]);
    const orders = async () =>
      (await t.app.database.db.execute<{ reason: string | null }>(sql`select reason from orders where user_id = ${user.userId} and market = 'PERPS' order by created_at`)).rows.map((r) => r.reason);
    expect(await orders()).toEqual([null]);

    await t.app.market.halts.resume(SOL);
    await ticks(1);
    expect(await openPositions(user)).toEqual([]);
    expect(await orders()).toEqual([null, 'STOP_LOSS']);
    t.app.market.steer(SOL, { price: '100' });
  });
});
