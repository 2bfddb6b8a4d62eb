// Idempotency of mutating calls on `x-request-id` per user (issue 5), for every module at once.
//
// Every POST/PUT/PATCH/DELETE route under /api gets a preHandler right after `app.requireUser`
// (or `app.optionalUser`; at the end of its preHandlers when neither is listed, e.g. a scope-level
// requireUser). So it runs before `requireFreshPin`: a retry of a call that already ran is replayed
// even if the PIN has gone stale since. It acts only when a user is signed in and the caller sent a
// sane `x-request-id`:
//   - first time: the row (user, request id) is inserted IN_PROGRESS (the row is the lock, across
//     instances), the route runs, and onSend stores its status, content-type and body;
//   - same id and same method, path and body after completion: the stored response is sent again
//     with `idempotent-replayed: true`, and the route does not run;
//   - same id, different request: 409 / 042; the first still running: wait up to IDEMPOTENCY_WAIT_MS (2 s), then
//     replay it, else 409 / 043.
// 5xx, 429 and the prompts 040/041 (the client resends after the prompt) are not stored: the row
// is deleted, so a retry runs again; that is safe because ledger transfers are idempotent on their
// own keys.
// An IN_PROGRESS row older than IDEMPOTENCY_STALE_SECONDS (its server died mid-request) and a
// row older than IDEMPOTENCY_TTL_HOURS count as absent; an hourly sweep deletes expired rows.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { promptFor } from '@pasar/shared/contract';
import { AppError } from '../http/app-error';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { createIdempotencyStore, type Fingerprint, type IdempotencyStore, type StoredResponse } from './idempotency-store';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: {
      /** Deletes keys older than IDEMPOTENCY_TTL_HOURS (also run hourly); returns how many. */
      sweep(): Promise<number>;
    };
  }
}

export const REPLAYED_HEADER = 'idempotent-replayed';
const POLL_MS = 50;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers a replay needs; cookies and the like are never replayed. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'location'];

