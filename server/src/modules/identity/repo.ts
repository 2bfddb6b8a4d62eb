// The identity module's only database access: users (identity columns), device sessions, refresh
// tokens and the single-use step tokens. Every time comes from the caller (the service's clock).
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DeviceStatus } from '@pasar/shared/contract';
import type { PasarDb } from '../../db/database';
import { builtOnce } from '../../db/prepared';
import { authStepTokens, deviceSessions, refreshTokens, users, type DeviceSessionRow, type UserRow } from './tables';

export type StepPurpose = 'signup' | 'login' | 'pin-reset';

export interface NewSession {
  readonly id: string;
  readonly userId: string;
  readonly deviceId: string;
  readonly userAgent: string;
  readonly deviceType: string;
  readonly deviceClass: string;
  readonly os: string;
  readonly ip: string | null;
  readonly at: Date;
}

export interface SessionWithUser {
  readonly session: DeviceSessionRow;
  readonly userStatus: string;
}

/** What other modules may know of a user (never the PIN): they ask the identity service for it. */
export interface UserFacts {
  readonly id: string;
  readonly phone: string;
  readonly kycStatus: string;
  readonly gssKycStatus: string;
  readonly createdAt: Date;
}

const factColumns = {
  id: users.id,
  phone: users.phone,
  kycStatus: users.kycStatus,
  gssKycStatus: users.gssKycStatus,
  createdAt: users.createdAt,
};

