// The transaction reports' HTTP routes (paths from the contract, under the /api prefix): validation
// and translation only, the rules are in the service. Every route needs a login.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORT_PATHS,
  TransactionDetail,
  TransactionFilterQuery,
  TransactionFiltersResponse,
  TransactionHistoryQuery,
  TransactionHistoryResponse,
  TransactionIdParams,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { authOf } from '../../plugins/auth';
import type { ReportsService } from './service';

export interface ReportsRoutesOptions {
  readonly service: ReportsService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['reports'];
  const base = local(REPORT_PATHS.transactions);

  app.get(
    base,
    { ...user, schema: { tags, summary: "The person's transactions, newest first, 30 a page by cursor", querystring: TransactionHistoryQuery, response: apiResponses({ 200: TransactionHistoryResponse }, [401]) } },
    async (request) => ok(await service.list(userIdOf(request), request.query)),
  );
  app.get(
    local(REPORT_PATHS.transactionFilters),
    { ...user, schema: { tags, summary: 'The options of every transaction filter', response: apiResponses({ 200: TransactionFiltersResponse }, [401]) } },
    async (request) => ok(await service.filters(userIdOf(request))),
  );
  app.get(
    local(REPORT_PATHS.transactionsCsv),
    { ...user, schema: { tags, summary: 'The filtered transactions as CSV, streamed', querystring: TransactionFilterQuery } },
    async (request, reply) => {
      const stream = Readable.from(service.csv(userIdOf(request), request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .send(stream);
    },
  );
  app.get(
    `${base}/:id`,
    { ...user, schema: { tags, summary: 'One transaction with the ledger legs behind it (404 for an id that is not yours)', params: TransactionIdParams, response: apiResponses({ 200: TransactionDetail }, [401, 404]) } },
    async (request) => ok(await service.detail(userIdOf(request), request.params.id)),
  );
};
