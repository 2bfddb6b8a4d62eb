// Paths of the portfolio calls and their plain constants (plain values: the browser index exports
// them without zod). Schemas: `portfolio.ts`.
import { GENERIC_PORTFOLIO_ASSET_TYPES, GENERIC_PORTFOLIO_QUOTE_CURRENCY, type GenericPortfolioAssetType } from '../markets/registry';

export const PORTFOLIO_PATHS = {
  /**
   * GET ?assetType=CRYPTO|USSTOCK|IDSS|PERPS&symbol=: holdings with cost, value and P&L. CRYPTO (the
   * default) answers AssetHoldingsResponse in IDR; USSTOCK answers UsStockHoldingsResponse in USD
   * with the IDR equivalents at the USD/IDR rate it names; IDSS IdxHoldingsResponse (IDR); PERPS
   * PerpHoldingsResponse (open positions, USDT).
   */
  assetHoldings: '/api/portfolio/asset-holdings',
  /** GET: the overview totals in IDR (US holdings and USD cash at the USD/IDR rate), and per market. */
  overview: '/api/portfolio/overview',
  /** GET ?assetType=CRYPTO|USSTOCK|IDSS|PERPS&symbol=&page=&size=: executed trades (fills) with realized P&L, newest first. */
  positionHistory: '/api/portfolio/position-history',
  /** GET ?range=1W|1M|3M|YTD|1Y|ALL: the person's daily net worth over the range. */
  valueHistory: '/api/portfolio/value-history',
  /** GET: holdings grouped by the wallet holding them (paln, leverage, intraday, the perps margin wallet). */
  pocketHoldings: '/api/portfolio/pocket-holdings',
} as const;

/** Position history (portfolio): fills per page when the caller names no size. */
export const POSITION_HISTORY_PAGE_SIZE = 20;

/**
 * The markets these calls answer for (`assetType`): the registry's generic-portfolio markets. Perps
 * and IDX have calls and portfolio sections of their own.
 */
export const PORTFOLIO_ASSET_TYPES = GENERIC_PORTFOLIO_ASSET_TYPES;
export type PortfolioAssetType = GenericPortfolioAssetType;

/** The currency a market's holdings are valued in: its quote currency. */
export const PORTFOLIO_CURRENCY = GENERIC_PORTFOLIO_QUOTE_CURRENCY;
export type PortfolioCurrency = (typeof PORTFOLIO_CURRENCY)[PortfolioAssetType];

/** The markets the overview totals: the generic ones, US CFDs (2x, 4x), IDX and perps. */
export const OVERVIEW_MARKETS = ['CRYPTO', 'USSTOCK', 'USSTOCK_CFD', 'IDSS', 'PERPS'] as const;
export type OverviewMarket = (typeof OVERVIEW_MARKETS)[number];

/** The value-over-time chart's ranges. */
export const VALUE_HISTORY_RANGES = ['1W', '1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type ValueHistoryRange = (typeof VALUE_HISTORY_RANGES)[number];

/** The wallets ("pockets") holdings are grouped by: the three US-stock wallets and the perps margin wallet. */
export const POCKETS = ['PALN', 'LEVERAGE', 'INTRADAY', 'MARGIN'] as const;
export type PocketName = (typeof POCKETS)[number];

/** The markets asset-holdings and position-history answer for: every spec asset type. */
export const PORTFOLIO_QUERY_ASSET_TYPES = ['CRYPTO', 'USSTOCK', 'IDSS', 'PERPS'] as const;
