// Drizzle tables of the fx-wallet module (migration 20261122_0008_fx_wallet.sql).
import { bigserial, date, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const usdYieldPeriods = pgTable('usd_yield_periods', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  optedInAt: ts('opted_in_at').notNull(),
  optedOutAt: ts('opted_out_at'),
});

export const usdYieldAccruals = pgTable(
  'usd_yield_accruals',
  {
    userId: uuid('user_id').notNull(),
    accrualDate: date('accrual_date', { mode: 'string' }).notNull(),
    balance: numeric('balance').notNull(),
    annualPercent: numeric('annual_percent').notNull(),
    interest: numeric('interest').notNull(),
    carryIn: numeric('carry_in').notNull(),
    paid: numeric('paid').notNull(),
    carryOut: numeric('carry_out').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accrualDate] })],
);
