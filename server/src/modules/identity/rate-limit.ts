// Rate limits in fixed windows, counted in the database (every instance sees the same counts, and
// no per-user state lives in memory). A window always ends, so a stranger hammering someone's
// phone number can slow them for one window at most, never lock them out for good.
import { lt, sql } from 'drizzle-orm';
import type { ErrorCode } from '@pasar/shared/contract';
import type { PasarDb } from '../../db/database';
import { AppError } from '../../http/app-error';
import { rateLimitCounters } from './tables';

export interface RateRule {
  /** Part of the counter's key: rules never share counts. */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  /** Answered (HTTP 429) once the window's count passes the limit. */
  readonly code: ErrorCode;
}

/** A 429 with the seconds until the window ends; the auth plugin adds them as `retry-after`. */
export class RateLimitError extends AppError {
  constructor(
    code: ErrorCode,
    readonly retryAfterSeconds: number,
  ) {
    super(code, { httpStatus: 429 });
    this.name = 'RateLimitError';
  }
}

export interface RateLimiter {
  /** Counts one attempt against the rule for the key; throws RateLimitError past the limit. */
  hit(rule: RateRule, key: string): Promise<void>;
  /** Counts one attempt against every pair, then throws for the first one past its limit. */
  hitAll(pairs: ReadonlyArray<readonly [RateRule, string]>): Promise<void>;
}

/** Per account (phone or user id) and per IP. IP limits are multiplied by the configured factor. */
export const RATE_RULES = {
  otpRequestAccount: { name: 'otp-request:account', limit: 5, windowSeconds: 15 * 60, code: '1143' },
  otpRequestIp: { name: 'otp-request:ip', limit: 20, windowSeconds: 60 * 60, code: '1149' },
  otpCheckAccount: { name: 'otp-check:account', limit: 10, windowSeconds: 15 * 60, code: '1144' },
  otpCheckIp: { name: 'otp-check:ip', limit: 50, windowSeconds: 15 * 60, code: '1146' },
  pinCheckAccount: { name: 'pin-check:account', limit: 20, windowSeconds: 15 * 60, code: '1145' },
  pinCheckIp: { name: 'pin-check:ip', limit: 50, windowSeconds: 15 * 60, code: '1150' },
  /** validate-phone tells whether a number is registered: limited per IP. */
  phoneLookupIp: { name: 'phone-lookup:ip', limit: 60, windowSeconds: 15 * 60, code: '1146' },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

/** A rule for an IP key with the factor applied. */
export const scaled = (rule: RateRule, factor: number): RateRule => ({ ...rule, limit: rule.limit * factor });

export interface RateLimiterDeps {
  readonly db: PasarDb;
  readonly now?: () => Date;
  /** Chance per hit of removing counters older than a day (keeps the table small). */
  readonly cleanupChance?: number;
}

const DAY_MS = 86_400_000;

export function createRateLimiter({ db, now = () => new Date(), cleanupChance = 0.01 }: RateLimiterDeps): RateLimiter {
  async function count(rule: RateRule, key: string): Promise<{ hits: number; retryAfterSeconds: number }> {
    const at = now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ bucket: `${rule.name}:${key}`, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    if (Math.random() < cleanupChance) {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(at - DAY_MS)));
    }
    return { hits: row?.hits ?? 1, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - at) / 1000)) };
  }

  const limiter: RateLimiter = {
    async hit(rule, key) {
      await limiter.hitAll([[rule, key]]);
    },
    async hitAll(pairs) {
      const results = [];
      for (const [rule, key] of pairs) results.push({ rule, ...(await count(rule, key)) });
      const over = results.find((r) => r.hits > r.rule.limit);
      if (over) throw new RateLimitError(over.rule.code, over.retryAfterSeconds);
    },
  };
  return limiter;
}
