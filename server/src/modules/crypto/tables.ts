// Drizzle tables of the crypto module (migration 20261122_0009_crypto.sql is the truth), and the
// columns of `users` (identity's) it reads: the identity check that opens trading.
import { boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export { users };

export const cryptoOrders = pgTable('crypto_orders', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  requestId: text('request_id').notNull(),
  symbol: text('symbol').notNull(),
  asset: text('asset').notNull(),
  side: text('side').$type<'BUY' | 'SELL'>().notNull(),
  orderType: text('order_type').$type<'MARKET' | 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'OCO'>().notNull(),
  source: text('source').$type<'INSTANT' | 'ADVANCED'>().notNull(),
  inputType: text('input_type').$type<'quantity' | 'amount'>().notNull(),
  quantity: numeric('quantity'),
  amount: numeric('amount'),
  execQuantity: numeric('exec_quantity'),
  limitPrice: numeric('limit_price'),
  stopPrice: numeric('stop_price'),
  timeInForce: text('time_in_force').$type<'GOOD_TILL_CANCEL' | 'GOOD_TILL_MARKET_CLOSE'>().notNull(),
  status: text('status').notNull(),
  exchangeStatus: text('exchange_status').notNull(),
  isOpen: boolean('is_open').notNull(),
  filledQuantity: numeric('filled_quantity').notNull().default('0'),
  filledAmount: numeric('filled_amount').notNull().default('0'),
  fee: numeric('fee').notNull().default('0'),
  tax: numeric('tax').notNull().default('0'),
  total: numeric('total').notNull().default('0'),
  fillCount: integer('fill_count').notNull().default(0),
  holdId: uuid('hold_id'),
  holdAmount: numeric('hold_amount'),
  ocoGroupId: uuid('oco_group_id'),
  ocoLeg: text('oco_leg').$type<'TAKE_PROFIT' | 'STOP_LOSS'>(),
  triggeredAt: ts('triggered_at'),
  reason: text('reason'),
  version: integer('version').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const cryptoFills = pgTable('crypto_fills', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  asset: text('asset').notNull(),
  side: text('side').$type<'BUY' | 'SELL'>().notNull(),
  quantity: numeric('quantity').notNull(),
  price: numeric('price').notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
  tax: numeric('tax').notNull(),
  total: numeric('total').notNull(),
  transferId: uuid('transfer_id').notNull(),
  executedAt: ts('executed_at').notNull().defaultNow(),
});

export type OrderRow = typeof cryptoOrders.$inferSelect;
export type NewOrderRow = typeof cryptoOrders.$inferInsert;
export type FillRow = typeof cryptoFills.$inferSelect;
export type NewFillRow = typeof cryptoFills.$inferInsert;
