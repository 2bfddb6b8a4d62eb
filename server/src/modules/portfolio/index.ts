// The portfolio module (issue 6): crypto holdings with cost, value and P&L, the overview totals,
// and the position history. Reads the ledger, the crypto module's fills and the market; writes
// nothing. Wires repo -> service -> routes.
import type { FastifyPluginAsync } from 'fastify';
import { createPortfolioRepo } from './repo';
import { portfolioRoutes } from './routes';
import { createPortfolioService } from './service';

export const portfolioModule: FastifyPluginAsync = async (app) => {
  const service = createPortfolioService({
    repo: createPortfolioRepo(app.database.db),
    ledger: app.ledger,
    market: app.market,
  });
  await app.register(portfolioRoutes, { service });
};
