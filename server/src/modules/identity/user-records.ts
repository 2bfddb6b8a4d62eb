// The `users` table as other modules may use it, through the identity service
// (`app.identity.userRecords(handle)`): the profile columns, never the PIN's. The account module
// keeps the profile, the identity checks' statuses and the Bappebti acceptance here; it passes its
// own transaction as the handle when a change must commit with its rows (a KYC decision, a bank
// account added under the user's lock).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { builtOnce } from '../../db/prepared';
import { users } from './tables';

/** A user without the PIN columns. */
export type UserProfileRow = Omit<typeof users.$inferSelect, 'pinHash' | 'pinFailedAttempts' | 'pinBlockedAt' | 'pinUpdatedAt'>;

/** The two identity checks: the KYC (`kyc_status`) and the US-stock declaration (`gss_kyc_status`). */
export type CheckKind = 'kyc' | 'gss';

const profileColumns = {
  id: users.id,
  phone: users.phone,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  name: users.name,
  language: users.language,
  status: users.status,
  kycStatus: users.kycStatus,
  gssKycStatus: users.gssKycStatus,
  bappebtiAcceptedAt: users.bappebtiAcceptedAt,
  tags: users.tags,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const checkColumn = (kind: CheckKind) => (kind === 'kyc' ? users.kycStatus : users.gssKycStatus);

export function createUserRecords(db: PasarDb) {
  // Trading's checks and every notification read the profile: built once (db/prepared.ts).
  const profileQuery = builtOnce(() => db.select(profileColumns).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('identity_user_profile'));
  // Every signed-in call that names no x-language-code reads the language (the account module's hook).
  const languageQuery = builtOnce(() => db.select({ language: users.language }).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('identity_user_language'));
  return {
    async profile(userId: string): Promise<UserProfileRow | null> {
      const [row] = await profileQuery().execute({ userId });
      return row ?? null;
    },
    async profileByPhone(phone: string): Promise<UserProfileRow | null> {
      const [row] = await db.select(profileColumns).from(users).where(eq(users.phone, phone));
      return row ?? null;
    },
    async profiles(ids: readonly string[]): Promise<UserProfileRow[]> {
      if (ids.length === 0) return [];
      return db.select(profileColumns).from(users).where(inArray(users.id, [...new Set(ids)]));
    },
    async language(userId: string): Promise<string | null> {
      const [row] = await languageQuery().execute({ userId });
      return row?.language ?? null;
    },
    async updateProfile(userId: string, changes: { name?: string; language?: string }, at: Date): Promise<void> {
      await db.update(users).set({ ...changes, updatedAt: at }).where(eq(users.id, userId));
    },
    /** The first acceptance is kept; accepting again answers it. */
    async acceptBappebti(userId: string, at: Date): Promise<Date | null> {
      const [row] = await db
        .update(users)
        .set({ bappebtiAcceptedAt: sql`coalesce(${users.bappebtiAcceptedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
        .where(eq(users.id, userId))
        .returning({ acceptedAt: users.bappebtiAcceptedAt });
      return row?.acceptedAt ?? null;
    },
    async setTag(userId: string, tag: string, present: boolean, at: Date): Promise<string[]> {
      const [row] = await db
        .update(users)
        .set({
          tags: present
            ? sql`case when ${tag} = any(${users.tags}) then ${users.tags} else array_append(${users.tags}, ${tag}) end`
            : sql`array_remove(${users.tags}, ${tag})`,
          updatedAt: at,
        })
        .where(eq(users.id, userId))
        .returning({ tags: users.tags });
      return row?.tags ?? [];
    },
    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)));
      return row !== undefined;
    },
    async phoneTakenByOther(phone: string, userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, userId)));
      return row !== undefined;
    },
    /** Rejects with the driver's unique violation (23505) when another user has the address. */
    async setEmail(userId: string, email: string, at: Date): Promise<void> {
      await db.update(users).set({ email, emailVerifiedAt: at, updatedAt: at }).where(eq(users.id, userId));
    },
    /** Rejects with the driver's unique violation (23505) when another user has the number. */
    async setPhone(userId: string, phone: string, at: Date): Promise<void> {
      await db.update(users).set({ phone, updatedAt: at }).where(eq(users.id, userId));
    },
    /** Moves a check's status to `to` only from one of `from` (a conditional update); false when it was elsewhere. */
    async moveCheckStatus(userId: string, kind: CheckKind, from: readonly string[], to: string): Promise<boolean> {
      const column = checkColumn(kind);
      const moved = await db
        .update(users)
        .set({ ...(kind === 'kyc' ? { kycStatus: to } : { gssKycStatus: to }), updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), inArray(column, [...from])))
        .returning({ id: users.id });
      return moved.length > 0;
    },
    async setCheckStatus(userId: string, kind: CheckKind, status: string): Promise<void> {
      await db
        .update(users)
        .set({ ...(kind === 'kyc' ? { kycStatus: status } : { gssKycStatus: status }), updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
    /** Locks the user's row until the handle's transaction ends (serializes a user's changes). */
    async lock(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
  };
}

export type UserRecords = ReturnType<typeof createUserRecords>;
