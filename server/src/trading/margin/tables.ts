// Drizzle tables of the margin engine (migration 20261126_0100_margin.sql is the truth).
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Market } from '../order-model';
import type { MarginMode } from './api';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const marginPositions = pgTable('margin_positions', {
  id: uuid('id').primaryKey(),
  market: text('market').$type<Market>().notNull(),
  userId: uuid('user_id').notNull(),
  book: text('book').notNull(),
  symbol: text('symbol').notNull(),
  size: numeric('size').notNull(),
  entryPrice: numeric('entry_price').notNull(),
  leverage: integer('leverage').notNull(),
  marginMode: text('margin_mode').$type<MarginMode>().notNull(),
  margin: numeric('margin').notNull(),
  holdId: uuid('hold_id'),
  realizedPnl: numeric('realized_pnl').notNull(),
  feesPaid: numeric('fees_paid').notNull(),
  fundingPaid: numeric('funding_paid').notNull(),
  takeProfit: numeric('take_profit'),
  stopLoss: numeric('stop_loss'),
  /** What a TP/SL closes (null: the whole position). */
  triggerQuantity: numeric('trigger_quantity'),
  /** When the TP/SL lapse (null: never). */
  triggersExpireAt: ts('triggers_expire_at'),
  version: integer('version').notNull(),
  marginCalled: boolean('margin_called').notNull(),
  openedAt: ts('opened_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const marginChargeRuns = pgTable('margin_charge_runs', {
  key: text('key').primaryKey(),
  market: text('market').notNull(),
  symbol: text('symbol').notNull(),
  kind: text('kind').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
  positions: integer('positions').notNull().default(0),
  applied: integer('applied').notNull().default(0),
});

export const marginCharges = pgTable('margin_charges', {
  key: text('key').primaryKey(),
  runKey: text('run_key').notNull(),
  positionId: uuid('position_id').notNull(),
  market: text('market').notNull(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  kind: text('kind').notNull(),
  size: numeric('size').notNull(),
  price: numeric('price').notNull(),
  rate: numeric('rate').notNull(),
  amount: numeric('amount').notNull(),
  chargedAt: ts('charged_at').notNull(),
  transferId: uuid('transfer_id').notNull(),
});

export const marginEvents = pgTable('margin_events', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  market: text('market').notNull(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** When its notice went out (null: not yet; the next pass sends it). */
  notifiedAt: ts('notified_at'),
});

/** A closed position (written in the closing fill's transaction, keyed by that fill). */
export const marginPositionHistory = pgTable('margin_position_history', {
  key: text('key').primaryKey(),
  positionId: uuid('position_id').notNull(),
  market: text('market').$type<Market>().notNull(),
  userId: uuid('user_id').notNull(),
  book: text('book').notNull(),
  symbol: text('symbol').notNull(),
  side: text('side').$type<'LONG' | 'SHORT'>().notNull(),
  size: numeric('size').notNull(),
  leverage: integer('leverage').notNull(),
  entryPrice: numeric('entry_price').notNull(),
  closePrice: numeric('close_price').notNull(),
  closeReason: text('close_reason').notNull(),
  realizedPnl: numeric('realized_pnl').notNull(),
  fees: numeric('fees').notNull(),
  funding: numeric('funding').notNull(),
  openedAt: ts('opened_at').notNull(),
  closedAt: ts('closed_at').notNull(),
});

export type MarginPositionRow = typeof marginPositions.$inferSelect;
