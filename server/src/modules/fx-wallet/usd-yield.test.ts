// USD yield: opt-in rules, and the daily accrual paid exactly once however it is run. The job runs
// here with a clock days ahead of the real opt-in, so the days after it are "over" already.
import { Writable } from 'node:stream';
import { FX_WALLET_PATHS, UsdYieldOnboarding } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { buildApp, type PasarApp } from '../../app';
import { createDatabase } from '../../db/database';
import type { Ledger } from '../../ledger/api';
import { addDays } from '../../market/calendar/time';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { createFxWalletRepo } from './repo';
import { balanceOf, dataOf, errorCodeOf, expectAuditClean, fund, paln, SETUP_TIMEOUT_MS, verifiedUser } from './test-support';
import { wibDate, wibStart } from '../../market/calendar/time';
import { runUsdYieldAccrual } from './usd-yield';

describe('USD yield', () => {
  let t: TestApp;
  let other: PasarApp; // a second instance on the same database (own pool on PostgreSQL)
  let closeOther: () => Promise<void> = async () => {};
  let kycOnly: TestUser;
  let small: TestUser; // $5: a cent only every 19 days or so
  let large: TestUser; // $100
  let leaver: TestUser; // opts out after a few days
  let early: TestUser; // opted in three days ago (written straight into the table)
  let day0: string; // the WIB day of the opt-ins
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    if (t.testDatabase.database.kind === 'postgres') {
      const database = await createDatabase(t.testDatabase.config);
      other = buildApp(t.config, { database, logStream: new Writable({ write: (_c, _e, done) => done() }), pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      await other.ready();
      closeOther = async () => {
        await other.close();
        await database.close();
      };
    } else {
      other = await t.sibling({ KYC_AUTO_APPROVE_SECONDS: 'off' });
    }
    [kycOnly, small, large, leaver, early] = await Promise.all([
      verifiedUser(t.app, 'kyc'),
      verifiedUser(t.app, 'gss'),
      verifiedUser(t.app, 'gss'),
      verifiedUser(t.app, 'gss'),
      verifiedUser(t.app, 'gss'),
    ]);
    await fund(t.app, paln(small.userId), '5', 'FX');
    await fund(t.app, paln(large.userId), '100', 'FX');
    await fund(t.app, paln(leaver.userId), '100', 'FX');
    await fund(t.app, paln(early.userId), '1000', 'FX');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  const onboarding = async (u: TestUser) =>
    dataOf(UsdYieldOnboarding, await t.app.inject({ method: 'GET', url: FX_WALLET_PATHS.usdYieldOnboarding, headers: u.headers }));
  const optIn = (u: TestUser, value: boolean) =>
    t.app.inject({ method: 'POST', url: FX_WALLET_PATHS.usdYieldOptin, payload: { optIn: value }, headers: { ...u.headers, 'x-request-id': `yield-${(requests += 1)}` } });
  /** An instant on the n-th WIB day after the opt-ins. */
  const dayAfter = (n: number) => wibStart(addDays(day0, n)) + 3_600_000;
  const run = (at: number, app: PasarApp = t.app, ledger: Ledger = app.ledger) =>
    runUsdYieldAccrual({ db: app.database.db, ledger, annualPercent: 4 }, at);
  const rows = async (u: TestUser) => {
    const repo = createFxWalletRepo(t.app.database.db);
    const summary = await repo.accrualSummary(u.userId);
    const all: { date: string; paid: Decimal; carryIn: Decimal; carryOut: Decimal; interest: Decimal; balance: Decimal }[] = [];
    for (let date = addDays(day0, -5); summary.lastDate && date <= summary.lastDate; date = addDays(date, 1)) {
      const row = await repo.accrual(u.userId, date);
      if (row) {
        all.push({
          date,
          paid: new Decimal(row.paid),
          carryIn: new Decimal(row.carryIn),
          carryOut: new Decimal(row.carryOut),
          interest: new Decimal(row.interest),
          balance: new Decimal(row.balance),
        });
      }
    }
    return all;
  };

  it('offers the rate to anyone; opting in needs the US-stock declaration verified (007)', async () => {
    expect(await onboarding(kycOnly)).toEqual({
      optedIn: false,
      annualRatePercent: '4',
      eligibleBalance: '0.00',
      accruedTotal: '0.00',
      lastAccrualDate: null,
      optedInAt: null,
    });
    const refused = await optIn(kycOnly, true);
    expect(refused.statusCode).toBe(403);
    expect(errorCodeOf(refused)).toBe('007');
    expect((await onboarding(kycOnly)).optedIn).toBe(false);
    // Opting out is always allowed (and changes nothing here).
    expect(dataOf(UsdYieldOnboarding, await optIn(kycOnly, false)).optedIn).toBe(false);
  });

  it('opts in once; opting in again keeps the first opt-in', async () => {
    for (const u of [small, large, leaver]) {
      const first = dataOf(UsdYieldOnboarding, await optIn(u, true));
      expect(first).toMatchObject({ optedIn: true, optedInAt: expect.any(String) });
      expect(dataOf(UsdYieldOnboarding, await optIn(u, true)).optedInAt).toBe(first.optedInAt);
    }
    const state = await onboarding(large);
    expect(state).toMatchObject({ optedIn: true, eligibleBalance: '100.00', accruedTotal: '0.00', lastAccrualDate: null });
    day0 = wibDate(Date.parse(state.optedInAt!));
  });

  it('pays nothing for the opt-in day itself (not a whole day opted in)', async () => {
    expect(await run(dayAfter(1))).toEqual({ days: 0, paid: '0.00' });
  });

  it('accrues each whole day on the closing balance, pays whole cents and carries the fraction', async () => {
    const first = await run(dayAfter(3));
    // Days 1 and 2 for each of the three users.
    expect(first.days).toBe(6);
    const largeRows = await rows(large);
    expect(largeRows.map((r) => r.date)).toEqual([addDays(day0, 1), addDays(day0, 2)]);
    // $100 × 4% / 365 = 0.0109589041…: a cent paid, 0.0009589041 carried.
    expect(largeRows[0]).toMatchObject({ balance: new Decimal(100), interest: new Decimal('0.0109589041'), paid: new Decimal('0.01'), carryOut: new Decimal('0.0009589041') });
    expect(largeRows[1]!.carryIn).toEqual(largeRows[0]!.carryOut);
    expect((await balanceOf(t.app, paln(large.userId))).toFixed(2)).toBe('100.02');
    expect(await onboarding(large)).toMatchObject({ accruedTotal: '0.02', lastAccrualDate: addDays(day0, 2), eligibleBalance: '100.02' });
    await expectAuditClean(t.app);
  });

  it('a small balance earns nothing paid for days, then the carried fractions make a cent', async () => {
    await run(dayAfter(21));
    const smallRows = await rows(small);
    expect(smallRows).toHaveLength(20);
    expect(smallRows.map((r) => r.paid.toFixed(2)).findIndex((p) => p === '0.01')).toBe(18); // day 19
    for (let i = 0; i < smallRows.length; i += 1) {
      const row = smallRows[i]!;
      expect(row.carryIn.plus(row.interest).equals(row.paid.plus(row.carryOut))).toBe(true);
      expect(row.interest.toFixed(10)).toBe(row.balance.times(4).div(36500).toDecimalPlaces(10, Decimal.ROUND_DOWN).toFixed(10));
      if (i > 0) expect(row.carryIn.equals(smallRows[i - 1]!.carryOut)).toBe(true);
    }
    expect((await balanceOf(t.app, paln(small.userId))).toFixed(2)).toBe('5.01');
    const history = await t.app.ledger.history(paln(small.userId), { limit: 5 });
    expect(history.filter((h) => h.kind === 'USD_YIELD').map((h) => h.amount)).toEqual(['0.01']);
    expect(await t.app.ledger.transferByKey(`usd-yield:${small.userId}:${addDays(day0, 19)}`)).toMatchObject({ kind: 'USD_YIELD' });
  });

  it('running again for the same days, or twice at once on two instances, pays nothing twice', async () => {
    const before = await Promise.all([small, large, leaver].map((u) => balanceOf(t.app, paln(u.userId))));
    expect(await run(dayAfter(21))).toEqual({ days: 0, paid: '0.00' });
    expect(await run(dayAfter(21), other)).toEqual({ days: 0, paid: '0.00' });
    expect(await Promise.all([small, large, leaver].map((u) => balanceOf(t.app, paln(u.userId))))).toEqual(before);

    // Days 21–25 (five per user): two runs at once, one on each instance, share them.
    const [a, b] = await Promise.all([run(dayAfter(26)), run(dayAfter(26), other)]);
    expect(a.days + b.days).toBe(15);
    expect((await rows(large)).map((r) => r.date)).toEqual(Array.from({ length: 25 }, (_, i) => addDays(day0, i + 1)));
    const paid = (await rows(large)).reduce((sum, r) => sum.plus(r.paid), new Decimal(0));
    expect((await balanceOf(t.app, paln(large.userId))).toFixed(2)).toBe(new Decimal(100).plus(paid).toFixed(2));
    await expectAuditClean(t.app);
  });

  it('a run that dies mid-way leaves whole days only, and the next run pays the rest once', async () => {
    let transfers = 0;
    const failing: Ledger = {
      ...t.app.ledger,
      transaction: (fn) =>
        t.app.ledger.transaction((ops) =>
          fn({
            ...ops,
            transfer: async (request) => {
              transfers += 1;
              if (transfers === 2) throw new Error('the server died');
              return ops.transfer(request);
            },
          }),
        ),
    };
    const before = (await rows(large)).length;
    await run(dayAfter(28), t.app, failing);
    // Each user's days stop at the failed one; nothing half-written.
    for (const u of [small, large, leaver]) {
      for (const row of await rows(u)) expect(row.carryIn.plus(row.interest).equals(row.paid.plus(row.carryOut))).toBe(true);
    }
    expect(transfers).toBeGreaterThanOrEqual(2);
    await run(dayAfter(28));
    expect(await rows(large)).toHaveLength(before + 2);
    // Every user's wallet holds exactly its funding plus what its accrual rows say was paid.
    for (const [u, funded] of [[small, 5], [large, 100], [leaver, 100]] as const) {
      const paid = (await rows(u)).reduce((sum, r) => sum.plus(r.paid), new Decimal(0));
      expect((await balanceOf(t.app, paln(u.userId))).toFixed(2)).toBe(paid.plus(funded).toFixed(2));
    }
    await expectAuditClean(t.app);
  });

  it('after a restart (a new app on the same database) nothing is paid twice', async () => {
    const restarted = await t.sibling({ KYC_AUTO_APPROVE_SECONDS: 'off' });
    const before = await balanceOf(restarted, paln(large.userId));
    expect(await run(dayAfter(28), restarted)).toEqual({ days: 0, paid: '0.00' });
    expect((await balanceOf(restarted, paln(large.userId))).equals(before)).toBe(true);
  });

  it('opting out stops the accrual', async () => {
    const state = dataOf(UsdYieldOnboarding, await optIn(leaver, false));
    expect(state).toMatchObject({ optedIn: false, optedInAt: null });
    const last = state.lastAccrualDate;
    const before = await balanceOf(t.app, paln(leaver.userId));
    const result = await run(dayAfter(35));
    // Only the two who stayed: days 28–34.
    expect(result.days).toBe(14);
    expect((await onboarding(leaver)).lastAccrualDate).toBe(last);
    expect((await balanceOf(t.app, paln(leaver.userId))).equals(before)).toBe(true);
    expect((await onboarding(large)).lastAccrualDate).toBe(addDays(day0, 34));
  });

  it('an app accrues on its own when it starts', async () => {
    // Opted in three days ago: the two whole days since are due (the clock is the real one here).
    await createFxWalletRepo(t.app.database.db).optIn(early.userId, new Date(Date.now() - 3 * 86_400_000));
    const yesterday = addDays(wibDate(Date.now()), -1);
    await t.sibling({ KYC_AUTO_APPROVE_SECONDS: 'off' });
    let state = await onboarding(early);
    for (let i = 0; i < 200 && state.lastAccrualDate !== yesterday; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await onboarding(early);
    }
    // Both days accrued; the wallet was funded today, so their closing balances were 0 and nothing was paid.
    expect(state).toMatchObject({ lastAccrualDate: yesterday, accruedTotal: '0.00', eligibleBalance: '1000.00' });
    const days = await rows(early);
    expect(days.map((d) => [d.date, d.balance.toFixed()])).toEqual([
      [addDays(yesterday, -1), '0'],
      [yesterday, '0'],
    ]);
  });
});
