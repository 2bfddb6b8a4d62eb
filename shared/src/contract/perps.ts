// USDT-margined perpetual futures (§7 Perp futures, §3 perpetual margin wallet) — zod schemas and
// their types. Paths and plain constants: `perps-paths.ts`. Money, prices and sizes are decimal
// strings (USDT amounts up to 8 decimals). Orders are the one `Order` (market 'PERPS') with the
// perp fields below; positions are one-way (one per user and symbol, long or short).
import { DecimalString } from './envelope';
import { ORDER_SIDE_TEXTS } from './enum-values';
import { Order } from './orders';
import { PerpBalance } from './wallet';
import { z } from './zod';
import { plainLine } from './text';
import {
  MARGIN_MODES,
  PERP_CLOSE_REASONS,
  PERP_ORDER_SCOPES,
  PERP_ORDER_TYPES,
  POSITION_MARGIN_DIRECTIONS,
  POSITION_SIDES,
} from './perps-paths';

/** A positive decimal written as a string ("0.5", "20000"). */
const PositiveDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal number written as a string')
  .refine((v) => /[1-9]/.test(v), 'must be above 0');
/** Epoch milliseconds. */
const EpochMs = z.number().int();

export const PerpSymbol = plainLine().min(1).max(32).describe('The perp symbol, e.g. "BTCUSDT-PERP"');
export const MarginModeEnum = z.enum(MARGIN_MODES);
export const PositionSideEnum = z.enum(POSITION_SIDES);
export const PerpOrderTypeEnum = z.enum(PERP_ORDER_TYPES);
export const PerpCloseReasonEnum = z.enum(PERP_CLOSE_REASONS);
/**
 * The leverage asked for. Any integer passes the schema: 0, negatives and values above the
 * symbol's maximum (by the position's tier) are refused by the server with their own localized
 * code (3904), not a generic invalid input.
 */
export const PerpLeverage = z.coerce.number().int().describe('1 to the maximum of the tier the position notional falls in');

// ---- Instruments ----

/** One row of the maintenance tier table (Binance's): notional up to `notionalCap` (USDT). */
export const MarginTier = z.object({
  tier: z.number().int().min(1),
  /** Notional floor (exclusive for tiers above 1) and cap (inclusive), USDT. */
  notionalFloor: DecimalString,
  notionalCap: DecimalString,
  maxLeverage: z.number().int().min(1),
  /** Maintenance margin rate, a fraction ("0.005" = 0.5 %). */
  maintenanceMarginRate: DecimalString,
  /** Maintenance amount, USDT: MM = notional × rate − amount (keeps MM continuous across tiers). */
  maintenanceAmount: DecimalString,
});
export type MarginTier = z.infer<typeof MarginTier>;

export const PerpInstrument = z.object({
  symbol: z.string(),
  id: z.number().int(),
  /** The base asset ("BTC") and the spot pair the index follows. */
  baseAsset: z.string(),
  underlying: z.string().nullable(),
  name: z.string(),
  icon: z.string(),
  pricePrecision: z.number().int(),
  tickSize: DecimalString,
  quantityPrecision: z.number().int(),
  quantityStep: DecimalString,
  minQuantity: DecimalString,
  /** The smallest order notional, USDT. */
  minNotional: DecimalString,
  maxLeverage: z.number().int(),
  tiers: z.array(MarginTier),
  /** Fee rates, fractions of the notional ("0.0002" = 0.02 %). */
  makerFeeRate: DecimalString,
  takerFeeRate: DecimalString,
  /** A limit/stop price must lie within ±this fraction of the mark price ("0.05" = 5 %). */
  priceBandRate: DecimalString,
  tradable: z.boolean(),
});
export type PerpInstrument = z.infer<typeof PerpInstrument>;
export const PerpInstrumentsResponse = z.object({ items: z.array(PerpInstrument) });
export type PerpInstrumentsResponse = z.infer<typeof PerpInstrumentsResponse>;

export const PerpSymbolQuery = z.object({ symbol: PerpSymbol });
export type PerpSymbolQuery = z.infer<typeof PerpSymbolQuery>;

