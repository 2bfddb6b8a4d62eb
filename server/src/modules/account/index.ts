// The account module: wires repo -> services -> routes, and offers other modules
// `app.account.notify(userId, {type, title, body})` and `app.account.assertBappebtiAccepted(userId)`
// (the module is a fastify-plugin so these decorators reach the modules registered after it; its
// routes stay encapsulated). In development mode it also runs the KYC auto-approval sweep.
import type { BankAccount } from '@pasar/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { preferLanguage } from '../../http/language';
import { topics } from '../../pubsub/topics';
import { createFolderStorage, type FileStorage } from '../../storage';
import { createBankService } from './bank-service';
import { createKycService } from './kyc-service';
import { notifyOrderEvents } from './notification-orders';
import { createNotificationRepo } from './notification-repo';
import { createNotificationService, type Notify } from './notification-service';
import { createProfileService, type TradingChecks } from './profile-service';
import { createRequestProfiles } from './request-profiles';
import { createAccountRepo } from './repo';
import { accountRoutes } from './routes';
import { ensureAccountIdSecret, salesforceWebInfo } from './web-info';

export interface AccountApi {
  /** Adds a notification to the user's centre (if their in-app setting allows; SECURITY always) and sends the chosen channels. */
  readonly notify: Notify;
  /** 018 until the user accepted the Bappebti terms (crypto trading calls this first). */
  readonly assertBappebtiAccepted: (userId: string) => Promise<void>;
  /** The terms and the identity check together, from one read (crypto's first checks). */
  readonly tradingChecks: (userId: string) => Promise<TradingChecks>;
  /** Where uploaded files are kept. */
  readonly storage: FileStorage;
  /** The user's own bank account with that id, or null (the wallet's cashouts). */
  readonly bankAccountOf: (userId: string, bankAccountId: string) => Promise<BankAccount | null>;
  /** The birth date (YYYY-MM-DD) of the user's identity check, if they submitted one. */
  readonly birthDateOf: (userId: string) => Promise<string | null>;
  /** The name, NIK and language a tax report of the user shows. */
  readonly taxIdentityOf: (userId: string) => Promise<{ name: string; nik: string | null; language: 'id' | 'en' }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountApi;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `sub` of a bearer JWT, read WITHOUT verifying it: used only to choose the language of the
 * caller's own answers (requireUser verifies the token for anything that matters).
 */
export function unverifiedSubject(authorization: string | string[] | undefined): string | null {
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const payload = value && /^Bearer\s+[^.\s]+\.([^.\s]+)\.[^.\s]*\s*$/i.exec(value)?.[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' && UUID.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

/** How often the development auto-approval looks for PENDING submissions. */
export const sweepIntervalMs = (delaySeconds: number): number => Math.min(5000, Math.max(500, delaySeconds * 250));

const accountPlugin: FastifyPluginAsync = async (app) => {
  const settings = app.config.account;
  const repo = createAccountRepo(app.database.db, app.identity.userRecords);
  const storage = createFolderStorage(settings.uploadsDir);
  // The profile trading's checks read serves the order's notification in the same request.
  const profiles = createRequestProfiles(repo.findUser);
  app.addHook('onRequest', profiles.hook);
  const notifications = createNotificationService({
    repo,
    findUser: profiles.recall,
    store: createNotificationRepo(app.database.db),
    publish: (userId, event) =>
      void app.pubsub.publish(topics.user(userId, 'notifications'), event).catch((err: unknown) => app.log.warn({ err }, 'notification: publishing failed')),
    messages: app.messages,
    telegramBotUsername: settings.telegramBotUsername,
    ...(settings.telegramWebhookSecret ? { telegramWebhookSecret: settings.telegramWebhookSecret } : {}),
    log: app.log,
  });
  const notify = notifications.notify;
  // Fills, partial fills and expiries of every market's orders (ORDER_FILLED).
  const stopOrderEvents = await notifyOrderEvents(app.pubsub, notify, app.log, (market) => app.margin.tellsCloses(market));
  app.addHook('onClose', async () => stopOrderEvents());
  const profile = createProfileService({ repo, otp: app.otp, notify, rememberUser: profiles.remember });
  const kyc = createKycService({ repo, storage, notify });
  const banks = createBankService({ repo, notify });
  const idSecret = await ensureAccountIdSecret(app.config.dataDir, settings.idSecret);

  // A signed-in caller who names no x-language-code gets answers in their preferred language.
  // (Hooks apply to the routes registered after this module: account, market, stream.)
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-language-code']) return;
    const userId = unverifiedSubject(request.headers.authorization);
    const language = userId ? await repo.userLanguage(userId) : null;
    if (language === 'en' || language === 'id') preferLanguage(request, language);
  });

  app.decorate('account', {
    notify,
    assertBappebtiAccepted: profile.assertBappebtiAccepted,
    tradingChecks: profile.tradingChecks,
    storage,
    bankAccountOf: banks.accountOf,
    birthDateOf: kyc.birthDateOf,
    taxIdentityOf: kyc.taxIdentityOf,
  });

  await app.register(accountRoutes, {
    profile,
    kyc,
    banks,
    notifications,
    webInfo: (userId) => salesforceWebInfo(idSecret, settings.salesforceLoginUrl, userId),
  });

  const delay = settings.kycAutoApproveSeconds;
  if (app.config.mode === 'development' && delay !== null) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = kyc
        .autoApprove(delay)
        .then((decided) => {
          if (decided.length > 0) app.log.info({ count: decided.length }, 'kyc auto-approved (development)');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'kyc auto-approval sweep failed'))
        .finally(() => {
          running = null;
        });
    }, sweepIntervalMs(delay));
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
};

export const accountModule = fp(accountPlugin, {
  name: 'pasar-account',
  dependencies: ['pasar-config', 'pasar-database', 'pasar-identity', 'pasar-auth', 'pasar-messages', 'pasar-admin-auth'],
});
