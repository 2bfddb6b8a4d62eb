// Profile: the user's own data, language, tags, Bappebti terms, feedback, and e-mail / phone
// changes with a one-time code sent to the NEW address.
import {
  DEFAULT_LANGUAGE,
  PHONE_FORMAT_MESSAGE,
  normalizePhone,
  type ChangeOtpChallenge,
  type FeedbackRequest,
  type KycStatus,
  type Language,
  type UserMe,
  type UserStatus,
  type UserStatusResponse,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { Notify } from './notification-service';
import { UniqueViolation, type AccountRepo, type UserRow } from './repo';

/** The OTP service of the identity module (app.otp), as this module uses it. */
export interface OtpPort {
  issue(
    purpose: string,
    destination: string,
    channel: 'sms' | 'email',
    context?: { ip?: string; language?: Language },
  ): Promise<{ expiresInSeconds: number; resendInSeconds: number }>;
  verify(purpose: string, destination: string, code: string, context?: { ip?: string; language?: Language }): Promise<void>;
}

export const EMAIL_CHANGE_PURPOSE = 'email-change';
export const PHONE_CHANGE_PURPOSE = 'phone-change';
/** A pending change is forgotten after this long (the OTP itself lives 5 minutes). */
const CHANGE_TTL_MS = 30 * 60 * 1000;

export interface ProfileServiceDeps {
  readonly repo: AccountRepo;
  readonly otp: OtpPort;
  readonly notify: Notify;
  readonly now?: () => Date;
  /** Reads the profile for trading's checks and keeps it for the request's notification (the repo's read by default). */
  readonly rememberUser?: (userId: string) => Promise<UserRow | null>;
}

/** What trading checks of a person before anything else (018, then 007). */
export interface TradingChecks {
  readonly termsAccepted: boolean;
  /** The identity check (KYC) status; null for an unknown user. */
  readonly kycStatus: string | null;
}

export interface RequestContext {
  readonly ip?: string;
  readonly language?: Language;
}

const asLanguage = (value: string): Language => (value === 'en' ? 'en' : 'id');

export function toUserMe(user: UserRow): UserMe {
  return {
    id: user.id,
    name: user.name ? user.name : null,
    phone: user.phone,
    email: user.email,
    emailVerified: user.email !== null && user.emailVerifiedAt !== null,
    language: asLanguage(user.language),
    kycStatus: user.kycStatus as KycStatus,
    gssKycStatus: user.gssKycStatus as KycStatus,
    bappebtiAcceptedAt: user.bappebtiAcceptedAt ? user.bappebtiAcceptedAt.toISOString() : null,
    status: user.status as UserStatus,
    createdAt: user.createdAt.toISOString(),
  };
}

export function createProfileService(deps: ProfileServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The signed-in user; a session whose user is gone is an invalid session. */
  async function userOf(userId: string): Promise<UserRow> {
    const user = await repo.findUser(userId);
    if (!user) throw new AppError('009');
    return user;
  }

  async function pendingChange(userId: string, kind: 'email' | 'phone'): Promise<string> {
    const pending = await repo.getContactChange(userId, kind);
    if (!pending || now().getTime() - pending.requestedAt.getTime() > CHANGE_TTL_MS) throw new AppError('10002');
    return pending.value;
  }

  return {
    userOf,
    async me(userId: string): Promise<UserMe> {
      return toUserMe(await userOf(userId));
    },

    async updateMe(userId: string, changes: { name?: string; language?: Language }): Promise<UserMe> {
      await userOf(userId);
      await repo.updateProfile(
        userId,
        { ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.language ? { language: changes.language } : {}) },
        now(),
      );
      return toUserMe(await userOf(userId));
    },

    async status(userId: string): Promise<UserStatusResponse> {
      const user = await userOf(userId);
      return {
        status: user.status as UserStatus,
        kycStatus: user.kycStatus as KycStatus,
        gssKycStatus: user.gssKycStatus as KycStatus,
        bappebtiAccepted: user.bappebtiAcceptedAt !== null,
        emailVerified: user.email !== null && user.emailVerifiedAt !== null,
        bankAccountCount: await repo.countBankAccounts(userId),
      };
    },

    async tags(userId: string): Promise<{ tags: string[] }> {
      return { tags: [...(await userOf(userId)).tags] };
    },

    async acceptBappebti(userId: string): Promise<{ acceptedAt: string }> {
      await userOf(userId);
      const at = await repo.acceptBappebti(userId, now());
      if (!at) throw new AppError('009');
      return { acceptedAt: at.toISOString() };
    },

    /** For other modules (crypto trading): 018 until the user accepted the Bappebti terms. */
    async assertBappebtiAccepted(userId: string): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user?.bappebtiAcceptedAt) throw new AppError('018');
    },

    /** For trading's first checks: the Bappebti terms and the identity check, from one read of the user. */
    async tradingChecks(userId: string): Promise<TradingChecks> {
      const user = await (deps.rememberUser ?? repo.findUser)(userId);
      return { termsAccepted: Boolean(user?.bappebtiAcceptedAt), kycStatus: user?.kycStatus ?? null };
    },

    async feedback(userId: string, body: FeedbackRequest): Promise<{ id: string; createdAt: string }> {
      const id = crypto.randomUUID();
      const createdAt = now();
      await repo.insertFeedback({ id, userId, category: body.category, message: body.message, rating: body.rating ?? null, createdAt });
      return { id, createdAt: createdAt.toISOString() };
    },

    async requestEmailChange(userId: string, email: string, context: RequestContext = {}): Promise<ChangeOtpChallenge> {
      const user = await userOf(userId);
      if (user.email?.toLowerCase() === email && user.emailVerifiedAt) throw new AppError('2303');
      if (await repo.emailTakenByOther(email, userId)) throw new AppError('2302');
      const issued = await deps.otp.issue(EMAIL_CHANGE_PURPOSE, email, 'email', context);
      await repo.putContactChange(userId, 'email', email, now());
      return { destination: email, channel: 'email', expiresInSeconds: issued.expiresInSeconds, resendInSeconds: issued.resendInSeconds };
    },

    async verifyEmailChange(userId: string, otp: string, context: RequestContext = {}): Promise<UserMe> {
      const user = await userOf(userId);
      const email = await pendingChange(userId, 'email');
      await deps.otp.verify(EMAIL_CHANGE_PURPOSE, email, otp, context);
      if (await repo.emailTakenByOther(email, userId)) throw new AppError('2302');
      try {
        await repo.setEmail(userId, email, now());
      } catch (error) {
        if (error instanceof UniqueViolation) throw new AppError('2302');
        throw error;
      }
      await repo.deleteContactChange(userId, 'email');
      await deps.notify(userId, {
        type: 'SECURITY',
        title: { id: 'E-mail diubah', en: 'E-mail changed' },
        body: {
          id: `E-mail akun Anda sekarang ${email}${user.email ? ` (sebelumnya ${user.email})` : ''}. Jika ini bukan Anda, hubungi dukungan.`,
          en: `Your account e-mail is now ${email}${user.email ? ` (was ${user.email})` : ''}. If this was not you, contact support.`,
        },
      });
      return toUserMe(await userOf(userId));
    },

    /** `input` in any accepted form (08…, 628…, +628…); 002 in the caller's language when it is none. */
    async requestPhoneChange(userId: string, input: string, context: RequestContext = {}): Promise<ChangeOtpChallenge> {
      const phone = normalizePhone(input);
      if (!phone) {
        throw new AppError('002', { details: [{ path: 'phone', message: PHONE_FORMAT_MESSAGE[context.language ?? DEFAULT_LANGUAGE] }] });
      }
      const user = await userOf(userId);
      if (user.phone === phone) throw new AppError('2303');
      if (await repo.phoneTakenByOther(phone, userId)) throw new AppError('2301');
      const issued = await deps.otp.issue(PHONE_CHANGE_PURPOSE, phone, 'sms', context);
      await repo.putContactChange(userId, 'phone', phone, now());
      return { destination: phone, channel: 'sms', expiresInSeconds: issued.expiresInSeconds, resendInSeconds: issued.resendInSeconds };
    },

    async verifyPhoneChange(userId: string, otp: string, context: RequestContext = {}): Promise<UserMe> {
      const user = await userOf(userId);
      const phone = await pendingChange(userId, 'phone');
      await deps.otp.verify(PHONE_CHANGE_PURPOSE, phone, otp, context);
      if (await repo.phoneTakenByOther(phone, userId)) throw new AppError('2301');
      try {
        await repo.setPhone(userId, phone, now());
      } catch (error) {
        if (error instanceof UniqueViolation) throw new AppError('2301');
        throw error;
      }
      await repo.deleteContactChange(userId, 'phone');
      await deps.notify(userId, {
        type: 'SECURITY',
        title: { id: 'Nomor HP diubah', en: 'Phone number changed' },
        body: {
          id: `Nomor HP akun Anda diubah dari ${user.phone} ke ${phone}. Jika ini bukan Anda, hubungi dukungan.`,
          en: `Your account phone number changed from ${user.phone} to ${phone}. If this was not you, contact support.`,
        },
      });
      return toUserMe(await userOf(userId));
    },

    async setTag(phone: string, tag: string, present: boolean): Promise<{ phone: string; tags: string[] }> {
      const user = await repo.findUserByPhone(phone);
      if (!user) throw new AppError('003');
      return { phone: user.phone, tags: await repo.setTag(user.id, tag, present, now()) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
