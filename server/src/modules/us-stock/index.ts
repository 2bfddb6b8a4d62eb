// The US stock module (PALN wallet, cash trading): registers the US rules with the order engine
// (`app.trading`) and the leveraged market (`USSTOCK_LEV`) with it and the margin engine, serves
// the §7 Global stock calls, and runs the corporate-actions job (dividends and splits from the
// market data feed applied to holdings, one instance at a time). Holdings and
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
import { createUsLeverageService, usLeverageNotice } from './leverage';
import { createLeveragedEngineSweep } from './leverage-engine-sweep';
import { createUsLeverageRules, US_LEV_MARKET } from './leverage-rules';
import { schedulePeriodicJob } from '../../jobs/periodic-job';

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
  // Leveraged orders are a market of their own (USSTOCK_LEV) whose fills the margin engine settles.
  const leverageRules = createUsLeverageRules({
    cash: rules,
    market: app.market,
    margin: app.margin,
    settings: settings.leverage,
    placeClose: (userId, requestId, spec) => app.trading.place(US_LEV_MARKET, userId, requestId, spec, 'id'),
  });
  app.trading.register(leverageRules);
  app.margin.register(leverageRules.marginMarket);
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
    intradayQuantity: (userId, symbol) => leverage.intradayQuantity(userId, symbol),
  });
  const leverage = createUsLeverageService({
    db: app.database.db,
    ledger: app.ledger,
    trading: app.trading,
    margin: app.margin,
    rules,
    settings: settings.leverage,
    now: () => app.market.now(),
    engineSweep: createLeveragedEngineSweep({
      db: app.database.db,
      margin: app.margin,
      market: leverageRules.marginMarket,
      settings: settings.leverage,
      symbols: app.market
        .instruments()
        .filter((i) => i.kind === 'usstock')
        .map((i) => i.symbol),
      lastPrice: (symbol) => rules.lastPrice(symbol),
      log: app.log,
    }),
    log: app.log,
  });
  // Their notices are margin events sent by the engine's one delivery loop, in this module's words.
  app.margin.registerNotices(US_LEV_MARKET, usLeverageNotice);
  app.margin.notifyWith((userId, notice) => app.account.notify(userId, notice));
  await app.register(usStockRoutes, { service, leverage });

  // The leverage sweep: on the lease holder every US_LEVERAGE_SWEEP_SECONDS, and whenever the market clock moves.
  const sweep = schedulePeriodicJob({
    minutes: settings.leverage.sweepSeconds / 60,
    run: () => leverage.sweep(),
    failure: 'US leverage sweep failed',
    log: app.log,
    lease: { name: 'us-stock.leverage-sweep', instance: randomUUID(), pubsub: app.pubsub },
  });
  const stopClockListening = app.market.clock.onChange?.(() => void sweep.runNow());
  app.addHook('onClose', async () => {
    stopClockListening?.();
    await sweep.stop();
  });

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
