// US stock trading on the PALN wallet (§3 US stock order payload, §5, §7 Global stock) — zod
// schemas and their types. Paths and plain constants: `us-stock-paths.ts`. Money and quantities
// are decimal strings; USD amounts have 2 decimals. Orders are the one `Order` (market 'USSTOCK').
import { DecimalString } from './envelope';
import { ORDER_SIDE_TEXTS, ORDER_TYPES, TIMES_IN_FORCE, TRADING_HOURS } from './enum-values';
import { Order } from './orders';
import { UsdIdrRate, UsStockHolding } from './portfolio';
import { z } from './zod';
import { US_LEVERAGE_CLOSE_REASONS, US_ORDER_SUB_TYPES, US_SESSIONS, US_STOCK_ORDER_SCOPES } from './us-stock-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
/** A positive decimal written as a string ("0.5", "187.25"). */
const PositiveDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal number written as a string')
  .refine((v) => /[1-9]/.test(v), 'must be above 0');

export const StockId = z.coerce
  .number()
  .int()
  .positive()
  .describe("The instrument's id in symbol-info (palnStock[].id, the {assetId} of /asset/usstock/{symbol}/{assetId}), not the ticker");
export const UsSessionEnum = z.enum(US_SESSIONS);
export const UsOrderSubTypeEnum = z.enum(US_ORDER_SUB_TYPES);
export const UsTransactionType = z.enum(ORDER_SIDE_TEXTS);

// ---- Requests ----

/**
 * The §3 US stock order payload (buy and sell). Exactly one of quantity (shares, fractional) and
 * amount (USD) — §5: quantity orders omit amount and vice versa. LIMIT needs unitPrice, STOP
 * stopPrice, STOP_LIMIT both; OCO (sell only) needs takeProfit (a limit price) and stopLoss (a stop
 * price) and places two linked legs. tradingHours other than REGULAR_HOURS (extended hours)
 * takes LIMIT orders only, and only for stocks with post-market (`ipme`). leverage 2 or 4 and
 * isIntradayLeverage are refused here: leveraged trading is not offered yet.
 */
export const UsStockOrderRequest = z.object({
  stockId: StockId,
  quantity: PositiveDecimal.optional(),
  amount: PositiveDecimal.optional().describe('USD'),
  unitPrice: PositiveDecimal.optional().describe('The limit price in USD (LIMIT, STOP_LIMIT)'),
  stopPrice: PositiveDecimal.optional(),
  takeProfit: PositiveDecimal.optional(),
  stopLoss: PositiveDecimal.optional(),
  orderType: z.enum(ORDER_TYPES),
  orderSubType: UsOrderSubTypeEnum.default('NORMAL'),
  timeInForce: z.enum(TIMES_IN_FORCE).default('GOOD_TILL_CANCEL'),
  tradingHours: z.enum(TRADING_HOURS).default('REGULAR_HOURS'),
  leverage: z.union([z.literal(1), z.literal(2), z.literal(4)]).default(1).describe("1 (none); 2 and 4 are refused: leveraged trading is not offered yet"),
  isIntradayLeverage: z.boolean().default(false),
});
export type UsStockOrderRequest = z.infer<typeof UsStockOrderRequest>;
export type UsStockOrderInput = z.input<typeof UsStockOrderRequest>;

/** Price calculate (GET): the order as it would be placed, in the query string. */
export const UsStockPriceQuery = z.object({
  stockId: StockId,
  transactionType: UsTransactionType,
  orderType: z.enum(ORDER_TYPES).default('MARKET'),
  quantity: PositiveDecimal.optional(),
  amount: PositiveDecimal.optional(),
  unitPrice: PositiveDecimal.optional(),
  stopPrice: PositiveDecimal.optional(),
});
export type UsStockPriceQuery = z.infer<typeof UsStockPriceQuery>;

