// Drizzle table of the notification keys (migration 20261126_0140_watchlists_alerts.sql).
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const notificationKeys = pgTable(
  'notification_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
