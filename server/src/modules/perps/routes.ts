// The perps module's HTTP routes (§7 Perp futures; paths from the contract, under the /api
// prefix): validation and translation only, the rules are in the service. Every call needs a
// signed-in user; every POST is idempotent on x-request-id (the plugin, and the order's request id).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CryptoFuturesPortfolio,
  PERPS_PATHS,
  PerpCloseEstimate,
  PerpCloseQuery,
  PerpCloseRequest,
  PerpEstimateQuery,
  PerpFundingHistory,
  PerpFundingHistoryQuery,
  PerpFundingRate,
  PerpInstrumentsResponse,
  PerpLeverageRequest,
  PerpLeverageResponse,
  PerpMarginModeRequest,
  PerpOrder,
  PerpOrderEstimate,
  PerpOrderIdParams,
  PerpOrderList,
  PerpOrderRequest,
  PerpOrdersQuery,
  PerpOrderTypesResponse,
  PerpPlaceResponse,
  PerpPositionMarginRequest,
  PerpPositionResponse,
  PerpPositionsResponse,
  PerpSymbolQuery,
  PerpTpSlRequest,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { PerpService } from './service';

export interface PerpRoutesOptions {
  readonly service: PerpService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const perpRoutes: FastifyPluginAsyncZod<PerpRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['perpetual futures'];
  const placed = apiResponses({ 200: PerpPlaceResponse }, [401, 403, 404, 409]);
  const positionAnswer = apiResponses({ 200: PerpPositionResponse }, [401, 403, 404, 409]);

