// The portfolio module: holdings with cost, value and P&L (crypto in IDR, US stocks in USD and
// IDR), the overview totals, and the position history. Reads the ledger, the fills through the
// order engine (`app.trading.fillsOf`) and the market; writes nothing. Wires service -> routes.
import type { FastifyPluginAsync } from 'fastify';
import { portfolioRoutes } from './routes';
import { createPortfolioService } from './service';

export const portfolioModule: FastifyPluginAsync = async (app) => {
  const service = createPortfolioService({
    fills: (userId, filter) => app.trading.fillsOf(userId, filter),
    ledger: app.ledger,
    market: app.market,
    usdIdr: (at) => app.market.simulator.usdIdr(at).toFixed(2),
    now: () => app.market.now(),
  });
  await app.register(portfolioRoutes, { service });
};
