// Crypto spot trading (issue 6) — zod schemas and their types (the portfolio's: `portfolio.ts`).
// Paths and plain constants: `crypto-paths.ts`. Money and quantities are decimal strings.
import { DecimalString } from './envelope';
import {
  CONDITIONAL_ORDER_KINDS,
  EXCHANGE_ORDER_STATUSES,
  ORDER_SIDE_TEXTS,
  ORDER_STATUSES,
  ORDER_TYPES,
  TIMES_IN_FORCE,
} from './enum-values';
import { z } from './zod';
import { CRYPTO_ORDER_SCOPES, CRYPTO_ORDER_SOURCES, ORDER_INPUT_TYPES } from './crypto-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
/** A positive decimal written as a string ("0.0005", "150000000"). */
const PositiveDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal number written as a string')
  .refine((v) => /[1-9]/.test(v), 'must be above 0');

export const OrderSideEnum = z.enum(ORDER_SIDE_TEXTS);
export const OrderTypeEnum = z.enum(ORDER_TYPES);
export const OrderStatusEnum = z.enum(ORDER_STATUSES);
export const ExchangeOrderStatusEnum = z.enum(EXCHANGE_ORDER_STATUSES);
export const OrderInputTypeEnum = z.enum(ORDER_INPUT_TYPES);

// ---- Order types available (§7 order-types) ----

export const CryptoOrderTypesResponse = z.object({
  symbol: z.string(),
  /** In simple mode (CryptoInstant) only MARKET by amount (buy) or quantity/amount (sell). */
  instant: z.object({ enableBuy: z.boolean(), enableSell: z.boolean() }),
  /** Pro mode (CryptoAdvanced): every type, with the pro flags (§5–§6). */
  advanced: z.object({
    enableBuy: z.boolean(),
    enableSell: z.boolean(),
    orderTypes: z.array(OrderTypeEnum),
    inputTypes: z.array(OrderInputTypeEnum),
  }),
  /** Present when trading is halted or disabled: why (localized). */
  disabledReason: z.string().nullable(),
  /** Precisions and limits the inputs follow (§5). */
  pricePrecision: z.number().int(),
  quantityPrecision: z.number().int(),
  quantityStep: DecimalString,
  /** IDR amounts are whole Rupiah. */
  amountPrecision: z.number().int(),
  minQuantity: DecimalString,
  minAmount: DecimalString,
  feeRatePercent: DecimalString,
  buyTaxRatePercent: DecimalString,
  sellTaxRatePercent: DecimalString,
});
export type CryptoOrderTypesResponse = z.infer<typeof CryptoOrderTypesResponse>;

// ---- Requests ----

/** Simple mode: a market order. Buy: by amount (IDR). Sell: by quantity or by amount — exactly one of the two. */
export const InstantOrderRequest = z.object({
  symbol: z.string().min(3).max(32),
  quantity: PositiveDecimal.optional(),
  amount: PositiveDecimal.optional(),
});
export type InstantOrderRequest = z.infer<typeof InstantOrderRequest>;

/**
 * Pro mode. inputType says which of quantity/amount is given (the other is omitted, §5).
 * LIMIT needs limitPrice; STOP needs stopPrice; STOP_LIMIT both; OCO needs takeProfit (a limit
 * price) and stopLoss (a stop price) and places two linked legs.
 */
export const AdvancedOrderRequest = z.object({
  symbol: z.string().min(3).max(32),
  orderType: OrderTypeEnum,
  inputType: OrderInputTypeEnum,
  quantity: PositiveDecimal.optional(),
  amount: PositiveDecimal.optional(),
  limitPrice: PositiveDecimal.optional(),
  stopPrice: PositiveDecimal.optional(),
  takeProfit: PositiveDecimal.optional(),
  stopLoss: PositiveDecimal.optional(),
  timeInForce: z.enum(TIMES_IN_FORCE).optional(),
});
export type AdvancedOrderRequest = z.infer<typeof AdvancedOrderRequest>;

export const EstimateRequest = AdvancedOrderRequest.extend({ side: OrderSideEnum });
export type EstimateRequest = z.infer<typeof EstimateRequest>;

/** Amend an open order: new size and/or prices (what the order type uses). */
export const AmendOrderRequest = z
  .object({
    quantity: PositiveDecimal.optional(),
    amount: PositiveDecimal.optional(),
    limitPrice: PositiveDecimal.optional(),
    stopPrice: PositiveDecimal.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to amend');
export type AmendOrderRequest = z.infer<typeof AmendOrderRequest>;

/** `/api/crypto/orders/:id` (GET, PATCH) and `…/:id/cancel`. */
export const CryptoOrderIdParams = z.object({ id: z.string().min(1).max(64) });
export type CryptoOrderIdParams = z.infer<typeof CryptoOrderIdParams>;

export const CryptoOrdersQuery = z.object({
  scope: z.enum(CRYPTO_ORDER_SCOPES).default('open'),
  symbol: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type CryptoOrdersQuery = z.infer<typeof CryptoOrdersQuery>;

// ---- Responses ----

/** The fee math of §9 applied to an order (the estimate, the ticket and the executed order use one function). */
export const CryptoEstimate = z.object({
  symbol: z.string(),
  side: OrderSideEnum,
  /** Price used: the book's (walking depth) for MARKET, the limit/stop price otherwise. */
  price: DecimalString,
  /** Units of the asset. */
  quantity: DecimalString,
  /** The base amount b = quantity × price, whole Rupiah (ceil for buys, floor for sells). */
  estimatedAmount: DecimalString,
  fee: DecimalString,
  tax: DecimalString,
  /** Buy: b + tax + fee paid. Sell: b − tax − fee received. */
  estimatedTotalAmount: DecimalString,
  /** The asset's code ("BTC"). */
  cryptocurrencyUnits: z.string(),
  /** For MARKET: the worst price reached walking the book, and whether the band stops it. */
  worstPrice: DecimalString.nullable(),
});
export type CryptoEstimate = z.infer<typeof CryptoEstimate>;

export const CryptoOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  side: OrderSideEnum,
  orderType: OrderTypeEnum,
  source: z.enum(CRYPTO_ORDER_SOURCES),
  inputType: OrderInputTypeEnum,
  /** Requested size: quantity (quantity orders) or amount in IDR (amount orders); the other is null. */
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
  /** IDR paid (buy) or received (sell) so far, fee and tax included. */
  total: DecimalString,
  /** OCO: the group and this leg's role. */
  ocoGroupId: z.string().nullable(),
  ocoLeg: z.enum(CONDITIONAL_ORDER_KINDS).nullable(),
  /** Stop orders: when the stop price was crossed. */
  triggeredAt: IsoDateTime.nullable(),
  /** Catalogue code of a refusal/failure, or why it was cancelled (USER, OCO, …). */
  reason: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type CryptoOrder = z.infer<typeof CryptoOrder>;

/** Placing answers every order created: one, or the two legs of an OCO. */
export const PlaceOrderResponse = z.object({ orders: z.array(CryptoOrder) });
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;
export const CryptoOrderList = z.object({ items: z.array(CryptoOrder), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() });
export type CryptoOrderList = z.infer<typeof CryptoOrderList>;