export const PerpOrderTypesResponse = z.object({
  symbol: z.string(),
  orderTypes: z.array(PerpOrderTypeEnum),
  enableBuy: z.boolean(),
  enableSell: z.boolean(),
  /** Why trading is not possible now (halt), localized; null when enabled. */
  disabledReason: z.string().nullable(),
  leverage: z.number().int(),
  marginMode: MarginModeEnum,
  maxLeverage: z.number().int(),
  minQuantity: DecimalString,
  quantityStep: DecimalString,
  minNotional: DecimalString,
  tickSize: DecimalString,
  makerFeeRate: DecimalString,
  takerFeeRate: DecimalString,
  markPrice: DecimalString,
  /** The price band now: [mark × (1 − band), mark × (1 + band)]. */
  priceBandLow: DecimalString,
  priceBandHigh: DecimalString,
});
export type PerpOrderTypesResponse = z.infer<typeof PerpOrderTypesResponse>;

// ---- Orders ----

/**
 * A perp order (buy and sell). Size in contracts of the base asset (`quantity`, "0.01" BTC).
 * LIMIT needs limitPrice, STOP stopPrice (a market order when the mark crosses it), STOP_LIMIT both.
 * reduceOnly: only ever shrinks the position (refused if it would open or increase one).
 * takeProfit/stopLoss (optional): set on the position when the order fills (trigger on the mark).
 * leverage/marginMode (optional): change the symbol's setting first (as the leverage call would).
 */
export const PerpOrderRequest = z.object({
  symbol: PerpSymbol,
  orderType: PerpOrderTypeEnum,
  quantity: PositiveDecimal,
  limitPrice: PositiveDecimal.optional(),
  stopPrice: PositiveDecimal.optional(),
  reduceOnly: z.boolean().default(false),
  takeProfit: PositiveDecimal.optional(),
  stopLoss: PositiveDecimal.optional(),
  leverage: PerpLeverage.optional(),
  marginMode: MarginModeEnum.optional(),
});
export type PerpOrderRequest = z.infer<typeof PerpOrderRequest>;
export type PerpOrderInput = z.input<typeof PerpOrderRequest>;

/** Estimate (GET): the order as it would be placed, with its side, in the query string. */
export const PerpEstimateQuery = z.object({
  symbol: PerpSymbol,
  side: z.enum(ORDER_SIDE_TEXTS),
  orderType: PerpOrderTypeEnum.default('MARKET'),
  quantity: PositiveDecimal,
  limitPrice: PositiveDecimal.optional(),
  stopPrice: PositiveDecimal.optional(),
  reduceOnly: z.preprocess((v) => v === 'true' || v === true, z.boolean()).default(false),
  leverage: PerpLeverage.optional(),
  marginMode: MarginModeEnum.optional(),
});
export type PerpEstimateQuery = z.infer<typeof PerpEstimateQuery>;

/** The estimate: the same math the order is checked and executed with. */
export const PerpOrderEstimate = z.object({
  symbol: z.string(),
  side: z.enum(ORDER_SIDE_TEXTS),
  /** The price used: the book's walk for MARKET, the limit/stop price otherwise. */
  price: DecimalString,
  quantity: DecimalString,
  /** quantity × price, USDT (§3 estimatedAmount). */
  notional: DecimalString,
  estimatedAmount: DecimalString,
  /** Initial margin the order takes (notional / leverage), USDT; 0 for a reduce. */
  initialMargin: DecimalString,
  /** Fee at the taker (market, stop) or maker (limit) rate. */
  fee: DecimalString,
  feeRate: DecimalString,
  /** initialMargin + fee: what must be available (§3 estimatedTotalAmount). */
  estimatedTotalAmount: DecimalString,
  leverage: z.number().int(),
  marginMode: MarginModeEnum,
  /** The position's liquidation price after the order fills; null when no position remains. */
  liquidationPrice: DecimalString.nullable(),
  /** The margin wallet's available balance now and after. */
  availableBalance: DecimalString,
  availableAfter: DecimalString,
  /** The order would be refused with this catalogue code; null when it may be placed. */
  refusalCode: z.string().nullable(),
});
export type PerpOrderEstimate = z.infer<typeof PerpOrderEstimate>;

/** A perp order: the one `Order` with the perp fields. */
export const PerpOrder = Order.extend({
  reduceOnly: z.boolean(),
  leverage: DecimalString.nullable().optional(),
  marginMode: MarginModeEnum,
  /** Realized P&L of the fills that reduced a position, USDT. */
  realizedPnl: DecimalString,
});
export type PerpOrder = z.infer<typeof PerpOrder>;
export const PerpPlaceResponse = z.object({ order: PerpOrder, position: z.lazy(() => PerpPosition).nullable() });
export type PerpPlaceResponse = z.infer<typeof PerpPlaceResponse>;

