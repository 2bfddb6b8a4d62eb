// The crypto module: spot orders against IDR (issue 6). Wires repo -> service -> routes and the
// matcher (started when the app is ready, stopped when it closes). A fastify-plugin, so `app.crypto`
// (the service and the matcher) reaches the modules registered after it; tests and benchmarks,
// which hold the root app, use `cryptoOf(app)` (a test hands the matcher its ticks).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createNewsRepo } from '../market/repo';
import { createMarketService } from '../market/service';
import { publishCommit } from './events';
import { CryptoMatcher } from './matcher';
import { createCryptoRepo } from './repo';
import { cryptoRoutes } from './routes';
import { createCryptoService, type CryptoService } from './service';

export interface CryptoApi {
  readonly service: CryptoService;
  readonly matcher: CryptoMatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    crypto: CryptoApi;
  }
}

/** The module's API by app (keyed by the app's own market runtime, which the root app shares). */
const byApp = new WeakMap<object, CryptoApi>();
export function cryptoOf(app: Pick<FastifyInstance, 'market'>): CryptoApi {
  const api = byApp.get(app.market);
  if (!api) throw new Error('the crypto module is not registered on this app');
  return api;
}

const cryptoPlugin: FastifyPluginAsync = async (app) => {
  const settings = app.config.crypto;
  const repo = createCryptoRepo(app.database.db);
  // Product info (halts, buy/sell and pro flags) exactly as the market module computes it.
  const marketService = createMarketService({ market: app.market, news: createNewsRepo(app.database.db), usdSpreadPercent: app.config.market.usdSpreadPercent });
  let matcher: CryptoMatcher | undefined;
  const service = createCryptoService({
    ledger: app.ledger,
    repo,
    market: app.market,
    productInfo: (symbol, language) => marketService.productInfo(symbol, language),
    assertBappebtiAccepted: (userId) => app.account.assertBappebtiAccepted(userId),
    settings,
    onCommit: (tx) => {
      const rows = [...tx.changed.values()];
      matcher?.apply(rows);
      matcher?.announce(rows.map((r) => r.id));
      publishCommit(app.pubsub, app.log, tx, service.view);
    },
  });
  matcher = new CryptoMatcher({
    repo,
    market: app.market,
    pubsub: app.pubsub,
    log: app.log,
    settings,
    rates: service.rates,
    intervalMs: settings.matchIntervalMs,
    run: service.run,
  });
  const api: CryptoApi = { service, matcher };
  app.decorate('crypto', api);
  byApp.set(app.market, api);
  await app.register(cryptoRoutes, { service });
  app.addHook('onReady', async () => matcher.start());
  app.addHook('onClose', async () => matcher.stop());
};

export const cryptoModule = fp(cryptoPlugin, {
  name: 'pasar-crypto',
  dependencies: ['pasar-config', 'pasar-database', 'pasar-auth', 'pasar-ledger', 'pasar-market', 'pasar-pubsub', 'pasar-account'],
});
