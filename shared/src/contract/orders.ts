// The one order schema of every market (crypto spot, US stocks, later perpetuals and IDX) and the
// order vocabularies it uses — zod schemas and their types. A market's own requests and paths stay
// in its contract file (`crypto.ts`, `us-stock*.ts`); its order views are this `Order`.
import { DecimalString } from './envelope';
import {
  ASSET_TYPES,
  CONDITIONAL_ORDER_KINDS,
  EXCHANGE_ORDER_STATUSES,
  ORDER_SIDE_TEXTS,
  ORDER_STATUSES,
  ORDER_TYPES,
  TIMES_IN_FORCE,
  TRADING_HOURS,
} from './enum-values';
import { z } from './zod';
import { CRYPTO_ORDER_SOURCES, ORDER_INPUT_TYPES } from './crypto-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');

export const OrderSideEnum = z.enum(ORDER_SIDE_TEXTS);
export const OrderTypeEnum = z.enum(ORDER_TYPES);
export const OrderStatusEnum = z.enum(ORDER_STATUSES);
export const ExchangeOrderStatusEnum = z.enum(EXCHANGE_ORDER_STATUSES);
export const OrderInputTypeEnum = z.enum(ORDER_INPUT_TYPES);

/**
 * Every market's order (crypto spot, US stocks, …): one schema with a `market` field (the wire's
 * asset types). Amounts are in `currency` (IDR for crypto, USD for US stocks); the fields only some
 * markets use are null or absent elsewhere.
 */
export const Order = z.object({
  id: z.string(),
  market: z.enum(ASSET_TYPES),
  symbol: z.string(),
  side: OrderSideEnum,
  orderType: OrderTypeEnum,
  source: z.enum(CRYPTO_ORDER_SOURCES),
  inputType: OrderInputTypeEnum,
  /** Requested size: quantity (quantity orders) or amount in `currency` (amount orders); the other is null. */
  quantity: DecimalString.nullable(),
  amount: DecimalString.nullable(),
  limitPrice: DecimalString.nullable(),
  stopPrice: DecimalString.nullable(),
  timeInForce: z.enum(TIMES_IN_FORCE),
  status: OrderStatusEnum,
  exchangeStatus: ExchangeOrderStatusEnum,
  filledQuantity: DecimalString,
  /** Base amount filled (Σ quantity × price). */
  filledAmount: DecimalString,
  averagePrice: DecimalString.nullable(),
  fee: DecimalString,
  tax: DecimalString,
  /** `currency` paid (buy) or received (sell) so far, fee and tax included. */
  total: DecimalString,
  /** OCO: the group and this leg's role. */
  ocoGroupId: z.string().nullable(),
  ocoLeg: z.enum(CONDITIONAL_ORDER_KINDS).nullable(),
  /** Stop orders: when the stop price was crossed. */
  triggeredAt: IsoDateTime.nullable(),
  /** Catalogue code of a refusal/failure, or why it was cancelled (USER, OCO, …). */
  reason: z.string().nullable(),
  /** The currency of amounts, fee, tax and total ('IDR', 'USD'). */
  currency: z.string().optional(),
  /** Stocks: the session kinds the order may execute in (regular only when absent). */
  tradingHours: z.enum(TRADING_HOURS).nullable().optional(),
  /** When the order expires (GOOD_TILL_MARKET_CLOSE: that trading day's close); null never. */
  expiresAt: IsoDateTime.nullable().optional(),
  /** Leveraged stock orders (a later market); null for cash orders. */
  leverage: DecimalString.nullable().optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Order = z.infer<typeof Order>;

/** The markets an order can belong to (the wire's asset types). */
export type OrderMarket = Order['market'];
