// Drizzle tables of the US stock module (migration 20261125_0040_us_stock.sql).
import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

// Leveraged positions (migration 20261126_0160_us_leverage.sql).
export const usLeveragePositions = pgTable('us_leverage_positions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  wallet: text('wallet').$type<'leverage' | 'intraday'>().notNull(),
  symbol: text('symbol').notNull(),
  leverage: integer('leverage').notNull(),
  status: text('status').$type<'OPEN' | 'CLOSED'>().notNull().default('OPEN'),
  quantity: numeric('quantity').notNull(),
  entryPrice: numeric('entry_price').notNull(),
  margin: numeric('margin').notNull(),
  holdId: uuid('hold_id'),
  holdSeq: integer('hold_seq').notNull().default(0),
  version: integer('version').notNull().default(0),
  takeProfit: numeric('take_profit'),
  stopLoss: numeric('stop_loss'),
  triggerQuantity: numeric('trigger_quantity'),
  triggersExpireAt: ts('triggers_expire_at'),
  realizedPnl: numeric('realized_pnl').notNull().default('0'),
  fees: numeric('fees').notNull().default('0'),
  financing: numeric('financing').notNull().default('0'),
  financedThrough: date('financed_through', { mode: 'string' }),
  liquidationPending: boolean('liquidation_pending').notNull().default(false),
  openedAt: ts('opened_at').notNull(),
  closedAt: ts('closed_at'),
  closeReason: text('close_reason'),
  closePrice: numeric('close_price'),
});
export type LeveragePositionRow = typeof usLeveragePositions.$inferSelect;

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

export const usLeverageMarginCalls = pgTable(
  'us_leverage_margin_calls',
  {
    userId: uuid('user_id').notNull(),
    wallet: text('wallet').notNull(),
    calledAt: ts('called_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wallet] })],
);
