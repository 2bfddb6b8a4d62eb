// Drizzle tables of the wallet module (migrations/20261122_0007_wallet.sql is the truth). Money
// columns are `numeric`, read as decimal strings.
import { boolean, date, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const topups = pgTable('topups', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  requestKey: text('request_key').notNull(),
  channel: text('channel').notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
  totalToPay: numeric('total_to_pay').notNull(),
  paymentCode: text('payment_code').notNull(),
  status: text('status').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
  paidAt: ts('paid_at'),
  paymentReference: text('payment_reference'),
  paidLate: boolean('paid_late').notNull(),
  transferId: text('transfer_id'),
});

export const cashouts = pgTable('cashouts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  requestKey: text('request_key').notNull(),
  bankAccountId: uuid('bank_account_id').notNull(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  holderName: text('holder_name').notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
  status: text('status').notNull(),
  autoApproved: boolean('auto_approved').notNull(),
  holdId: text('hold_id').notNull(),
  transferId: text('transfer_id'),
  rejectionReason: text('rejection_reason'),
  decidedBy: text('decided_by'),
  wibDay: date('wib_day', { mode: 'string' }).notNull(),
  createdAt: ts('created_at').notNull(),
  decidedAt: ts('decided_at'),
});

export const cashoutUserLocks = pgTable('cashout_user_locks', {
  userId: uuid('user_id').primaryKey(),
});
