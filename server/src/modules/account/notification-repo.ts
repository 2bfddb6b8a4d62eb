// The notification centre's writes and reads beyond the account repo: a notification with its link,
// sent once under a key (the key and the notification commit together), and the centre's page with
// a type filter. Every query is scoped by the user id.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { fixedStatement, runFixed } from '../../db/prepared';
import { notifications } from './tables';

export type NotificationRecord = typeof notifications.$inferSelect;

/** Whether a type of notification goes in-app, by e-mail and by Telegram. */
export interface ChannelSetting {
  readonly inApp: boolean;
  readonly email: boolean;
  readonly telegram: boolean;
}

export interface Delivered {
  /** The person's setting of the type (their saved row, else the defaults given). */
  readonly setting: ChannelSetting;
  /** The notification put in the centre; null when not in-app; 'duplicate' when the key was used before (nothing written). */
  readonly outcome: NotificationRecord | null | 'duplicate';
}

// Every notification `notify` sends: the person's setting of its type (the defaults when they saved
// none), its key claimed, and the notification inserted when the setting puts it in-app and the key
// was new, in ONE statement (atomic without BEGIN/COMMIT; a fixed text sent by name). $1 user, $2
// type, $3-$5 the default in-app / e-mail / Telegram, $6 always in-app, $7 key (null: none), $8 the
// key's time, $9-$16 the notification's id, title, body, time and link.
const DELIVER = fixedStatement(
  'account_notification_deliver',
  `with saved as (
     select in_app, email, telegram from notification_settings where user_id = $1::uuid and type = $2::text
   ), setting as (
     select coalesce((select in_app from saved), $3::boolean) or $6::boolean as in_app,
            coalesce((select email from saved), $4::boolean) as email,
            coalesce((select telegram from saved), $5::boolean) as telegram
   ), claimed as (
     insert into notification_keys (user_id, key, created_at)
     select $1::uuid, $7::text, $8::timestamptz where $7::text is not null
     on conflict do nothing
     returning 1
   ), inserted as (
     insert into notifications (id, user_id, type, title, body, created_at, link_kind, link_symbol, link_asset_type, link_order_id)
     select $9::uuid, $1::uuid, $2::text, $10::text, $11::text, $12::timestamptz, $13::text, $14::text, $15::text, $16::text
     from setting
     where setting.in_app and ($7::text is null or exists (select 1 from claimed))
     returning 1
   )
   select setting.in_app, setting.email, setting.telegram,
          ($7::text is null or exists (select 1 from claimed)) as fresh,
          exists (select 1 from inserted) as inserted
   from setting`,
);

export function createNotificationRepo(db: PasarDb) {
  return {
    /**
     * Decides from the person's setting of `type` and delivers in one statement: claims `key` (if
     * given) and inserts `row` when the setting puts it in-app (`alwaysInApp` does for every person)
     * and the key was new. The setting comes back for the other channels.
     */
    async deliver(
      userId: string,
      type: string,
      defaults: ChannelSetting,
      alwaysInApp: boolean,
      key: string | null,
      row: Omit<NotificationRecord, 'readAt'>,
      at: Date,
    ): Promise<Delivered> {
      const [result] = await runFixed<{ in_app: boolean; email: boolean; telegram: boolean; fresh: boolean; inserted: boolean }>(db, DELIVER, [
        userId,
        type,
        defaults.inApp,
        defaults.email,
        defaults.telegram,
        alwaysInApp,
        key,
        at.toISOString(),
        row.id,
        row.title,
        row.body,
        row.createdAt.toISOString(),
        row.linkKind,
        row.linkSymbol,
        row.linkAssetType,
        row.linkOrderId,
      ]);
      if (!result) throw new Error('notification: the delivery statement answered no row');
      const setting = { inApp: result.in_app, email: result.email, telegram: result.telegram };
      if (!result.fresh) return { setting, outcome: 'duplicate' };
      return { setting, outcome: result.inserted ? { ...row, readAt: null } : null };
    },

    async page(userId: string, page: number, size: number, type?: string): Promise<{ items: NotificationRecord[]; total: number; unread: number }> {
      const scope: SQL = type ? (and(eq(notifications.userId, userId), eq(notifications.type, type)) as SQL) : eq(notifications.userId, userId);
      const items = await db
        .select()
        .from(notifications)
        .where(scope)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(size)
        .offset(page * size);
      const [filtered] = await db.select({ total: count() }).from(notifications).where(scope);
      const [all] = await db
        .select({ unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { items, total: filtered?.total ?? 0, unread: all?.unread ?? 0 };
    },
  };
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>;
