import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import type { HealthService } from './service';

export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (app, { service }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and readiness: the database answers and its schema is current; 503 / 012 (degraded) names the part that does not',
        tags: ['platform'],
        response: apiResponses({ 200: HealthResponse }, [503]),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.check());
    },
  );
};
