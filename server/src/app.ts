// Builds the Fastify app. Plugins load in a fixed order: the core (logging, request ids, errors,
// zod), then external resources (config, database, registry, security headers, OpenAPI), then the
// routes (the API modules under /api, then the front end with its catch-all).
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Writable } from 'node:stream';
import { instanceIdOf, type Config } from './config';
import type { Database } from './db/database';
import { answerClientError, answerFrameworkError, installErrorHandling } from './http/error-handler';
import { installInputGuard } from './http/input-guard';
import { genReqId, installRequestIdEcho } from './http/request-id';
import { apiModules } from './modules';
import { webRoutes } from './modules/web';
import { adminAuthPlugin } from './plugins/admin-auth';
import { marketPlugin } from './plugins/market';
import { compressionPlugin } from './plugins/external/compression';
import { configPlugin } from './plugins/external/config';
import { databasePlugin } from './plugins/external/database';
import { remoteRegistryPlugin } from './plugins/external/remote-registry';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { swaggerPlugin } from './plugins/external/swagger';
import { messagesPlugin } from './messages/plugin';
import { devInboxPlugin } from './modules/dev-inbox';
import { identityPlugin } from './modules/identity';
import { authPlugin } from './plugins/auth';
import { pubsubPlugin } from './plugins/pubsub';
import type { PubSub } from './pubsub';
import { websocketPlugin } from './plugins/websocket';
import { ledgerPlugin } from './ledger/plugin';
import { netWorthPlugin } from './plugins/net-worth';
import { tradingPlugin } from './trading/plugin';
import { marginPlugin } from './trading/margin/plugin';
import { idempotencyPlugin } from './plugins/idempotency';

export interface BuildAppOptions {
  /** An open database the caller owns (and closes); without one the app opens its own from config. */
  readonly database?: Database;
  /** Where logs go instead of stdout (tests read them). */
  readonly logStream?: Writable;
  /** A bus the caller owns (and closes) instead of the app's own: a second instance in one process shares it as it would Redis. */
  readonly pubsub?: PubSub;
  /**
   * How long one plugin may take to start (Fastify's default 10 s). Tests raise it: an app built
   * on a machine busy with two test workers and a database failed to start in 10 s now and then.
   */
  readonly pluginTimeoutMs?: number;
}

export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: req.url,
        remoteAddress: req.ip,
        headers: req.headers,
      }),
    },
  };
}

export function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId,
    // Failures before routing (bad URL encoding, overlong path parameters, oversized headers)
    // answer with the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Behind a load balancer (TRUST_PROXY=its address): request.ip is the X-Forwarded-For client.
    trustProxy: config.trustProxy ? [...config.trustProxy] : false,
    ...(options.pluginTimeoutMs ? { pluginTimeout: options.pluginTimeoutMs } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  // Which instance answered (several behind a balancer): logs, the load test's spread.
  const instanceId = instanceIdOf(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-pasar-instance', instanceId);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestIdEcho(app);
  installInputGuard(app);

  app.register(configPlugin, { config });
  app.register(databasePlugin, options.database ? { database: options.database } : {});
  app.register(remoteRegistryPlugin);
  app.register(securityHeadersPlugin);
  app.register(compressionPlugin);
  app.register(swaggerPlugin);
  app.register(adminAuthPlugin);
  app.register(messagesPlugin);
  // The identity module's services, then the core auth decorators over its token verifier.
  app.register(identityPlugin);
  app.register(authPlugin, { verifier: (instance) => instance.identity });
  app.register(devInboxPlugin);
  // -- pub/sub and websocket plugins register here (issue 4) --
  app.register(pubsubPlugin, options.pubsub ? { pubsub: options.pubsub } : {});
  app.register(websocketPlugin);
  // -- market data plugin registers here (issue 4) --
  app.register(marketPlugin);
  // -- ledger and idempotency plugins register here (issue 5) --
  app.register(ledgerPlugin);
  app.register(idempotencyPlugin);
  // -- the order engine every market registers its rules with --
  app.register(tradingPlugin);
  // -- the margin engine of every leveraged market --
  app.register(marginPlugin);
  // -- what a person owns, one figure every wallet and market adds its part to --
  app.register(netWorthPlugin);

  app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  app.register(webRoutes);
  return app;
}

export type PasarApp = ReturnType<typeof buildApp>;
