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
      // Pages, scripts and files follow a publish or rollback at once (a stat of the registry per
      // request); the API's answers are JSON no browser runs as a page, so they carry the policy as
      // last read and skip the stat (it was about 2 % of an order's CPU).
      const api = request.url === '/api' || request.url.startsWith('/api/');
      const origins = api ? await app.remoteRegistry.lastRemoteOrigins() : await app.remoteRegistry.remoteOrigins();
      reply.header('content-security-policy', contentSecurityPolicy(origins, socketOrigin));
    });
  },
  { name: 'pasar-security-headers', dependencies: ['pasar-config', 'pasar-remote-registry'] },
);
