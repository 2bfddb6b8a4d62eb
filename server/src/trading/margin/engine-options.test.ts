// What the margin engine keeps for every market (decision 0017), proven on perps:
// the record of a closed position (written in the closing fill's transaction), take-profit /
// stop-loss that cover part of a position and lapse at an expiry, a margin call per wallet (scope
// 'BOOK': one per crossing for all of its cross positions), and holds that also cover the unrealized
// loss (released whole by the next fill, so a loss is paid by the wallet, never the insurance fund).
import { PERPS_PATHS, PerpPlaceResponse, successEnvelope } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { SETUP_TIMEOUT_MS } from '../../modules/fx-wallet/test-support';
import { perpsTestKit } from '../../modules/perps/test-support';
import { PERP_BOOK, perpAccount } from '../../modules/perps/rules';
import type { MarginMarket } from './api';

const BTC = 'BTCUSDT-PERP';
const ETH = 'ETHUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** A Monday 01:00 UTC: no funding falls inside the test. */
const START = Date.parse('2026-11-23T01:00:00Z');

describe('margin engine: history, partial and expiring triggers, margin call per wallet, loss holds', () => {
  let t: TestApp;
  let market: { -readonly [K in keyof MarginMarket]: MarginMarket[K] };
  const kit = perpsTestKit(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
    t.app.market.steer(BTC, { price: '20000' });
    t.app.market.steer(ETH, { price: '1000' });
    market = t.app.margin.marketOf('PERPS') as typeof market;
  }, SETUP_TIMEOUT_MS);
  afterEach(() => {
    delete market.marginCallScope;
    delete market.holdsUnrealizedLoss;
    t.app.market.steer(BTC, { price: '20000' });
    t.app.market.steer(ETH, { price: '1000' });
  });
  afterAll(async () => {
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? '0').toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
    await t.close();
  });

  const data = <S extends z.ZodType>(schema: S, r: { statusCode: number; json(): unknown }): z.infer<S> => {
    if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${JSON.stringify(r.json())}`);
    return (successEnvelope(schema).parse(r.json()) as { data: z.infer<S> }).data;
  };
  const place = async (u: TestUser, side: 'buy' | 'sell', symbol: string, quantity: string, leverage = 10) =>
    data(PerpPlaceResponse, await t.app.inject({ method: 'POST', url: side === 'buy' ? PERPS_PATHS.buy : PERPS_PATHS.sell, payload: { symbol, orderType: 'MARKET', quantity, leverage }, headers: kit.headers(u) }));
  const size = async (u: TestUser, symbol: string) => (await t.app.margin.position('PERPS', u.userId, PERP_BOOK, symbol))?.size ?? '0';

  it('records a closed position once, with its life figures, in the closing fill transaction', async () => {
    const alice = await kit.trader('1000');
    const opened = await place(alice, 'buy', BTC, '0.1');
    const entry = opened.position!.entryPrice;
    t.app.market.steer(BTC, { price: '21000' });
    await place(alice, 'sell', BTC, '0.04');
    expect(await t.app.margin.history('PERPS', alice.userId)).toEqual([]);
    await place(alice, 'sell', BTC, '0.06');
    const history = await t.app.margin.history('PERPS', alice.userId);
    expect(history).toHaveLength(1);
    const [closed] = history;
    const row = await t.app.margin.settings('PERPS', alice.userId, PERP_BOOK, BTC);
    expect(closed).toMatchObject({ market: 'PERPS', book: PERP_BOOK, symbol: BTC, side: 'LONG', size: '0.06', leverage: 10, entryPrice: entry, closeReason: 'USER', positionId: row.id });
    // The life figures are the position's: its realized P&L (both sells) and fees, no funding in the test.
    expect({ pnl: closed!.realizedPnl, fees: closed!.fees, funding: closed!.funding }).toEqual({ pnl: row.realizedPnl, fees: row.feesPaid, funding: '0' });
    expect(new Decimal(closed!.realizedPnl).gt(0)).toBe(true);
    expect(new Decimal(closed!.closePrice).gt(entry)).toBe(true);
  });

  it('a take profit for part of a position closes that part and ends the triggers; an expired stop loss never executes', async () => {
    const bob = await kit.trader('1000');
    await place(bob, 'buy', BTC, '0.1');
    await t.app.margin.setTpSl('PERPS', bob.userId, PERP_BOOK, BTC, '20500', '19500', { quantity: '0.04' });
    t.app.market.steer(BTC, { price: '20600' });
    await kit.ticks(3);
    const after = await t.app.margin.settings('PERPS', bob.userId, PERP_BOOK, BTC);
    expect({ size: after.size, tp: after.takeProfit, sl: after.stopLoss, q: after.triggerQuantity }).toEqual({ size: '0.06', tp: null, sl: null, q: null });

    // A stop loss that lapsed a second ago: the mark crossing it clears it, nothing is sold.
    t.app.market.steer(BTC, { price: '20000' });
    await t.app.margin.setTpSl('PERPS', bob.userId, PERP_BOOK, BTC, null, '19500', { expiresAt: new Date(START + 60_000) });
    await t.app.market.clock.set(START + 61_000, { frozen: true });
    t.app.market.steer(BTC, { price: '19400' });
    await kit.ticks(3);
    const lapsed = await t.app.margin.settings('PERPS', bob.userId, PERP_BOOK, BTC);
    expect({ size: lapsed.size, sl: lapsed.stopLoss, expires: lapsed.triggersExpireAt }).toEqual({ size: '0.06', sl: null, expires: null });
    expect(await t.app.margin.history('PERPS', bob.userId)).toEqual([]);
    await t.app.market.clock.set(START, { frozen: true });
  });

  it("scope 'BOOK': one margin call for the wallet's cross positions per crossing, cleared below the threshold", async () => {
    market.marginCallScope = 'BOOK';
    const carol = await kit.trader('300');
    await place(carol, 'buy', BTC, '0.1', 20);
    await place(carol, 'buy', ETH, '1', 20);
    const calls = async () => (await kit.notices(carol, 'MARGIN_CALL')).length;
    // The wallet crosses the call threshold once, however many marks and positions.
    const down = async (btc: string, eth: string) => {
      t.app.market.steer(BTC, { price: btc });
      t.app.market.steer(ETH, { price: eth });
      await kit.ticks(3);
    };
    const ratio = async () => new Decimal((await t.app.margin.position('PERPS', carol.userId, PERP_BOOK, BTC))!.marginRatioPercentage);
    // BTC down (the index nominates a position by its own price), found by halving until the wallet's ratio is 85-95 %.
    let [lo, hi] = [0, 0.2];
    let btc = 20000;
    const eth = 1000;
    for (let i = 0; i < 30; i += 1) {
      const f = (lo + hi) / 2;
      btc = Math.round(20000 * (1 - f));
      t.app.market.steer(BTC, { price: String(btc) });
      t.app.market.steer(ETH, { price: String(eth) });
      const r = await ratio();
      if (r.gte(85) && r.lt(95)) break;
      if (r.lt(85)) lo = f;
      else hi = f;
    }
    expect((await ratio()).toNumber()).toBeGreaterThanOrEqual(85);
    expect((await ratio()).toNumber()).toBeLessThan(95);
    await down(String(btc), String(eth));
    await down(String(btc - 1), String(eth));
    expect(await calls()).toBe(1);
    const rows = await Promise.all([BTC, ETH].map((s) => t.app.margin.settings('PERPS', carol.userId, PERP_BOOK, s)));
    expect(rows.map((r) => r.marginCalled)).toEqual([true, true]);
    // Back up: cleared for both; down again: a second call.
    await down('20000', '1000');
    expect((await Promise.all([BTC, ETH].map((s) => t.app.margin.settings('PERPS', carol.userId, PERP_BOOK, s)))).map((r) => r.marginCalled)).toEqual([false, false]);
    await down(String(btc), String(eth));
    expect(await calls()).toBe(2);
    await down('20000', '1000');
    await place(carol, 'sell', BTC, '0.1', 20);
    await place(carol, 'sell', ETH, '1', 20);
  });

  it('holdsUnrealizedLoss: the hold grows with the loss at the mark and shrinks back; the closing fill pays the loss from the wallet', async () => {
    market.holdsUnrealizedLoss = true;
    const dan = await kit.trader('1000');
    const opened = await place(dan, 'buy', BTC, '0.1');
    const margin = new Decimal(opened.position!.margin);
    const held = async () => new Decimal((await t.app.ledger.balance(perpAccount(dan.userId))).held);
    await t.app.margin.holdLosses('PERPS', dan.userId, PERP_BOOK);
    t.app.market.steer(BTC, { price: '19500' });
    expect(await t.app.margin.holdLosses('PERPS', dan.userId, PERP_BOOK)).toBe(1);
    const pos = (await t.app.margin.position('PERPS', dan.userId, PERP_BOOK, BTC))!;
    const loss = new Decimal(pos.entryPrice).minus(pos.markPrice).times('0.1').toDecimalPlaces(6, Decimal.ROUND_UP);
    expect((await held()).toFixed()).toBe(margin.plus(loss).toFixed());
    expect(pos.margin).toBe(margin.toFixed());
    expect(await t.app.margin.holdLosses('PERPS', dan.userId, PERP_BOOK)).toBe(0);
    const insurance = (await t.app.ledger.balance({ house: 'INSURANCE_FUND', currency: 'USDT' })).balance;
    await place(dan, 'sell', BTC, '0.1');
    expect((await held()).toFixed()).toBe('0');
    expect((await t.app.ledger.balance({ house: 'INSURANCE_FUND', currency: 'USDT' })).balance).toBe(insurance);
    const [closed] = await t.app.margin.history('PERPS', dan.userId);
    expect(new Decimal(closed!.realizedPnl).lt(0)).toBe(true);
    expect(new Decimal((await t.app.ledger.balance(perpAccount(dan.userId))).balance).toFixed()).toBe(new Decimal(1000).plus(closed!.realizedPnl).minus(closed!.fees).toFixed());
  });
});
