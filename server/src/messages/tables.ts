// The development inbox's table (migration 20261122_0002_identity.sql): development mode's message
// provider stores what it would have sent here, for the /dev/inbox page.
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const devInboxMessages = pgTable('dev_inbox_messages', {
  id: uuid('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  channel: text('channel').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  code: text('code'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
