// The portfolio — zod schemas and their types: holdings per market (crypto in IDR; US stocks in
// USD with their IDR equivalents), the overview totals in IDR, and the position history.
// Paths and plain constants: `portfolio-paths.ts`. Money and quantities are decimal strings.
import { DecimalString } from './envelope';
import { ORDER_SIDE_TEXTS } from './enum-values';
import { OVERVIEW_MARKETS, POCKETS, PORTFOLIO_ASSET_TYPES, PORTFOLIO_QUERY_ASSET_TYPES, VALUE_HISTORY_RANGES } from './portfolio-paths';
import { NetWorth } from './wallet';
import { z } from './zod';

const IsoDateTime = z.string().describe('ISO 8601 date-time');

export const PortfolioAssetTypeEnum = z.enum(PORTFOLIO_ASSET_TYPES);

// ---- Holdings ----

export const CryptoHolding = z.object({
  symbol: z.string(),
  asset: z.string(),
  quantity: DecimalString,
  /** Not reserved by open sell orders. */
  available: DecimalString,
  /** Average cost per unit in IDR, fees included (average-cost method). */
  averageCost: DecimalString,
  costBasis: DecimalString,
  marketPrice: DecimalString,
  marketValue: DecimalString,
  unrealizedPnl: DecimalString,
  unrealizedPnlPercent: DecimalString,
  realizedPnl: DecimalString,
});
export type CryptoHolding = z.infer<typeof CryptoHolding>;
/** `assetType=CRYPTO` (the default). */
export const AssetHoldingsResponse = z.object({ items: z.array(CryptoHolding), updatedAt: z.number().int() });
export type AssetHoldingsResponse = z.infer<typeof AssetHoldingsResponse>;

/** The USD/IDR rate a response converts with: the house's mid (a valuation, not a conversion offer). */
export const UsdIdrRate = z.object({
  /** IDR per USD, 2 decimals. */
  rate: DecimalString,
  /** Epoch ms the rate is for. */
  at: z.number().int(),
});
export type UsdIdrRate = z.infer<typeof UsdIdrRate>;

export const UsStockHolding = z.object({
  assetType: z.literal('USSTOCK'),
  /** The ticker ("AAPL"). */
  symbol: z.string(),
  currency: z.literal('USD'),
  /** Shares, fractional. */
  quantity: DecimalString,
  /** Not reserved by open sell orders. */
  available: DecimalString,
  /** Average cost per share in USD, commission and fees included (average-cost method; splits divide it). */
  averageCost: DecimalString,
  /** USD, cents. */
  costBasis: DecimalString,
  /** The last price, USD. */
  marketPrice: DecimalString,
  /** quantity × last price, USD cents (rounded down). */
  marketValue: DecimalString,
  unrealizedPnl: DecimalString,
  unrealizedPnlPercent: DecimalString,
  /** Gains realized by sells against the average cost, USD. */
  realizedPnl: DecimalString,
  /** The same figures in IDR at the response's rate (whole Rupiah; value rounded down). */
  idr: z.object({
    averageCost: DecimalString,
    costBasis: DecimalString,
    marketPrice: DecimalString,
    marketValue: DecimalString,
    unrealizedPnl: DecimalString,
    realizedPnl: DecimalString,
  }),
});
export type UsStockHolding = z.infer<typeof UsStockHolding>;
/** `assetType=USSTOCK`. */
export const UsStockHoldingsResponse = z.object({
  assetType: z.literal('USSTOCK'),
  items: z.array(UsStockHolding),
  usdIdr: UsdIdrRate,
  updatedAt: z.number().int(),
});
export type UsStockHoldingsResponse = z.infer<typeof UsStockHoldingsResponse>;

// ---- Overview ----

/** One market's totals: in its own currency, and in IDR at the overview's rate. */
export const PortfolioMarketTotals = z.object({
  assetType: z.enum(OVERVIEW_MARKETS),
  currency: z.enum(['IDR', 'USD', 'USDT']),
  /** Holdings at market; for margined markets (CFD, perps) the margin plus the unrealized P&L. */
  investedValue: DecimalString,
  /** What the holdings cost (average cost); for margined markets the margin put up. */
  costBasis: DecimalString,
  unrealizedPnl: DecimalString,
  unrealizedPnlPercent: DecimalString,
  /** Null where the market does not give it yet (US CFDs). */
  realizedPnl: DecimalString.nullable(),
  idr: z.object({
    investedValue: DecimalString,
    costBasis: DecimalString,
    unrealizedPnl: DecimalString,
    realizedPnl: DecimalString.nullable(),
  }),
});
export type PortfolioMarketTotals = z.infer<typeof PortfolioMarketTotals>;

