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
//
// A route whose work is one database transaction (placing an order) declares
// `config: { idempotency: 'in-transaction' }` and runs that work through `app.idempotency.inTransaction`:
// the key is then claimed by the transaction's first statement and the answer stored by its last,
// so the key, the work and the answer commit together (no commits of their own). A duplicate
// running at the same time waits on the key's row inside its own transaction, rolls back when the
// first commits, and replays it. A refusal before or inside the transaction (nothing committed)
// is stored after it in one statement, as other routes' refusals are.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { promptFor } from '@pasar/shared/contract';
import type { PasarDb } from '../db/database';
import { AppError } from '../http/app-error';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { createIdempotencyStore, type Fingerprint, type IdempotencyStore, type StoredResponse } from './idempotency-store';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: {
      /** Deletes keys older than IDEMPOTENCY_TTL_HOURS (also run hourly); returns how many. */
      sweep(): Promise<number>;
      /**
       * Runs the work of a route declared `config: { idempotency: 'in-transaction' }`, handing it the
       * step its transaction must run first (`begin`: the claim) and last (`end`: the stored answer,
       * `answer(result)` as this route sends it); `undefined` when the call is not covered (no user,
       * no request id). Returns the answer, or the replay of a duplicate that committed first.
       */
      inTransaction<T, A>(
        request: FastifyRequest,
        reply: FastifyReply,
        work: (step: IdempotentStep<T> | undefined) => Promise<T>,
        answer: (result: T) => A,
      ): Promise<A | void>;
    };
  }
  interface FastifyContextConfig {
    /** 'in-transaction': the route's own transaction claims the key and stores the answer. */
    idempotency?: 'in-transaction';
  }
}

/** What a covered call's transaction runs first and last, on the transaction's connection. */
export interface IdempotentStep<T> {
  /** Claims the key; throws IdempotencyKeyTaken when another run holds it (roll back, then replay it). */
  begin(db: PasarDb): Promise<void>;
  /** Stores the answer `result` makes. */
  end(db: PasarDb, result: T): Promise<void>;
}

/** Another run of the same key committed (or is running): this transaction must roll back. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('the idempotency key is held by another run');
    this.name = 'IdempotencyKeyTaken';
  }
}

const isKeyTaken = (error: unknown): boolean => {
  for (let e = error as { cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e instanceof IdempotencyKeyTaken) return true;
  }
  return false;
};

export const REPLAYED_HEADER = 'idempotent-replayed';
const POLL_MS = 50;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers a replay needs; cookies and the like are never replayed. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'location'];

interface Run {
  readonly userId: string;
  readonly requestId: string;
  claim: string;
  finished: boolean;
  readonly fingerprint: Fingerprint;
  /** The key is claimed by the route's own transaction (`inTransaction`), not before the route. */
  readonly inTransaction: boolean;
  /** The answer the route's transaction stored (committed once the work returned). */
  stored: StoredResponse | null;
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
  return { statusCode: status, headers: keptHeaders(reply), body };
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** The JSON answer of a handler as the reply will send it (the route's response serializer). */
function serializedAnswer(reply: FastifyReply, value: unknown): StoredResponse {
  const headers = keptHeaders(reply);
  // What fastify sets when it sends an object.
  headers['content-type'] ??= 'application/json; charset=utf-8';
  return { statusCode: reply.statusCode, headers, body: reply.serialize(value) as string };
}

const sameResponse = (a: StoredResponse, b: StoredResponse) =>
  a.statusCode === b.statusCode &&
  a.body === b.body &&
  KEPT_HEADERS.every((name) => a.headers[name] === b.headers[name]);

function errorCodeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error_code?: unknown }).error_code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Waits while the key's run is in progress: replays its answer once stored, refuses another
 * request with the key (042) or a run still going at `deadline` (043). Null when the key is free.
 */
