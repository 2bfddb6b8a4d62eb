// The crypto module: spot orders against IDR, the order engine's first market. Registers its rules
// (rules.ts) with `app.trading` and serves the specification's crypto routes over it. A
// fastify-plugin, so `app.crypto` (the service and the engine's matcher) reaches the modules
// registered after it; tests and benchmarks, which hold the root app, use `cryptoOf(app)` (a test
// hands the matcher its ticks).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Matcher } from '../../trading/matcher';
import { cryptoRoutes } from './routes';
import { createCryptoRules } from './rules';
import { createCryptoService, type CryptoService } from './service';

export interface CryptoApi {
  readonly service: CryptoService;
  /** The engine's matcher (one for every market). */
  readonly matcher: Matcher;
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
  const rates = { feeRate: settings.feeRate, buyTaxRate: settings.buyTaxRate, sellTaxRate: settings.sellTaxRate };
  // Product info (halts, buy/sell and pro flags) as the market module serves it.
  const productInfo = (symbol: string, language: 'id' | 'en') => app.marketInfo.productInfo(symbol, language);
  app.trading.register(
    createCryptoRules({
      market: app.market,
      settings,
      rates,
      productInfo,
      tradingChecks: (userId) => app.account.tradingChecks(userId),
    }),
  );
  const service = createCryptoService({ engine: app.trading, productInfo, settings, rates });
  const api: CryptoApi = { service, matcher: app.trading.matcher };
  app.decorate('crypto', api);
  byApp.set(app.market, api);
  await app.register(cryptoRoutes, { service });
};

export const cryptoModule = fp(cryptoPlugin, {
  name: 'pasar-crypto',
  dependencies: ['pasar-config', 'pasar-database', 'pasar-auth', 'pasar-ledger', 'pasar-market', 'pasar-pubsub', 'pasar-account', 'pasar-trading', 'pasar-market-module'],
});