/**
 * One slice of an allocation, whole Rupiah. `percent` of the positive slices' sum (2 decimals); a
 * slice at or below zero (a loss on a margined position) is listed with percent 0.
 */
export const AllocationSlice = z.object({ key: z.string(), valueIdr: DecimalString, percent: DecimalString });
export type AllocationSlice = z.infer<typeof AllocationSlice>;

export const PortfolioOverview = z.object({
  /** Everything the person owns in IDR: `netWorth.totalIdr`, the balance page's total too. */
  totalValue: DecimalString,
  /** `totalValue` in USD at `usdIdr` (cents, rounded down). */
  totalValueUsd: DecimalString,
  netWorth: NetWorth,
  /**
   * Where the total is: by market (the net-worth parts: IDR cash, USD wallets, USDT margin, crypto,
   * US stocks, US CFD P&L, IDX) and by asset (IDR, USD, USDT, each coin, ticker and IDX stock); each
   * list adds up to `totalValue`.
   */
  allocation: z.object({ byMarket: z.array(AllocationSlice), byAsset: z.array(AllocationSlice) }),
  /** The total against the last daily value before today (WIB); null before there is one. Deposits and withdrawals move it too. */
  dayChange: z.object({ valueIdr: DecimalString, percent: DecimalString, since: z.string().describe('the day (YYYY-MM-DD) compared with') }).nullable(),
  cash: DecimalString,
  /** IDR reserved by open buy orders and pending cashouts: still the user's, not in `cash`. */
  cashOnHold: DecimalString,
  /** Every market's holdings at market, IDR. */
  investedValue: DecimalString,
  costBasis: DecimalString,
  unrealizedPnl: DecimalString,
  unrealizedPnlPercent: DecimalString,
  realizedPnl: DecimalString,
  /** USD in the US-stock wallet (PALN), what open buy orders hold included. */
  usdCash: DecimalString,
  /** `usdCash` in IDR (whole Rupiah, rounded down). */
  usdCashIdr: DecimalString,
  usdIdr: UsdIdrRate,
  /** IDR per USDT (the USDT-IDR mid) the perps figures convert at. */
  usdtIdr: DecimalString,
  /** Per market, in OVERVIEW_MARKETS order. */
  markets: z.array(PortfolioMarketTotals),
  updatedAt: z.number().int(),
});
export type PortfolioOverview = z.infer<typeof PortfolioOverview>;

// ---- Value over time ----

export const ValueHistoryQuery = z.object({ range: z.enum(VALUE_HISTORY_RANGES).default('1M') });
export type ValueHistoryQuery = z.infer<typeof ValueHistoryQuery>;
/** The daily values (each day's net worth as the daily job recorded it, WIB days), oldest first. */
export const ValueHistoryResponse = z.object({
  range: z.enum(VALUE_HISTORY_RANGES),
  from: z.string().describe('first day of the range (YYYY-MM-DD)'),
  to: z.string().describe('today (YYYY-MM-DD, WIB)'),
  points: z.array(z.object({ day: z.string(), valueIdr: DecimalString })),
  /** Last point against the first; null with fewer than two points. */
  change: z.object({ valueIdr: DecimalString, percent: DecimalString }).nullable(),
});
export type ValueHistoryResponse = z.infer<typeof ValueHistoryResponse>;

// ---- Pocket holdings ----

export const PocketHolding = z.object({
  symbol: z.string(),
  /** Shares or contracts; negative for a short. */
  quantity: DecimalString,
  /** In the pocket's currency: value at market (cash holdings) or margin plus unrealized P&L (positions). */
  value: DecimalString,
  valueIdr: DecimalString,
  unrealizedPnl: DecimalString,
});
export const Pocket = z.object({
  pocket: z.enum(POCKETS),
  currency: z.enum(['USD', 'USDT']),
  /** The wallet's balance (what is held for orders and margin included). */
  cash: DecimalString,
  holdings: z.array(PocketHolding),
  /** Cash plus holdings' value (PALN) or plus unrealized P&L (margined pockets), in the pocket's currency. */
  value: DecimalString,
  valueIdr: DecimalString,
});
export type Pocket = z.infer<typeof Pocket>;
export const PocketHoldingsResponse = z.object({ pockets: z.array(Pocket), usdIdr: DecimalString, usdtIdr: DecimalString, updatedAt: z.number().int() });
export type PocketHoldingsResponse = z.infer<typeof PocketHoldingsResponse>;

