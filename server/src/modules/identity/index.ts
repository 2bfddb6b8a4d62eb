// The identity module: its service is built by the auth plugin (src/plugins/auth.ts, which other
// modules need first); this registers its routes under the `/api` prefix.
import type { FastifyPluginAsync } from 'fastify';
import { identityRoutes } from './routes';

export const identityModule: FastifyPluginAsync = async (app) => {
  // A new PIN must not be the birth date the identity check knows (the account module, before this one).
  app.identity.useBirthDates(app.account.birthDateOf);
  await app.register(identityRoutes, { service: app.identity });
};
