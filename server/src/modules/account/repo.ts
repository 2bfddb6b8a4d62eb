// The account module's only database access: the user's profile columns, identity checks, bank
// accounts, notification settings, the notification centre, Telegram links, feedback and
// pending contact changes. Every query is scoped by the user id the caller owns. The user's own
// columns (profile, check statuses) live in identity's `users` table: this module changes them
// through the identity service's user records, on its transaction where a change must commit with
// its rows.
import { and, asc, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { builtOnce } from '../../db/prepared';
import type { UserProfileRow, UserRecords } from '../identity';
import {
  bankAccounts,
  contactChanges,
  feedback,
  kycSubmissions,
  notificationSettings,
  notifications,
  telegramLinks,
  telegramLinkTokens,
} from './tables';

export type UserRow = UserProfileRow;
/** The identity service's user records on a handle (`app.identity.userRecords`). */
export type UserRecordsOn = (handle: PasarDb) => UserRecords;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type NewKycSubmission = Omit<typeof kycSubmissions.$inferInsert, 'kind' | 'status' | 'reviewedAt' | 'reviewedBy' | 'rejectionReason'>;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NotificationSettingRow = typeof notificationSettings.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ContactKind = 'email' | 'phone';
export type KycKindValue = 'kyc' | 'gss';

export interface KycDecision {
  readonly status: 'VERIFIED' | 'REJECTED';
  readonly reason?: string;
  readonly by: string;
  readonly at: Date;
}

export interface DecidedSubmission {
  readonly id: string;
  readonly userId: string;
  readonly kind: KycKindValue;
  readonly status: 'VERIFIED' | 'REJECTED';
}

/** Which PENDING submissions a decision applies to. */
export type PendingFilter =
  | { readonly userId: string; readonly kind: KycKindValue }
  | { readonly submittedBefore: Date };

export class UniqueViolation extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`unique violation${constraint ? ` (${constraint})` : ''}`);
    this.name = 'UniqueViolation';
  }
}
export class LimitReached extends Error {
  constructor() {
    super('limit reached');
    this.name = 'LimitReached';
  }
}
export class StateConflict extends Error {
  constructor(readonly current: string | undefined) {
    super(`state conflict (current: ${current ?? 'none'})`);
    this.name = 'StateConflict';
  }
}

/** Postgres and PGlite both report `23505`; drizzle may wrap the driver's error in `cause`. */
function uniqueViolation(error: unknown): UniqueViolation | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return new UniqueViolation(e.constraint);
  }
  return undefined;
}

async function rethrowUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

