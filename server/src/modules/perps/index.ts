// The perps module (issue 12): USDT-margined perpetual futures. Registers its rules with the
// trading engine (`app.trading`) and its MarginMarket with the margin engine (`app.margin`), serves
// §7 Perp futures, and runs the watcher (marks → liquidation, margin calls, TP/SL; funding every
// 8 hours). Tests hold the root app and reach the module through `perpsOf(app)`.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createMarginFillReads } from '../../trading/margin/fill-reads';
import { perpRoutes } from './routes';
import { createPerpRules, type PerpRules } from './rules';
import { createPerpService, type PerpService } from './service';
import { createPerpWatcher, type PerpWatcher } from './watcher';

export interface PerpsApi {
  readonly service: PerpService;
  readonly rules: PerpRules;
  readonly watcher: PerpWatcher;
}

const byApp = new WeakMap<object, PerpsApi>();
export function perpsOf(app: Pick<FastifyInstance, 'market'>): PerpsApi {
  const api = byApp.get(app.market);
  if (!api) throw new Error('the perps module is not registered on this app');
  return api;
}

const perpsPlugin: FastifyPluginAsync = async (app) => {
  const settings = app.config.perps;
  const rules = createPerpRules({
    market: app.market,
    settings,
    margin: app.margin,
    kycStatus: (userId) => app.identity.kycStatus(userId),
    placeClose: (userId, requestId, spec) => app.trading.place('PERPS', userId, requestId, spec, 'id'),
  });
  app.trading.register(rules);
  app.margin.register(rules.marginMarket);
  app.margin.notifyWith((userId, notice) => app.account.notify(userId, notice));
  const service = createPerpService({
    engine: app.trading,
    margin: app.margin,
    rules,
    market: app.market,
    ledger: app.ledger,
    fills: createMarginFillReads(app.database.db),
    settings,
    usdtIdr: () => app.market.ticker('USDT-IDR').price,
  });
  const symbols = app.market
    .instruments()
    .filter((i) => i.kind === 'perps')
    .map((i) => i.symbol);
  const watcher = createPerpWatcher({
    market: app.market,
    margin: app.margin,
    symbols: () => symbols,
    pubsub: app.pubsub,
    instance: randomUUID(),
    intervalMs: settings.watchIntervalMs,
    log: app.log,
  });
  const api: PerpsApi = { service, rules, watcher };
  byApp.set(app.market, api);
  await app.register(perpRoutes, { service });
  app.addHook('onReady', async () => watcher.start());
  app.addHook('onClose', () => watcher.stop());
};

export const perpsModule = fp(perpsPlugin, {
  name: 'pasar-perps',
  dependencies: ['pasar-config', 'pasar-database', 'pasar-auth', 'pasar-ledger', 'pasar-market', 'pasar-pubsub', 'pasar-account', 'pasar-trading', 'pasar-margin', 'pasar-identity'],
});
