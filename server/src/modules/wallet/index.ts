// The wallet module (IDR side): cash account, history, crypto balance by symbol, top-up, cashout.
// Wires repo -> services -> routes, and offers other modules `app.wallet.cashAccount(userId)` (the
// module is a fastify-plugin so the decorator reaches the modules registered after it; its routes
// stay encapsulated). Balances move only through `app.ledger`.
import type { CashAccount } from '@pasar/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountService } from './account-service';
import { createCashoutService } from './cashout-service';
import { createWalletRepo, type UnfinishedPaymentQuery, type UnfinishedPaymentRow } from './repo';
import { walletRoutes } from './routes';
import { createTopUpService } from './topup-service';
import { loadPaymentWebhookSecret } from './webhook-signature';

export interface WalletApi {
  /** The §3 cash account: available IDR cash, voucher, free balance and the cash on hold ("0" when absent). */
  readonly cashAccount: (userId: string) => Promise<CashAccount>;
  /**
   * The person's top-ups and cashouts that no ledger transfer has finished (waiting, expired,
   * rejected, cancelled), newest first: a paid one is the ledger's and is not here.
   */
  readonly unfinishedPayments: (userId: string, query: UnfinishedPaymentQuery) => Promise<UnfinishedPaymentRow[]>;
}

export type { UnfinishedPaymentQuery, UnfinishedPaymentRow };

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletApi;
  }
}

const walletPlugin: FastifyPluginAsync = async (app) => {
  const settings = app.config.wallet;
  const development = app.config.mode === 'development';
  // Production refuses to start without PAYMENT_WEBHOOK_SECRET (ConfigError names it).
  const webhookSecret = await loadPaymentWebhookSecret(settings.paymentWebhookSecret, app.config.dataDir, app.config.mode);
  const repo = createWalletRepo(app.database.db);
  const notify = app.account.notify;

  const accounts = createAccountService({ ledger: app.ledger, instrument: (symbol) => app.market.instrument(symbol) });
  const topups = createTopUpService({
    repo,
    people: app.identity,
    ledger: app.ledger,
    notify,
    disabledChannels: settings.topupDisabledChannels,
    canSimulate: development,
    log: app.log,
  });
  const cashouts = createCashoutService({
    repo,
    people: app.identity,
    bankAccounts: app.account,
    ledger: app.ledger,
    notify,
    settings: {
      fee: settings.cashoutFee,
      min: settings.cashoutMin,
      dailyLimit: settings.cashoutDailyLimit,
      autoApproveMax: settings.cashoutAutoApproveMax,
      autoApproveMinAgeHours: settings.cashoutAutoApproveMinAgeHours,
    },
    log: app.log,
  });

  app.decorate('wallet', {
    cashAccount: accounts.cashAccount,
    unfinishedPayments: (userId, query) => repo.unfinishedPayments(userId, query, new Date()),
  });
  await app.register(walletRoutes, { accounts, topups, cashouts, webhookSecret, simulate: development });
};

export const walletModule = fp(walletPlugin, {
  name: 'pasar-wallet',
  dependencies: ['pasar-config', 'pasar-database', 'pasar-auth', 'pasar-admin-auth', 'pasar-ledger', 'pasar-market', 'pasar-account'],
});
