// The watchlist module: custom watchlists, predefined lists from market data, asset suggestions.
// Symbols come from the market registry (`app.market`), so every market (and any that lands later)
// is in it.
import type { FastifyPluginAsync } from 'fastify';
import { createWatchlistRepo } from './repo';
import { watchlistRoutes } from './routes';
import { createWatchlistService } from './service';

export const watchlistModule: FastifyPluginAsync = async (app) => {
  const { maxWatchlists, maxSymbolsPerWatchlist, maxSuggestionsPerUser } = app.config.alerts;
  const service = createWatchlistService({
    repo: createWatchlistRepo(app.database.db),
    market: app.market,
    // WATCHLIST_MAX_LISTS, WATCHLIST_MAX_SYMBOLS (1158 beyond).
    limits: { maxWatchlists, maxSymbolsPerWatchlist },
    maxSuggestionsPerUser, // ASSET_SUGGESTION_MAX_PER_USER (1157 beyond)
    now: () => new Date(app.market.now()),
  });
  await app.register(watchlistRoutes, { service });
};