interface Run {
  readonly userId: string;
  readonly requestId: string;
  readonly claim: string;
  finished: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The caller's own x-request-id: request.id is that header only when it is a sane token (http/request-id). */
function callerRequestId(request: FastifyRequest): string | null {
  const header = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && value === request.id ? value : null;
}

/** How many `toJSON` results in a row are followed before the value counts as a cycle. */
const MAX_TO_JSON_CHAIN = 8;

/**
 * JSON with object keys sorted at every level, so key order never makes two bodies differ. It walks
 * the value with its own stack, never the call stack, so no nesting depth can overflow it.
 */
export function canonicalJson(root: unknown): string {
  type Step = { readonly value: unknown } | { readonly text: string } | { readonly leave: object };
  const out: string[] = [];
  const ancestors = new Set<object>();
  const steps: Step[] = [{ value: root }];
  while (steps.length > 0) {
    const step = steps.pop()!;
    if ('text' in step) {
      out.push(step.text);
      continue;
    }
    if ('leave' in step) {
      ancestors.delete(step.leave);
      continue;
    }
    let value = step.value;
    for (let chain = 0; isObject(value) && !ancestors.has(value); chain++) {
      const toJson = (value as { toJSON?: () => unknown }).toJSON;
      if (typeof toJson !== 'function') break;
      value = chain < MAX_TO_JSON_CHAIN ? toJson.call(value) : '[cycle]';
    }
    if (!isObject(value)) {
      out.push(value === undefined ? 'null' : (JSON.stringify(value) ?? 'null'));
      continue;
    }
    if (ancestors.has(value)) {
      out.push('"[cycle]"');
      continue;
    }
    ancestors.add(value);
    // The parts in reading order, pushed reversed so they come off the stack in order.
    const parts: Step[] = [];
    if (Array.isArray(value)) {
      parts.push({ text: '[' });
      value.forEach((item, index) => parts.push(...(index > 0 ? [{ text: ',' }] : []), { value: item }));
      parts.push({ text: ']' });
    } else {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      parts.push({ text: '{' });
      keys.forEach((key, index) => parts.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` }, { value: record[key] }));
      parts.push({ text: '}' });
    }
    parts.push({ leave: value });
    for (let i = parts.length - 1; i >= 0; i--) steps.push(parts[i]!);
  }
  return out.join('');
}

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

function fingerprintOf(request: FastifyRequest): Fingerprint {
  const body = request.body;
  const hash = createHash('sha256');
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (typeof body === 'string') hash.update(body, 'utf8');
  else hash.update(body === undefined || body === null ? '' : canonicalJson(body), 'utf8');
  return { method: request.method, path: request.url, bodyHash: hash.digest('hex') };
}

const sameRequest = (a: Fingerprint, b: Fingerprint) => a.method === b.method && a.path === b.path && a.bodyHash === b.bodyHash;

function replay(request: FastifyRequest, reply: FastifyReply, stored: StoredResponse): FastifyReply {
  request.log.info({ statusCode: stored.statusCode }, 'idempotent replay');
  reply.code(stored.statusCode).headers(stored.headers).header(REPLAYED_HEADER, 'true');
  return reply.send(stored.body ?? undefined);
}

/** The response to keep for replays, or null when this answer must not be replayed. */
function responseToStore(reply: FastifyReply, payload: unknown): StoredResponse | null {
  const status = reply.statusCode;
  if (status >= 500 || status === 429) return null;
  if (payload !== undefined && payload !== null && typeof payload !== 'string') return null; // streams, buffers
  const body = typeof payload === 'string' ? payload : null;
  if (status >= 400 && body !== null && promptFor(status, errorCodeOf(body) ?? undefined) !== undefined) return null;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { statusCode: status, headers, body };
}

function errorCodeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error_code?: unknown }).error_code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function createGuard(store: IdempotencyStore, runs: WeakMap<FastifyRequest, Run>, waitMs: number) {
  return async function idempotencyGuard(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const userId = request.auth?.userId;
    if (!userId || !MUTATING_METHODS.has(request.method)) return undefined;
    const requestId = callerRequestId(request);
    if (!requestId) return undefined;

    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + waitMs;
    for (;;) {
      // Claim first: a new key, the common case, costs one statement; a key already taken is
      // read after (a replay or a conflict costs the claim's attempt and one read).
      const claim = randomUUID();
      if (await store.claim(userId, requestId, fingerprint, claim)) {
        runs.set(request, { userId, requestId, claim, finished: false });
        return undefined;
      }
      const row = await store.find(userId, requestId);
      if (row?.live) {
        if (!sameRequest(row, fingerprint)) throw new AppError('042');
        if (row.response) return replay(request, reply, row.response);
        // The first request is still running.
        if (Date.now() >= deadline) throw new AppError('043');
        await sleep(POLL_MS);
      }
      // Gone or dead since the claim's attempt (released, stale, expired): claim again.
    }
  };
}

export const idempotencyPlugin = fp(
  async (app) => {
    const store = createIdempotencyStore(app.database.db, {
      ttlHours: app.config.idempotency.ttlHours,
      staleSeconds: app.config.idempotency.staleSeconds,
    });
    const runs = new WeakMap<FastifyRequest, Run>();
    const guard = createGuard(store, runs, app.config.idempotency.waitMs);

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!route.url.startsWith('/api/') || !methods.some((m) => MUTATING_METHODS.has(m))) return;
      const handlers = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      const auth = handlers.findIndex((h) => h === app.requireUser || h === app.optionalUser);
      // A new array: modules share one preHandler array between their routes.
      route.preHandler = auth === -1 ? [...handlers, guard] : [...handlers.slice(0, auth + 1), guard, ...handlers.slice(auth + 1)];
    });

    // Global onSend runs before route-level ones (compression), so the payload is still the text.
    app.addHook('onSend', async (request, reply, payload) => {
      const run = runs.get(request);
      if (!run || run.finished) return payload;
      run.finished = true;
      const response = responseToStore(reply, payload);
      try {
        if (response) await store.complete(run.userId, run.requestId, run.claim, response);
        else await store.release(run.userId, run.requestId, run.claim);
      } catch (error) {
        // The answer still goes out; without a stored copy a retry simply runs again.
        request.log.error({ err: error }, 'could not record the idempotent response');
        await store.release(run.userId, run.requestId, run.claim).catch(() => undefined);
      }
      return payload;
    });
    // A reply that never went through onSend (hijacked, or the connection broke first): free the key.
    app.addHook('onResponse', async (request) => {
      const run = runs.get(request);
      if (!run || run.finished) return;
      run.finished = true;
      await store.release(run.userId, run.requestId, run.claim).catch((error: unknown) => {
        request.log.error({ err: error }, 'could not free the idempotency key');
      });
    });

    const sweep = async () => {
      const removed = await store.sweep();
      if (removed > 0) app.log.info({ removed }, 'expired idempotency keys removed');
      return removed;
    };
    app.decorate('idempotency', { sweep });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency sweep failed')), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'pasar-idempotency', dependencies: ['pasar-config', 'pasar-database', 'pasar-auth'] },
);
