// One-time codes: 6 digits from the CSPRNG, kept only as an HMAC, single use, 5 minutes, a new one
// only after 60 seconds, a few tries per code; requests and checks rate-limited per account and IP.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type Language, type MessageChannel } from '@pasar/shared/contract';
import type { PasarDb } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Messages } from '../../messages/plugin';
import { RATE_RULES, RateLimitError, scaled, type RateLimiter } from './rate-limit';
import { otpHash, randomOtp, sameHash } from './secrets';
import { otpChallenges } from './tables';

/** Old challenges are removed now and then (1 in 50 issues), a day after they expired. */
const CLEANUP_CHANCE = 0.02;
const KEEP_MS = 86_400_000;

/** Wrong codes per challenge before it is spent (a new code must be requested). */
export const OTP_MAX_TRIES = 5;

export interface OtpContext {
  /** The caller's IP, for the per-IP limits. */
  readonly ip?: string;
  readonly language?: Language;
}

export interface OtpIssued {
  readonly destination: string;
  readonly expiresInSeconds: number;
  readonly resendInSeconds: number;
}

export interface OtpService {
  /**
   * Sends a new code for (purpose, destination) and returns when it expires. Throws 1143 (with
   * retry-after) while the previous unused code is younger than the resend wait, 1143/1149 past
   * the limits.
   */
  issue(purpose: string, destination: string, channel: MessageChannel, context?: OtpContext): Promise<OtpIssued>;
  /**
   * Checks and spends the latest code for (purpose, destination): 10002 when none is live (never
   * requested, expired, used or out of tries), 10001 when it is wrong, 1144/1146 past the limits.
   */
  verify(purpose: string, destination: string, code: string, context?: OtpContext): Promise<void>;
}

export interface OtpServiceDeps {
  readonly db: PasarDb;
  readonly messages: Pick<Messages, 'send'>;
  readonly rateLimiter: RateLimiter;
  /** HMAC key of the stored codes. */
  readonly key: Buffer;
  readonly ipFactor?: number;
  readonly now?: () => Date;
  readonly ttlSeconds?: number;
  readonly resendSeconds?: number;
}

const TEXT = {
  id: (code: string, minutes: number) =>
    `Kode OTP Pasar Anda: ${code}. Berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak Pasar.`,
  en: (code: string, minutes: number) =>
    `Your Pasar OTP is ${code}. It is valid for ${minutes} minutes. Never share this code with anyone, including Pasar staff.`,
} as const;
const SUBJECT = { id: 'Kode OTP Pasar', en: 'Your Pasar code' } as const;

export function createOtpService(deps: OtpServiceDeps): OtpService {
  const now = deps.now ?? (() => new Date());
  const ttl = deps.ttlSeconds ?? OTP_TTL_SECONDS;
  const resend = deps.resendSeconds ?? OTP_RESEND_SECONDS;
  const factor = deps.ipFactor ?? 1;
  const { db } = deps;

  const latest = async (purpose: string, destination: string) => {
    const [row] = await db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.purpose, purpose), eq(otpChallenges.destination, destination)))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    return row;
  };

  return {
    async issue(purpose, destination, channel, context = {}) {
      await deps.rateLimiter.hitAll([
        ...(context.ip ? [[scaled(RATE_RULES.otpRequestIp, factor), context.ip] as const] : []),
        [RATE_RULES.otpRequestAccount, destination],
      ]);
      const at = now();
      const previous = await latest(purpose, destination);
      // The wait applies while the previous code is unused: after a successful check a new
      // login (another device) may ask for a code at once; the per-account limit still counts.
      if (previous && previous.consumedAt === null) {
        const waitMs = previous.createdAt.getTime() + resend * 1000 - at.getTime();
        if (waitMs > 0) throw new RateLimitError('1143', Math.ceil(waitMs / 1000));
      }
      const id = randomUUID();
      const code = randomOtp();
      if (Math.random() < CLEANUP_CHANCE) {
        await db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, new Date(at.getTime() - KEEP_MS)));
      }
      // Only the newest code counts: earlier unused ones are spent now.
      await db
        .update(otpChallenges)
        .set({ consumedAt: at })
        .where(and(eq(otpChallenges.purpose, purpose), eq(otpChallenges.destination, destination), isNull(otpChallenges.consumedAt)));
      await db.insert(otpChallenges).values({
        id,
        purpose,
        destination,
        channel,
        codeHash: otpHash(deps.key, id, code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttl * 1000),
      });
      const language = context.language ?? 'id';
      await deps.messages.send({
        to: destination,
        channel,
        subject: SUBJECT[language],
        body: TEXT[language](code, Math.round(ttl / 60)),
        code,
      });
      return { destination, expiresInSeconds: ttl, resendInSeconds: resend };
    },

    async verify(purpose, destination, code, context = {}) {
      await deps.rateLimiter.hitAll([
        ...(context.ip ? [[scaled(RATE_RULES.otpCheckIp, factor), context.ip] as const] : []),
        [RATE_RULES.otpCheckAccount, destination],
      ]);
      const at = now();
      const [challenge] = await db
        .select()
        .from(otpChallenges)
        .where(and(eq(otpChallenges.purpose, purpose), eq(otpChallenges.destination, destination), isNull(otpChallenges.consumedAt)))
        .orderBy(desc(otpChallenges.createdAt))
        .limit(1);
      if (
        !challenge ||
        challenge.expiresAt.getTime() <= at.getTime() ||
        challenge.attempts >= OTP_MAX_TRIES
      ) {
        throw new AppError('10002');
      }
      if (!sameHash(otpHash(deps.key, challenge.id, code), challenge.codeHash)) {
        await db
          .update(otpChallenges)
          .set({ attempts: sql`${otpChallenges.attempts} + 1` })
          .where(eq(otpChallenges.id, challenge.id));
        throw new AppError('10001');
      }
      // Spend it; a concurrent check that got here first wins, the other sees "not requested".
      const spent = await db
        .update(otpChallenges)
        .set({ consumedAt: at })
        .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt)))
        .returning({ id: otpChallenges.id });
      if (spent.length === 0) throw new AppError('10002');
    },
  };
}
