// The crypto module's fills table as the portfolio reads it (migration 20261122_0009_crypto.sql
// creates it and is the truth; the crypto module writes it, this module only reads).
import { numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const cryptoFills = pgTable('fills', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  asset: text('asset').notNull(),
  side: text('side').notNull(),
  quantity: numeric('quantity').notNull(),
  price: numeric('price').notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
  tax: numeric('tax').notNull(),
  total: numeric('total').notNull(),
  transferId: uuid('transfer_id').notNull(),
  executedAt: timestamp('executed_at', { withTimezone: true, mode: 'date' }).notNull(),
});
