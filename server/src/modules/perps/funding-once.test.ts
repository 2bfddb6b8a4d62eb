// Funding runs exactly once per position and funding time: with two instances at the same time,
// with a restart between runs, and with a sweep that dies half-way (the run is aborted after some
// positions; the next run pays the rest and replays the ones already paid). With DATABASE_URL
// set, the two instances are two connections to PostgreSQL racing for the same rows.
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import type { PasarApp } from '../../app';
import { lastFundingTime } from '../../market/perp-marks';
import { fundingPayment } from '../../trading/margin/math';
import { perpsOf } from './index';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
const OPEN_AT = Date.parse('2026-11-23T15:00:00Z');
const FUNDING = Date.parse('2026-11-23T16:00:00Z');

describe('funding exactly once', () => {
  let t: TestApp;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(OPEN_AT, { frozen: true });
    t.app.market.steer(BTC, { price: '20000', since: OPEN_AT });
    const made = await Promise.all(Array.from({ length: 6 }, () => verifiedUser(t.app, 'kyc')));
    for (const [i, u] of made.entries()) {
      users.push(u.userId);
      await fund(t.app, perpAccount(u.userId), '500', 'FX');
      // Longs and shorts of different sizes.
      await perpsOf(t.app).service.place(u.userId, `open-${i}`, i % 2 === 0 ? 'BUY' : 'SELL', { symbol: BTC, orderType: 'MARKET', quantity: `0.0${i + 1}`, reduceOnly: false, leverage: 10 }, 'en');
    }
    await t.app.market.clock.set(FUNDING + 30_000, { frozen: true });
  }, SETUP_TIMEOUT_MS * 2);
  afterAll(() => t.close());

  const balances = async (app: PasarApp) => Promise.all(users.map(async (u) => new Decimal((await app.ledger.balance(perpAccount(u))).balance)));
  const expectedFor = async (app: PasarApp) => {
    const at = app.market.ticker(BTC, FUNDING);
    return Promise.all(
      users.map(async (u) => {
        const p = await app.margin.position('PERPS', u, PERP_BOOK, BTC);
        const owed = fundingPayment(p!.size, at.markPrice as string, at.fundingRate as string);
        return owed.toDecimalPlaces(6, owed.isNegative() ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
      }),
    );
  };

  it('a sweep that dies half-way, then two instances at once, then a restart: each position pays once', async () => {
    expect(lastFundingTime(t.app.market.now())).toBe(FUNDING);
    const before = await balances(t.app);
    const expected = await expectedFor(t.app);
    expect(expected.some((e) => !e.isZero())).toBe(true);

    // 1. The sweep dies after two positions (as a process killed mid-loop would leave it).
    const key = `perp:funding:${BTC}:${FUNDING}`;
    const at = t.app.market.ticker(BTC, FUNDING);
    let seen = 0;
    await expect(
      t.app.margin.charge('PERPS', BTC, key, 'PERP_FUNDING', (p) => {
        seen += 1;
        if (seen > 2) throw new Error('killed mid-sweep');
        return { amount: fundingPayment(p.size, at.markPrice as string, at.fundingRate as string).toFixed(), price: at.markPrice as string, rate: at.fundingRate as string };
      }),
    ).rejects.toThrow('killed mid-sweep');
    const partial = await balances(t.app);
    const paidSoFar = partial.filter((b, i) => !b.eq(before[i] as Decimal)).length;
    expect(paidSoFar).toBe(2);

    // 2. Two instances run the funding at the same time.
    // Every instance sees the same (steered) market: the price is pinned from OPEN_AT on each.
    const other = await t.sibling(ENV);
    other.market.steer(BTC, { price: '20000', since: OPEN_AT });
    const [a, b] = await Promise.all([perpsOf(t.app).watcher.fund(), perpsOf(other).watcher.fund(FUNDING + 30_000)]);
    expect(a.applied + b.applied).toBe(users.length - 2);

    // 3. A restart: a new instance runs it again (its watcher's first cycle, as at start).
    await other.close();
    const restarted = await t.sibling(ENV);
    await restarted.market.clock.reload();
    restarted.market.steer(BTC, { price: '20000', since: OPEN_AT });
    const again = await perpsOf(restarted).watcher.tick();
    expect(again?.applied ?? 0).toBe(0);

    const after = await balances(t.app);
    for (const [i, e] of expected.entries()) expect(`${users[i]}: ${(before[i] as Decimal).minus(after[i] as Decimal).toFixed()}`).toBe(`${users[i]}: ${e.toFixed()}`);
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, usdt: new Decimal(audit.sums.USDT ?? 0).toFixed() }).toEqual({ negative: 0, usdt: '0' });
  }, 120_000);
});
