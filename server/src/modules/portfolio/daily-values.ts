// Each person's net worth once a day: the daily job values every account holder just after a WIB
// day ends and records it for that day (`portfolio_daily_values`), once across instances: it runs
// on the lease holder (`jobs/periodic-job.ts`), skips a day recorded as finished
// (`portfolio_daily_runs`), and writes each person's value `on conflict do nothing`, so a lease that
// lapses mid-run and a second runner change nothing twice. Time is the market clock's, so tests and
// development move days by setting it.
import type { NetWorth, ValueHistoryRange, ValueHistoryResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { portfolioDailyRuns, portfolioDailyValues } from './tables';

/** WIB is UTC+7 all year. */
const WIB_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
/** Holders valued per page of the ledger's list. */
const HOLDERS_PAGE = 500;

/** The WIB calendar day of an instant (YYYY-MM-DD). */
export const wibDay = (at: number): string => new Date(at + WIB_OFFSET_MS).toISOString().slice(0, 10);
/** `day` moved by `days`. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day a range shows, ending today (WIB). */
export function rangeStart(range: ValueHistoryRange, today: string): string | null {
  switch (range) {
    case '1W':
      return addDays(today, -7);
    case '1M':
      return monthsBack(today, 1);
    case '3M':
      return monthsBack(today, 3);
    case 'YTD':
      return `${today.slice(0, 4)}-01-01`;
    case '1Y':
      return monthsBack(today, 12);
    case 'ALL':
      return null;
  }
}

function monthsBack(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

export interface DailyDeps {
  readonly db: PasarDb;
  readonly holders: (options: { readonly after?: string | undefined; readonly limit: number }) => Promise<string[]>;
  readonly netWorth: (userId: string) => Promise<NetWorth>;
  readonly now: () => number;
}

/** What one run did: the day it recorded (null: nothing due) and how many people it valued now. */
export interface DailyRun {
  readonly day: string | null;
  readonly valued: number;
}

/** Records yesterday's (WIB) value of every account holder unless that day is finished. */
export async function runDailyValues(deps: DailyDeps): Promise<DailyRun> {
  const day = addDays(wibDay(deps.now()), -1);
  const [done] = await deps.db.select().from(portfolioDailyRuns).where(eq(portfolioDailyRuns.day, day));
  if (done) return { day: null, valued: 0 };
  let valued = 0;
  let holders = 0;
  for (let after: string | undefined; ; ) {
    const page = await deps.holders({ after, limit: HOLDERS_PAGE });
    for (const userId of page) {
      const worth = await deps.netWorth(userId);
      const rows = await deps.db
        .insert(portfolioDailyValues)
        .values({ userId, day, totalIdr: worth.totalIdr, parts: worth.parts.map((p) => ({ key: p.key, valueIdr: p.valueIdr })), usdIdr: worth.usdIdr, valuedAt: new Date(worth.at) })
        .onConflictDoNothing()
        .returning({ day: portfolioDailyValues.day });
      valued += rows.length;
    }
    holders += page.length;
    if (page.length < HOLDERS_PAGE) break;
    after = page[page.length - 1];
  }
  await deps.db.insert(portfolioDailyRuns).values({ day, users: holders, finishedAt: new Date(deps.now()) }).onConflictDoNothing();
  return { day, valued };
}

const percent = (change: Decimal, base: Decimal): string => (base.gt(0) ? change.times(100).div(base).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed() : '0');

export function createDailyValuesRepo(db: PasarDb) {
  return {
    /** The last recorded value before `today` (the day change's base), or null. */
    async lastBefore(userId: string, today: string): Promise<{ day: string; totalIdr: string } | null> {
      const [row] = await db
        .select({ day: portfolioDailyValues.day, totalIdr: portfolioDailyValues.totalIdr })
        .from(portfolioDailyValues)
        .where(and(eq(portfolioDailyValues.userId, userId), lt(portfolioDailyValues.day, today)))
        .orderBy(desc(portfolioDailyValues.day))
        .limit(1);
      return row ?? null;
    },

    /** The range's daily values, oldest first, with today's value (`liveIdr`, now) as the last point. */
    async history(userId: string, range: ValueHistoryRange, today: string, liveIdr: string): Promise<ValueHistoryResponse> {
      const start = rangeStart(range, today);
      const where = start ? and(eq(portfolioDailyValues.userId, userId), gte(portfolioDailyValues.day, start), lt(portfolioDailyValues.day, today)) : and(eq(portfolioDailyValues.userId, userId), lt(portfolioDailyValues.day, today));
      const rows = await db.select({ day: portfolioDailyValues.day, valueIdr: portfolioDailyValues.totalIdr }).from(portfolioDailyValues).where(where).orderBy(asc(portfolioDailyValues.day));
      const points = [...rows.map((r) => ({ day: r.day, valueIdr: new Decimal(r.valueIdr).toFixed(0) })), { day: today, valueIdr: liveIdr }];
      const first = new Decimal(points[0]!.valueIdr);
      const last = new Decimal(liveIdr);
      return {
        range,
        from: start ?? points[0]!.day,
        to: today,
        points,
        change: points.length < 2 ? null : { valueIdr: last.minus(first).toFixed(0), percent: percent(last.minus(first), first) },
      };
    },
  };
}

export type DailyValuesRepo = ReturnType<typeof createDailyValuesRepo>;
export { percent as changePercent };
