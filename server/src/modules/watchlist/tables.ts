// Drizzle tables of the watchlist module (migration 20261126_0140_watchlists_alerts.sql).
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const watchlists = pgTable('watchlists', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: uuid('watchlist_id').notNull(),
    symbol: text('symbol').notNull(),
    position: integer('position').notNull(),
    addedAt: ts('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.symbol] })],
);

export const assetSuggestions = pgTable('asset_suggestions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  assetType: text('asset_type'),
  note: text('note'),
  createdAt: ts('created_at').notNull(),
});

export type WatchlistRow = typeof watchlists.$inferSelect;
export type WatchlistItemRow = typeof watchlistItems.$inferSelect;
export type AssetSuggestionRow = typeof assetSuggestions.$inferSelect;
