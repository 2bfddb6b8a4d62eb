// The portfolio module: holdings with cost, value and P&L (crypto in IDR, US stocks in USD and
// IDR), the overview across every wallet and market, holdings by wallet, the position history and
// the value over time. Reads the ledger (balances, and the share accounts where US splits land), the
// margin engine (perps positions, the CFD wallets' exposure) and the market; keeps the position
// snapshot (updated by the engine's fill listener in each fill's transaction) and the daily net
// worth (a leased daily job). Wires repos -> service -> routes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { schedulePeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import { usdIdrQuote } from '../../market/quotes';
import { createMarginFillReads } from '../../trading/margin/fill-reads';
import { createDailyValuesRepo, runDailyValues, type DailyDeps } from './daily-values';
import { portfolioRoutes } from './routes';
import { createPortfolioService, type PortfolioService, type PortfolioServiceDeps } from './service';
import { applyFillToSnapshot, createSnapshotRepo } from './snapshot';

/** How often the daily job looks for a finished day (it records each day once). */
export const DAILY_VALUES_JOB_MINUTES = 15;

/**
 * The portfolio's service over the app's ledger, engine and market. USD becomes IDR at the house's
 * USD/IDR mid (`market/quotes.ts`; the spread does not move the mid). Tests may replace a dependency
 * (to count what a call reads).
 */
export function portfolioServiceOf(app: FastifyInstance, overrides: Partial<PortfolioServiceDeps> = {}): PortfolioService {
  const db = app.database.db;
  return createPortfolioService({
    fills: (userId, filter) => app.trading.fillsOf(userId, filter),
    ledger: app.ledger,
    market: app.market,
    usdIdr: (at) => usdIdrQuote(app.market.simulator, app.config.market.usdSpreadPercent, at).mid.toFixed(2),
    netWorth: app.netWorth,
    snapshot: createSnapshotRepo(db, (userId) => app.trading.fillsOf(userId, {})),
    margin: app.margin,
    marginReads: createMarginFillReads(db),
    daily: createDailyValuesRepo(db),
    now: () => app.market.now(),
    ...overrides,
  });
}

/** The daily job's work on this app (tests run it on two "instances" with their own leases). */
export const dailyValuesDepsOf = (app: FastifyInstance): DailyDeps => ({
  db: app.database.db,
  holders: (options) => app.ledger.accountHolders(options),
  netWorth: (userId) => app.netWorth.of(userId),
  now: () => app.market.now(),
});

/** The daily job: on the lease holder, at start and every DAILY_VALUES_JOB_MINUTES. */
export const scheduleDailyValues = (app: FastifyInstance, instance: string = randomUUID()) =>
  schedulePeriodicJob({
    minutes: DAILY_VALUES_JOB_MINUTES,
    run: () => runDailyValues(dailyValuesDepsOf(app)),
    failure: 'portfolio daily values failed',
    log: app.log,
    lease: { name: 'portfolio.daily-values', instance, pubsub: app.pubsub },
  });

export const portfolioModule: FastifyPluginAsync = async (app) => {
  const service = portfolioServiceOf(app);
  for (const part of service.netWorthParts()) app.netWorth.register(part);
  app.trading.onFill((ops, fill) => applyFillToSnapshot(ops.db, fill));
  await app.register(portfolioRoutes, { service });

  // Not on market-clock changes: a day is recorded once, so a clock set back and forth must not
  // mark days as done for the people who exist at that moment; tests and operators call runNow.
  const job = scheduleDailyValues(app);
  jobs.set(app.market, job);
  app.addHook('onReady', async () => void job.runNow());
  app.addHook('onClose', async () => job.stop());
};

/** Each app's daily job, by its market runtime (one per app, reachable from any plugin context). */
const jobs = new WeakMap<object, PeriodicJob>();

/** The daily net-worth job of this app instance (it runs on the lease holder only): tests and operators call `runNow`. */
export function portfolioDailyJobOf(app: Pick<FastifyInstance, 'market'>): PeriodicJob {
  const job = jobs.get(app.market);
  if (!job) throw new Error('the portfolio module is not registered on this app');
  return job;
}
