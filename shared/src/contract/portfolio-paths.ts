// Paths of the portfolio calls and their plain constants (plain values: the browser index exports
// them without zod). Schemas: `portfolio.ts`.

export const PORTFOLIO_PATHS = {
  /**
   * GET ?assetType=CRYPTO|USSTOCK&symbol=: holdings with cost, value and P&L. CRYPTO (the default)
   * answers AssetHoldingsResponse in IDR; USSTOCK answers UsStockHoldingsResponse in USD with the
   * IDR equivalents at the USD/IDR rate it names.
   */
  assetHoldings: '/api/portfolio/asset-holdings',
  /** GET: the overview totals in IDR (US holdings and USD cash at the USD/IDR rate), and per market. */
  overview: '/api/portfolio/overview',
  /** GET ?assetType=CRYPTO|USSTOCK&symbol=&page=&size=: executed trades (fills) with realized P&L, newest first. */
  positionHistory: '/api/portfolio/position-history',
} as const;

/** Position history (portfolio): fills per page when the caller names no size. */
export const POSITION_HISTORY_PAGE_SIZE = 20;

/** The markets the portfolio answers for (`assetType`). */
export const PORTFOLIO_ASSET_TYPES = ['CRYPTO', 'USSTOCK'] as const;
export type PortfolioAssetType = (typeof PORTFOLIO_ASSET_TYPES)[number];

/** The currency a market's holdings are valued in. */
export const PORTFOLIO_CURRENCY = { CRYPTO: 'IDR', USSTOCK: 'USD' } as const satisfies Record<PortfolioAssetType, string>;
export type PortfolioCurrency = (typeof PORTFOLIO_CURRENCY)[PortfolioAssetType];
