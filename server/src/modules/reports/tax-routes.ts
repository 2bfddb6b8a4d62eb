// The tax reports' HTTP routes (paths from the contract, under the /api prefix): validation and
// translation only, the rules are in the tax service. Every route needs a login; a POST is
// idempotent on its x-request-id (the idempotency plugin, and the report's own unique request id).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateTaxReportRequest, TAX_REPORT_PATHS, TaxReport, TaxReportIdParams, TaxReportList } from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { authOf } from '../../plugins/auth';
import type { TaxFileFormat, TaxReportsService } from './tax-service';

export interface TaxRoutesOptions {
  readonly service: TaxReportsService;
}

const local = (path: string): string => path.replace(/^\/api/, '');

export const taxRoutes: FastifyPluginAsyncZod<TaxRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['reports'];
  const base = local(TAX_REPORT_PATHS.reports);

  app.get(
    base,
    { ...user, schema: { tags, summary: "The person's tax reports, newest first", response: apiResponses({ 200: TaxReportList }, [401]) } },
    async (request) => ok({ items: await service.list(authOf(request).userId) }),
  );
  app.post(
    base,
    {
      ...user,
      schema: {
        tags,
        summary: 'Queues a tax report of a year or a month, generated in the background (idempotent on x-request-id)',
        body: CreateTaxReportRequest,
        response: apiResponses({ 200: TaxReport }, [400, 401]),
      },
    },
    async (request) => ok(await service.request(authOf(request).userId, request.id, request.body)),
  );
  app.get(
    `${base}/:id`,
    { ...user, schema: { tags, summary: "A tax report's status, progress and summary (404 for an id that is not yours)", params: TaxReportIdParams, response: apiResponses({ 200: TaxReport }, [401, 404]) } },
    async (request) => ok(await service.one(authOf(request).userId, request.params.id)),
  );
  app.post(
    `${base}/:id/retry`,
    { ...user, schema: { tags, summary: 'Queues a failed tax report again', params: TaxReportIdParams, response: apiResponses({ 200: TaxReport }, [401, 404, 409]) } },
    async (request) => ok(await service.retry(authOf(request).userId, request.params.id)),
  );
  for (const format of ['pdf', 'csv'] as const satisfies readonly TaxFileFormat[]) {
    app.get(
      `${base}/:id/${format}`,
      {
        ...user,
        schema: {
          tags,
          summary: `A ready tax report's ${format.toUpperCase()} file (kept; downloadable again)`,
          params: TaxReportIdParams,
        },
      },
      async (request, reply) => {
        const file = await service.file(authOf(request).userId, request.params.id, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  }
};