export function createAccountRepo(db: PasarDb, userRecords: UserRecordsOn) {
  const users = userRecords(db);
  /** Drizzle's transaction handle, as the user records take it. */
  const asDb = (tx: unknown) => tx as PasarDb;
  // Every notification reads its type's setting: built once (db/prepared.ts).
  const notificationSettingQuery = builtOnce(() =>
    db
      .select()
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, sql.placeholder('userId')), eq(notificationSettings.type, sql.placeholder('type'))))
      .prepare('account_notification_setting'),
  );
  return {
    // ---- users (identity's table, through its user records) ----
    findUser: (userId: string): Promise<UserRow | null> => users.profile(userId),
    userLanguage: (userId: string): Promise<string | null> => users.language(userId),
    findUserByPhone: (phone: string): Promise<UserRow | null> => users.profileByPhone(phone),
    updateProfile: (userId: string, changes: { name?: string; language?: string }, at: Date): Promise<void> =>
      users.updateProfile(userId, changes, at),
    /** The first acceptance is kept; accepting again answers it. */
    acceptBappebti: (userId: string, at: Date): Promise<Date | null> => users.acceptBappebti(userId, at),
    setTag: (userId: string, tag: string, present: boolean, at: Date): Promise<string[]> => users.setTag(userId, tag, present, at),
    emailTakenByOther: (email: string, userId: string): Promise<boolean> => users.emailTakenByOther(email, userId),
    phoneTakenByOther: (phone: string, userId: string): Promise<boolean> => users.phoneTakenByOther(phone, userId),
    async setEmail(userId: string, email: string, at: Date): Promise<void> {
      await rethrowUnique(() => users.setEmail(userId, email, at));
    },
    async setPhone(userId: string, phone: string, at: Date): Promise<void> {
      await rethrowUnique(() => users.setPhone(userId, phone, at));
    },

    // ---- pending e-mail / phone changes ----
    async putContactChange(userId: string, kind: ContactKind, value: string, at: Date): Promise<void> {
      await db
        .insert(contactChanges)
        .values({ userId, kind, newValue: value, requestedAt: at })
        .onConflictDoUpdate({ target: [contactChanges.userId, contactChanges.kind], set: { newValue: value, requestedAt: at } });
    },
    async getContactChange(userId: string, kind: ContactKind): Promise<{ value: string; requestedAt: Date } | null> {
      const [row] = await db
        .select()
        .from(contactChanges)
        .where(and(eq(contactChanges.userId, userId), eq(contactChanges.kind, kind)));
      return row ? { value: row.newValue, requestedAt: row.requestedAt } : null;
    },
    async deleteContactChange(userId: string, kind: ContactKind): Promise<void> {
      await db.delete(contactChanges).where(and(eq(contactChanges.userId, userId), eq(contactChanges.kind, kind)));
    },

    // ---- feedback ----
    async insertFeedback(row: typeof feedback.$inferInsert): Promise<void> {
      await db.insert(feedback).values(row);
    },

    // ---- identity checks ----
    async latestSubmission(userId: string, kind: KycKindValue): Promise<KycSubmissionRow | null> {
      const [row] = await db
        .select()
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.kind, kind)))
        .orderBy(desc(kycSubmissions.submittedAt))
        .limit(1);
      return row ?? null;
    },
    async submissionById(id: string): Promise<KycSubmissionRow | null> {
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
      return row ?? null;
    },
    /** The latest VERIFIED identity-card submission (its full name is the verified name). */
    async verifiedKyc(userId: string): Promise<KycSubmissionRow | null> {
      const [row] = await db
        .select()
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.kind, 'kyc'), eq(kycSubmissions.status, 'VERIFIED')))
        .orderBy(desc(kycSubmissions.reviewedAt))
        .limit(1);
      return row ?? null;
    },
    /**
     * Records a submission and moves the user's status to PENDING, only from one of `from`
     * (a conditional update: two concurrent submissions cannot both pass). StateConflict otherwise.
     */
    async submitKyc(row: NewKycSubmission, kind: KycKindValue, from: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        const records = userRecords(asDb(tx));
        if (!(await records.moveCheckStatus(row.userId, kind, from, 'PENDING'))) {
          const current = await records.profile(row.userId);
          throw new StateConflict(current ? (kind === 'kyc' ? current.kycStatus : current.gssKycStatus) : undefined);
        }
        await rethrowUnique(() => tx.insert(kycSubmissions).values({ ...row, kind, status: 'PENDING' }));
      });
    },
    /**
     * Decides PENDING submissions with a conditional update (status = 'PENDING' in the WHERE), so a
     * submission is decided once even with several reviewers or instances; the user's status
     * follows in the same transaction. Returns what this call decided.
     */
    async decidePending(filter: PendingFilter, decision: KycDecision): Promise<DecidedSubmission[]> {
      return db.transaction(async (tx) => {
        const where =
          'userId' in filter
            ? and(eq(kycSubmissions.status, 'PENDING'), eq(kycSubmissions.userId, filter.userId), eq(kycSubmissions.kind, filter.kind))
            : and(eq(kycSubmissions.status, 'PENDING'), lte(kycSubmissions.submittedAt, filter.submittedBefore));
        const decided = await tx
          .update(kycSubmissions)
          .set({
            status: decision.status,
            rejectionReason: decision.status === 'REJECTED' ? (decision.reason ?? null) : null,
            reviewedAt: decision.at,
            reviewedBy: decision.by,
          })
          .where(where)
          .returning({ id: kycSubmissions.id, userId: kycSubmissions.userId, kind: kycSubmissions.kind });
        const records = userRecords(asDb(tx));
        for (const row of decided) await records.setCheckStatus(row.userId, row.kind as KycKindValue, decision.status);
        return decided.map((row) => ({ ...row, kind: row.kind as KycKindValue, status: decision.status }));
      });
    },
    async listPending(): Promise<Array<KycSubmissionRow & { phone: string }>> {
      const rows = await db.select().from(kycSubmissions).where(eq(kycSubmissions.status, 'PENDING')).orderBy(asc(kycSubmissions.submittedAt));
      const phones = new Map((await users.profiles(rows.map((row) => row.userId))).map((user) => [user.id, user.phone]));
      return rows.flatMap((row) => {
        const phone = phones.get(row.userId);
        return phone === undefined ? [] : [{ ...row, phone }];
      });
    },

    // ---- bank accounts ----
    async listBankAccounts(userId: string): Promise<BankAccountRow[]> {
      return db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
    },
    async countBankAccounts(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
      return row?.n ?? 0;
    },
    /** Adds an account under a lock on the user's row: the limit holds under concurrency; the first is primary. */
    async addBankAccount(
      row: Omit<typeof bankAccounts.$inferInsert, 'isPrimary'>,
      max: number,
    ): Promise<BankAccountRow> {
      return db.transaction(async (tx) => {
        await userRecords(asDb(tx)).lock(row.userId);
        const [existing] = await tx.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.userId, row.userId));
        const n = existing?.n ?? 0;
        if (n >= max) throw new LimitReached();
        const [inserted] = await rethrowUnique(() =>
          tx.insert(bankAccounts).values({ ...row, isPrimary: n === 0 }).returning(),
        );
        return inserted!;
      });
    },
    async setPrimaryBankAccount(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await userRecords(asDb(tx)).lock(userId);
        const [target] = await tx
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
        if (!target) return false;
        await tx.update(bankAccounts).set({ isPrimary: false }).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isPrimary, true)));
        await tx.update(bankAccounts).set({ isPrimary: true }).where(eq(bankAccounts.id, id));
        return true;
      });
    },
    /** Removes the account; removing the primary promotes the oldest remaining one. */
    async removeBankAccount(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await userRecords(asDb(tx)).lock(userId);
        const [removed] = await tx
          .delete(bankAccounts)
          .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
          .returning();
        if (!removed) return false;
        if (removed.isPrimary) {
          const [next] = await tx
            .select({ id: bankAccounts.id })
            .from(bankAccounts)
            .where(eq(bankAccounts.userId, userId))
            .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id))
            .limit(1);
          if (next) await tx.update(bankAccounts).set({ isPrimary: true }).where(eq(bankAccounts.id, next.id));
        }
        return true;
      });
    },

    // ---- notification settings and Telegram ----
    async notificationSettings(userId: string): Promise<NotificationSettingRow[]> {
      return db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    },
    async notificationSetting(userId: string, type: string): Promise<NotificationSettingRow | null> {
      const [row] = await notificationSettingQuery().execute({ userId, type });
      return row ?? null;
    },
    async saveNotificationSettings(
      userId: string,
      items: ReadonlyArray<{ type: string; inApp: boolean; email: boolean; telegram: boolean }>,
      at: Date,
    ): Promise<void> {
      if (items.length === 0) return;
      await db
        .insert(notificationSettings)
        .values(items.map((i) => ({ userId, type: i.type, inApp: i.inApp, email: i.email, telegram: i.telegram, updatedAt: at })))
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.type],
          set: {
            inApp: sql`excluded.in_app`,
            email: sql`excluded.email`,
            telegram: sql`excluded.telegram`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },
    async telegramChat(userId: string): Promise<string | null> {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
      return row?.chatId ?? null;
    },
    async insertTelegramToken(tokenHash: string, userId: string, expiresAt: Date, at: Date): Promise<void> {
      // Earlier unused links of this user stop working: only the newest link connects.
      await db.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
      await db.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt, createdAt: at });
    },
    /** Single use: marks the token used if it is unused and unexpired; the user it belongs to, or null. */
    async consumeTelegramToken(tokenHash: string, at: Date): Promise<string | null> {
      const [row] = await db
        .update(telegramLinkTokens)
        .set({ usedAt: at })
        .where(and(eq(telegramLinkTokens.tokenHash, tokenHash), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, at)))
        .returning({ userId: telegramLinkTokens.userId });
      return row?.userId ?? null;
    },
    async linkTelegram(userId: string, chatId: string, at: Date): Promise<void> {
      await db
        .insert(telegramLinks)
        .values({ userId, chatId, linkedAt: at })
        .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, linkedAt: at } });
    },
    async unlinkTelegram(userId: string): Promise<void> {
      await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
    },

    // ---- notification centre ----
    async insertNotification(row: Omit<NotificationRow, 'readAt'>): Promise<NotificationRow> {
      const [inserted] = await db.insert(notifications).values(row).returning();
      return inserted!;
    },
    async listNotifications(
      userId: string,
      page: number,
      size: number,
    ): Promise<{ items: NotificationRow[]; total: number; unread: number }> {
      const items = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(size)
        .offset(page * size);
      const [totals] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
        })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { items, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
    },
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    /** Marks one notification read (the first read time is kept); null when it is not this user's. */
    async markRead(userId: string, id: string, at: Date): Promise<NotificationRow | null> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row ?? null;
    },
    async markAllRead(userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** Users by id (for notification fan-out by other modules). */
    usersByIds: (ids: readonly string[]): Promise<UserRow[]> => users.profiles(ids),
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
