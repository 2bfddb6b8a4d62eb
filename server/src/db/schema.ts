// Drizzle table definitions. They mirror the SQL in `server/migrations/`, which is the source of
// truth for the database: change the schema by adding a migration, then update this file.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Bookkeeping of applied migrations; created by the migration runner itself. */
export const schemaMigrations = pgTable('schema_migrations', {
  id: text('id').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small facts about the installation (first start, data version, …). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { schemaMigrations, appMeta };
export type Schema = typeof schema;