export const UsStockOrderTypesQuery = z.object({ stockId: StockId, transactionType: UsTransactionType });
export type UsStockOrderTypesQuery = z.infer<typeof UsStockOrderTypesQuery>;

/** Amend an open order: new size and/or prices (what the order type uses). */
export const UsStockAmendRequest = z
  .object({
    quantity: PositiveDecimal.optional(),
    amount: PositiveDecimal.optional(),
    unitPrice: PositiveDecimal.optional(),
    stopPrice: PositiveDecimal.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to amend');
export type UsStockAmendRequest = z.infer<typeof UsStockAmendRequest>;

/** Cancel (PUT): the stock the order is for, checked against the order. */
export const UsStockCancelRequest = z.object({ stockId: StockId });
export type UsStockCancelRequest = z.infer<typeof UsStockCancelRequest>;

export const UsStockOrderIdParams = z.object({ id: z.string().min(1).max(64) });
export type UsStockOrderIdParams = z.infer<typeof UsStockOrderIdParams>;
export const UsStockHoldingParams = z.object({ stockId: StockId });
export type UsStockHoldingParams = z.infer<typeof UsStockHoldingParams>;

export const UsStockOrdersQuery = z.object({
  scope: z.enum(US_STOCK_ORDER_SCOPES).default('open'),
  stockId: StockId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type UsStockOrdersQuery = z.infer<typeof UsStockOrdersQuery>;

// ---- Responses ----

/** The session now and the next change (New York time, NYSE calendar). */
export const UsSessionInfo = z.object({
  session: UsSessionEnum,
  /** ISO instant of the next session change, and the session it changes to. */
  nextChangeAt: IsoDateTime.nullable(),
  nextSession: UsSessionEnum.nullable(),
});
export type UsSessionInfo = z.infer<typeof UsSessionInfo>;

/** What may be placed now for one stock and side. */
export const UsStockOrderTypesResponse = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  transactionType: UsTransactionType,
  session: UsSessionInfo,
  /** The stock trades in pre-market and post-market (symbol-info `ipme`). */
  ipme: z.boolean(),
  /** Extended-hours orders (limit only) may be placed for this stock. */
  extendedHoursAllowed: z.boolean(),
  enabled: z.boolean(),
  /** Why buying/selling is not possible now (halt, product flag, KYC), localized; null when enabled. */
  disabledReason: z.string().nullable(),
  /** The order types accepted now (MARKET only executes in regular hours; outside them it waits for the next open). */
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  timesInForce: z.array(z.enum(TIMES_IN_FORCE)),
  tradingHours: z.array(z.enum(TRADING_HOURS)),
  quantityPrecision: z.number().int(),
  /** USD amounts: 2. */
  amountPrecision: z.number().int(),
  /** The smallest order by value, USD. */
  minAmount: DecimalString,
  minQuantity: DecimalString,
  /** The price step at the current price ($0.01; $0.0001 below $1). */
  tickSize: DecimalString,
  lastPrice: DecimalString,
  commission: DecimalString,
  commissionRatePercent: DecimalString,
});
export type UsStockOrderTypesResponse = z.infer<typeof UsStockOrderTypesResponse>;

/** The estimate of an order (price calculate): the same math the order executes with. */
export const UsStockEstimate = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  transactionType: UsTransactionType,
  /** Price used: the current ask (buy) or bid (sell) for MARKET, the limit/stop price otherwise. */
  price: DecimalString,
  quantity: DecimalString,
  /** quantity × price, USD, 2 decimals (up for buys, down for sells). */
  estimatedAmount: DecimalString,
  commission: DecimalString,
  /** Sells: the SEC fee and the FINRA trading activity fee. */
  secFee: DecimalString,
  tafFee: DecimalString,
  /** Buy: amount + fees paid. Sell: amount − fees received. USD. */
  estimatedTotalAmount: DecimalString,
  /** The USD/IDR price of the wallet (usdIdrPrice) and the total in IDR at it. */
  usdIdrPrice: DecimalString,
  estimatedTotalAmountIdr: DecimalString,
});
export type UsStockEstimate = z.infer<typeof UsStockEstimate>;

