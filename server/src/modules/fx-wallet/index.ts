// The fx-wallet module: the USD stock wallets, the leverage wallets, the USDT perpetuals margin
// wallet, USD yield and the whole-wallet summary. Wires repo -> services -> routes, and runs the
// USD yield accrual at start and every USD_YIELD_JOB_MINUTES (stopped when the app closes).
import type { FastifyPluginAsync } from 'fastify';
import { marginExposure } from './exposure';
import { createFxWalletRepo } from './repo';
import { fxWalletRoutes } from './routes';
import { createFxWalletService } from './service';
import { createUsdYieldService, scheduleUsdYieldAccrual } from './usd-yield';

export { runUsdYieldAccrual } from './usd-yield';

export const fxWalletModule: FastifyPluginAsync = async (app) => {
  const settings = app.config.fxWallet;
  const db = app.database.db;
  const repo = createFxWalletRepo(db);
  const service = createFxWalletService({
    repo,
    identity: app.identity,
    ledger: app.ledger,
    market: app.market,
    settings: { ...settings, usdSpreadPercent: app.config.market.usdSpreadPercent },
    exposure: marginExposure(app.margin),
    netWorth: app.netWorth,
  });
  for (const part of service.netWorthParts()) app.netWorth.register(part);
  const usdYield = createUsdYieldService({ repo, identity: app.identity, ledger: app.ledger, annualPercent: settings.usdYieldAnnualPercent });
  await app.register(fxWalletRoutes, { service, usdYield });

  const accrual = scheduleUsdYieldAccrual({ db, ledger: app.ledger, annualPercent: settings.usdYieldAnnualPercent, log: app.log }, settings.usdYieldJobMinutes);
  app.addHook('onReady', async () => {
    void accrual.runNow();
  });
  app.addHook('onClose', () => accrual.stop());
};