export type RefreshRow = typeof refreshTokens.$inferSelect;
export type StepRow = typeof authStepTokens.$inferSelect;

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export function createIdentityRepo(db: PasarDb) {
  // Every authenticated call reads its session: built once (db/prepared.ts).
  const sessionWithUserQuery = builtOnce(() =>
    db
      .select({ session: deviceSessions, userStatus: users.status })
      .from(deviceSessions)
      .innerJoin(users, eq(users.id, deviceSessions.userId))
      .where(eq(deviceSessions.id, sql.placeholder('sessionId')))
      .limit(1)
      .prepare('identity_session_with_user'),
  );
  return {
    async userByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row;
    },

    async userById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async userFacts(ids: readonly string[]): Promise<UserFacts[]> {
      if (ids.length === 0) return [];
      return db.select(factColumns).from(users).where(inArray(users.id, [...new Set(ids)]));
    },

    /** Undefined when the phone is taken (a concurrent sign-up won). */
    async createUser(input: { id: string; phone: string; name: string; language: string; pinHash: string; at: Date }) {
      try {
        const [row] = await db
          .insert(users)
          .values({
            id: input.id,
            phone: input.phone,
            name: input.name,
            language: input.language,
            pinHash: input.pinHash,
            pinUpdatedAt: input.at,
            createdAt: input.at,
            updatedAt: input.at,
          })
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Counts a wrong PIN; blocks the PIN at `blockAt` failures. Returns the new count. */
    async recordPinFailure(userId: string, blockAt: number, at: Date): Promise<number> {
      const [row] = await db
        .update(users)
        .set({
          pinFailedAttempts: sql`${users.pinFailedAttempts} + 1`,
          pinBlockedAt: sql`case when ${users.pinFailedAttempts} + 1 >= ${blockAt} then coalesce(${users.pinBlockedAt}, ${at.toISOString()}::timestamptz) else ${users.pinBlockedAt} end`,
          updatedAt: at,
        })
        .where(eq(users.id, userId))
        .returning({ attempts: users.pinFailedAttempts });
      return row?.attempts ?? 0;
    },

    async clearPinFailures(userId: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ pinFailedAttempts: 0, updatedAt: at })
        .where(and(eq(users.id, userId), sql`${users.pinFailedAttempts} <> 0`));
    },

    /** A new PIN: also unblocks it and clears the failures. */
    async setPin(userId: string, pinHash: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ pinHash, pinFailedAttempts: 0, pinBlockedAt: null, pinUpdatedAt: at, updatedAt: at })
        .where(eq(users.id, userId));
    },

    // ---- device sessions ----

    async createSession(s: NewSession): Promise<DeviceSessionRow> {
      const [row] = await db
        .insert(deviceSessions)
        .values({
          id: s.id,
          userId: s.userId,
          deviceId: s.deviceId,
          userAgent: s.userAgent,
          deviceType: s.deviceType,
          deviceClass: s.deviceClass,
          os: s.os,
          ip: s.ip,
          status: 'ACTIVE',
          firstSeenAt: s.at,
          lastSeenAt: s.at,
        })
        .returning();
      return row;
    },

    async sessionWithUser(sessionId: string): Promise<SessionWithUser | undefined> {
      const [row] = await sessionWithUserQuery().execute({ sessionId });
      return row;
    },

    async ownSession(userId: string, sessionId: string): Promise<DeviceSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceSessions)
        .where(and(eq(deviceSessions.id, sessionId), eq(deviceSessions.userId, userId)))
        .limit(1);
      return row;
    },

    async touchSession(sessionId: string, at: Date, ip: string | null): Promise<void> {
      await db.update(deviceSessions).set({ lastSeenAt: at, ...(ip ? { ip } : {}) }).where(eq(deviceSessions.id, sessionId));
    },

    async markPinVerified(sessionId: string, at: Date): Promise<void> {
      await db.update(deviceSessions).set({ pinVerifiedAt: at, lastSeenAt: at }).where(eq(deviceSessions.id, sessionId));
    },

    /** Ends the session (and its refresh tokens); `block` also keeps its device id from logging in. */
    async endSession(sessionId: string, reason: string, at: Date, block = false): Promise<void> {
      await db
        .update(deviceSessions)
        .set({
          status: 'INACTIVE',
          endedAt: sql`coalesce(${deviceSessions.endedAt}, ${at.toISOString()}::timestamptz)`,
          endReason: sql`coalesce(${deviceSessions.endReason}, ${reason})`,
          ...(block ? { blocked: true } : {}),
        })
        .where(eq(deviceSessions.id, sessionId));
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
    },

    /** Unblocks the session's device id (every session of that user with the same device id). */
    async unblockDevice(userId: string, deviceId: string): Promise<void> {
      await db
        .update(deviceSessions)
        .set({ blocked: false })
        .where(and(eq(deviceSessions.userId, userId), eq(deviceSessions.deviceId, deviceId)));
    },

    async isDeviceBlocked(userId: string, deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: deviceSessions.id })
        .from(deviceSessions)
        .where(and(eq(deviceSessions.userId, userId), eq(deviceSessions.deviceId, deviceId), eq(deviceSessions.blocked, true)))
        .limit(1);
      return row !== undefined;
    },

    async listSessions(userId: string, status: DeviceStatus | undefined, page: number, size: number) {
      const where = status
        ? and(eq(deviceSessions.userId, userId), eq(deviceSessions.status, status))
        : eq(deviceSessions.userId, userId);
      const [total] = await db.select({ n: count() }).from(deviceSessions).where(where);
      const rows = await db
        .select()
        .from(deviceSessions)
        .where(where)
        .orderBy(desc(deviceSessions.lastSeenAt), desc(deviceSessions.id))
        .limit(size)
        .offset(page * size);
      return { rows, total: total?.n ?? 0 };
    },

    // ---- refresh tokens ----

    async insertRefresh(r: { tokenHash: string; familyId: string; sessionId: string; userId: string; at: Date; expiresAt: Date }) {
      await db.insert(refreshTokens).values({
        tokenHash: r.tokenHash,
        familyId: r.familyId,
        sessionId: r.sessionId,
        userId: r.userId,
        createdAt: r.at,
        expiresAt: r.expiresAt,
      });
    },

    async refreshByHash(tokenHash: string): Promise<RefreshRow | undefined> {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row;
    },

    /** True when this call used the token; false when it was already used (a reuse). */
    async useRefresh(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      return rows.length > 0;
    },

    async revokeFamily(familyId: string, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    // ---- step tokens ----

    /** Removes step tokens that expired before `before`. */
    async deleteStepsExpiredBefore(before: Date): Promise<void> {
      await db.delete(authStepTokens).where(lt(authStepTokens.expiresAt, before));
    },

    async insertStep(s: { tokenHash: string; purpose: StepPurpose; phone: string; userId: string | null; at: Date; expiresAt: Date }) {
      await db.insert(authStepTokens).values({
        tokenHash: s.tokenHash,
        purpose: s.purpose,
        phone: s.phone,
        userId: s.userId,
        createdAt: s.at,
        expiresAt: s.expiresAt,
      });
    },

    async stepByHash(tokenHash: string, purpose: StepPurpose): Promise<StepRow | undefined> {
      const [row] = await db
        .select()
        .from(authStepTokens)
        .where(and(eq(authStepTokens.tokenHash, tokenHash), eq(authStepTokens.purpose, purpose)))
        .limit(1);
      return row;
    },

    /** Spends a step token; false when it was already spent. */
    async consumeStep(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(authStepTokens)
        .set({ consumedAt: at })
        .where(and(eq(authStepTokens.tokenHash, tokenHash), isNull(authStepTokens.consumedAt)))
        .returning({ tokenHash: authStepTokens.tokenHash });
      return rows.length > 0;
    },
  };
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
