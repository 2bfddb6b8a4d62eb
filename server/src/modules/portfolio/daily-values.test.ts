// The daily net-worth job and the value-over-time ranges. Two app instances on one database and one
// message bus run the job at the same market instant (the dev/test clock, never the wall clock):
// the day is recorded once, each account holder's value equal to their net worth then, and a
// second pass records nothing. The ranges start where a person expects (a week back, a calendar
// month back with the month's end clamped, 1 January for YTD) and keep only their days.
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser } from '../../testing/auth-fixture';
import { secondInstance } from '../../testing/second-instance';
import { schedulePeriodicJob } from '../../jobs/periodic-job';
import { addDays, createDailyValuesRepo, rangeStart, wibDay } from './daily-values';
import { portfolioDailyJobOf } from './index';
import { portfolioDailyRuns, portfolioDailyValues } from './tables';
import { fundCash } from './test-support';

const SETUP_TIMEOUT_MS = 120_000;
/** 2026-12-15 00:20 WIB: the job records 2026-12-14. */
const AFTER_MIDNIGHT = Date.parse('2026-12-14T17:20:00Z');

describe('value-over-time ranges', () => {
  it('start a week, a month, three months, a year back, on 1 January, or nowhere', () => {
    const today = '2026-12-08';
    expect(Object.fromEntries((['1W', '1M', '3M', 'YTD', '1Y', 'ALL'] as const).map((r) => [r, rangeStart(r, today)]))).toEqual({
      '1W': '2026-12-01',
      '1M': '2026-11-08',
      '3M': '2026-09-08',
      YTD: '2026-01-01',
      '1Y': '2025-12-08',
      ALL: null,
    });
    // A month back from the 31st is the previous month's last day.
    expect(rangeStart('1M', '2026-03-31')).toBe('2026-02-28');
    expect(rangeStart('3M', '2024-05-31')).toBe('2024-02-29');
  });

  it('name WIB days: 23:59 WIB is still the day, 00:00 WIB the next', () => {
    expect(wibDay(Date.parse('2026-12-14T16:59:59Z'))).toBe('2026-12-14');
    expect(wibDay(Date.parse('2026-12-14T17:00:00Z'))).toBe('2026-12-15');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('the daily net-worth job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('runs on one of two instances sharing a lease', async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      await new Promise((resolve) => setImmediate(resolve));
    };
    const lease = (instance: string) => ({ name: 'test.daily', instance, pubsub: t.app.pubsub });
    const a = schedulePeriodicJob({ minutes: 60, run, failure: 'test job failed', lease: lease('a') });
    const b = schedulePeriodicJob({ minutes: 60, run, failure: 'test job failed', lease: lease('b') });
    await Promise.all([a.runNow(), b.runNow()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
  });

  it('records a day once across two app instances, each holder at their net worth then', async () => {
    const rich = await signUpTestUser(t.app);
    const poor = await signUpTestUser(t.app);
    await fundCash(t.app, rich.userId, '12345678');
    await fundCash(t.app, poor.userId, '1');
    const second = await secondInstance(t, {}, { sameBus: true });
    try {
      await t.app.market.clock.set(AFTER_MIDNIGHT, { frozen: true });
      await second.app.market.clock.set(AFTER_MIDNIGHT, { frozen: true });
      await Promise.all([portfolioDailyJobOf(t.app).runNow(), portfolioDailyJobOf(second.app).runNow()]);
      const db = t.app.database.db;
      const values = async (userId: string) => db.select().from(portfolioDailyValues).where(eq(portfolioDailyValues.userId, userId));
      const [richRows, poorRows] = [await values(rich.userId), await values(poor.userId)];
      expect(richRows.map((r) => [r.day, new Decimal(r.totalIdr).toFixed()])).toEqual([['2026-12-14', '12345678']]);
      expect(poorRows.map((r) => [r.day, new Decimal(r.totalIdr).toFixed()])).toEqual([['2026-12-14', '1']]);
      const runsOfDay = await db.select().from(portfolioDailyRuns).where(eq(portfolioDailyRuns.day, '2026-12-14'));
      expect(runsOfDay).toHaveLength(1);
      expect(runsOfDay[0]!.users).toBeGreaterThanOrEqual(2);

      // Later the same day: nothing more is recorded, whatever the balances do.
      await fundCash(t.app, rich.userId, '1000');
      await t.app.market.clock.set(AFTER_MIDNIGHT + 3_600_000, { frozen: true });
      await second.app.market.clock.set(AFTER_MIDNIGHT + 3_600_000, { frozen: true });
      await Promise.all([portfolioDailyJobOf(t.app).runNow(), portfolioDailyJobOf(second.app).runNow()]);
      expect((await values(rich.userId)).map((r) => new Decimal(r.totalIdr).toFixed())).toEqual(['12345678']);
    } finally {
      await second.close();
    }
  });

  it("keeps a range's days only, today's value live as the last point", async () => {
    const person = await signUpTestUser(t.app);
    const db = t.app.database.db;
    const days = ['2025-12-31', '2026-01-02', '2026-11-30', '2026-12-10', '2026-12-14'];
    await db.insert(portfolioDailyValues).values(days.map((day, i) => ({ userId: person.userId, day, totalIdr: String((i + 1) * 1000), parts: [], usdIdr: '16000', valuedAt: new Date(`${day}T17:00:00Z`) })));
    const repo = createDailyValuesRepo(db);
    const week = await repo.history(person.userId, '1W', '2026-12-15', '6000');
    expect(week.points).toEqual([
      { day: '2026-12-10', valueIdr: '4000' },
      { day: '2026-12-14', valueIdr: '5000' },
      { day: '2026-12-15', valueIdr: '6000' },
    ]);
    expect(week.change).toEqual({ valueIdr: '2000', percent: '50' });
    expect((await repo.history(person.userId, 'YTD', '2026-12-15', '6000')).points.map((p) => p.day)).toEqual(['2026-01-02', '2026-11-30', '2026-12-10', '2026-12-14', '2026-12-15']);
    expect((await repo.history(person.userId, 'ALL', '2026-12-15', '6000')).points).toHaveLength(6);
    expect(await repo.lastBefore(person.userId, '2026-12-14')).toEqual({ day: '2026-12-10', totalIdr: '4000' });
  });
});
