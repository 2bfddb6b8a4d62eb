// Margin notices: a margin call goes out once per crossing of the threshold (re-armed when the
// ratio recovers, sent again on the next crossing); a liquidation's event is recorded with its
// fill, so its notice survives a process killed between that commit and the send (the next pass
// sends it), and a notice sent again because its delivery was not marked is not doubled (it is
// sent under the event's key).
import { PERPS_PATHS, PerpPlaceResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { dataOf, SETUP_TIMEOUT_MS } from '../fx-wallet/test-support';
import { perpsTestKit } from './test-support';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ETH = 'ETHUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** A Monday 01:00 UTC: no funding falls inside the test. */
const START = Date.parse('2026-11-23T01:00:00Z');

describe('margin notices', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
    t.app.market.steer(BTC, { price: '20000' });
    t.app.market.steer(ETH, { price: '2000' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const { headers, trader, notices, ticks } = perpsTestKit(() => t.app);
  const data = dataOf;
  /** A 10x long of about 2,000 USDT (the users' positions are in different symbols: one's liquidation does not move the other's). */
  const open = async (u: TestUser, symbol: string, price: string, quantity: string) => {
    t.app.market.steer(symbol, { price });
    const placed = data(PerpPlaceResponse, await t.app.inject({ method: 'POST', url: PERPS_PATHS.buy, payload: { symbol, orderType: 'MARKET', quantity, leverage: 10 }, headers: headers(u) })).position!;
    // The at-risk index learns of a fill just after its commit: filed now, so the next mark sees it.
    await t.app.margin.refreshIndex('PERPS', symbol);
    return placed;
  };
  /** A mark at which the user's BTC position's margin ratio is between 85 % and 95 % (bisected between its liquidation price and 20,000). */
  const markAtRatio = async (u: TestUser, liquidation: string): Promise<string> => {
    let low = new Decimal(liquidation);
    let high = new Decimal(20000);
    for (let i = 0; i < 60; i += 1) {
      const mid = low.plus(high).div(2).toDecimalPlaces(1);
      t.app.market.steer(BTC, { price: mid.toFixed() });
      const ratio = new Decimal((await t.app.margin.position('PERPS', u.userId, PERP_BOOK, BTC))!.marginRatioPercentage);
      if (ratio.gte(85) && ratio.lte(95)) return mid.toFixed();
      if (ratio.gt(95)) low = mid;
      else high = mid;
    }
    throw new Error('no mark found for a margin ratio of 85-95 %');
  };

  it('sends a margin call once per crossing: re-armed when the ratio recovers, sent again on the next crossing', async () => {
    const alice = await trader();
    const position = await open(alice, BTC, '20000', '0.1');
    const called = async () => (await t.app.margin.position('PERPS', alice.userId, PERP_BOOK, BTC))!.marginCalled;
    const near = await markAtRatio(alice, position.liquidationPrice!);
    t.app.market.steer(BTC, { price: '20000' });
    await ticks(1);
    expect(await notices(alice, 'MARGIN_CALL')).toEqual([]);

    // Crossing: one call, however many marks stay past the threshold.
    t.app.market.steer(BTC, { price: near });
    await ticks(3);
    expect({ calls: await notices(alice, 'MARGIN_CALL'), called: await called() }).toEqual({ calls: ['Peringatan margin'], called: true });

    // Recovered: re-armed, nothing sent.
    t.app.market.steer(BTC, { price: '20000' });
    await ticks(2);
    expect({ calls: (await notices(alice, 'MARGIN_CALL')).length, called: await called() }).toEqual({ calls: 1, called: false });

    // The next crossing: a second call.
    t.app.market.steer(BTC, { price: near });
    await ticks(3);
    expect({ calls: (await notices(alice, 'MARGIN_CALL')).length, called: await called() }).toEqual({ calls: 2, called: true });
    t.app.market.steer(BTC, { price: '20000' });
    await ticks(1);
  });

  it('a liquidation notice the process never sent goes out on the next pass, once', async () => {
    const bob = await trader();
    const position = await open(bob, ETH, '2000', '1');
    const events = async () =>
      (await t.app.database.db.execute<{ kind: string; notified: boolean }>(sql`select kind, notified_at is not null as notified from margin_events where user_id = ${bob.userId} order by created_at`)).rows.map((r) => ({
        kind: r.kind,
        notified: r.notified === true || (r.notified as unknown) === 't',
      }));

    // Liquidated: the event commits with the fill, and its notice goes out.
    t.app.market.steer(ETH, { price: new Decimal(position.liquidationPrice!).times('0.97').toDecimalPlaces(2).toFixed() });
    await ticks(1);
    expect(await t.app.margin.positions('PERPS', bob.userId, PERP_BOOK)).toEqual([]);
    expect(await notices(bob, 'ACCOUNT_LIQUIDATION')).toEqual(['Posisi dilikuidasi']);
    expect(await events()).toEqual([{ kind: 'LIQUIDATION', notified: true }]);

    // What a process killed between that commit and the send leaves: the event, no notice.
    await t.app.database.db.execute(sql`delete from notifications where user_id = ${bob.userId} and type = 'ACCOUNT_LIQUIDATION'`);
    await t.app.database.db.execute(sql`delete from notification_keys where user_id = ${bob.userId} and key like 'margin:%'`);
    await t.app.database.db.execute(sql`update margin_events set notified_at = null where user_id = ${bob.userId}`);
    expect(await notices(bob, 'ACCOUNT_LIQUIDATION')).toEqual([]);

    // The next pass (no position left at risk) sends it.
    t.app.market.steer(ETH, { price: '2000' });
    await ticks(1);
    expect(await notices(bob, 'ACCOUNT_LIQUIDATION')).toEqual(['Posisi dilikuidasi']);
    expect(await events()).toEqual([{ kind: 'LIQUIDATION', notified: true }]);

    // Sent, but the process died before marking it: sent again under the same key, so not doubled.
    await t.app.database.db.execute(sql`update margin_events set notified_at = null where user_id = ${bob.userId}`);
    await ticks(2);
    expect(await notices(bob, 'ACCOUNT_LIQUIDATION')).toEqual(['Posisi dilikuidasi']);
    expect(await events()).toEqual([{ kind: 'LIQUIDATION', notified: true }]);
    const balance = await t.app.ledger.balance(perpAccount(bob.userId));
    expect(new Decimal(balance.balance).gte(0)).toBe(true);
  });
});
