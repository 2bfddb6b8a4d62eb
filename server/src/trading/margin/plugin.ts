// The margin engine plugin: decorates `app.margin` (engine.ts), the one engine every margined
// market registers its `MarginMarket` with (perps, US stock CFDs). Registered in the core after the
// trading engine; a market module hands it the notifier (`app.margin.notifyWith`) since
// notifications are the account module's. Position changes are announced on the user's private
// `balances` channel with the market's currency.
import fp from 'fastify-plugin';
import { topics } from '../../pubsub/topics';
import { createMarginEngine, type MarginEngineImpl, type MarginNotice } from './engine';

export interface MarginApi extends MarginEngineImpl {
  /** Sends margin calls and liquidation notices through `notify` (the account module's). */
  notifyWith(notify: (userId: string, notice: MarginNotice) => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    margin: MarginApi;
  }
}

export const marginPlugin = fp(
  async (app) => {
    let notify: ((userId: string, notice: MarginNotice) => Promise<unknown>) | null = null;
    const engine = createMarginEngine({
      db: app.database.db,
      ledger: app.ledger,
      now: () => app.market.now(),
      marginCallPercent: app.config.perps.marginCallPercent,
      defaultLeverage: app.config.perps.defaultLeverage,
      log: app.log,
      notify: (userId, notice) => (notify ? notify(userId, notice) : Promise.resolve(null)),
      changed: (userId, market) =>
        void app.pubsub
          .publish(topics.user(userId, 'balances'), { type: 'balances', currencies: [market.currency] })
          .catch((err: unknown) => app.log.warn({ err }, 'margin: publishing a balances event failed')),
    });
    const api: MarginApi = Object.assign(engine, { notifyWith: (fn: typeof notify) => void (notify = fn) });
    app.decorate('margin', api);
  },
  { name: 'pasar-margin', dependencies: ['pasar-config', 'pasar-database', 'pasar-ledger', 'pasar-market', 'pasar-pubsub', 'pasar-trading'] },
);
