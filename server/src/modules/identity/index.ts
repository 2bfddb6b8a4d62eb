// The identity module: its service is built by the auth plugin (src/plugins/auth.ts, which other
// modules need first); this registers its routes under the `/api` prefix.
import type { FastifyPluginAsync } from 'fastify';
import { identityRoutes } from './routes';

export const identityModule: FastifyPluginAsync = async (app) => {
  await app.register(identityRoutes, { service: app.identity });
};
