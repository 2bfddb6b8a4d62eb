// Crypto spot trading — zod schemas and their types (the portfolio's: `portfolio.ts`).
// Paths and plain constants: `crypto-paths.ts`. Money and quantities are decimal strings.
import { DecimalString } from './envelope';
import { TIMES_IN_FORCE } from './enum-values';
import { z } from './zod';
import { plainLine } from './text';
import { CRYPTO_ORDER_SCOPES } from './crypto-paths';
import { Order, OrderInputTypeEnum, OrderSideEnum, OrderTypeEnum } from './orders';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
/** A positive decimal written as a string ("0.0005", "150000000"). */
const PositiveDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal number written as a string')
  .refine((v) => /[1-9]/.test(v), 'must be above 0');

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
  symbol: plainLine().min(3).max(32),
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
  symbol: plainLine().min(3).max(32),
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

/** A crypto order is the one order schema (market 'CRYPTO'); the name stays for crypto callers. */
export const CryptoOrder = Order;
export type CryptoOrder = Order;

/** Placing answers every order created: one, or the two legs of an OCO. */
export const PlaceOrderResponse = z.object({ orders: z.array(CryptoOrder) });
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;
export const CryptoOrderList = z.object({ items: z.array(CryptoOrder), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() });
export type CryptoOrderList = z.infer<typeof CryptoOrderList>;
