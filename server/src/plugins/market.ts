// The market plugin: decorates `app.market` (the MarketRuntime: simulator + halts) for the market
// module's routes and the stream hub. The halts' in-memory copy is loaded before the app is ready.
import fp from 'fastify-plugin';
import { MarketClock } from '../market/clock';
import { createClockStore } from '../market/clock-store';
import { createHaltsRepo, HaltRegistry } from '../market/halts';
import { MarketRuntime } from '../market/runtime';
import { MarketSimulator } from '../market/simulator';

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketRuntime;
  }
}

export const marketPlugin = fp(
  async (app) => {
    const settings = app.config.market;
    // The market clock: the wall clock in production; settable in development and tests.
    const clock = new MarketClock({ adjustable: app.config.mode !== 'production', store: createClockStore(app.database.db) });
    await clock.load();
    const simulator = new MarketSimulator({ seed: settings.seed, now: () => clock.now() });
    const halts = new HaltRegistry(
      createHaltsRepo(app.database.db),
      settings.haltCacheMs,
      Date.now,
      (err) => app.log.warn({ err }, 'reading trading halts failed'),
      () => clock.now(),
    );
    await halts.refresh();
    app.decorate('market', new MarketRuntime(simulator, halts, clock));
  },
  { name: 'pasar-market', dependencies: ['pasar-config', 'pasar-database'] },
);
