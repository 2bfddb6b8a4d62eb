// Indonesian stock (IDX) trading — zod schemas and their types. Paths and plain constants:
// `idx-paths.ts`. Quantities are shares (whole lots of 100), prices and money whole Rupiah, as
// decimal strings. Orders are the one `Order` (market 'IDSS').
import { DecimalString } from './envelope';
import { ORDER_SIDE_TEXTS, TIMES_IN_FORCE } from './enum-values';
import { Order } from './orders';
import { IDX_ORDER_SCOPES, IDX_ORDER_TYPES, IDX_SESSIONS } from './idx-paths';
import { z } from './zod';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A Jakarta date, YYYY-MM-DD');
/** A whole positive number written as a string ("100", "8125"). */
const WholeNumber = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a whole number written as a string')
  .refine((v) => /[1-9]/.test(v), 'must be above 0');

export const IdxStockId = z.coerce.number().int().positive().describe("The instrument's id in symbol-info (idssStock[].id), not the stock code");
export const IdxSessionEnum = z.enum(IDX_SESSIONS);
export const IdxTransactionType = z.enum(ORDER_SIDE_TEXTS);
export const IdxOrderTypeEnum = z.enum(IDX_ORDER_TYPES);

// ---- Requests ----

/**
 * An IDX order: `quantity` in shares (a whole number of lots of 100), `unitPrice` the limit price
 * in whole Rupiah on the tick grid inside the day's ARA/ARB band. MARKET takes no price.
 * GOOD_TILL_MARKET_CLOSE is a day order (expires at the day's close); GOOD_TILL_CANCEL stays.
 */
export const IdxOrderRequest = z.object({
  stockId: IdxStockId,
  quantity: WholeNumber.describe('Shares: a whole number of lots of 100'),
  unitPrice: WholeNumber.optional().describe('The limit price in whole Rupiah (LIMIT)'),
  orderType: IdxOrderTypeEnum.default('LIMIT'),
  timeInForce: z.enum(TIMES_IN_FORCE).default('GOOD_TILL_MARKET_CLOSE'),
});
export type IdxOrderRequest = z.infer<typeof IdxOrderRequest>;
export type IdxOrderInput = z.input<typeof IdxOrderRequest>;

export const IdxPriceQuery = z.object({
  stockId: IdxStockId,
  transactionType: IdxTransactionType,
  orderType: IdxOrderTypeEnum.default('LIMIT'),
  quantity: WholeNumber,
  unitPrice: WholeNumber.optional(),
});
export type IdxPriceQuery = z.infer<typeof IdxPriceQuery>;

export const IdxOrderTypesQuery = z.object({ stockId: IdxStockId, transactionType: IdxTransactionType });
export type IdxOrderTypesQuery = z.infer<typeof IdxOrderTypesQuery>;

export const IdxAmendRequest = z
  .object({ quantity: WholeNumber.optional(), unitPrice: WholeNumber.optional() })
  .refine((b) => b.quantity !== undefined || b.unitPrice !== undefined, 'nothing to amend');
export type IdxAmendRequest = z.infer<typeof IdxAmendRequest>;

export const IdxCancelRequest = z.object({ stockId: IdxStockId });
export type IdxCancelRequest = z.infer<typeof IdxCancelRequest>;
export const IdxOrderIdParams = z.object({ id: z.string().min(1).max(64) });
export type IdxOrderIdParams = z.infer<typeof IdxOrderIdParams>;
export const IdxHoldingParams = z.object({ stockId: IdxStockId });
export type IdxHoldingParams = z.infer<typeof IdxHoldingParams>;

