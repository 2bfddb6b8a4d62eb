// Drizzle tables of the price alert module (migration 20261126_0140_watchlists_alerts.sql).
import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PriceAlertDirection, PriceAlertStatus } from '@pasar/shared/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type Crossed = 'UP' | 'DOWN';

export const priceAlerts = pgTable('price_alerts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  assetType: text('asset_type').notNull(),
  targetPrice: numeric('target_price').notNull(),
  direction: text('direction').$type<PriceAlertDirection>().notNull(),
  note: text('note'),
  repeating: boolean('repeating').notNull(),
  createFromChart: boolean('create_from_chart').notNull(),
  status: text('status').$type<PriceAlertStatus>().notNull(),
  priceAtCreation: numeric('price_at_creation').notNull(),
  waitFor: text('wait_for').$type<Crossed>().notNull(),
  strict: boolean('strict').notNull(),
  crossings: integer('crossings').notNull(),
  lastTriggeredAt: ts('last_triggered_at'),
  lastTriggeredPrice: numeric('last_triggered_price'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const priceAlertFirings = pgTable(
  'price_alert_firings',
  {
    alertId: uuid('alert_id').notNull(),
    crossing: integer('crossing').notNull(),
    userId: uuid('user_id').notNull(),
    symbol: text('symbol').notNull(),
    targetPrice: numeric('target_price').notNull(),
    crossed: text('crossed').$type<Crossed>().notNull(),
    price: numeric('price').notNull(),
    firedAt: ts('fired_at').notNull(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.crossing] })],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
export type PriceAlertFiringRow = typeof priceAlertFirings.$inferSelect;
