// The price alert module: the alert CRUD, and the alert engine that evaluates every market's ticks
// through an index by price and delivers each crossing once through the notification service
// (`app.account.notify`: in-app live on the private stream, e-mail and Telegram by the settings).
// `alertEngineOf(app)` gives an app's engine to tests and the benchmark (manual ticks, sweeps).
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { AlertEngine } from './engine';
import { pricePaths } from './price-path';
import { createPriceAlertRepo } from './repo';
import { priceAlertRoutes } from './routes';
import { createPriceAlertService } from './service';

/** Each app's engine, by the app's market runtime (the same object inside the /api scope and outside). */
const engines = new WeakMap<object, AlertEngine>();
/** The alert engine of an app (tests, the benchmark). */
export function alertEngineOf(app: Pick<FastifyInstance, 'market'>): AlertEngine {
  const engine = engines.get(app.market);
  if (!engine) throw new Error('the price alert module is not registered on this app');
  return engine;
}

export const priceAlertModule: FastifyPluginAsync = async (app) => {
  const repo = createPriceAlertRepo(app.database.db);
  const market = app.market;
  const now = () => new Date(market.now());
  const paths = pricePaths(market);
  const engine = new AlertEngine({
    repo,
    lastPrice: (symbol) => {
      if (!market.instrument(symbol) || market.halts.get(symbol)) return null;
      return market.ticker(symbol).price;
    },
    pathOf: paths.pathOf,
    pubsub: app.pubsub,
    log: app.log,
    notify: (userId, input) => app.account.notify(userId, input),
    intervalMs: app.config.trading.matchIntervalMs,
    now,
  });
  const service = createPriceAlertService({
    repo,
    engine,
    instrument: (symbol) => market.instrument(symbol),
    lastPrice: (symbol) => market.ticker(symbol).price,
    maxActive: app.config.alerts.maxActiveAlerts, // PRICE_ALERT_MAX_ACTIVE
    now,
  });
  engines.set(market, engine);
  await app.register(priceAlertRoutes, { service });
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => {
    paths.stop();
    await engine.stop();
  });
};
