// Drizzle tables of the portfolio module (migration 20261127_0500_portfolio_snapshots.sql): the
// position snapshot kept by fills, and the daily net-worth values with the job's record of days.
import { date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const portfolioPositions = pgTable(
  'portfolio_positions',
  {
    userId: uuid('user_id').notNull(),
    market: text('market').notNull(),
    symbol: text('symbol').notNull(),
    quantity: numeric('quantity').notNull(),
    costBasis: numeric('cost_basis').notNull(),
    realizedPnl: numeric('realized_pnl').notNull(),
    fillCount: integer('fill_count').notNull(),
    lastFillAt: ts('last_fill_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.market, t.symbol] })],
);

export const portfolioSnapshotUsers = pgTable('portfolio_snapshot_users', {
  userId: uuid('user_id').primaryKey(),
  builtAt: ts('built_at').notNull().defaultNow(),
});

export const portfolioDailyValues = pgTable(
  'portfolio_daily_values',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    totalIdr: numeric('total_idr').notNull(),
    parts: jsonb('parts').$type<Array<{ key: string; valueIdr: string }>>().notNull(),
    usdIdr: numeric('usd_idr').notNull(),
    valuedAt: ts('valued_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const portfolioDailyRuns = pgTable('portfolio_daily_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  users: integer('users').notNull(),
  finishedAt: ts('finished_at').notNull(),
});

export type PortfolioPositionRow = typeof portfolioPositions.$inferSelect;
export type PortfolioDailyValueRow = typeof portfolioDailyValues.$inferSelect;
