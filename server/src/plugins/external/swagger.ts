// OpenAPI generated from the routes' zod schemas: JSON at /api/openapi.json, browsable at /api/docs.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export const swaggerPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pasar API',
          version: app.appInfo.version,
          description:
            'Every call answers the envelope `{ status: "success", data }` or `{ status: "error", error_code, error_message, details? }`. Messages follow `x-language-code` (id, en).',
        },
        ...(app.config.publicOrigin ? { servers: [{ url: app.config.publicOrigin }] } : {}),
        tags: [{ name: 'platform', description: 'Health and the front end’s deploy registry' }],
      },
      transform: jsonSchemaTransform,
    });
    // swagger-ui 6 ships no inline script or style, so the site-wide CSP serves it unchanged.
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'pasar-swagger', dependencies: ['pasar-config'] },
);
