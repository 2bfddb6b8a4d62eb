// The US stock module's HTTP routes (§7 Global stock; paths from the contract, under the /api
// prefix): validation and translation only, the rules are in the service and the engine. Every
// call needs a signed-in user; placing, amending and cancelling are idempotent on x-request-id.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Order,
  US_STOCK_PATHS,
  UsMarketStatusResponse,
  UsStockAmendRequest,
  UsStockCancelRequest,
  UsStockEstimate,
  UsStockHoldingDetails,
  UsStockHoldingParams,
  UsStockOrderIdParams,
  UsStockOrderList,
  UsStockOrderRequest,
  UsStockOrdersQuery,
  UsStockOrderTypesQuery,
  UsStockOrderTypesResponse,
  UsStockPlaceResponse,
  UsStockPositionResponse,
  UsStockPriceQuery,
  US_LEVERAGE_PATHS,
  UsLeverageOrderRequest,
  UsLeverageOrderResult,
  UsLeveragePositionsQuery,
  UsLeveragePositionsResponse,
  UsLeverageSweepResponse,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { UsLeverageService } from './leverage';
import type { UsStockService } from './service';

export interface UsStockRoutesOptions {
  readonly service: UsStockService;
  readonly leverage: UsLeverageService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const usStockRoutes: FastifyPluginAsyncZod<UsStockRoutesOptions> = async (app, { service, leverage }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['global stock (US)'];
  const placed = apiResponses({ 200: UsStockPlaceResponse }, [401, 403, 404, 409]);

  for (const [path, side] of [
    [US_STOCK_PATHS.buy, 'BUY'],
    [US_STOCK_PATHS.sell, 'SELL'],
  ] as const) {
    app.post(
      local(path),
      { ...user, schema: { tags, summary: `A US stock ${side.toLowerCase()} on the PALN wallet (the §3 payload; an OCO sell places two legs)`, body: UsStockOrderRequest, response: placed } },
      async (request) => ok(await service.place(side, userIdOf(request), request.id, request.body, languageOf(request))),
    );
  }
  for (const [path, side] of [
    [US_LEVERAGE_PATHS.buy, 'BUY'],
    [US_LEVERAGE_PATHS.sell, 'SELL'],
  ] as const) {
    app.post(
      local(path),
      {
        ...user,
        schema: {
          tags,
          summary: `A leverage ${side.toLowerCase()} (CFD) on the leverage (2x) or intraday (4x) wallet: ${side === 'BUY' ? 'opens or adds to the position at market' : 'reduces or closes it at market, or sets its take profit / stop loss'}`,
          body: UsLeverageOrderRequest,
          response: apiResponses({ 200: UsLeverageOrderResult }, [401, 403, 404, 409]),
        },
      },
      async (request) => ok(await leverage.place(side, userIdOf(request), request.id, request.body, languageOf(request))),
    );
  }
  app.get(
    local(US_LEVERAGE_PATHS.positions),
    { ...user, schema: { tags, summary: "The user's leveraged positions (open or closed) and each leverage wallet's margin ratio", querystring: UsLeveragePositionsQuery, response: apiResponses({ 200: UsLeveragePositionsResponse }, [401]) } },
    async (request) => ok(await leverage.positions(userIdOf(request), request.query.scope)),
  );
  app.post(
    local(US_LEVERAGE_PATHS.adminSweep),
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Runs the US leverage sweep now (triggers, 4x close, financing, margin calls, liquidation)', response: apiResponses({ 200: UsLeverageSweepResponse }, [401]) } },
    async () => ok(await leverage.sweep()),
  );
  app.get(
    local(US_STOCK_PATHS.priceCalculate),
    { ...user, schema: { tags, summary: 'The estimate of an order in USD and IDR (no change)', querystring: UsStockPriceQuery, response: apiResponses({ 200: UsStockEstimate }, [401, 404]) } },
    async (request) => ok(service.priceCalculate(request.query, languageOf(request))),
  );
  app.get(
    local(US_STOCK_PATHS.orderTypes),
    { ...user, schema: { tags, summary: 'What may be placed now: session, extended hours, order types, sizes', querystring: UsStockOrderTypesQuery, response: apiResponses({ 200: UsStockOrderTypesResponse }, [401, 404]) } },
    async (request) => ok(await service.orderTypes(userIdOf(request), request.query.stockId, request.query.transactionType, languageOf(request))),
  );
  app.get(
    local(US_STOCK_PATHS.userPosition),
    { ...user, schema: { tags, summary: "The user's US holdings: average cost in USD, value in USD and IDR", response: apiResponses({ 200: UsStockPositionResponse }, [401]) } },
    async (request) => ok(await service.userPosition(userIdOf(request))),
  );
  app.get(
    `${local(US_STOCK_PATHS.holdings)}/:stockId`,
    { ...user, schema: { tags, summary: 'Holding details of one stock: quantity available for sale', params: UsStockHoldingParams, response: apiResponses({ 200: UsStockHoldingDetails }, [401, 404]) } },
    async (request) => ok(await service.holding(userIdOf(request), request.params.stockId)),
  );
  app.get(
    local(US_STOCK_PATHS.marketStatus),
    { ...user, schema: { tags, summary: "The US market's session now, today's session times and the next change", response: apiResponses({ 200: UsMarketStatusResponse }, [401]) } },
    async () => ok(service.marketStatus()),
  );
  app.get(
    local(US_STOCK_PATHS.orders),
    { ...user, schema: { tags, summary: "The user's open US orders or history, newest first", querystring: UsStockOrdersQuery, response: apiResponses({ 200: UsStockOrderList }, [401, 404]) } },
    async (request) => ok(await service.list(userIdOf(request), request.query)),
  );
  app.get(
    `${local(US_STOCK_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'One US order of the user', params: UsStockOrderIdParams, response: apiResponses({ 200: Order }, [401, 404]) } },
    async (request) => ok(await service.get(userIdOf(request), request.params.id)),
  );
  app.patch(
    `${local(US_STOCK_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'Amends an open US order (price, size); its hold follows', params: UsStockOrderIdParams, body: UsStockAmendRequest, response: placed } },
    async (request) => ok(await service.amend(userIdOf(request), request.params.id, request.body, languageOf(request))),
  );
  app.put(
    `${local(US_STOCK_PATHS.orders)}/:id/cancel`,
    { ...user, schema: { tags, summary: 'Cancels an open US order (an OCO leg cancels its group) and releases its hold', params: UsStockOrderIdParams, body: UsStockCancelRequest, response: placed } },
    async (request) => ok(await service.cancel(userIdOf(request), request.params.id, request.body.stockId)),
  );
};
