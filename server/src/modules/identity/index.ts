// The identity module.
//   identityPlugin (fastify-plugin 'pasar-identity', registered by app.ts before the auth plugin,
//   which takes `app.identity` as its access verifier):
//     app.identity     the identity service (sign-up, login, sessions, PIN; verifies access tokens)
//     app.otp          issue(purpose, destination, channel, ctx?) / verify(purpose, destination, code, ctx?)
//     app.rateLimiter  hit(rule, key) / hitAll([[rule, key], …]): database fixed windows, 429 + retry-after
//   identityModule: its routes, under the `/api` prefix (modules/index.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { topics } from '../../pubsub/topics';
import { createAccessTokens } from './access-tokens';
import { createOtpService, type OtpService } from './otp';
import { createRateLimiter, RateLimitError, type RateLimiter } from './rate-limit';
import { createIdentityRepo } from './repo';
import { identityRoutes } from './routes';
import { deriveKey, loadJwtSecret } from './secrets';
import { createIdentityService, type IdentityService } from './service';

export type { CheckKind, UserProfileRow, UserRecords } from './user-records';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
    otp: OtpService;
    rateLimiter: RateLimiter;
  }
}

export const identityPlugin = fp(
  async (app) => {
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
      pinHashCost: settings.pinHashCost,
    });

    app.decorate('otp', otp);
    app.decorate('rateLimiter', rateLimiter);
    app.decorate('identity', identity);

    // 429s carry the seconds until the window ends.
    app.addHook('onError', async (_request: FastifyRequest, reply: FastifyReply, error) => {
      if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    });
  },
  { name: 'pasar-identity', dependencies: ['pasar-config', 'pasar-database', 'pasar-messages'] },
);

export const identityModule: FastifyPluginAsync = async (app) => {
  // A new PIN must not be the birth date the identity check knows (the account module, before this one).
  app.identity.useBirthDates(app.account.birthDateOf);
  // Every instance's session cache forgets a session one of them ended or changed (decision 0010).
  const topic = topics.sessionChanged();
  app.identity.tellSessionChanges((sessionId) => {
    app.pubsub.publish(topic, { sessionId }).catch((error: unknown) => app.log.warn({ err: error }, 'identity: could not announce a session change'));
  });
  const unsubscribe = await app.pubsub.subscribe(topic, (message) => {
    const sessionId = (message as { sessionId?: unknown } | null)?.sessionId;
    if (typeof sessionId === 'string') app.identity.forgetSession(sessionId);
  });
  app.addHook('onClose', async () => unsubscribe());
  await app.register(identityRoutes, { service: app.identity });
};
