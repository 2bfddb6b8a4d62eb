// The idempotency table (migrations/20261122_0006_idempotency.sql is the truth) and its queries.
// Times come from the database's clock, so several instances agree on what is stale or expired.
import { and, eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PasarDb } from '../db/database';
import { builtOnce } from '../db/prepared';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    requestId: text('request_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    state: text('state').$type<IdempotencyState>().notNull(),
    claim: uuid('claim').notNull(),
    statusCode: integer('status_code'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: ts('created_at').notNull().defaultNow(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

export type IdempotencyState = 'IN_PROGRESS' | 'COMPLETED';

/** What makes two requests "the same request". */
export interface Fingerprint {
  readonly method: string;
  readonly path: string;
  readonly bodyHash: string;
}

export interface StoredResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

export interface IdempotencyRow extends Fingerprint {
  readonly state: IdempotencyState;
  readonly response: StoredResponse | null;
  /** False for a stale IN_PROGRESS row or a row past the TTL: the key counts as free. */
  readonly live: boolean;
}

export interface IdempotencyStore {
  /**
   * Takes the key for one run (`claim` is that run's id): true when this run owns it, because the
   * key was free, or its row was a stale IN_PROGRESS (a crash mid-request) or past the TTL.
   */
  claim(userId: string, requestId: string, fingerprint: Fingerprint, claim: string): Promise<boolean>;
  find(userId: string, requestId: string): Promise<IdempotencyRow | null>;
  /** Stores the response of the run that holds the claim; false if another run took the key over. */
  complete(userId: string, requestId: string, claim: string, response: StoredResponse): Promise<boolean>;
  /** Frees the key (the run's answer must not be replayed), if this run still holds it. */
  release(userId: string, requestId: string, claim: string): Promise<void>;
  /** Deletes rows older than the TTL; returns how many. */
  sweep(): Promise<number>;
}

export interface IdempotencyStoreOptions {
  readonly ttlHours: number;
  /** An IN_PROGRESS row older than this is a run that died: the key counts as free. */
  readonly staleSeconds: number;
}

export function createIdempotencyStore(db: PasarDb, { ttlHours, staleSeconds }: IdempotencyStoreOptions): IdempotencyStore {
  const t = idempotencyKeys;
  const expired = sql`${t.createdAt} < now() - make_interval(hours => ${ttlHours})`;
  const stale = sql`(${t.state} = 'IN_PROGRESS' and ${t.claimedAt} < now() - make_interval(secs => ${staleSeconds}))`;
  const key = (userId: string, requestId: string) => and(eq(t.userId, userId), eq(t.requestId, requestId));
  const placeholder = sql.placeholder;
  const keyPlaceholders = and(eq(t.userId, placeholder('userId')), eq(t.requestId, placeholder('requestId')));
  // Every mutating call claims its key and stores its answer: built once (db/prepared.ts).
  const claimQuery = builtOnce(() =>
    db
      .insert(t)
      .values({
        userId: placeholder('userId'),
        requestId: placeholder('requestId'),
        method: placeholder('method'),
        path: placeholder('path'),
        bodyHash: placeholder('bodyHash'),
        state: 'IN_PROGRESS',
        claim: placeholder('claim'),
      })
      .onConflictDoUpdate({
        target: [t.userId, t.requestId],
        set: {
          method: sql.raw('excluded.method'),
          path: sql.raw('excluded.path'),
          bodyHash: sql.raw('excluded.body_hash'),
          state: 'IN_PROGRESS',
          claim: sql.raw('excluded.claim'),
          statusCode: null,
          headers: null,
          body: null,
          createdAt: sql`now()`,
          claimedAt: sql`now()`,
          completedAt: null,
        },
        setWhere: sql`${stale} or ${expired}`,
      })
      .returning({ claim: t.claim })
      .prepare('idempotency_claim'),
  );
  const findQuery = builtOnce(() =>
    db
      .select({
        method: t.method,
        path: t.path,
        bodyHash: t.bodyHash,
        state: t.state,
        statusCode: t.statusCode,
        headers: t.headers,
        body: t.body,
        dead: sql<boolean>`${stale} or ${expired}`,
      })
      .from(t)
      .where(keyPlaceholders)
      .prepare('idempotency_find'),
  );
  const completeQuery = builtOnce(() =>
    db
      .update(t)
      .set({
        state: 'COMPLETED',
        statusCode: sql`${placeholder('statusCode')}::integer`,
        headers: sql`${placeholder('headers')}::jsonb`,
        body: sql`${placeholder('body')}::text`,
        completedAt: sql`now()`,
      })
      .where(and(keyPlaceholders, eq(t.claim, placeholder('claim'))))
      .returning({ claim: t.claim })
      .prepare('idempotency_complete'),
  );

  return {
    async claim(userId, requestId, fingerprint, claim) {
      const rows = await claimQuery().execute({ userId, requestId, ...fingerprint, claim });
      return rows[0]?.claim === claim;
    },

    async find(userId, requestId) {
      const [row] = await findQuery().execute({ userId, requestId });
      if (!row) return null;
      return {
        live: !row.dead,
        method: row.method,
        path: row.path,
        bodyHash: row.bodyHash,
        state: row.state,
        response:
          row.state === 'COMPLETED' && row.statusCode !== null
            ? { statusCode: row.statusCode, headers: row.headers ?? {}, body: row.body }
            : null,
      };
    },

    async complete(userId, requestId, claim, response) {
      const rows = await completeQuery().execute({ userId, requestId, claim, statusCode: response.statusCode, headers: JSON.stringify(response.headers), body: response.body });
      return rows.length > 0;
    },

    async release(userId, requestId, claim) {
      await db.delete(t).where(and(key(userId, requestId), eq(t.claim, claim)));
    },

    async sweep() {
      const rows = await db.delete(t).where(expired).returning({ userId: t.userId });
      return rows.length;
    },
  };
}
