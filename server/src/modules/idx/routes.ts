// The IDX module's HTTP routes (paths from the contract, under the /api prefix, named as the US
// stock market's): validation and translation only, the rules are in the service and the engine.
// Every user call needs a signed-in user; placing, amending and cancelling are idempotent on
// x-request-id. The operator's settlement run is an admin route.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDX_PATHS,
  IdxAmendRequest,
  IdxCancelRequest,
  IdxEstimate,
  IdxHoldingDetails,
  IdxHoldingParams,
  IdxMarketStatusResponse,
  IdxOrderIdParams,
  IdxOrderList,
  IdxOrderRequest,
  IdxOrdersQuery,
  IdxOrderTypesQuery,
  IdxOrderTypesResponse,
  IdxPlaceResponse,
  IdxPositionResponse,
  IdxPriceQuery,
  IdxSettlementRunResponse,
  IdxWalletResponse,
  Order,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { IdxService } from './service';

export interface IdxRoutesOptions {
  readonly service: IdxService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const idxRoutes: FastifyPluginAsyncZod<IdxRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['IDX stocks'];
  const placed = apiResponses({ 200: IdxPlaceResponse }, [401, 403, 404, 409]);

  for (const [path, side] of [
    [IDX_PATHS.buy, 'BUY'],
    [IDX_PATHS.sell, 'SELL'],
  ] as const) {
    app.post(
      local(path),
      { ...user, schema: { tags, summary: `An IDX stock ${side.toLowerCase()} in whole lots (limit, or market: a limit at the best opposite price)`, body: IdxOrderRequest, response: placed } },
      async (request) => ok(await service.place(side, userIdOf(request), request.id, request.body, languageOf(request))),
    );
  }
  app.get(
    local(IDX_PATHS.priceCalculate),
    { ...user, schema: { tags, summary: 'The estimate of an IDX order: fee, tax and settlement date (no change)', querystring: IdxPriceQuery, response: apiResponses({ 200: IdxEstimate }, [401, 404]) } },
    async (request) => ok(service.priceCalculate(request.query, languageOf(request))),
  );
  app.get(
    local(IDX_PATHS.orderTypes),
    { ...user, schema: { tags, summary: "What may be placed now: session (auctions included), the day's ARA/ARB, tick, lot, fees", querystring: IdxOrderTypesQuery, response: apiResponses({ 200: IdxOrderTypesResponse }, [401, 404]) } },
    async (request) => ok(await service.orderTypes(userIdOf(request), request.query.stockId, request.query.transactionType, languageOf(request))),
  );
  app.get(
    local(IDX_PATHS.userPosition),
    { ...user, schema: { tags, summary: "The user's IDX holdings in IDR: average cost with fees, value, P&L", response: apiResponses({ 200: IdxPositionResponse }, [401]) } },
    async (request) => ok(await service.userPosition(userIdOf(request))),
  );
  app.get(
    `${local(IDX_PATHS.holdings)}/:stockId`,
    { ...user, schema: { tags, summary: 'Holding details of one IDX stock: shares available for sale', params: IdxHoldingParams, response: apiResponses({ 200: IdxHoldingDetails }, [401, 404]) } },
    async (request) => ok(await service.holding(userIdOf(request), request.params.stockId)),
  );
  app.get(
    local(IDX_PATHS.wallet),
    { ...user, schema: { tags, summary: 'IDR cash, unsettled IDX sale proceeds by settlement date, and what may be withdrawn', response: apiResponses({ 200: IdxWalletResponse }, [401]) } },
    async (request) => ok(await service.wallet(userIdOf(request))),
  );
  app.get(
    local(IDX_PATHS.marketStatus),
    { ...user, schema: { tags, summary: 'The IDX phase now (pre-opening, sessions, lunch, pre-closing), the trading day’s times and the next change', response: apiResponses({ 200: IdxMarketStatusResponse }, [401]) } },
    async () => ok(service.marketStatus()),
  );
  app.get(
    local(IDX_PATHS.orders),
    { ...user, schema: { tags, summary: "The user's open IDX orders or history, newest first", querystring: IdxOrdersQuery, response: apiResponses({ 200: IdxOrderList }, [401, 404]) } },
    async (request) => ok(await service.list(userIdOf(request), request.query)),
  );
  app.get(
    `${local(IDX_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'One IDX order of the user', params: IdxOrderIdParams, response: apiResponses({ 200: Order }, [401, 404]) } },
    async (request) => ok(await service.get(userIdOf(request), request.params.id)),
  );
  app.patch(
    `${local(IDX_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'Amends an open IDX limit order (price, lots); its hold follows', params: IdxOrderIdParams, body: IdxAmendRequest, response: placed } },
    async (request) => ok(await service.amend(userIdOf(request), request.params.id, request.body, languageOf(request))),
  );
  app.put(
    `${local(IDX_PATHS.orders)}/:id/cancel`,
    { ...user, schema: { tags, summary: 'Cancels an open IDX order and releases its hold', params: IdxOrderIdParams, body: IdxCancelRequest, response: placed } },
    async (request) => ok(await service.cancel(userIdOf(request), request.params.id, request.body.stockId)),
  );
  app.post(
    local(IDX_PATHS.adminSettlementRun),
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Runs the IDX T+2 settlement now (due sale proceeds to cash)', response: apiResponses({ 200: IdxSettlementRunResponse }, [401]) } },
    async () => ok(await service.settle()),
  );
};
