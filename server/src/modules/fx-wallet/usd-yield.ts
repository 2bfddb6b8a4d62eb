// USD yield: opted-in USD cash of the paln wallet earns a configurable annual rate, accrued per
// WIB day on the day's closing balance (rate / 365) and paid in whole cents from the house's
// YIELD_EXPENSE; fractions of a cent carry to the next day. A day earns when the user was opted
// in all day. Each day is accrued in ONE ledger transaction with its accrual row (primary key
// user + day) under a per-user lock, so it is paid exactly once whatever runs it, however often,
// on however many instances, even if a run dies half-way.
import type { UsdYieldOnboarding } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { PasarDb } from '../../db/database';
import type { Ledger } from '../../ledger/api';
import { addDays, wibDate, wibStart } from '../../market/calendar/time';
import { dailyYield, money } from './fx-math';
import { houseAccount, usdWallet } from './ledger-calls';
import { createFxWalletRepo, type FxWalletRepo, type YieldPeriodRow } from './repo';
import type { IdentityCheckSource } from './service';
import { schedulePeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';

/** How far back a run looks for unaccrued days (a server down longer loses the older days' yield). */
export const CATCH_UP_DAYS = 400;


/** Whether a period covers the whole WIB day. */
const coversDay = (period: YieldPeriodRow, date: string): boolean =>
  period.optedInAt.getTime() <= wibStart(date) && (period.optedOutAt === null || period.optedOutAt.getTime() >= wibStart(addDays(date, 1)));

export interface UsdYieldServiceDeps {
  readonly repo: FxWalletRepo;
  /** The identity checks (`app.identity`). */
  readonly identity: IdentityCheckSource;
  readonly ledger: Ledger;
  readonly annualPercent: number;
  readonly now?: () => number;
}

export type UsdYieldService = ReturnType<typeof createUsdYieldService>;

export function createUsdYieldService(deps: UsdYieldServiceDeps) {
  const { repo, ledger } = deps;
  const now = deps.now ?? Date.now;

  async function onboarding(userId: string): Promise<UsdYieldOnboarding> {
    const [period, summary, paln] = await Promise.all([
      repo.openPeriod(userId),
      repo.accrualSummary(userId),
      ledger.balance(usdWallet(userId, 'paln')),
    ]);
    return {
      optedIn: period !== null,
      annualRatePercent: new Decimal(deps.annualPercent).toString(),
      eligibleBalance: money(paln.available, 'USD'),
      accruedTotal: money(summary.paidTotal, 'USD'),
      lastAccrualDate: summary.lastDate,
      optedInAt: period ? period.optedInAt.toISOString() : null,
    };
  }

  return {
    onboarding,
    /** Opting in needs the US-stock declaration verified (007); opting out is always allowed. Repeats change nothing. */
    async optIn(userId: string, optIn: boolean): Promise<UsdYieldOnboarding> {
      if (optIn) {
        const checks = await deps.identity.userFacts(userId);
        if (checks?.gssKycStatus !== 'VERIFIED') throw new AppError('007');
        await repo.optIn(userId, new Date(now()));
      } else {
        await repo.optOut(userId, new Date(now()));
      }
      return onboarding(userId);
    },
  };
}

export interface AccrualDeps {
  readonly db: PasarDb;
  readonly ledger: Ledger;
  readonly annualPercent: number;
  readonly log?: { warn(details: object, message: string): void };
}

export interface AccrualRun {
  /** Days accrued by this run (days another run accrued first are not counted). */
  readonly days: number;
  /** USD paid by this run. */
  readonly paid: string;
}

/**
 * Accrues every opted-in user's unaccrued days up to yesterday (WIB) as of `at`. Safe to run
 * concurrently and repeatedly. A user whose day fails is left for the next run (days stay in order).
 */
export async function runUsdYieldAccrual(deps: AccrualDeps, at: number = Date.now()): Promise<AccrualRun> {
  const repo = createFxWalletRepo(deps.db);
  const today = wibDate(at);
  const yesterday = addDays(today, -1);
  const horizon = addDays(today, -CATCH_UP_DAYS);
  const periods = await repo.periodsSince(new Date(wibStart(horizon)));
  const byUser = new Map<string, YieldPeriodRow[]>();
  for (const period of periods) {
    const list = byUser.get(period.userId);
    if (list) list.push(period);
    else byUser.set(period.userId, [period]);
  }
  const last = byUser.size > 0 ? await repo.lastAccrualDatesSince(horizon) : new Map<string, string>();

  let days = 0;
  let paid = new Decimal(0);
  for (const [userId, userPeriods] of byUser) {
    const firstFullDay = addDays(wibDate(userPeriods[0]!.optedInAt.getTime() - 1), 1);
    const lastDone = last.get(userId);
    let date = [firstFullDay, horizon, lastDone ? addDays(lastDone, 1) : horizon].sort().at(-1)!;
    for (; date <= yesterday; date = addDays(date, 1)) {
      if (!userPeriods.some((p) => coversDay(p, date))) continue;
      try {
        const accrued = await accrueDay(deps, userId, date);
        if (accrued) {
          days += 1;
          paid = paid.plus(accrued);
        }
      } catch (error) {
        deps.log?.warn({ err: error, userId, date }, 'usd yield accrual failed');
        break;
      }
    }
  }
  return { days, paid: money(paid, 'USD') };
}

/** One user's day: the accrual row and the payment commit together, or neither. Null: already accrued. */
async function accrueDay(deps: AccrualDeps, userId: string, date: string): Promise<Decimal | null> {
  const account = usdWallet(userId, 'paln');
  // The day is over: its closing balance no longer changes (read before the transaction, which
  // on PGlite holds the only connection).
  const balance = new Decimal(await deps.ledger.balanceAt(account, new Date(wibStart(addDays(date, 1)) - 1)));
  return deps.ledger.transaction(async (ops) => {
    const repo = createFxWalletRepo(ops.db);
    await repo.lockUserAccruals(userId);
    if (await repo.accrual(userId, date)) return null;
    const previous = await repo.accrualBefore(userId, date);
    const carryIn = new Decimal(previous?.carryOut ?? 0);
    const day = dailyYield(balance, deps.annualPercent, carryIn);
    await repo.insertAccrual({
      userId,
      accrualDate: date,
      balance: balance.toFixed(),
      annualPercent: new Decimal(deps.annualPercent).toFixed(),
      interest: day.interest.toFixed(),
      carryIn: carryIn.toFixed(),
      paid: day.paid.toFixed(2),
      carryOut: day.carryOut.toFixed(),
    });
    if (day.paid.greaterThan(0)) {
      await ops.transfer({
        key: `usd-yield:${userId}:${date}`,
        kind: 'USD_YIELD',
        legs: [{ from: houseAccount('YIELD_EXPENSE', 'USD'), to: account, amount: day.paid }],
        memo: { date, balance: balance.toFixed(), annualPercent: String(deps.annualPercent), interest: day.interest.toFixed(), carryIn: carryIn.toFixed() },
      });
    }
    return day.paid;
  });
}

/** Runs the accrual now and then every `minutes`; `stop()` clears the timer and waits for a run in progress. */
export function scheduleUsdYieldAccrual(deps: AccrualDeps, minutes: number): PeriodicJob {
  return schedulePeriodicJob({ minutes, run: () => runUsdYieldAccrual(deps), failure: 'usd yield accrual run failed', log: deps.log });
}
