// The crypto module's HTTP routes (paths from the contract, under the /api prefix): validation and
// translation only; the rules are in the service. Every call needs a signed-in user; placing,
// amending and cancelling are idempotent on x-request-id (the plugin, and the order's request id).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvancedOrderRequest,
  AmendOrderRequest,
  CRYPTO_PATHS,
  CryptoEstimate,
  CryptoOrder,
  CryptoOrderIdParams,
  CryptoOrderList,
  CryptoOrdersQuery,
  CryptoOrderTypesResponse,
  EstimateRequest,
  InstantOrderRequest,
  PlaceOrderResponse,
  SymbolQuery,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { OrderSpec, Side } from './order-plan';
import type { CryptoService } from './service';

export interface CryptoRoutesOptions {
  readonly service: CryptoService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

const instantSpec = (side: Side, body: InstantOrderRequest): OrderSpec => ({
  source: 'INSTANT',
  side,
  symbol: body.symbol,
  orderType: 'MARKET',
  inputType: body.amount !== undefined ? 'amount' : 'quantity',
  quantity: body.quantity,
  amount: body.amount,
  timeInForce: 'GOOD_TILL_CANCEL',
});

const advancedSpec = (side: Side, body: AdvancedOrderRequest): OrderSpec => ({
  source: 'ADVANCED',
  side,
  symbol: body.symbol,
  orderType: body.orderType,
  inputType: body.inputType,
  quantity: body.quantity,
  amount: body.amount,
  limitPrice: body.limitPrice,
  stopPrice: body.stopPrice,
  takeProfit: body.takeProfit,
  stopLoss: body.stopLoss,
  timeInForce: body.timeInForce ?? 'GOOD_TILL_CANCEL',
});

export const cryptoRoutes: FastifyPluginAsyncZod<CryptoRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['crypto orders'];
  const placed = apiResponses({ 200: PlaceOrderResponse }, [401, 403, 404, 409]);

  app.get(
    local(CRYPTO_PATHS.orderTypes),
    { ...user, schema: { tags, summary: 'Order types, flags, precisions and rates of a symbol now', querystring: SymbolQuery, response: apiResponses({ 200: CryptoOrderTypesResponse }, [401, 404]) } },
    async (request) => ok(await service.orderTypes(request.query.symbol, languageOf(request))),
  );
  app.post(
    local(CRYPTO_PATHS.estimate),
    { ...user, schema: { tags, summary: 'The numbers an order would execute with (no change)', body: EstimateRequest, response: apiResponses({ 200: CryptoEstimate }, [401, 404]) } },
    async (request) => ok(service.estimate(advancedSpec(request.body.side, request.body), languageOf(request))),
  );
  for (const [path, side] of [
    [CRYPTO_PATHS.buy, 'BUY'],
    [CRYPTO_PATHS.sell, 'SELL'],
  ] as const) {
    app.post(
      local(path),
      { ...user, schema: { tags, summary: `Simple mode: a market ${side.toLowerCase()}`, body: InstantOrderRequest, response: placed } },
      async (request) => ok(await service.place(userIdOf(request), request.id, instantSpec(side, request.body), languageOf(request))),
    );
  }
  for (const [path, side] of [
    [CRYPTO_PATHS.advancedBuy, 'BUY'],
    [CRYPTO_PATHS.advancedSell, 'SELL'],
  ] as const) {
    app.post(
      local(path),
      { ...user, schema: { tags, summary: `Pro mode: a ${side.toLowerCase()} of any order type (OCO places two legs)`, body: AdvancedOrderRequest, response: placed } },
      async (request) => ok(await service.place(userIdOf(request), request.id, advancedSpec(side, request.body), languageOf(request))),
    );
  }
  app.get(
    local(CRYPTO_PATHS.orders),
    { ...user, schema: { tags, summary: "The user's open orders or history, newest first", querystring: CryptoOrdersQuery, response: apiResponses({ 200: CryptoOrderList }, [401]) } },
    async (request) => ok(await service.list(userIdOf(request), request.query)),
  );
  app.get(
    `${local(CRYPTO_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'One order of the user', params: CryptoOrderIdParams, response: apiResponses({ 200: CryptoOrder }, [401, 404]) } },
    async (request) => ok(await service.get(userIdOf(request), request.params.id)),
  );
  app.patch(
    `${local(CRYPTO_PATHS.orders)}/:id`,
    { ...user, schema: { tags, summary: 'Amends an open order (price, size); its hold follows', params: CryptoOrderIdParams, body: AmendOrderRequest, response: placed } },
    async (request) => ok(await service.amend(userIdOf(request), request.params.id, request.body, languageOf(request))),
  );
  app.post(
    `${local(CRYPTO_PATHS.orders)}/:id/cancel`,
    { ...user, schema: { tags, summary: 'Cancels an open order (an OCO leg cancels its group) and releases its hold', params: CryptoOrderIdParams, response: placed } },
    async (request) => ok(await service.cancel(userIdOf(request), request.params.id)),
  );
};