// ---- Position history ----

export const PositionHistoryEntry = z.object({
  id: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDE_TEXTS),
  quantity: DecimalString,
  price: DecimalString,
  amount: DecimalString,
  fee: DecimalString,
  tax: DecimalString,
  total: DecimalString,
  /** Sells: gain against the average cost; buys: null. */
  realizedPnl: DecimalString.nullable(),
  executedAt: IsoDateTime,
});
export type PositionHistoryEntry = z.infer<typeof PositionHistoryEntry>;
/** `assetType=CRYPTO` (the default): figures in IDR. */
export const PositionHistoryResponse = z.object({ items: z.array(PositionHistoryEntry), page: z.number().int(), hasMore: z.boolean() });
export type PositionHistoryResponse = z.infer<typeof PositionHistoryResponse>;

/** A US fill: figures in USD (`tax` holds the regulatory fees of a sell). */
export const UsStockPositionHistoryEntry = PositionHistoryEntry.extend({ assetType: z.literal('USSTOCK'), currency: z.literal('USD') });
export type UsStockPositionHistoryEntry = z.infer<typeof UsStockPositionHistoryEntry>;
/** `assetType=USSTOCK`. */
export const UsStockPositionHistoryResponse = z.object({
  assetType: z.literal('USSTOCK'),
  items: z.array(UsStockPositionHistoryEntry),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type UsStockPositionHistoryResponse = z.infer<typeof UsStockPositionHistoryResponse>;

export const PortfolioQuery = z.object({
  assetType: z.enum(PORTFOLIO_QUERY_ASSET_TYPES).default('CRYPTO'),
  symbol: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type PortfolioQuery = z.infer<typeof PortfolioQuery>;

/** `assetType=IDSS`: IDX shares in IDR (average cost with fees, whole Rupiah; `asset` is the stock code). */
export const IdxHoldingsResponse = z.object({ assetType: z.literal('IDSS'), currency: z.literal('IDR'), items: z.array(CryptoHolding), updatedAt: z.number().int() });
export type IdxHoldingsResponse = z.infer<typeof IdxHoldingsResponse>;

/** An open perpetual position as the portfolio lists it (USDT). */
export const PerpPortfolioPosition = z.object({
  symbol: z.string(),
  side: z.enum(['LONG', 'SHORT']),
  quantity: DecimalString,
  entryPrice: DecimalString,
  markPrice: DecimalString,
  leverage: z.number().int(),
  margin: DecimalString,
  unrealizedPnl: DecimalString,
  realizedPnl: DecimalString,
  liquidationPrice: DecimalString.nullable(),
});
/** `assetType=PERPS`: the open positions in the perps margin wallet. */
export const PerpHoldingsResponse = z.object({ assetType: z.literal('PERPS'), currency: z.literal('USDT'), items: z.array(PerpPortfolioPosition), usdtIdr: DecimalString, updatedAt: z.number().int() });
export type PerpHoldingsResponse = z.infer<typeof PerpHoldingsResponse>;

/**
 * `assetType=IDSS|PERPS` position history: IDX fills in IDR with each sale's realized P&L; perps
 * fills in USDT (their P&L is realized per position by the margin engine: `realizedPnl` null).
 */
export const MarketPositionHistoryResponse = z.object({
  assetType: z.enum(['IDSS', 'PERPS']),
  currency: z.enum(['IDR', 'USDT']),
  items: z.array(PositionHistoryEntry),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type MarketPositionHistoryResponse = z.infer<typeof MarketPositionHistoryResponse>;

/** What asset-holdings answers, by `assetType` (the US shape names its market, so it is tried first). */
export const PortfolioHoldingsAnswer = z.union([UsStockHoldingsResponse, AssetHoldingsResponse]);
export type PortfolioHoldingsAnswer = z.infer<typeof PortfolioHoldingsAnswer>;
/** What position-history answers, by `assetType`. */
export const PortfolioHistoryAnswer = z.union([UsStockPositionHistoryResponse, PositionHistoryResponse]);
export type PortfolioHistoryAnswer = z.infer<typeof PortfolioHistoryAnswer>;