  app.get(
    local(PERPS_PATHS.instruments),
    { schema: { tags, summary: 'The perps with their tiers, maximum leverage, fees, sizes and price band', response: apiResponses({ 200: PerpInstrumentsResponse }, []) } },
    async () => ok({ items: service.instruments() }),
  );
  app.get(
    local(PERPS_PATHS.orderTypes),
    { ...user, schema: { tags, summary: "Order types, flags, the user's leverage and margin mode, limits and the price band of a perp now", querystring: PerpSymbolQuery, response: apiResponses({ 200: PerpOrderTypesResponse }, [401, 404]) } },
    async (request) => ok(await service.orderTypes(userIdOf(request), request.query.symbol, languageOf(request))),
  );
  app.get(
    local(PERPS_PATHS.estimate),
    { ...user, schema: { tags, summary: 'Margin, fee and liquidation price an order would have (no change); refusalCode says why it would be refused', querystring: PerpEstimateQuery, response: apiResponses({ 200: PerpOrderEstimate }, [401, 404]) } },
    async (request) => ok(await service.estimate(userIdOf(request), request.query, languageOf(request))),
  );
  for (const [path, side] of [
    [PERPS_PATHS.buy, 'BUY'],
    [PERPS_PATHS.sell, 'SELL'],
  ] as const) {
    app.post(
      local(path),
      { ...user, schema: { tags, summary: `A perp ${side.toLowerCase()}: market, limit, stop market or stop limit; reduce-only; TP/SL on the resulting position`, body: PerpOrderRequest, response: placed } },
      async (request) => ok(await service.place(userIdOf(request), request.id, side, request.body, languageOf(request))),
    );
  }
  app.get(
    local(PERPS_PATHS.orders),
    { ...user, schema: { tags, summary: "The user's open perp orders or history, newest first", querystring: PerpOrdersQuery, response: apiResponses({ 200: PerpOrderList }, [401]) } },
    async (request) => ok(await service.list(userIdOf(request), request.query)),
  );
  app.get(
    `${local(PERPS_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'One perp order of the user', params: PerpOrderIdParams, response: apiResponses({ 200: PerpOrder }, [401, 404]) } },
    async (request) => ok(await service.get(userIdOf(request), request.params.id)),
  );
  app.post(
    `${local(PERPS_PATHS.orders)}/:id/cancel`,
    { ...user, schema: { tags, summary: 'Cancels an open perp order and releases what it held', params: PerpOrderIdParams, response: placed } },
    async (request) => ok(await service.cancel(userIdOf(request), request.params.id)),
  );
  app.get(
    local(PERPS_PATHS.positions),
    { ...user, schema: { tags, summary: 'Open positions at the mark (P&L, ROE, liquidation price, margin ratio) and the margin wallet', response: apiResponses({ 200: PerpPositionsResponse }, [401]) } },
    async (request) => ok(await service.positions(userIdOf(request))),
  );
  app.get(
    local(PERPS_PATHS.closeEstimate),
    { ...user, schema: { tags, summary: 'What closing (part of) a position at market would realize (no change)', querystring: PerpCloseQuery, response: apiResponses({ 200: PerpCloseEstimate }, [401, 404]) } },
    async (request) => ok(await service.closeEstimate(userIdOf(request), request.query)),
  );
  app.post(
    local(PERPS_PATHS.close),
    { ...user, schema: { tags, summary: 'Closes (part of) a position: a reduce-only market or limit order', body: PerpCloseRequest, response: placed } },
    async (request) => ok(await service.close(userIdOf(request), request.id, request.body, languageOf(request))),
  );
  app.get(
    local(PERPS_PATHS.fundingRate),
    { schema: { tags, summary: 'Funding rate, next funding time, mark and index price of a perp', querystring: PerpSymbolQuery, response: apiResponses({ 200: PerpFundingRate }, [404]) } },
    async (request) => ok(service.fundingRate(request.query.symbol)),
  );
  app.get(
    local(PERPS_PATHS.fundingHistory),
    { ...user, schema: { tags, summary: 'Funding paid and received, newest first', querystring: PerpFundingHistoryQuery, response: apiResponses({ 200: PerpFundingHistory }, [401]) } },
    async (request) => ok(await service.fundingHistory(userIdOf(request), request.query)),
  );
  app.get(
    local(PERPS_PATHS.leverage),
    { ...user, schema: { tags, summary: 'The leverage and margin mode of a symbol, and its tier table', querystring: PerpSymbolQuery, response: apiResponses({ 200: PerpLeverageResponse }, [401, 404]) } },
    async (request) => ok(await service.leverage(userIdOf(request), request.query.symbol)),
  );
  app.post(
    local(PERPS_PATHS.leverage),
    { ...user, schema: { tags, summary: "Changes a symbol's leverage (4204 out of 1..max, 4202 when the margin cannot carry it)", body: PerpLeverageRequest, response: positionAnswer } },
    async (request) => ok(await service.setLeverage(userIdOf(request), request.body.symbol, request.body.leverage)),
  );
  app.post(
    local(PERPS_PATHS.marginMode),
    { ...user, schema: { tags, summary: 'Cross or isolated margin for a symbol (no position, no open order)', body: PerpMarginModeRequest, response: positionAnswer } },
    async (request) => ok(await service.setMarginMode(userIdOf(request), request.body.symbol, request.body.marginMode)),
  );
  app.post(
    local(PERPS_PATHS.positionMargin),
    { ...user, schema: { tags, summary: "Adds margin to or removes margin from an isolated position", body: PerpPositionMarginRequest, response: positionAnswer } },
    async (request) => ok(await service.positionMargin(userIdOf(request), request.id, request.body)),
  );
  app.post(
    local(PERPS_PATHS.tpsl),
    { ...user, schema: { tags, summary: 'Take-profit and stop-loss on a position (triggered on the mark, closes at market)', body: PerpTpSlRequest, response: positionAnswer } },
    async (request) => ok(await service.tpsl(userIdOf(request), request.body)),
  );
  app.get(
    local(PERPS_PATHS.portfolio),
    { ...user, schema: { tags, summary: 'The crypto futures portfolio: margin wallet, positions, totals', response: apiResponses({ 200: CryptoFuturesPortfolio }, [401]) } },
    async (request) => ok(await service.portfolio(userIdOf(request))),
  );
};
