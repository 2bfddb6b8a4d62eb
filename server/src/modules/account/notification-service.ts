// Notification settings (type × channel), the Telegram link, and the notification centre with
// `notify`, the one function other modules call to tell a user something.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALWAYS_ON_NOTIFICATION,
  NOTIFICATION_TYPES,
  TELEGRAM_LINK_TTL_SECONDS,
  type FiredPriceAlert,
  type Language,
  type NotificationLink,
  type NotificationPage,
  type NotificationStreamEvent,
  type NotificationSetting,
  type NotificationSettingsResponse,
  type NotificationType,
  type ReadAllResponse,
  type TelegramDeeplinkResponse,
  type UserNotification,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { NotificationRepo } from './notification-repo';
import type { AccountRepo, NotificationRow, UserRow } from './repo';

/** Text in the user's language, or one text for both. */
export type LocalizedText = string | { readonly id: string; readonly en: string };

export interface NotifyInput {
  readonly type: NotificationType;
  readonly title: LocalizedText;
  readonly body: LocalizedText;
  /** Where it leads (an order or an asset): shown as a link in the centre. */
  readonly link?: NotificationLink;
  /**
   * Sent once under this key per user (an alert's crossing, an order's fill): a second call with the
   * same key sends nothing on any channel and returns null. Needs the service's `store`.
   */
  readonly key?: string;
  /** A fired price alert: carried on the live event. */
  readonly alert?: FiredPriceAlert;
}

/** What other modules call: `app.account.notify(userId, { type, title, body })`. */
export type Notify = (userId: string, input: NotifyInput) => Promise<UserNotification | null>;

export interface MessageSender {
  send(message: { to: string; channel: 'sms' | 'email' | 'telegram'; subject: string; body: string }): Promise<void>;
}

export interface NotificationServiceDeps {
  readonly repo: AccountRepo;
  /** The person's profile (language, e-mail); the repo's read by default (the app passes the request's remembered one). */
  readonly findUser?: (userId: string) => Promise<UserRow | null>;
  /** Links, keys and the type filter (the app always has it; a bare service writes plain notifications). */
  readonly store?: NotificationRepo;
  /** Sends the live event of a notification put in the centre (the private stream's `notifications`). */
  readonly publish?: (userId: string, event: NotificationStreamEvent) => void;
  readonly messages?: MessageSender;
  readonly telegramBotUsername: string;
  readonly telegramWebhookSecret?: string;
  readonly now?: () => Date;
  readonly log?: { warn(obj: object, msg: string): void };
}

/** Defaults: everything in-app; e-mail for money, risk, account and security; Telegram off until chosen. */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<Record<NotificationType, Omit<NotificationSetting, 'type'>>> = {
  ORDER_FILLED: { inApp: true, email: false, telegram: false },
  PRICE_ALERT: { inApp: true, email: false, telegram: false },
  MARGIN_CALL: { inApp: true, email: true, telegram: false },
  ACCOUNT_LIQUIDATION: { inApp: true, email: true, telegram: false },
  DEPOSIT: { inApp: true, email: true, telegram: false },
  CASHOUT: { inApp: true, email: true, telegram: false },
  ACCOUNT: { inApp: true, email: true, telegram: false },
  SECURITY: { inApp: true, email: true, telegram: false },
  PROMOTION: { inApp: true, email: false, telegram: false },
};

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** One formatter per language, built once (building one costs far more than formatting). */
const NUMBER_FORMAT: Record<Language, Intl.NumberFormat> = {
  id: new Intl.NumberFormat('id-ID', { maximumFractionDigits: 8 }),
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 }),
};
/** A decimal string as a message shows it in the language (1.500.000,5 / 1,500,000.5; at most 8 decimals). */
export const shownNumber = (value: string, language: Language): string => NUMBER_FORMAT[language].format(Number(value));

export const textIn = (text: LocalizedText, language: Language): string =>
  typeof text === 'string' ? text : text[language];

export function toNotification(row: NotificationRow): UserNotification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    link: linkOf(row),
  };
}

function linkOf(row: NotificationRow): NotificationLink | null {
  if (!row.linkKind || !row.linkSymbol || !row.linkAssetType) return null;
  return { kind: row.linkKind, symbol: row.linkSymbol, assetType: row.linkAssetType as NotificationLink['assetType'], orderId: row.linkOrderId ?? null };
}

