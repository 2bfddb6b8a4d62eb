// The reports module: the transaction history of every movement of a person's money and assets,
// read from the ledger (core) with no per-market code, and the wallet's unfinished top-ups and
// cashouts through its service; writes nothing. Wires repo -> service -> routes.
import type { FastifyPluginAsync } from 'fastify';
import { CLASSIFICATION_RULES, UNCLASSIFIED } from './classification';
import { REPORTS_CONFIG } from './config';
import { createReportsRepo } from './repo';
import { reportsRoutes } from './routes';
import { createReportsService } from './service';

export const reportsModule: FastifyPluginAsync = async (app) => {
  const service = createReportsService({
    repo: createReportsRepo(app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED),
    // Top-ups and cashouts not finished: the wallet module's own read (no ledger transfer yet).
    payments: app.wallet,
    config: REPORTS_CONFIG,
  });
  await app.register(reportsRoutes, { service });
};