export const PerpOrdersQuery = z.object({
  scope: z.enum(PERP_ORDER_SCOPES).default('open'),
  symbol: PerpSymbol.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type PerpOrdersQuery = z.infer<typeof PerpOrdersQuery>;
export const PerpOrderList = z.object({ items: z.array(PerpOrder), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() });
export type PerpOrderList = z.infer<typeof PerpOrderList>;
export const PerpOrderIdParams = z.object({ id: z.string().min(1).max(64) });
export type PerpOrderIdParams = z.infer<typeof PerpOrderIdParams>;

// ---- Positions ----

export const PerpPosition = z.object({
  symbol: z.string(),
  side: PositionSideEnum,
  /** Size in base units, always positive (the side says the direction). */
  quantity: DecimalString,
  entryPrice: DecimalString,
  markPrice: DecimalString,
  indexPrice: DecimalString,
  /** quantity × mark, USDT. */
  notional: DecimalString,
  leverage: z.number().int(),
  marginMode: MarginModeEnum,
  /** Isolated: the margin held by the position (initial + added − removed). Cross: notional / leverage. */
  margin: DecimalString,
  initialMargin: DecimalString,
  maintenanceMargin: DecimalString,
  maintenanceMarginRate: DecimalString,
  tier: z.number().int(),
  unrealizedPnl: DecimalString,
  /** unrealizedPnl / initialMargin × 100, 2 decimals. */
  roePercent: DecimalString,
  realizedPnl: DecimalString,
  feesPaid: DecimalString,
  /** Net funding paid (positive) or received (negative). */
  fundingPaid: DecimalString,
  /** Null when the position cannot be liquidated by price (cross with more than enough margin). */
  liquidationPrice: DecimalString.nullable(),
  bankruptcyPrice: DecimalString.nullable(),
  /** Isolated: MM / (margin + uPnL) × 100. Cross: the wallet's ratio. */
  marginRatioPercentage: DecimalString,
  takeProfit: DecimalString.nullable(),
  stopLoss: DecimalString.nullable(),
  openedAt: z.string(),
  updatedAt: z.string(),
});
export type PerpPosition = z.infer<typeof PerpPosition>;
export const PerpPositionsResponse = z.object({ items: z.array(PerpPosition), balance: PerpBalance, updatedAt: EpochMs });
export type PerpPositionsResponse = z.infer<typeof PerpPositionsResponse>;

export const PerpLeverageQuery = PerpSymbolQuery;
export const PerpLeverageRequest = z.object({ symbol: PerpSymbol, leverage: PerpLeverage });
export type PerpLeverageRequest = z.infer<typeof PerpLeverageRequest>;
export const PerpLeverageResponse = z.object({
  symbol: z.string(),
  leverage: z.number().int(),
  marginMode: MarginModeEnum,
  /** The highest leverage the position's (or a fresh order's) tier allows. */
  maxLeverage: z.number().int(),
  tiers: z.array(MarginTier),
});
export type PerpLeverageResponse = z.infer<typeof PerpLeverageResponse>;
export const PerpMarginModeRequest = z.object({ symbol: PerpSymbol, marginMode: MarginModeEnum });
export type PerpMarginModeRequest = z.infer<typeof PerpMarginModeRequest>;

export const PerpPositionMarginRequest = z.object({
  symbol: PerpSymbol,
  direction: z.enum(POSITION_MARGIN_DIRECTIONS),
  amount: PositiveDecimal.describe('USDT'),
});
export type PerpPositionMarginRequest = z.infer<typeof PerpPositionMarginRequest>;

/** TP/SL on a position: a price sets it, null clears it, absent leaves it. Triggered on the mark; closes the whole position at market. */
export const PerpTpSlRequest = z.object({
  symbol: PerpSymbol,
  takeProfit: PositiveDecimal.nullable().optional(),
  stopLoss: PositiveDecimal.nullable().optional(),
});
export type PerpTpSlRequest = z.infer<typeof PerpTpSlRequest>;

/** Answer of leverage, margin mode, margin add/remove and TP/SL: the position (null when none) and the wallet. */
export const PerpPositionResponse = z.object({ symbol: z.string(), position: PerpPosition.nullable(), balance: PerpBalance });
export type PerpPositionResponse = z.infer<typeof PerpPositionResponse>;

export const PerpCloseQuery = z.object({ symbol: PerpSymbol, quantity: PositiveDecimal.optional().describe('Absent: the whole position') });
export type PerpCloseQuery = z.infer<typeof PerpCloseQuery>;
export const PerpCloseRequest = z.object({
  symbol: PerpSymbol,
  /** Absent: the whole position. */
  quantity: PositiveDecimal.optional(),
  orderType: z.enum(['MARKET', 'LIMIT']).default('MARKET'),
  limitPrice: PositiveDecimal.optional(),
});
export type PerpCloseRequest = z.infer<typeof PerpCloseRequest>;
export const PerpCloseEstimate = z.object({
  symbol: z.string(),
  side: z.enum(ORDER_SIDE_TEXTS),
  quantity: DecimalString,
  price: DecimalString,
  notional: DecimalString,
  fee: DecimalString,
  /** P&L realized by the close (before the fee). */
  realizedPnl: DecimalString,
  /** Margin released back to available. */
  marginReleased: DecimalString,
  /** realizedPnl − fee. */
  netPnl: DecimalString,
});
export type PerpCloseEstimate = z.infer<typeof PerpCloseEstimate>;

// ---- Funding ----

export const PerpFundingRate = z.object({
  symbol: z.string(),
  /** Fraction per 8 h ("0.0001" = 0.01 %); positive: longs pay shorts. */
  fundingRate: DecimalString,
  /** Epoch ms of the next funding (00:00, 08:00 or 16:00 UTC on the market clock). */
  nextFundingTime: EpochMs,
  markPrice: DecimalString,
  indexPrice: DecimalString,
  /** Funding rate cap/floor, fractions. */
  fundingRateCap: DecimalString,
  fundingRateFloor: DecimalString,
  updatedAt: EpochMs,
});
export type PerpFundingRate = z.infer<typeof PerpFundingRate>;

export const PerpFundingPayment = z.object({
  id: z.string(),
  symbol: z.string(),
  side: PositionSideEnum,
  quantity: DecimalString,
  markPrice: DecimalString,
  fundingRate: DecimalString,
  /** Positive: paid by the user; negative: received. USDT. */
  amount: DecimalString,
  /** The funding instant (epoch ms). */
  fundingTime: EpochMs,
});
export type PerpFundingPayment = z.infer<typeof PerpFundingPayment>;
export const PerpFundingHistoryQuery = z.object({
  symbol: PerpSymbol.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type PerpFundingHistoryQuery = z.infer<typeof PerpFundingHistoryQuery>;
export const PerpFundingHistory = z.object({ items: z.array(PerpFundingPayment), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() });
export type PerpFundingHistory = z.infer<typeof PerpFundingHistory>;

// ---- Portfolio (§7 crypto futures portfolio) ----

export const CryptoFuturesPortfolio = z.object({
  balance: PerpBalance,
  positions: z.array(PerpPosition),
  /** Margin balance = walletBalance + Σ unrealized P&L, USDT, and in IDR at the USDT-IDR mid. */
  marginBalance: DecimalString,
  marginBalanceIdr: DecimalString,
  totalUnrealizedPnl: DecimalString,
  totalRealizedPnl: DecimalString,
  totalFundingPaid: DecimalString,
  totalFeesPaid: DecimalString,
  usdtIdrPrice: DecimalString,
  updatedAt: EpochMs,
});
export type CryptoFuturesPortfolio = z.infer<typeof CryptoFuturesPortfolio>;

// ---- Market data (ticker, stream) ----

/** The fields a perp's ticker (REST and stream) carries on top of the common ones. */
export const PerpTickerFields = z.object({
  indexPrice: DecimalString,
  markPrice: DecimalString,
  fundingRate: DecimalString,
  nextFundingTime: EpochMs,
});
export type PerpTickerFields = z.infer<typeof PerpTickerFields>;

// ---- Private stream (channel `positions`) ----

export const PerpPositionEvent = z.object({ event: z.literal('position'), position: PerpPosition.nullable(), symbol: z.string() });
export const PerpFundingEvent = z.object({ event: z.literal('funding'), payment: PerpFundingPayment });
export const PerpMarginCallEvent = z.object({ event: z.literal('marginCall'), marginRatioPercentage: DecimalString, symbol: z.string().nullable() });
export const PerpLiquidationEvent = z.object({ event: z.literal('liquidation'), symbol: z.string(), quantity: DecimalString, price: DecimalString, side: PositionSideEnum });
export const PerpStreamEventData = z.discriminatedUnion('event', [PerpPositionEvent, PerpFundingEvent, PerpMarginCallEvent, PerpLiquidationEvent]);
export type PerpStreamEventData = z.infer<typeof PerpStreamEventData>;
