// Drizzle tables of the ledger (migration 20261122_0005_ledger.sql), for reading and reports. Only
// server/src/ledger writes them (through ./statements.ts); they stay out of the shared db/schema.ts.
import { bigint, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: uuid('id').primaryKey(),
  ref: text('ref').notNull(),
  userId: uuid('user_id'),
  purpose: text('purpose'),
  house: text('house'),
  /** A house account's row (0, or 1..n-1 when it is spread over n rows; migration 20261128_1210). */
  shard: smallint('shard').notNull(),
  currency: text('currency').notNull(),
  balance: numeric('balance').notNull(),
  held: numeric('held').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const ledgerTransfers = pgTable('ledger_transfers', {
  id: uuid('id').primaryKey(),
  key: text('key').notNull(),
  kind: text('kind').notNull(),
  requestHash: text('request_hash').notNull(),
  memo: jsonb('memo').$type<Record<string, unknown>>().notNull(),
  captures: jsonb('captures').$type<Array<{ holdId: string; amount: string }>>(),
  createdAt: ts('created_at').notNull(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'bigint' }).primaryKey(),
  transferId: uuid('transfer_id').notNull(),
  accountId: uuid('account_id').notNull(),
  currency: text('currency').notNull(),
  amount: numeric('amount').notNull(),
  balanceAfter: numeric('balance_after').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const ledgerHolds = pgTable('ledger_holds', {
  id: uuid('id').primaryKey(),
  key: text('key').notNull(),
  accountId: uuid('account_id').notNull(),
  currency: text('currency').notNull(),
  amount: numeric('amount').notNull(),
  remaining: numeric('remaining').notNull(),
  captured: numeric('captured').notNull(),
  status: text('status').$type<'ACTIVE' | 'CAPTURED' | 'RELEASED'>().notNull(),
  reason: text('reason').notNull(),
  ref: text('ref'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
