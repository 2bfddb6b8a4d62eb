// The notification centre's writes and reads beyond the account repo: a notification with its link,
// sent once under a key (the key and the notification commit together), and the centre's page with
// a type filter. Every query is scoped by the user id.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { notifications } from './tables';
import { notificationKeys } from './notification-tables';

export type NotificationRecord = typeof notifications.$inferSelect;

export function createNotificationRepo(db: PasarDb) {
  return {
    /**
     * Inserts the notification (when `row` is given) and, with a key, records the key in the same
     * statement. Returns 'duplicate' when the key was already used (nothing written).
     */
    async insert(userId: string, key: string | null, row: Omit<NotificationRecord, 'readAt'> | null, at: Date): Promise<NotificationRecord | null | 'duplicate'> {
      if (key && row) {
        // One statement, so atomic without BEGIN/COMMIT: the notification is inserted from the
        // key's row, so only when the key was new.
        const k = notificationKeys;
        const n = notifications;
        const { rows } = await db.execute<{ id: string }>(sql`
          with claimed as (
            insert into ${k} (${sql.identifier(k.userId.name)}, ${sql.identifier(k.key.name)}, ${sql.identifier(k.createdAt.name)})
            values (${userId}, ${key}, ${at}) on conflict do nothing returning 1
          )
          insert into ${n} (${sql.join(
            [n.id, n.userId, n.type, n.title, n.body, n.createdAt, n.linkKind, n.linkSymbol, n.linkAssetType, n.linkOrderId].map((c) => sql.identifier(c.name)),
            sql`, `,
          )})
          select ${row.id}::uuid, ${row.userId}::uuid, ${row.type}::text, ${row.title}::text, ${row.body}::text, ${row.createdAt}::timestamptz,
                 ${row.linkKind}::text, ${row.linkSymbol}::text, ${row.linkAssetType}::text, ${row.linkOrderId}::text
          from claimed
          returning ${sql.identifier(n.id.name)} as id`);
        return rows.length === 0 ? 'duplicate' : { ...row, readAt: null };
      }
      if (key) {
        const claimed = await db.insert(notificationKeys).values({ userId, key, createdAt: at }).onConflictDoNothing().returning({ key: notificationKeys.key });
        return claimed.length === 0 ? 'duplicate' : null;
      }
      if (!row) return null;
      const [inserted] = await db.insert(notifications).values(row).returning();
      return inserted ?? null;
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
