// The portfolio's HTTP routes (paths from the contract, under the /api prefix): validation and
// wiring only; the rules are in the service. Read-only: nothing here changes a balance. A union
// answer lists the US shape first: the crypto shape is a subset of it and would strip its fields.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetHoldingsResponse,
  PORTFOLIO_PATHS,
  IdxHoldingsResponse,
  MarketPositionHistoryResponse,
  PerpHoldingsResponse,
  PocketHoldingsResponse,
  PortfolioOverview,
  PortfolioQuery,
  ValueHistoryQuery,
  ValueHistoryResponse,
  PositionHistoryResponse,
  UsStockHoldingsResponse,
  UsStockPositionHistoryResponse,
} from '@pasar/shared/contract';
import { z } from 'zod';
import { apiResponses, ok } from '../../http/envelope';
import { authOf } from '../../plugins/auth';
import type { PortfolioService } from './service';

export interface PortfolioRoutesOptions {
  readonly service: PortfolioService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const portfolioRoutes: FastifyPluginAsyncZod<PortfolioRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['portfolio'];

  app.get(
    local(PORTFOLIO_PATHS.assetHoldings),
    {
      ...user,
      schema: {
        tags,
        summary: 'Holdings of a market (CRYPTO in IDR, USSTOCK in USD and IDR, IDSS in IDR, PERPS open positions in USDT): quantity (ledger), average cost (position snapshot), market value at the last price, P&L',
        querystring: PortfolioQuery,
        response: apiResponses({ 200: z.union([UsStockHoldingsResponse, IdxHoldingsResponse, PerpHoldingsResponse, AssetHoldingsResponse]) }, [401, 404]),
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      switch (request.query.assetType) {
        case 'USSTOCK':
          return ok(await service.usHoldings(userId, request.query));
        case 'IDSS':
          return ok(await service.idxHoldings(userId, request.query));
        case 'PERPS':
          return ok(await service.perpHoldings(userId, request.query));
        default:
          return ok(await service.holdings(userId, request.query));
      }
    },
  );
  app.get(
    local(PORTFOLIO_PATHS.overview),
    {
      ...user,
      schema: {
        tags,
        summary: 'The whole portfolio in IDR and USD: every wallet and market, allocation by market and by asset, unrealized and realized P&L per market, the day change',
        response: apiResponses({ 200: PortfolioOverview }, [401]),
      },
    },
    async (request) => ok(await service.overview(userIdOf(request))),
  );
  app.get(
    local(PORTFOLIO_PATHS.valueHistory),
    {
      ...user,
      schema: { tags, summary: 'Net worth per day (WIB) over 1W, 1M, 3M, YTD, 1Y or ALL, today live as the last point', querystring: ValueHistoryQuery, response: apiResponses({ 200: ValueHistoryResponse }, [401]) },
    },
    async (request) => ok(await service.valueHistory(userIdOf(request), request.query.range)),
  );
  app.get(
    local(PORTFOLIO_PATHS.pocketHoldings),
    {
      ...user,
      schema: { tags, summary: 'Holdings grouped by the wallet holding them: PALN, leverage (2x), intraday (4x), the perps margin wallet', response: apiResponses({ 200: PocketHoldingsResponse }, [401]) },
    },
    async (request) => ok(await service.pocketHoldings(userIdOf(request))),
  );
  app.get(
    local(PORTFOLIO_PATHS.positionHistory),
    {
      ...user,
      schema: {
        tags,
        summary: 'Executed trades (fills) of a market (CRYPTO, USSTOCK, IDSS, PERPS), newest first, sells with the P&L they realized (perps: each fill with the P&L the margin engine realized)',
        querystring: PortfolioQuery,
        response: apiResponses({ 200: z.union([UsStockPositionHistoryResponse, MarketPositionHistoryResponse, PositionHistoryResponse]) }, [401, 404]),
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { assetType } = request.query;
      if (assetType === 'USSTOCK') return ok(await service.usPositionHistory(userId, request.query));
      if (assetType === 'IDSS' || assetType === 'PERPS') return ok(await service.marketPositionHistory(userId, assetType, request.query));
      return ok(await service.positionHistory(userId, request.query));
    },
  );
};
