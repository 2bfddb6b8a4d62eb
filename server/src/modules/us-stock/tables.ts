// Drizzle tables of the US stock module (migration 20261125_0040_us_stock.sql).
import { date, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const usStockHolders = pgTable(
  'us_stock_holders',
  {
    userId: uuid('user_id').notNull(),
    symbol: text('symbol').notNull(),
    firstAt: ts('first_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.userId] })],
);

export const usStockCorporateActions = pgTable(
  'us_stock_corporate_actions',
  {
    actionId: text('action_id').notNull(),
    userId: uuid('user_id').notNull(),
    symbol: text('symbol').notNull(),
    type: text('type').$type<'DIVIDEND' | 'SPLIT'>().notNull(),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    entitledQuantity: numeric('entitled_quantity').notNull(),
    sharesAdded: numeric('shares_added'),
    ratio: text('ratio'),
    perShare: numeric('per_share'),
    gross: numeric('gross'),
    withholdingRate: numeric('withholding_rate'),
    withholding: numeric('withholding'),
    net: numeric('net'),
    transferId: uuid('transfer_id'),
    appliedAt: ts('applied_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.actionId, t.userId] })],
);

export type CorporateActionRow = typeof usStockCorporateActions.$inferSelect;

// A leverage buy or sell's request memo (migration 20261126_0160_us_leverage.sql): what it asked and answered.
export const usLeverageRequests = pgTable(
  'us_leverage_requests',
  {
    userId: uuid('user_id').notNull(),
    requestId: text('request_id').notNull(),
    body: jsonb('body').notNull(),
    answer: jsonb('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

