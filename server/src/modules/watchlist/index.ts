// The watchlist module: custom watchlists, predefined lists from market data, asset suggestions.
// Symbols come from the market registry (`app.market`), so every market (and any that lands later)
// is in it.
import { DEFAULT_WATCHLIST_LIMITS, type WatchlistLimits } from '@pasar/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { createWatchlistRepo } from './repo';
import { watchlistRoutes } from './routes';
import { createWatchlistService } from './service';

export interface WatchlistModuleOptions {
  /** The limits (1158 beyond); the defaults of the contract otherwise. */
  readonly limits?: WatchlistLimits;
}

export const watchlistModule: FastifyPluginAsync<WatchlistModuleOptions> = async (app, options) => {
  const service = createWatchlistService({
    repo: createWatchlistRepo(app.database.db),
    market: app.market,
    limits: options.limits ?? DEFAULT_WATCHLIST_LIMITS,
    now: () => new Date(app.market.now()),
  });
  await app.register(watchlistRoutes, { service });
};
