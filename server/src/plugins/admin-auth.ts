// Operator access: `app.requireAdmin` guards the `/api/admin/…` routes of every module. The
// token comes from ADMIN_TOKEN or `<dataDir>/admin-token` (src/admin/admin-token.ts).
import { timingSafeEqual } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ensureAdminToken } from '../admin/admin-token';
import { AppError } from '../http/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator token; tests send it as `x-admin-token`. */
    adminToken: string;
    /** preHandler for admin routes: 401 (009) unless `x-admin-token` matches. */
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const adminAuthPlugin = fp(
  async (app) => {
    const token = await ensureAdminToken(app.config.dataDir, app.config.adminToken);
    app.decorate('adminToken', token);
    app.decorate('requireAdmin', async function requireAdmin(request) {
      const given = request.headers[ADMIN_TOKEN_HEADER];
      if (typeof given !== 'string' || !sameToken(given, token)) {
        throw new AppError('009', { httpStatus: 401 });
      }
    } as preHandlerAsyncHookHandler);
  },
  { name: 'pasar-admin-auth', dependencies: ['pasar-config'] },
);
