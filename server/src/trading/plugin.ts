// The order engine plugin: decorates `app.trading` (engine.ts), the one engine every market module
// registers its rules with (`app.trading.register(rules)`, before the app is ready). The matcher
// starts when the app is ready (every market registered by then) and stops when it closes; its
// clock is the market's (`app.market.now()`, which tests and development can set).
import fp from 'fastify-plugin';
import { createEngine, type Engine } from './engine';

declare module 'fastify' {
  interface FastifyInstance {
    trading: Engine;
  }
}

export const tradingPlugin = fp(
  async (app) => {
    const engine = createEngine({
      ledger: app.ledger,
      db: app.database.db,
      market: app.market,
      pubsub: app.pubsub,
      log: app.log,
      matchIntervalMs: app.config.trading.matchIntervalMs,
      now: () => app.market.now(),
    });
    app.decorate('trading', engine);
    app.addHook('onReady', async () => engine.matcher.start());
    app.addHook('onClose', async () => engine.matcher.stop());
  },
  { name: 'pasar-trading', dependencies: ['pasar-config', 'pasar-database', 'pasar-ledger', 'pasar-market', 'pasar-pubsub'] },
);
