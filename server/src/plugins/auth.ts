// Authentication for every module (fastify-plugin 'pasar-auth'):
//   preHandler: app.requireUser      bearer access JWT (HS256, iss 'pasar', aud 'pasar-web', exp)
//                                    whose device session is still ACTIVE -> request.auth; else 401/009
//               app.optionalUser     the same when a token is sent; no token -> request.auth = null
//               app.requireFreshPin  after requireUser: 400/040 unless the session verified the PIN
//                                    within PIN_FRESH_SECONDS (the client prompts, /api/pin/verify, retries)
//   services:   app.otp              issue(purpose, destination, channel, ctx?) / verify(purpose, destination, code, ctx?)
//               app.rateLimiter      hit(rule, key) / hitAll([[rule, key], …]): database fixed windows, 429 + retry-after
//               app.identity         the identity service (routes of the identity module)
// Also registers @fastify/cookie (once) and turns RateLimitError into a `retry-after` header.
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DEVICE_ID_HEADER } from '@pasar/shared/contract';
import { AppError } from '../http/app-error';
import { languageOf } from '../http/language';
import { createAccessTokens } from '../modules/identity/access-tokens';
import { createOtpService, type OtpService } from '../modules/identity/otp';
import { createRateLimiter, RateLimitError, type RateLimiter } from '../modules/identity/rate-limit';
import { createIdentityRepo } from '../modules/identity/repo';
import { deriveKey, loadJwtSecret } from '../modules/identity/secrets';
import { createIdentityService, type AuthContext, type ClientInfo, type IdentityService } from '../modules/identity/service';

export type { AuthContext } from '../modules/identity/service';
export { RATE_RULES, RateLimitError, type RateRule } from '../modules/identity/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    optionalUser: preHandlerAsyncHookHandler;
    requireFreshPin: preHandlerAsyncHookHandler;
    otp: OtpService;
    rateLimiter: RateLimiter;
    identity: IdentityService;
  }
  interface FastifyRequest {
    /** Set by requireUser (always) and optionalUser (null without a token). */
    auth: AuthContext | null;
  }
}

/** The authenticated caller of a route behind requireUser; 009 if there is none. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('009');
  return request.auth;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** What the identity rules need to know about the caller. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: header(request, 'user-agent') ?? '',
    deviceId: header(request, DEVICE_ID_HEADER)?.trim() || null,
    language: languageOf(request),
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const value = header(request, 'authorization');
  const match = value ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(value) : null;
  return match?.[1];
}

export const authPlugin = fp(
  async (app) => {
    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);

    const settings = app.config.identity;
    const secret = await loadJwtSecret(settings.jwtSecret, app.config.dataDir);
    const db = app.database.db;
    const rateLimiter = createRateLimiter({ db });
    const otp = createOtpService({
      db,
      messages: app.messages,
      rateLimiter,
      key: deriveKey(secret, 'otp'),
      ipFactor: settings.rateLimitIpFactor,
    });
    const identity = createIdentityService({
      repo: createIdentityRepo(db),
      otp,
      rateLimiter,
      tokens: createAccessTokens({ secret, ttlSeconds: settings.accessTokenTtlSeconds }),
      refreshTtlDays: settings.refreshTokenTtlDays,
      pinFreshSeconds: settings.pinFreshSeconds,
      ipFactor: settings.rateLimitIpFactor,
    });

    app.decorateRequest('auth', null);
    app.decorate('otp', otp);
    app.decorate('rateLimiter', rateLimiter);
    app.decorate('identity', identity);

    app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) throw new AppError('009');
      request.auth = await identity.authenticate(token, { ip: request.ip });
    });
    app.decorate('optionalUser', async function optionalUser(request: FastifyRequest) {
      const token = bearerToken(request);
      request.auth = token ? await identity.authenticate(token, { ip: request.ip }) : null;
    });
    app.decorate('requireFreshPin', async function requireFreshPin(request: FastifyRequest) {
      if (!identity.isPinFresh(authOf(request))) throw new AppError('040');
    });

    // 429s carry the seconds until the window ends.
    app.addHook('onError', async (_request: FastifyRequest, reply: FastifyReply, error) => {
      if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    });
  },
  { name: 'pasar-auth', dependencies: ['pasar-config', 'pasar-database', 'pasar-messages'] },
);