async function untilFree(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  run: Pick<Run, 'userId' | 'requestId' | 'fingerprint'>,
  deadline: number,
): Promise<FastifyReply | null> {
  for (;;) {
    // Read first: a replay or a conflict then costs one read and no write.
    const row = await store.find(run.userId, run.requestId);
    if (!row?.live) return null;
    if (!sameRequest(row, run.fingerprint)) throw new AppError('042');
    if (row.response) return replay(request, reply, row.response);
    // The first request is still running.
    if (Date.now() >= deadline) throw new AppError('043');
    await sleep(POLL_MS);
  }
}

function createGuard(store: IdempotencyStore, runs: WeakMap<FastifyRequest, Run>, waitMs: number) {
  return async function idempotencyGuard(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const userId = request.auth?.userId;
    if (!userId || !MUTATING_METHODS.has(request.method)) return undefined;
    const requestId = callerRequestId(request);
    if (!requestId) return undefined;

    const fingerprint = fingerprintOf(request);
    const inTransaction = request.routeOptions.config?.idempotency === 'in-transaction';
    const deadline = Date.now() + waitMs;
    for (;;) {
      const sent = await untilFree(store, request, reply, { userId, requestId, fingerprint }, deadline);
      if (sent) return sent;
      const run: Run = { userId, requestId, claim: randomUUID(), finished: false, fingerprint, inTransaction, stored: null };
      // The route's transaction claims the key (inTransaction).
      if (inTransaction || (await store.claim(userId, requestId, fingerprint, run.claim))) {
        runs.set(request, run);
        return undefined;
      }
      // Another request claimed it between the read and the claim: look again.
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
      if (run.inTransaction) {
        try {
          // Stored with the work: nothing to do, unless the answer changed after the commit.
          if (run.stored) {
            if (response && !sameResponse(run.stored, response)) await store.complete(run.userId, run.requestId, run.claim, response);
          } else if (response) await store.record(run.userId, run.requestId, run.fingerprint, run.claim, response);
        } catch (error) {
          // The answer still goes out; without a stored copy a retry simply runs again.
          request.log.error({ err: error }, 'could not record the idempotent response');
        }
        return payload;
      }
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
      // A key claimed in the route's transaction is held only by what that transaction committed.
      if (!run || run.finished || run.inTransaction) return;
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
    async function inTransaction<T, A>(
      request: FastifyRequest,
      reply: FastifyReply,
      work: (step: IdempotentStep<T> | undefined) => Promise<T>,
      answer: (result: T) => A,
    ): Promise<A | void> {
      const run = runs.get(request);
      if (!run?.inTransaction || run.finished) return answer(await work(undefined));
      const deadline = Date.now() + app.config.idempotency.waitMs;
      for (;;) {
        let answered: { result: T; value: A } | null = null;
        const step: IdempotentStep<T> = {
          async begin(db) {
            if (!(await store.on(db).claim(run.userId, run.requestId, run.fingerprint, run.claim))) throw new IdempotencyKeyTaken();
          },
          async end(db, result) {
            const value = answer(result);
            answered = { result, value };
            const response = serializedAnswer(reply, value);
            if (!(await store.on(db).complete(run.userId, run.requestId, run.claim, response))) throw new IdempotencyKeyTaken();
            run.stored = response;
          },
        };
        try {
          const result = await work(step);
          const stored = answered as { result: T; value: A } | null;
          if (stored?.result === result && run.stored) {
            // Sent as stored: the text the transaction committed, not serialized a second time.
            for (const [name, value] of Object.entries(run.stored.headers)) reply.header(name, value);
            return run.stored.body as unknown as A;
          }
          // The work answered without committing its `end` (an earlier order of this request): stored after it.
          run.stored = null;
          return answer(result);
        } catch (error) {
          run.stored = null;
          if (!isKeyTaken(error)) throw error;
          // A duplicate holds the key: it committed (replay it), or rolled back (run again).
          const sent = await untilFree(store, request, reply, run, deadline);
          if (sent) {
            run.finished = true;
            // As the guard does: the reply (a thenable) settles the handler once it is sent.
            return sent as unknown as void;
          }
          run.claim = randomUUID();
        }
      }
    }

    app.decorate('idempotency', { sweep, inTransaction });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency sweep failed')), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'pasar-idempotency', dependencies: ['pasar-config', 'pasar-database', 'pasar-auth'] },
);
