// The Indonesian stock (IDX) module: registers the IDX rules with the order engine
// (`app.trading`), serves the IDX trading calls, and runs the T+2 settlement (due sale proceeds
// from IDX_UNSETTLED to cash, one instance at a time, also at start and on the operator's call).
// The IDX market data calls (`/api/idss/list`, `/ohlc`, `/calendar`) are the market module's.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { FastifyPluginAsync } from 'fastify';
import { topics } from '../../pubsub/topics';
import { idxRepoOf } from './repo';
import { idxRoutes } from './routes';
import { createIdxRules } from './rules';
import { createIdxService } from './service';
import { runSettlement, scheduleSettlement, type SettlementDeps } from './settlement';

export const idxModule: FastifyPluginAsync = async (app) => {
  const settings = app.config.idx;
  const productInfo = (symbol: string, language: 'id' | 'en') => app.marketInfo.productInfo(symbol, language);
  const rules = createIdxRules({
    market: app.market,
    settings,
    kycStatus: (userId) => app.identity.kycStatus(userId),
    assertTermsAccepted: (userId) => app.account.assertBappebtiAccepted(userId),
    productInfo,
  });
  app.trading.register(rules);
  // What a person owns (`app.netWorth`): IDX shares at the last price, and sale proceeds not yet settled.
  app.netWorth.register({
    key: 'IDX',
    valueIdr: ({ balances }) =>
      balances.reduce((sum, b) => {
        if ('purpose' in b.account && b.account.purpose === 'IDX') return sum.plus(new Decimal(b.balance).times(rules.lastPrice(b.currency)));
        if ('purpose' in b.account && b.account.purpose === 'IDX_UNSETTLED') return sum.plus(b.balance);
        return sum;
      }, new Decimal(0)),
  });

  const settlementDeps: SettlementDeps = {
    ledger: app.ledger,
    db: app.database.db,
    now: () => app.market.now(),
    settledFor: (userId) =>
      void app.pubsub.publish(topics.user(userId, 'balances'), { type: 'balances', currencies: ['IDR'] }).catch((err: unknown) => app.log.warn({ err }, 'idx: publishing a settlement failed')),
  };
  const service = createIdxService({
    engine: app.trading,
    rules,
    repo: idxRepoOf(app.database.db),
    ledger: app.ledger,
    productInfo,
    settle: () => runSettlement(settlementDeps),
    now: () => app.market.now(),
  });
  await app.register(idxRoutes, { service });

  const job = scheduleSettlement({ ...settlementDeps, pubsub: app.pubsub, instance: randomUUID(), log: app.log }, settings.settlementJobMinutes);
  app.addHook('onReady', async () => void job.runNow());
  app.addHook('onClose', async () => job.stop());
};