export const IdxOrdersQuery = z.object({
  scope: z.enum(IDX_ORDER_SCOPES).default('open'),
  stockId: IdxStockId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type IdxOrdersQuery = z.infer<typeof IdxOrdersQuery>;

// ---- Responses ----

export const IdxSessionInfo = z.object({
  session: IdxSessionEnum,
  /** Orders are taken now (sessions I and II and the two call auctions). */
  acceptingOrders: z.boolean(),
  /** Orders match continuously now (sessions I and II). */
  continuous: z.boolean(),
  nextChangeAt: IsoDateTime.nullable(),
  nextSession: IdxSessionEnum.nullable(),
});
export type IdxSessionInfo = z.infer<typeof IdxSessionInfo>;

/** The day's price limits of a stock: ARB (low) and ARA (high) from the previous close. */
export const IdxBand = z.object({
  previousClose: DecimalString,
  arb: DecimalString,
  ara: DecimalString,
});
export type IdxBand = z.infer<typeof IdxBand>;

/** The fee schedule: fractions ('0.0015' = 0.15 %). The sell's tax is the final tax on share sales. */
export const IdxFeeSchedule = z.object({
  buyFeeRate: DecimalString,
  sellFeeRate: DecimalString,
  sellTaxRate: DecimalString,
});
export type IdxFeeSchedule = z.infer<typeof IdxFeeSchedule>;

export const IdxOrderTypesResponse = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  transactionType: IdxTransactionType,
  session: IdxSessionInfo,
  enabled: z.boolean(),
  /** Why not now (session, halt with its reason, KYC, terms), localized; null when enabled. */
  disabledReason: z.string().nullable(),
  orderTypes: z.array(IdxOrderTypeEnum),
  timesInForce: z.array(z.enum(TIMES_IN_FORCE)),
  lotSize: z.number().int(),
  band: IdxBand,
  lastPrice: DecimalString,
  /** The tick at the last price (the grid changes at 200, 500, 2,000 and 5,000). */
  tickSize: DecimalString,
  fees: IdxFeeSchedule,
  /** The date cash of a trade placed now settles (two IDX trading days after the trade date). */
  settlementDate: LocalDate,
  /**
   * What a buy may spend now, in IDR: available cash plus available unsettled sale proceeds (they
   * may buy stocks before they settle, but not be withdrawn: the wallet's `withdrawable`).
   */
  buyingPower: DecimalString,
});
export type IdxOrderTypesResponse = z.infer<typeof IdxOrderTypesResponse>;

export const IdxEstimate = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  transactionType: IdxTransactionType,
  price: DecimalString,
  quantity: DecimalString,
  lots: z.number().int(),
  /** quantity × price, whole Rupiah. */
  amount: DecimalString,
  fee: DecimalString,
  /** Sells: the 0.1 % final tax; buys 0. */
  tax: DecimalString,
  /** Buy: paid (amount + fee). Sell: received (amount − fee − tax). */
  total: DecimalString,
  tradeDate: LocalDate,
  settlementDate: LocalDate,
});
export type IdxEstimate = z.infer<typeof IdxEstimate>;

export const IdxPlaceResponse = z.object({ orders: z.array(Order) });
export type IdxPlaceResponse = z.infer<typeof IdxPlaceResponse>;
export const IdxOrderList = z.object({ items: z.array(Order), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() });
export type IdxOrderList = z.infer<typeof IdxOrderList>;

/** One IDX holding valued in IDR. averageCost includes the buy fees. */
export const IdxHolding = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  quantity: DecimalString,
  lots: DecimalString,
  /** Shares not held by open sells. */
  availableQuantity: DecimalString,
  averageCost: DecimalString,
  costBasis: DecimalString,
  lastPrice: DecimalString,
  marketValue: DecimalString,
  unrealizedPnl: DecimalString,
  unrealizedPnlPercent: DecimalString,
});
export type IdxHolding = z.infer<typeof IdxHolding>;

export const IdxPositionResponse = z.object({
  items: z.array(IdxHolding),
  totalValue: DecimalString,
  totalCost: DecimalString,
  totalUnrealizedPnl: DecimalString,
  updatedAt: z.number().int(),
});
export type IdxPositionResponse = z.infer<typeof IdxPositionResponse>;

export const IdxHoldingDetails = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  quantity: DecimalString,
  quantityAvailableForSale: DecimalString,
  averageCost: DecimalString,
});
export type IdxHoldingDetails = z.infer<typeof IdxHoldingDetails>;

/** Unsettled sale proceeds of one settlement date. */
export const IdxUnsettled = z.object({ settlementDate: LocalDate, amount: DecimalString });
export type IdxUnsettled = z.infer<typeof IdxUnsettled>;

/** IDR cash, the unsettled IDX proceeds (by date) and what may be withdrawn now. */
export const IdxWalletResponse = z.object({
  cash: DecimalString,
  unsettled: DecimalString,
  unsettledByDate: z.array(IdxUnsettled),
  withdrawable: DecimalString,
});
export type IdxWalletResponse = z.infer<typeof IdxWalletResponse>;

export const IdxSettlementRunResponse = z.object({ settled: z.number().int(), amount: DecimalString, date: LocalDate });
export type IdxSettlementRunResponse = z.infer<typeof IdxSettlementRunResponse>;

export const IdxMarketStatusResponse = IdxSessionInfo.extend({
  now: IsoDateTime,
  tradingDate: LocalDate,
  timeZone: z.string(),
  holiday: z.string().nullable(),
  friday: z.boolean(),
  preOpeningTime: IsoDateTime.nullable(),
  session1OpenTime: IsoDateTime.nullable(),
  session1CloseTime: IsoDateTime.nullable(),
  session2OpenTime: IsoDateTime.nullable(),
  session2CloseTime: IsoDateTime.nullable(),
  preClosingCloseTime: IsoDateTime.nullable(),
});
export type IdxMarketStatusResponse = z.infer<typeof IdxMarketStatusResponse>;
