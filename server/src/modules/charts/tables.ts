// Drizzle tables of the charts module (migration 20261127_0410_charts.sql).
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const savedCharts = pgTable('saved_charts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  resolution: text('resolution').notNull(),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  lastOpenedAt: ts('last_opened_at'),
});

export const chartTemplates = pgTable('chart_templates', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<TemplateKind>().notNull(),
  name: text('name').notNull(),
  tool: text('tool'),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const chartSettings = pgTable(
  'chart_settings',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type TemplateKind = 'STUDY' | 'DRAWING';
export type SavedChartRow = typeof savedCharts.$inferSelect;
export type ChartTemplateRow = typeof chartTemplates.$inferSelect;
