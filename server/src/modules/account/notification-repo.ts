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
     * transaction. Returns 'duplicate' when the key was already used (nothing written).
     */
    async insert(userId: string, key: string | null, row: Omit<NotificationRecord, 'readAt'> | null, at: Date): Promise<NotificationRecord | null | 'duplicate'> {
      return db.transaction(async (tx) => {
        if (key) {
          const claimed = await tx.insert(notificationKeys).values({ userId, key, createdAt: at }).onConflictDoNothing().returning({ key: notificationKeys.key });
          if (claimed.length === 0) return 'duplicate' as const;
        }
        if (!row) return null;
        const [inserted] = await tx.insert(notifications).values(row).returning();
        return inserted ?? null;
      });
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
