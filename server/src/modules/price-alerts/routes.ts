// The price alert module's HTTP routes (paths from the contract, under the /api prefix):
// validation and translation only. Every call needs a login (§6); mutations are idempotent on
// x-request-id (the idempotency plugin).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePriceAlertRequest,
  DeletedResponse,
  PRICE_ALERT_PATHS,
  PriceAlert,
  PriceAlertIdParams,
  PriceAlertsQuery,
  PriceAlertsResponse,
  UpdatePriceAlertRequest,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { authOf } from '../../plugins/auth';
import type { PriceAlertService } from './service';

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const priceAlertRoutes: FastifyPluginAsyncZod<{ readonly service: PriceAlertService }> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['price alerts'];
  const base = local(PRICE_ALERT_PATHS.alerts);
  const oneAlert = apiResponses({ 200: PriceAlert }, [401, 404]);

  app.get(base, { ...user, schema: { tags, summary: "The user's price alerts, newest first", querystring: PriceAlertsQuery, response: apiResponses({ 200: PriceAlertsResponse }, [401]) } }, async (request) =>
    ok(await service.list(userIdOf(request), request.query)),
  );
  app.post(
    base,
    { ...user, schema: { tags, summary: 'A price alert (4101 off tick, 4102 at the price, 4103 over the limit)', body: CreatePriceAlertRequest, response: apiResponses({ 200: PriceAlert }, [401]) } },
    async (request) => ok(await service.create(userIdOf(request), request.body)),
  );
  app.get(`${base}/:id`, { ...user, schema: { tags, summary: 'One price alert', params: PriceAlertIdParams, response: oneAlert } }, async (request) =>
    ok(await service.one(userIdOf(request), request.params.id)),
  );
  app.patch(
    `${base}/:id`,
    { ...user, schema: { tags, summary: 'Change a price alert (a new target re-arms it)', params: PriceAlertIdParams, body: UpdatePriceAlertRequest, response: oneAlert } },
    async (request) => ok(await service.update(userIdOf(request), request.params.id, request.body)),
  );
  app.delete(
    `${base}/:id`,
    { ...user, schema: { tags, summary: 'Delete a price alert', params: PriceAlertIdParams, response: apiResponses({ 200: DeletedResponse }, [401, 404]) } },
    async (request) => ok(await service.remove(userIdOf(request), request.params.id)),
  );
};
