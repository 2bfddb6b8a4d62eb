// Authentication for every module (fastify-plugin 'pasar-auth'):
//   preHandler: app.requireUser      bearer access token that the verifier accepts -> request.auth; else 401/009
//               app.optionalUser     the same when a token is sent; no token -> request.auth = null
//               app.requireFreshPin  after requireUser: 400/040 unless the verifier says the session's
//                                    PIN check is fresh (the client prompts, /api/pin/verify, retries)
// The core knows only the AccessVerifier interface below; the identity module provides it (app.ts
// passes it in), so this plugin builds nothing of a module. Also registers @fastify/cookie (once).
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error';

/** The caller of an authenticated call (`request.auth`). */
export interface AuthContext {
  readonly userId: string;
  readonly sessionId: string;
  readonly deviceId: string;
  /** When this session last verified the PIN, if ever. */
  readonly pinVerifiedAt: Date | null;
}

/** Checks bearer access tokens: the identity module's service implements it. */
export interface AccessVerifier {
  /** The caller of a valid token whose session is still active; throws the catalogue refusal (009, …) otherwise. */
  authenticate(accessToken: string, client: { readonly ip: string }): Promise<AuthContext>;
  /** Whether the session verified the PIN recently enough for a PIN-guarded call. */
  isPinFresh(auth: AuthContext): boolean;
}

export interface AuthPluginOptions {
  /** The verifier, read from the app once the plugin registers (registered before it). */
  readonly verifier: (app: FastifyInstance) => AccessVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    optionalUser: preHandlerAsyncHookHandler;
    requireFreshPin: preHandlerAsyncHookHandler;
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

/** A request header's (first) value. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const value = headerOf(request, 'authorization');
  const match = value ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(value) : null;
  return match?.[1];
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
    const verifier = options.verifier(app);
    if (!verifier) throw new Error('pasar-auth: no access verifier (register the identity plugin first)');

    app.decorateRequest('auth', null);
    app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) throw new AppError('009');
      request.auth = await verifier.authenticate(token, { ip: request.ip });
    });
    app.decorate('optionalUser', async function optionalUser(request: FastifyRequest) {
      const token = bearerToken(request);
      request.auth = token ? await verifier.authenticate(token, { ip: request.ip }) : null;
    });
    app.decorate('requireFreshPin', async function requireFreshPin(request: FastifyRequest) {
      if (!verifier.isPinFresh(authOf(request))) throw new AppError('040');
    });
  },
  { name: 'pasar-auth' },
);
