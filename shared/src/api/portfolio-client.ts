// The portfolio calls, one typed function per endpoint (style 16), as
// `@pasar/shared/portfolio-client`: signed-in pages import it, so it is not part of the guest first
// load. Holdings and position history answer in the shape of the market asked for (`assetType`):
// crypto in IDR, US stocks in USD with their IDR equivalents.
//   const portfolio = createPortfolioClient(api);
//   const us = await portfolio.holdings({ assetType: 'USSTOCK' }); // UsStockHoldingsResponse
import type { z } from 'zod';
import { PORTFOLIO_PATHS, type PortfolioAssetType, type ValueHistoryRange } from '../contract/portfolio-paths';
import type {
  AssetHoldingsResponse,
  PocketHoldingsResponse,
  ValueHistoryResponse,
  PortfolioOverview,
  PositionHistoryResponse,
  UsStockHoldingsResponse,
  UsStockPositionHistoryResponse,
} from '../contract/portfolio';
import type { ApiClient } from './api-client';
import { callEndpoint, type CallOptions } from './endpoint';

type PortfolioSchemas = typeof import('../contract/portfolio');
const portfolio =
  <T>(pick: (schemas: PortfolioSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/portfolio'));

/** Holdings of a market: crypto's in IDR, US stocks' in USD. */
export type HoldingsOf<M extends PortfolioAssetType> = M extends 'USSTOCK' ? UsStockHoldingsResponse : AssetHoldingsResponse;
/** Executed trades of a market. */
export type PositionHistoryOf<M extends PortfolioAssetType> = M extends 'USSTOCK' ? UsStockPositionHistoryResponse : PositionHistoryResponse;

export interface HoldingsQuery<M extends PortfolioAssetType> {
  /** Default CRYPTO. */
  assetType?: M;
  symbol?: string;
}

export interface PositionHistoryQuery<M extends PortfolioAssetType> extends HoldingsQuery<M> {
  page?: number;
  size?: number;
}

export interface PortfolioClient {
  /** GET holdings with cost, value and P&L of one market. */
  holdings<M extends PortfolioAssetType = 'CRYPTO'>(query?: HoldingsQuery<M>, options?: CallOptions): Promise<HoldingsOf<M>>;
  /** GET the overview totals in IDR, and per market. */
  overview(options?: CallOptions): Promise<PortfolioOverview>;
  /** GET executed trades (fills) with realized P&L, newest first. */
  positionHistory<M extends PortfolioAssetType = 'CRYPTO'>(query?: PositionHistoryQuery<M>, options?: CallOptions): Promise<PositionHistoryOf<M>>;
  /** GET the daily net worth over a range. */
  valueHistory(range: ValueHistoryRange, options?: CallOptions): Promise<ValueHistoryResponse>;
  /** GET holdings grouped by the wallet holding them. */
  pocketHoldings(options?: CallOptions): Promise<PocketHoldingsResponse>;
}

export function createPortfolioClient(client: ApiClient): PortfolioClient {
  return {
    holdings: <M extends PortfolioAssetType = 'CRYPTO'>(query: HoldingsQuery<M> = {}, options?: CallOptions) =>
      callEndpoint(
        client,
        {
          method: 'GET',
          path: PORTFOLIO_PATHS.assetHoldings,
          params: { ...query },
          schema: portfolio((s) => (query.assetType === 'USSTOCK' ? s.UsStockHoldingsResponse : s.AssetHoldingsResponse) as unknown as z.ZodType<HoldingsOf<M>>),
        },
        options,
      ),
    valueHistory: (range, options) =>
      callEndpoint(client, { method: 'GET', path: PORTFOLIO_PATHS.valueHistory, params: { range }, schema: portfolio((s) => s.ValueHistoryResponse) }, options),
    pocketHoldings: (options) => callEndpoint(client, { method: 'GET', path: PORTFOLIO_PATHS.pocketHoldings, schema: portfolio((s) => s.PocketHoldingsResponse) }, options),
    overview: (options) => callEndpoint(client, { method: 'GET', path: PORTFOLIO_PATHS.overview, schema: portfolio((s) => s.PortfolioOverview) }, options),
    positionHistory: <M extends PortfolioAssetType = 'CRYPTO'>(query: PositionHistoryQuery<M> = {}, options?: CallOptions) =>
      callEndpoint(
        client,
        {
          method: 'GET',
          path: PORTFOLIO_PATHS.positionHistory,
          params: { ...query },
          schema: portfolio(
            (s) => (query.assetType === 'USSTOCK' ? s.UsStockPositionHistoryResponse : s.PositionHistoryResponse) as unknown as z.ZodType<PositionHistoryOf<M>>,
          ),
        },
        options,
      ),
  };
}