/** Placing answers every order created: one, or the two legs of an OCO. */
export const UsStockPlaceResponse = z.object({ orders: z.array(Order) });
export type UsStockPlaceResponse = z.infer<typeof UsStockPlaceResponse>;
export const UsStockOrderList = z.object({
  items: z.array(Order),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type UsStockOrderList = z.infer<typeof UsStockOrderList>;

/** One holding in the user position: the portfolio's US holding with the stock's id and name. */
export const UsStockPositionItem = UsStockHolding.extend({ stockId: z.number().int(), name: z.string() });
export type UsStockPositionItem = z.infer<typeof UsStockPositionItem>;

export const UsStockPositionResponse = z.object({
  items: z.array(UsStockPositionItem),
  /** Σ marketValue, USD, and its IDR value at `usdIdr`. */
  totalValue: DecimalString,
  totalValueIdr: DecimalString,
  usdIdr: UsdIdrRate,
  updatedAt: z.number().int(),
});
export type UsStockPositionResponse = z.infer<typeof UsStockPositionResponse>;

/** Holding details by stock id (§3 holdings available to sell). */
export const UsStockHoldingDetails = z.object({
  stockId: z.number().int(),
  symbol: z.string(),
  quantity: DecimalString,
  quantityAvailableForSale: DecimalString,
  /** Shares of intraday (4x) positions available to sell: 0 while leveraged trading is not offered. */
  intradayQuantityAvailableForSale: DecimalString,
  averageCost: DecimalString,
});
export type UsStockHoldingDetails = z.infer<typeof UsStockHoldingDetails>;

/** The US market now: the session, today's (or the next trading day's) times, the next change. */
export const UsMarketStatusResponse = UsSessionInfo.extend({
  now: IsoDateTime,
  tradingDate: z.string(),
  timeZone: z.string(),
  earlyClose: z.boolean(),
  holiday: z.string().nullable(),
  /** The §3 market status fields (ISO instants), null on a day without that session. */
  marketOpenTime: IsoDateTime.nullable(),
  marketCloseTime: IsoDateTime.nullable(),
  preMarketOpenTime: IsoDateTime.nullable(),
  preMarketCloseTime: IsoDateTime.nullable(),
  postMarketOpenTime: IsoDateTime.nullable(),
  postMarketCloseTime: IsoDateTime.nullable(),
});
export type UsMarketStatusResponse = z.infer<typeof UsMarketStatusResponse>;

// ---- Leveraged trading (CFD) on the leverage (2x) and intraday (4x) wallets ----

/**
 * A leverage buy or sell (§3 payload, §5): leverage 2 (leverage wallet) or 4 (intraday wallet,
 * isIntradayLeverage true). Leveraged orders omit tradingHours. A buy is MARKET (regular hours).
 * A sell is MARKET (reduces or closes the position) or sets the position's take-profit / stop-loss:
 * OCO (takeProfit and stopLoss), LIMIT + TAKE_PROFIT (unitPrice) or STOP + STOP_LOSS (stopPrice); at
 * leverage 4 those are GOOD_TILL_MARKET_CLOSE. A TP/SL OCO sell's amount is floored to cents.
 */
export const UsLeverageOrderRequest = z.object({
  stockId: StockId,
  quantity: PositiveDecimal.optional(),
  amount: PositiveDecimal.optional().describe('USD'),
  unitPrice: PositiveDecimal.optional(),
  stopPrice: PositiveDecimal.optional(),
  takeProfit: PositiveDecimal.optional(),
  stopLoss: PositiveDecimal.optional(),
  orderType: z.enum(ORDER_TYPES),
  orderSubType: UsOrderSubTypeEnum.default('NORMAL'),
  timeInForce: z.enum(TIMES_IN_FORCE).default('GOOD_TILL_CANCEL'),
  tradingHours: z.enum(TRADING_HOURS).optional().describe('Must be omitted (§5: leveraged orders omit tradingHours)'),
  leverage: z.union([z.literal(2), z.literal(4)]),
  isIntradayLeverage: z.boolean().default(false),
});
export type UsLeverageOrderRequest = z.infer<typeof UsLeverageOrderRequest>;
export type UsLeverageOrderInput = z.input<typeof UsLeverageOrderRequest>;

export const UsLeverageWalletEnum = z.enum(['leverage', 'intraday']);
export type UsLeverageWallet = z.infer<typeof UsLeverageWalletEnum>;

/** One leveraged position (long, one per wallet and stock while open). USD. */
export const UsLeveragePosition = z.object({
  id: z.string(),
  stockId: z.number().int(),
  symbol: z.string(),
  wallet: UsLeverageWalletEnum,
  leverage: z.number().int(),
  status: z.enum(['OPEN', 'CLOSED']),
  quantity: DecimalString,
  entryPrice: DecimalString,
  markPrice: DecimalString,
  /** quantity × mark price. */
  notional: DecimalString,
  /** The initial margin the wallet holds for it (entry notional / leverage). */
  margin: DecimalString,
  unrealizedPnl: DecimalString,
  /** The mark price at which the wallet's margin ratio reaches 100% (the other positions at their marks). */
  liquidationPrice: DecimalString,
  takeProfit: DecimalString.nullable(),
  stopLoss: DecimalString.nullable(),
  triggerQuantity: DecimalString.nullable(),
  triggersExpireAt: IsoDateTime.nullable(),
  realizedPnl: DecimalString,
  fees: DecimalString,
  financing: DecimalString,
  /** A liquidation waits for the next regular session (the market was closed when it was due). */
  liquidationPending: z.boolean(),
  openedAt: IsoDateTime,
  closedAt: IsoDateTime.nullable(),
  closeReason: z.enum(US_LEVERAGE_CLOSE_REASONS).nullable(),
  /** 4x: the instant the position is closed automatically (before that day's close). */
  autoCloseAt: IsoDateTime.nullable(),
});
export type UsLeveragePosition = z.infer<typeof UsLeveragePosition>;

/** A wallet's margin figures: maintenance margin / (collateral + unrealized P&L), percent. */
export const UsLeverageWalletRisk = z.object({
  wallet: UsLeverageWalletEnum,
  collateral: DecimalString,
  unrealizedPnl: DecimalString,
  maintenanceMargin: DecimalString,
  marginRatioPercentage: DecimalString,
});
export type UsLeverageWalletRisk = z.infer<typeof UsLeverageWalletRisk>;

export const UsLeveragePositionsQuery = z.object({ scope: z.enum(US_STOCK_ORDER_SCOPES).default('open') });
export type UsLeveragePositionsQuery = z.infer<typeof UsLeveragePositionsQuery>;
export const UsLeveragePositionsResponse = z.object({ items: z.array(UsLeveragePosition), wallets: z.array(UsLeverageWalletRisk) });
export type UsLeveragePositionsResponse = z.infer<typeof UsLeveragePositionsResponse>;

/** What a leverage buy or sell did: the fill (none when only triggers were set) and the position after it. */
export const UsLeverageOrderResult = z.object({
  fill: z
    .object({ side: UsTransactionType, quantity: DecimalString, price: DecimalString, amount: DecimalString, commission: DecimalString, realizedPnl: DecimalString })
    .nullable(),
  position: UsLeveragePosition,
});
export type UsLeverageOrderResult = z.infer<typeof UsLeverageOrderResult>;

/** The operator's sweep run: the open leveraged positions after it. */
export const UsLeverageSweepResponse = z.object({ openPositions: z.number().int() });
export type UsLeverageSweepResponse = z.infer<typeof UsLeverageSweepResponse>;
