// The portfolio — zod schemas and their types: holdings per market (crypto in IDR; US stocks in
// USD with their IDR equivalents), the overview totals in IDR, and the position history.
// Paths and plain constants: `portfolio-paths.ts`. Money and quantities are decimal strings.
import { DecimalString } from './envelope';
import { ORDER_SIDE_TEXTS } from './enum-values';
import { PORTFOLIO_ASSET_TYPES } from './portfolio-paths';
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
  assetType: PortfolioAssetTypeEnum,
  currency: z.enum(['IDR', 'USD']),
  investedValue: DecimalString,
  costBasis: DecimalString,
  unrealizedPnl: DecimalString,
  unrealizedPnlPercent: DecimalString,
  realizedPnl: DecimalString,
  idr: z.object({
    investedValue: DecimalString,
    costBasis: DecimalString,
    unrealizedPnl: DecimalString,
    realizedPnl: DecimalString,
  }),
});
export type PortfolioMarketTotals = z.infer<typeof PortfolioMarketTotals>;

export const PortfolioOverview = z.object({
  /** Everything the person owns in IDR: `netWorth.totalIdr`, the balance page's total too. */
  totalValue: DecimalString,
  netWorth: NetWorth,
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
  /** Per market, CRYPTO then USSTOCK. */
  markets: z.array(PortfolioMarketTotals),
  updatedAt: z.number().int(),
});
export type PortfolioOverview = z.infer<typeof PortfolioOverview>;

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
  assetType: PortfolioAssetTypeEnum.default('CRYPTO'),
  symbol: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type PortfolioQuery = z.infer<typeof PortfolioQuery>;

/** What asset-holdings answers, by `assetType` (the US shape names its market, so it is tried first). */
export const PortfolioHoldingsAnswer = z.union([UsStockHoldingsResponse, AssetHoldingsResponse]);
export type PortfolioHoldingsAnswer = z.infer<typeof PortfolioHoldingsAnswer>;
/** What position-history answers, by `assetType`. */
export const PortfolioHistoryAnswer = z.union([UsStockPositionHistoryResponse, PositionHistoryResponse]);
export type PortfolioHistoryAnswer = z.infer<typeof PortfolioHistoryAnswer>;
