// Operators and their audit trail in the database (migration 20261127_0300_operator_audit.sql).
// A token is kept only as its SHA-256 hash; the token itself is shown once, when it is made.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PasarDb } from '../db/database';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const operators = pgTable('operators', {
  name: text('name').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  createdBy: text('created_by').notNull(),
  revokedAt: ts('revoked_at'),
  revokedBy: text('revoked_by'),
});

export const operatorAudit = pgTable('operator_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  target: text('target'),
  reason: text('reason'),
  details: jsonb('details').notNull(),
  /** "done", or "refused (HTTP <status>)" when the server refused the action. */
  outcome: text('outcome').notNull(),
  at: ts('at').notNull(),
});

/** One operator action as recorded. */
export interface AuditEntry {
  readonly operator: string;
  readonly action: string;
  readonly target: string | null;
  readonly reason: string | null;
  readonly details: Record<string, unknown>;
  readonly at: Date;
}

export interface AuditFilter {
  readonly operator?: string;
  readonly action?: string;
  readonly since?: Date;
  /** Entries older than this id (the next page of a newest-first listing). */
  readonly before?: number;
  readonly limit: number;
}

export type OperatorRow = typeof operators.$inferSelect;

/** `pso_` and 32 random bytes: what an operator sends as `x-admin-token`. */
export const newOperatorToken = (): string => `pso_${randomBytes(32).toString('base64url')}`;

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Inserts one audit row on the handle given (the action's transaction, or the database); its id. */
export async function insertAudit(db: PasarDb, entry: AuditEntry, outcome = 'done'): Promise<number> {
  const [row] = await db.insert(operatorAudit).values({ ...entry, outcome }).returning({ id: operatorAudit.id });
  return row!.id;
}

/** Marks a row written in the action's transaction as refused, when the action then failed. */
export async function markRefused(db: PasarDb, id: number, outcome: string): Promise<void> {
  await db.update(operatorAudit).set({ outcome }).where(eq(operatorAudit.id, id));
}

export function createOperatorStore(db: PasarDb) {
  return {
    /** The operator whose token this is, when it was not revoked. */
    async activeByToken(token: string): Promise<OperatorRow | null> {
      const [row] = await db
        .select()
        .from(operators)
        .where(and(eq(operators.tokenHash, tokenHash(token)), isNull(operators.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Adds the operator; false when the name is taken (revoked names stay taken: the trail names them). */
    async add(name: string, token: string, by: string, at: Date): Promise<OperatorRow | null> {
      const rows = await db
        .insert(operators)
        .values({ name, tokenHash: tokenHash(token), createdAt: at, createdBy: by })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async list(): Promise<OperatorRow[]> {
      return db.select().from(operators).orderBy(operators.createdAt, operators.name);
    },

    /** Revokes the operator's token; null when there is no such operator, the row as it is otherwise. */
    async revoke(name: string, by: string, at: Date): Promise<OperatorRow | null> {
      const [revoked] = await db
        .update(operators)
        .set({ revokedAt: at, revokedBy: by })
        .where(and(eq(operators.name, name), isNull(operators.revokedAt)))
        .returning();
      if (revoked) return revoked;
      const [existing] = await db.select().from(operators).where(eq(operators.name, name)).limit(1);
      return existing ?? null;
    },

    /** The trail, newest first. */
    async audit(filter: AuditFilter): Promise<Array<typeof operatorAudit.$inferSelect>> {
      const where: SQL[] = [];
      if (filter.operator) where.push(eq(operatorAudit.operator, filter.operator));
      if (filter.action) {
        // "kyc" matches kyc.approve and kyc.reject; "kyc.reject" only itself.
        where.push(or(eq(operatorAudit.action, filter.action), sql`${operatorAudit.action} like ${`${filter.action.replace(/[\\%_]/g, '\\$&')}.%`}`)!);
      }
      if (filter.since) where.push(gte(operatorAudit.at, filter.since));
      if (filter.before !== undefined) where.push(lt(operatorAudit.id, filter.before));
      return db
        .select()
        .from(operatorAudit)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(desc(operatorAudit.id))
        .limit(filter.limit);
    },
  };
}

export type OperatorStore = ReturnType<typeof createOperatorStore>;
