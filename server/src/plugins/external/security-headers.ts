// Security headers on every response. helmet sets the fixed ones; the Content-Security-Policy is
// set per request because it lists the origins of the live remote registry.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { contentSecurityPolicy, siteSocketOrigin } from './csp';

const ONE_YEAR_SECONDS = 31_536_000;

export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      // HSTS only where the site is served over HTTPS; a developer's http://localhost must not be pinned.
      hsts: app.config.mode === 'production' ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', async (request, reply) => {
      const socketOrigin = siteSocketOrigin(request, app.config.publicOrigin);
      reply.header('content-security-policy', contentSecurityPolicy(await app.remoteRegistry.remoteOrigins(), socketOrigin));
    });
  },
  { name: 'pasar-security-headers', dependencies: ['pasar-config', 'pasar-remote-registry'] },
);
