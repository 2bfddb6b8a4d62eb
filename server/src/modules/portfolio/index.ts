// The portfolio module: holdings with cost, value and P&L (crypto in IDR, US stocks in USD and
// IDR), the overview totals, and the position history. Reads the ledger (balances, and the share
// accounts where US splits land), the fills through the order engine (`app.trading.fillsOf`) and
// the market; writes nothing. Wires service -> routes.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { usdIdrQuote } from '../../market/quotes';
import { portfolioRoutes } from './routes';
import { createPortfolioService, type PortfolioService } from './service';

/**
 * The portfolio's service over the app's ledger, engine and market. USD becomes IDR at the house's
 * USD/IDR mid (`market/quotes.ts`; the spread does not move the mid).
 */
export function portfolioServiceOf(app: FastifyInstance): PortfolioService {
  return createPortfolioService({
    fills: (userId, filter) => app.trading.fillsOf(userId, filter),
    ledger: app.ledger,
    market: app.market,
    usdIdr: (at) => usdIdrQuote(app.market.simulator, app.config.market.usdSpreadPercent, at).mid.toFixed(2),
    netWorth: app.netWorth,
    now: () => app.market.now(),
  });
}

export const portfolioModule: FastifyPluginAsync = async (app) => {
  const service = portfolioServiceOf(app);
  for (const part of service.netWorthParts()) app.netWorth.register(part);
  await app.register(portfolioRoutes, { service });
};