export function createNotificationService(deps: NotificationServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const findUser = deps.findUser ?? repo.findUser;

  async function settingsOf(userId: string): Promise<NotificationSetting[]> {
    const saved = new Map((await repo.notificationSettings(userId)).map((row) => [row.type, row]));
    return NOTIFICATION_TYPES.map((type) => {
      const row = saved.get(type);
      const setting = row ? { inApp: row.inApp, email: row.email, telegram: row.telegram } : DEFAULT_NOTIFICATION_SETTINGS[type];
      return { type, ...setting, ...(type === ALWAYS_ON_NOTIFICATION.type ? { inApp: true } : {}) };
    });
  }

  async function settingsResponse(userId: string): Promise<NotificationSettingsResponse> {
    const [items, chat] = await Promise.all([settingsOf(userId), repo.telegramChat(userId)]);
    return { items, telegramConnected: chat !== null };
  }

  const notify: Notify = async (userId, input) => {
    const user = await findUser(userId);
    if (!user) return null;
    const language: Language = user.language === 'en' ? 'en' : 'id';
    const title = textIn(input.title, language).slice(0, 200);
    const body = textIn(input.body, language).slice(0, 2000);
    const alwaysInApp = input.type === ALWAYS_ON_NOTIFICATION.type;
    const row = {
      id: crypto.randomUUID(),
      userId,
      type: input.type,
      title,
      body,
      createdAt: now(),
      linkKind: input.link?.kind ?? null,
      linkSymbol: input.link?.symbol ?? null,
      linkAssetType: input.link?.assetType ?? null,
      linkOrderId: input.link?.orderId ?? null,
    };
    let created: UserNotification | null = null;
    let setting: Omit<NotificationSetting, 'type'>;
    if (deps.store) {
      // The setting is read by the statement that writes (one round trip instead of two).
      const delivered = await deps.store.deliver(userId, input.type, DEFAULT_NOTIFICATION_SETTINGS[input.type], alwaysInApp, input.key ?? null, row, now());
      if (delivered.outcome === 'duplicate') return null;
      if (delivered.outcome) created = toNotification(delivered.outcome);
      setting = delivered.setting;
    } else {
      setting = (await repo.notificationSetting(userId, input.type)) ?? DEFAULT_NOTIFICATION_SETTINGS[input.type];
      if (alwaysInApp || setting.inApp) created = toNotification(await repo.insertNotification(row));
    }
    if (created) deps.publish?.(userId, { type: 'notification', notification: created, ...(input.alert ? { alert: input.alert } : {}) });
    // Other channels are best effort: a failing provider never fails the caller's action.
    if (deps.messages) {
      const sends: Promise<void>[] = [];
      if (setting.email && user.email && user.emailVerifiedAt) {
        sends.push(deps.messages.send({ to: user.email, channel: 'email', subject: title, body }));
      }
      if (setting.telegram) {
        const chat = await repo.telegramChat(userId);
        if (chat) sends.push(deps.messages.send({ to: chat, channel: 'telegram', subject: title, body: `${title}\n\n${body}` }));
      }
      for (const result of await Promise.allSettled(sends)) {
        if (result.status === 'rejected') deps.log?.warn({ err: result.reason, type: input.type }, 'notification channel failed');
      }
    }
    return created;
  };

  return {
    notify,
    settings: settingsResponse,

    async updateSettings(userId: string, items: readonly NotificationSetting[]): Promise<NotificationSettingsResponse> {
      const locked = items.find((i) => i.type === ALWAYS_ON_NOTIFICATION.type && !i.inApp);
      if (locked) {
        throw new AppError('2401', { details: [{ path: 'items', message: 'SECURITY inApp cannot be turned off' }] });
      }
      await repo.saveNotificationSettings(userId, items, now());
      return settingsResponse(userId);
    },

    async telegramDeeplink(userId: string): Promise<TelegramDeeplinkResponse> {
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + TELEGRAM_LINK_TTL_SECONDS * 1000);
      await repo.insertTelegramToken(sha256(token), userId, expiresAt, at);
      return {
        url: `https://t.me/${deps.telegramBotUsername}?start=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The bot's call: the secret header must match; the token is single use and expires. */
    async telegramWebhook(secret: string | undefined, token: string, chatId: string): Promise<{ linked: true }> {
      const expected = deps.telegramWebhookSecret;
      const given = Buffer.from(secret ?? '');
      if (!expected || given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected))) {
        throw new AppError('2403');
      }
      const userId = await repo.consumeTelegramToken(sha256(token), now());
      if (!userId) throw new AppError('2402');
      await repo.linkTelegram(userId, chatId, now());
      await notify(userId, {
        type: 'SECURITY',
        title: { id: 'Telegram terhubung', en: 'Telegram connected' },
        body: {
          id: 'Akun Telegram terhubung untuk notifikasi. Jika ini bukan Anda, putuskan di pengaturan notifikasi.',
          en: 'A Telegram account is now connected for notifications. If this was not you, disconnect it in notification settings.',
        },
      });
      return { linked: true };
    },

    async telegramDisconnect(userId: string): Promise<{ telegramConnected: false }> {
      await repo.unlinkTelegram(userId);
      return { telegramConnected: false };
    },

    async list(userId: string, page: number, size: number, type?: NotificationType): Promise<NotificationPage> {
      const { items, total, unread } = deps.store ? await deps.store.page(userId, page, size, type) : await repo.listNotifications(userId, page, size);
      return { items: items.map(toNotification), unreadCount: unread, page, size, total };
    },

    async read(userId: string, id: string): Promise<UserNotification> {
      const row = isUuid(id) ? await repo.markRead(userId, id, now()) : null;
      if (!row) throw new AppError('003');
      return toNotification(row);
    },

    async readAll(userId: string): Promise<ReadAllResponse> {
      const updated = await repo.markAllRead(userId, now());
      return { updated, unreadCount: await repo.unreadCount(userId) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
