// The reports module: the transaction history of every movement of a person's money and assets,
// read from the ledger (core) with no per-market code, and the wallet's unfinished top-ups and
// cashouts through its service; and the tax reports, generated in the background from the ledger
// and the engine's fills, their files kept in the account's file storage. Wires repo -> service ->
// routes; the tax runner looks for waiting reports every few seconds and whenever one is queued.
import Decimal from 'decimal.js';
import type { FastifyPluginAsync } from 'fastify';
import { schedulePeriodicJob } from '../../jobs/periodic-job';
import { usdIdrQuote, usdtIdrQuote } from '../../market/quotes';
import { CLASSIFICATION_RULES, UNCLASSIFIED } from './classification';
import { REPORTS_CONFIG } from './config';
import { createReportsRepo } from './repo';
import { reportsRoutes } from './routes';
import { createReportsService } from './service';
import { TAX_REPORTS_CONFIG } from './tax-config';
import { createTaxRepo } from './tax-repo';
import { taxRoutes } from './tax-routes';
import { createTaxReportsService } from './tax-service';

export const reportsModule: FastifyPluginAsync = async (app) => {
  const service = createReportsService({
    repo: createReportsRepo(app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED),
    // Top-ups and cashouts not finished: the wallet module's own read (no ledger transfer yet).
    payments: app.wallet,
    config: REPORTS_CONFIG,
  });
  await app.register(reportsRoutes, { service });

  const tax = createTaxReportsService({
    repo: createTaxRepo(app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED),
    storage: app.account.storage,
    identityOf: (userId) => app.account.taxIdentityOf(userId),
    usdIdr: (at) => usdIdrQuote(app.market.simulator, app.config.market.usdSpreadPercent, at.getTime()).mid,
    usdtIdr: (at) => new Decimal(usdtIdrQuote(app.market, 0, at.getTime()).mid.toFixed(2)),
    config: TAX_REPORTS_CONFIG,
    now: () => new Date(),
    log: app.log,
  });
  await app.register(taxRoutes, { service: tax });
  // Reports left waiting (an instance stopped mid-run, a lease lapsed) are taken up here; each
  // report is claimed in the database, so every instance may poll.
  const job = schedulePeriodicJob({ minutes: TAX_REPORTS_CONFIG.pollSeconds / 60, run: () => tax.runPending(), failure: 'tax report runner failed', log: app.log });
  app.addHook('onReady', async () => void job.runNow());
  app.addHook('onClose', async () => {
    await job.stop();
    await tax.idle();
  });
};
