// The US stock module (PALN wallet, cash trading): registers the US rules with the order engine
// (`app.trading`), serves the §7 Global stock calls, and runs the corporate-actions job (dividends
// and splits from the market data feed applied to holdings, one instance at a time). Holdings and
// their average cost are the portfolio's (fills through the engine); this module only adds the
// stock ids and names.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { corporateActions } from '../market/reference';
import { usdIdrQuote } from '../../market/quotes';
import { portfolioServiceOf } from '../portfolio';
import { scheduleCorporateActions } from './corporate-actions';
import { createUsStockRepo } from './repo';
import { usStockRoutes } from './routes';
import { createUsStockRules } from './rules';
import { createUsStockService } from './service';

export const usStockModule: FastifyPluginAsync = async (app) => {
  const settings = app.config.usStock;
  const repo = createUsStockRepo(app.database.db);
  // Product info (halts, buy/sell flags) as the market module serves it.
  const productInfo = (symbol: string, language: 'id' | 'en') => app.marketInfo.productInfo(symbol, language);
  const rules = createUsStockRules({
    market: app.market,
    settings,
    gssStatus: (userId) => app.identity.gssKycStatus(userId),
    assertTermsAccepted: (userId) => app.account.assertBappebtiAccepted(userId),
    productInfo,
  });
  app.trading.register(rules);
  // USD/IDR at the house's mid, as the portfolio values US holdings.
  const usdIdr = (at: number) => usdIdrQuote(app.market.simulator, app.config.market.usdSpreadPercent, at).mid.toFixed(2);
  const portfolio = portfolioServiceOf(app);
  const service = createUsStockService({
    engine: app.trading,
    rules,
    repo,
    ledger: app.ledger,
    productInfo,
    usHoldings: (userId) => portfolio.usHoldings(userId, {}),
    usdIdr,
    now: () => app.market.now(),
  });
  await app.register(usStockRoutes, { service });

  const job = scheduleCorporateActions(
    {
      ledger: app.ledger,
      repo,
      actions: (symbol, today) => corporateActions(symbol, app.market.simulator.model(symbol).dividend, today),
      settings,
      gssStatus: (userId) => app.identity.gssKycStatus(userId),
      now: () => app.market.now(),
      pubsub: app.pubsub,
      instance: randomUUID(),
      log: app.log,
    },
    settings.corporateActionsJobMinutes,
  );
  app.addHook('onReady', async () => void job.runNow());
  app.addHook('onClose', async () => job.stop());
};
