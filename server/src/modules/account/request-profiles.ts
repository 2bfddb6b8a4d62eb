// One read of a person's profile per request for an order and its notification: trading's checks
// read the profile before the order, and the order's fill notification (the engine's event on the
// in-process bus, so still in the request's async context) needs its language and e-mail after the
// commit. The notification takes what the checks read in the same request (a few milliseconds
// older, as if it had been read first); anywhere else (another instance hearing the event over
// Redis, a sweep, a request that read nothing) it reads the profile itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { onRequestHookHandler } from 'fastify';
import type { UserRow } from './repo';

export interface RequestProfiles {
  /** The onRequest hook that gives each request its own memo. */
  readonly hook: onRequestHookHandler;
  /** Reads the profile and keeps it for the rest of the request. */
  remember(userId: string): Promise<UserRow | null>;
  /** The profile this request kept, else a fresh read (not kept). */
  recall(userId: string): Promise<UserRow | null>;
}

export function createRequestProfiles(read: (userId: string) => Promise<UserRow | null>): RequestProfiles {
  const scope = new AsyncLocalStorage<Map<string, Promise<UserRow | null>>>();
  return {
    hook(_request, _reply, done) {
      scope.run(new Map(), done);
    },
    remember(userId) {
      const memo = scope.getStore();
      if (!memo) return read(userId);
      const reading = read(userId);
      memo.set(userId, reading);
      // A failed read is not kept: the next caller reads again.
      reading.catch(() => memo.delete(userId));
      return reading;
    },
    recall(userId) {
      return scope.getStore()?.get(userId) ?? read(userId);
    },
  };
}
