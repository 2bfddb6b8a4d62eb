// Drizzle tables of the IDX module (migration 20261126_0120_idx.sql).
import { date, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const idxSettlements = pgTable('idx_settlements', {
  fillId: uuid('fill_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  amount: numeric('amount').notNull(),
  tradeDate: date('trade_date', { mode: 'string' }).notNull(),
  settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  transferId: uuid('transfer_id'),
});

export type IdxSettlementRow = typeof idxSettlements.$inferSelect;
