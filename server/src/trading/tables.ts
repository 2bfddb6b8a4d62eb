// Drizzle tables of the order engine: one `orders` and one `fills` table for every market (the
// migrations are the truth: 20261122_0009_crypto.sql created them as crypto_orders/crypto_fills,
// 20261125_0010_orders.sql renamed them and added the market column and the stock columns).
import { boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TimeInForce, TradingHours } from '@pasar/shared/contract';
import type { EngineOrderType, InputType, Market, OcoLeg, OrderSource, Side } from './order-model';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey(),
  market: text('market').$type<Market>().notNull(),
  userId: uuid('user_id').notNull(),
  requestId: text('request_id').notNull(),
  symbol: text('symbol').notNull(),
  asset: text('asset').notNull(),
  /** The currency of amount, fee, tax and total ('IDR', 'USD'). */
  currency: text('currency').notNull(),
  side: text('side').$type<Side>().notNull(),
  orderType: text('order_type').$type<EngineOrderType>().notNull(),
  source: text('source').$type<OrderSource>().notNull(),
  inputType: text('input_type').$type<InputType>().notNull(),
  quantity: numeric('quantity'),
  amount: numeric('amount'),
  execQuantity: numeric('exec_quantity'),
  limitPrice: numeric('limit_price'),
  stopPrice: numeric('stop_price'),
  timeInForce: text('time_in_force').$type<TimeInForce>().notNull(),
  tradingHours: text('trading_hours').$type<TradingHours>(),
  expiresAt: ts('expires_at'),
  leverage: numeric('leverage'),
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
  /** The second hold of a market that reserves from two accounts in order (`MarketRules.holdAccounts`, migration 0122). */
  hold2Id: uuid('hold2_id'),
  hold2Amount: numeric('hold2_amount'),
  ocoGroupId: uuid('oco_group_id'),
  ocoLeg: text('oco_leg').$type<OcoLeg>(),
  triggeredAt: ts('triggered_at'),
  reason: text('reason'),
  version: integer('version').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const fills = pgTable('fills', {
  id: uuid('id').primaryKey().defaultRandom(),
  market: text('market').$type<Market>().notNull(),
  orderId: uuid('order_id').notNull(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  asset: text('asset').notNull(),
  currency: text('currency').notNull(),
  side: text('side').$type<Side>().notNull(),
  quantity: numeric('quantity').notNull(),
  price: numeric('price').notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
  tax: numeric('tax').notNull(),
  total: numeric('total').notNull(),
  transferId: uuid('transfer_id').notNull(),
  executedAt: ts('executed_at').notNull().defaultNow(),
});

/** Call auctions uncrossed (20261126_0121_trading_auctions.sql): one row per market, symbol and auction, so each runs once. */
export const tradingAuctions = pgTable('trading_auctions', {
  market: text('market').$type<Market>().notNull(),
  symbol: text('symbol').notNull(),
  auction: text('auction').notNull(),
  price: numeric('price'),
  volume: numeric('volume').notNull().default('0'),
  uncrossedAt: ts('uncrossed_at').notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type FillRow = typeof fills.$inferSelect;
export type NewFillRow = typeof fills.$inferInsert;

/** Columns an execution or amendment may change (status pairs come from the state table). */
export type OrderChange = Partial<
  Pick<
    OrderRow,
    | 'status'
    | 'exchangeStatus'
    | 'isOpen'
    | 'quantity'
    | 'amount'
    | 'execQuantity'
    | 'limitPrice'
    | 'stopPrice'
    | 'filledQuantity'
    | 'filledAmount'
    | 'fee'
    | 'tax'
    | 'total'
    | 'fillCount'
    | 'holdId'
    | 'holdAmount'
    | 'hold2Id'
    | 'hold2Amount'
    | 'triggeredAt'
    | 'reason'
  >
>;
