// The identity rules: sign-up and login by phone (OTP, then PIN), access and refresh tokens,
// device sessions, the PIN and its ladder, forgot-PIN. Routes only translate HTTP to these calls.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  PIN_MAX_ATTEMPTS,
  PIN_WARNING_FROM_ATTEMPT,
  WEAK_PIN_CODE,
  errorMessage,
  weakPin,
  type AuthSession,
  type DeviceClass,
  type DeviceList,
  type DeviceStatus,
  type Language,
  type OtpChallenge,
} from '@pasar/shared/contract';
// The shared package exports no `./device` subpath (its root index is the browser kit), so the
// plain detection file is imported by path.
import { detectAppDevice, detectDeviceInfo } from '@pasar/shared/device';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { AccessTokens } from './access-tokens';
import type { OtpService } from './otp';
import { RATE_RULES, scaled, type RateLimiter } from './rate-limit';
import type { IdentityRepo, SessionWithUser, StepPurpose, UserFacts } from './repo';
import { hashPin, randomToken, sha256, verifyPin } from './secrets';
import type { DeviceSessionRow, UserRow } from './tables';
import { createUserRecords } from './user-records';

/** What the server knows about the caller of a call. */
export interface ClientInfo {
  readonly ip: string;
  readonly userAgent: string;
  /** The browser's `x-device-id`; a session without one gets a server-made id. */
  readonly deviceId: string | null;
  /** The app marker (cookie or header "Pasar_Android_v2.31") when the page runs in the app. */
  readonly appMarker?: string | null;
  readonly language: Language;
}

export interface IssuedSession {
  readonly session: AuthSession;
  /** The new refresh token for the `pasarRefresh` cookie. */
  readonly refreshToken: string;
  readonly refreshExpiresAt: Date;
}

export interface IdentityServiceDeps {
  readonly repo: IdentityRepo;
  readonly otp: OtpService;
  readonly rateLimiter: RateLimiter;
  readonly tokens: AccessTokens;
  readonly refreshTtlDays: number;
  readonly pinFreshSeconds: number;
  readonly ipFactor: number;
  /** scrypt's cost (log2 N) for new PIN hashes: config.identity.pinHashCost. */
  readonly pinHashCost?: number;
  /** The birth date (YYYY-MM-DD) the identity check knows for a user, if any: a PIN must not be it. */
  readonly birthDateOf?: BirthDateSource;
  readonly now?: () => Date;
}

/**
 * How long an instance reuses the session row `authenticate` read (decision 0010). Every change
 * this instance makes forgets it at once and tells the other instances (pub/sub), so a logout, a
 * device's logout and a PIN check take effect on the next call; the time only bounds a lost message.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_SIZE = 10_000;

/** Where the identity module learns a user's birth date (the account module's identity check). */
export type BirthDateSource = (userId: string) => Promise<string | null>;

/** Sign-up, login and reset tokens live 10 minutes. */
const STEP_TTL_MS = 10 * 60_000;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;
const OTP_PURPOSE = { signup: 'signup', login: 'login', forgotPin: 'forgot-pin' } as const;

const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function createIdentityService(deps: IdentityServiceDeps) {
  const { repo, otp, rateLimiter, tokens } = deps;
  // Sessions as `authenticate` read them, by id, until `until` (performance.now(), whatever `now` says).
  const sessions = new Map<string, { readonly found: SessionWithUser; readonly until: number }>();
  // Bumped by every forget: a read that started before one is not kept (it may predate the change).
  let forgets = 0;
  /** Drops a session this instance or another one changed. */
  const forgetSession = (sessionId: string) => {
    forgets += 1;
    sessions.delete(sessionId);
  };
  let tellOthers: ((sessionId: string) => void) | undefined;
  /** After this instance changed a session: forget it here, tell the others. */
  const sessionChanged = (sessionId: string) => {
    forgetSession(sessionId);
    tellOthers?.(sessionId);
  };
  const keepSession = (found: SessionWithUser) => {
    if (sessions.size >= SESSION_CACHE_SIZE) sessions.delete(sessions.keys().next().value as string);
    sessions.set(found.session.id, { found, until: performance.now() + SESSION_CACHE_MS });
  };
  async function sessionOf(sessionId: string): Promise<SessionWithUser | undefined> {
    const kept = sessions.get(sessionId);
    if (kept && kept.until > performance.now()) return kept.found;
    const before = forgets;
    const found = await repo.sessionWithUser(sessionId);
    if (found && forgets === before) keepSession(found);
    return found;
  }
  const now = deps.now ?? (() => new Date());
  let birthDateOf: BirthDateSource | undefined = deps.birthDateOf;
  const otpContext = (client: ClientInfo) => ({ ip: client.ip, language: client.language });

  const challenge = (issued: { destination: string; expiresInSeconds: number; resendInSeconds: number }): OtpChallenge => ({
    phone: issued.destination,
    expiresInSeconds: issued.expiresInSeconds,
    resendInSeconds: issued.resendInSeconds,
  });

  async function issueStep(purpose: StepPurpose, phone: string, userId: string | null): Promise<string> {
    const token = randomToken();
    const at = now();
    await repo.insertStep({ tokenHash: sha256(token), purpose, phone, userId, at, expiresAt: new Date(at.getTime() + STEP_TTL_MS) });
    if (Math.random() < 0.02) await repo.deleteStepsExpiredBefore(new Date(at.getTime() - 86_400_000));
    return token;
  }

  /** A live, unspent step token of that purpose, or 009 (start again). Not spent yet. */
  async function readStep(token: string, purpose: StepPurpose) {
    const row = await repo.stepByHash(sha256(token), purpose);
    if (!row || row.consumedAt !== null || row.expiresAt.getTime() <= now().getTime()) throw new AppError('009');
    return row;
  }

  async function spendStep(token: string): Promise<void> {
    if (!(await repo.consumeStep(sha256(token), now()))) throw new AppError('009');
  }

  function assertActive(user: UserRow): void {
    if (user.status === 'DEACTIVATED') throw new AppError('1174');
    if (user.status === 'DELETED') throw new AppError('1176');
  }

  function deviceIdOf(client: ClientInfo): string {
    return client.deviceId && DEVICE_ID.test(client.deviceId) ? client.deviceId : `srv-${randomUUID()}`;
  }

  /**
   * The PIN ladder: rate limits first (1145/1150), then a blocked PIN answers 1119 whatever is
   * typed; a wrong PIN answers 0004 (1st–2nd), 1114 (3rd–4th), 1119 (5th, and the PIN is
   * blocked until forgot-PIN); a right one clears the count.
   */
  /**
   * A new PIN must not be easy to guess (a sequence, a repeated digit, the birth date once the
   * identity check knows it): 2004, with the field that carries it.
   */
  async function assertStrongPin(pin: string, field: 'pin' | 'newPin', userId: string | null, language: Language): Promise<void> {
    const birthDate = userId && birthDateOf ? await birthDateOf(userId) : null;
    if (weakPin(pin, birthDate) === null) return;
    throw new AppError(WEAK_PIN_CODE, { details: [{ path: field, message: errorMessage(WEAK_PIN_CODE, language) }] });
  }

  async function checkPin(user: UserRow, pin: string, client: ClientInfo): Promise<void> {
    await rateLimiter.hitAll([
      [scaled(RATE_RULES.pinCheckIp, deps.ipFactor), client.ip],
      [RATE_RULES.pinCheckAccount, user.id],
    ]);
    if (user.pinBlockedAt !== null) throw new AppError('1119');
    if (!user.pinHash) throw new AppError('1119');
    if (await verifyPin(pin, user.pinHash)) {
      if (user.pinFailedAttempts > 0) await repo.clearPinFailures(user.id, now());
      return;
    }
    const attempts = await repo.recordPinFailure(user.id, PIN_MAX_ATTEMPTS, now());
    if (attempts >= PIN_MAX_ATTEMPTS) throw new AppError('1119');
    if (attempts >= PIN_WARNING_FROM_ATTEMPT) throw new AppError('1114');
    throw new AppError('0004');
  }

  async function startSession(user: UserRow, client: ClientInfo): Promise<IssuedSession> {
    const info = detectDeviceInfo(client.userAgent, client.appMarker ?? null);
    const deviceClass: DeviceClass = detectAppDevice(client.appMarker ?? client.userAgent).deviceClass;
    const session = await repo.createSession({
      id: randomUUID(),
      userId: user.id,
      deviceId: deviceIdOf(client),
      userAgent: client.userAgent.slice(0, 512),
      deviceType: info.deviceType,
      deviceClass,
      os: info.os,
      ip: client.ip || null,
      at: now(),
    });
    return issueTokens(user, session, randomUUID());
  }

  async function issueTokens(user: UserRow, session: DeviceSessionRow, familyId: string): Promise<IssuedSession> {
    const at = now();
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(at.getTime() + deps.refreshTtlDays * 86_400_000);
    await repo.insertRefresh({
      tokenHash: sha256(refreshToken),
      familyId,
      sessionId: session.id,
      userId: user.id,
      at,
      expiresAt: refreshExpiresAt,
    });
    const accessToken = await tokens.sign({ userId: user.id, sessionId: session.id });
    return {
      refreshToken,
      refreshExpiresAt,
      session: {
        accessToken,
        expiresInSeconds: tokens.ttlSeconds,
        user: {
          id: user.id,
          phone: user.phone,
          name: user.name,
          kycStatus: user.kycStatus as AuthSession['user']['kycStatus'],
          gssKycStatus: user.gssKycStatus as AuthSession['user']['gssKycStatus'],
        },
      },
    };
  }

  async function registeredUser(phone: string): Promise<UserRow> {
    const user = await repo.userByPhone(phone);
    if (!user) throw new AppError('2002');
    assertActive(user);
    return user;
  }

  async function ownSession(auth: AuthContext, id: string): Promise<DeviceSessionRow> {
    const session = await repo.ownSession(auth.userId, id);
    if (!session) throw new AppError('003');
    return session;
  }

  return {
    async validatePhone(phone: string, client: ClientInfo) {
      await rateLimiter.hit(scaled(RATE_RULES.phoneLookupIp, deps.ipFactor), client.ip);
      return { phone, registered: (await repo.userByPhone(phone)) !== undefined };
    },

    /**
     * The birth dates of the identity check, for the PIN rule. The service is built before the
     * account module that owns them, so that module's source is plugged in when both exist.
     */
    useBirthDates(source: BirthDateSource): void {
      birthDateOf = source;
    },

    // ---- sign-up ----

    async signupPhone(phone: string, client: ClientInfo): Promise<OtpChallenge> {
      if (await repo.userByPhone(phone)) throw new AppError('2001');
      return challenge(await otp.issue(OTP_PURPOSE.signup, phone, 'sms', otpContext(client)));
    },

    async signupVerifyOtp(phone: string, code: string, client: ClientInfo) {
      if (await repo.userByPhone(phone)) throw new AppError('2001');
      await otp.verify(OTP_PURPOSE.signup, phone, code, otpContext(client));
      return { signupToken: await issueStep('signup', phone, null) };
    },

    async registerPin(input: { signupToken: string; pin: string; name?: string }, client: ClientInfo): Promise<IssuedSession> {
      const step = await readStep(input.signupToken, 'signup');
      if (await repo.userByPhone(step.phone)) throw new AppError('2001');
      await assertStrongPin(input.pin, 'pin', null, client.language);
      const pinHash = await hashPin(input.pin, deps.pinHashCost);
      await spendStep(input.signupToken);
      const user = await repo.createUser({
        id: randomUUID(),
        phone: step.phone,
        name: input.name?.trim() ?? '',
        language: client.language,
        pinHash,
        at: now(),
      });
      if (!user) throw new AppError('2001');
      return startSession(user, client);
    },

    // ---- login ----

    async loginPhone(phone: string, client: ClientInfo): Promise<OtpChallenge> {
      const user = await registeredUser(phone);
      if (client.deviceId && (await repo.isDeviceBlocked(user.id, client.deviceId))) throw new AppError('2003');
      return challenge(await otp.issue(OTP_PURPOSE.login, phone, 'sms', otpContext(client)));
    },

    async loginVerifyOtp(phone: string, code: string, client: ClientInfo) {
      await otp.verify(OTP_PURPOSE.login, phone, code, otpContext(client));
      const user = await registeredUser(phone);
      return { loginToken: await issueStep('login', phone, user.id) };
    },

    async loginVerifyPin(input: { loginToken: string; pin: string }, client: ClientInfo): Promise<IssuedSession> {
      const step = await readStep(input.loginToken, 'login');
      const user = step.userId ? await repo.userById(step.userId) : undefined;
      if (!user) throw new AppError('009');
      assertActive(user);
      if (client.deviceId && (await repo.isDeviceBlocked(user.id, client.deviceId))) throw new AppError('2003');
      await checkPin(user, input.pin, client);
      await spendStep(input.loginToken);
      return startSession(user, client);
    },

    // ---- what other modules ask about a user (they never read `users` themselves) ----

    /** The user's phone, identity checks and sign-up time; null for an unknown id. */
    async userFacts(userId: string): Promise<UserFacts | null> {
      const [found] = await repo.userFacts([userId]);
      return found ?? null;
    },

    /** The same for several users, keyed by id (unknown ids are absent). */
    async userFactsById(userIds: readonly string[]): Promise<Map<string, UserFacts>> {
      return new Map((await repo.userFacts(userIds)).map((facts) => [facts.id, facts]));
    },

    /**
     * The users table for the module that keeps the profile and the identity checks (account), on
     * the handle given: `app.database.db`, or that module's transaction when its change must commit
     * with the user's row.
     */
    userRecords: createUserRecords,

    /** The identity check (KYC) status: VERIFIED opens funding and trading; null for an unknown user. */
    async kycStatus(userId: string): Promise<string | null> {
      return (await repo.userFacts([userId]))[0]?.kycStatus ?? null;
    },

    /** The US-stock declaration (GSS KYC) status: VERIFIED opens US stocks; null for an unknown user. */
    async gssKycStatus(userId: string): Promise<string | null> {
      return (await repo.userFacts([userId]))[0]?.gssKycStatus ?? null;
    },

    // ---- tokens and sessions ----

    /** Another instance changed this session (pub/sub): the next call reads it again. */
    forgetSession,

    /** How this instance tells the others of a session it ended or changed (the module's pub/sub). */
    tellSessionChanges(tell: (sessionId: string) => void): void {
      tellOthers = tell;
    },

    /** The caller of a bearer token, or 009; ended sessions and deactivated users are refused. */
    async authenticate(accessToken: string, client: Pick<ClientInfo, 'ip'>): Promise<AuthContext> {
      const claims = await tokens.verify(accessToken);
      if (!claims) throw new AppError('009');
      const found = await sessionOf(claims.sessionId);
      if (!found || found.session.userId !== claims.userId || found.session.status !== 'ACTIVE') throw new AppError('009');
      if (found.userStatus === 'DEACTIVATED') throw new AppError('1174');
      if (found.userStatus === 'DELETED') throw new AppError('1176');
      const at = now();
      if (at.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await repo.touchSession(found.session.id, at, client.ip || null);
        if (sessions.get(found.session.id)?.found === found) keepSession({ ...found, session: { ...found.session, lastSeenAt: at, ...(client.ip ? { ip: client.ip } : {}) } });
      }
      return {
        userId: found.session.userId,
        sessionId: found.session.id,
        deviceId: found.session.deviceId,
        pinVerifiedAt: found.session.pinVerifiedAt,
      };
    },

    isPinFresh(auth: AuthContext): boolean {
      return auth.pinVerifiedAt !== null && now().getTime() - auth.pinVerifiedAt.getTime() < deps.pinFreshSeconds * 1000;
    },

    /**
     * Rotates the refresh token. A token already used (or revoked) revokes its whole family and
     * ends its device session: whoever holds a copy, thief or owner, must log in again.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw new AppError('009');
      const at = now();
      const hash = sha256(refreshToken);
      const row = await repo.refreshByHash(hash);
      if (!row) throw new AppError('009');
      const reuse = async () => {
        await repo.revokeFamily(row.familyId, at);
        await repo.endSession(row.sessionId, 'TOKEN_REUSE', at);
        sessionChanged(row.sessionId);
        return new AppError('009');
      };
      if (row.usedAt !== null || row.revokedAt !== null) throw await reuse();
      if (row.expiresAt.getTime() <= at.getTime()) throw new AppError('009');
      const found = await repo.sessionWithUser(row.sessionId);
      if (!found || found.session.status !== 'ACTIVE') throw new AppError('009');
      if (!(await repo.useRefresh(hash, at))) throw await reuse();
      const user = await repo.userById(row.userId);
      if (!user) throw new AppError('009');
      assertActive(user);
      return issueTokens(user, found.session, row.familyId);
    },

    async logout(auth: AuthContext | undefined): Promise<void> {
      if (!auth) return;
      await repo.endSession(auth.sessionId, 'LOGOUT', now());
      sessionChanged(auth.sessionId);
    },

    async devices(auth: AuthContext, query: { status?: DeviceStatus; page: number; size: number }): Promise<DeviceList> {
      const { rows, total } = await repo.listSessions(auth.userId, query.status, query.page, query.size);
      return {
        page: query.page,
        size: query.size,
        total,
        items: rows.map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          deviceType: row.deviceType as DeviceList['items'][number]['deviceType'],
          deviceClass: row.deviceClass as DeviceClass,
          os: row.os,
          current: row.id === auth.sessionId,
          status: row.status as DeviceStatus,
          blocked: row.blocked,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
      };
    },

    /** Ends one of the caller's sessions (its next request answers 401); `block` keeps that device out. */
    async logoutDevice(auth: AuthContext, id: string, block: boolean): Promise<void> {
      const session = await ownSession(auth, id);
      await repo.endSession(session.id, 'DEVICE_LOGOUT', now(), block);
      sessionChanged(session.id);
    },

    async unblockDevice(auth: AuthContext, id: string): Promise<void> {
      const session = await ownSession(auth, id);
      await repo.unblockDevice(auth.userId, session.deviceId);
    },

    // ---- PIN ----

    async pinVerify(auth: AuthContext, pin: string, client: ClientInfo) {
      const user = await repo.userById(auth.userId);
      if (!user) throw new AppError('009');
      await checkPin(user, pin, client);
      const at = now();
      await repo.markPinVerified(auth.sessionId, at);
      sessionChanged(auth.sessionId);
      return { verifiedAt: at.toISOString() };
    },

    async pinUpdate(auth: AuthContext, oldPin: string, newPin: string, client: ClientInfo): Promise<void> {
      const user = await repo.userById(auth.userId);
      if (!user) throw new AppError('009');
      await checkPin(user, oldPin, client);
      await assertStrongPin(newPin, 'newPin', user.id, client.language);
      await repo.setPin(user.id, await hashPin(newPin, deps.pinHashCost), now());
    },

    async forgotPinSendOtp(phone: string, client: ClientInfo): Promise<OtpChallenge> {
      await registeredUser(phone);
      return challenge(await otp.issue(OTP_PURPOSE.forgotPin, phone, 'sms', otpContext(client)));
    },

    async forgotPinVerifyOtp(phone: string, code: string, client: ClientInfo) {
      await otp.verify(OTP_PURPOSE.forgotPin, phone, code, otpContext(client));
      const user = await registeredUser(phone);
      return { resetToken: await issueStep('pin-reset', phone, user.id) };
    },

    /** Sets a new PIN after forgot-PIN: clears the failures and unblocks it. */
    async pinReset(resetToken: string, newPin: string, language: Language): Promise<void> {
      const step = await readStep(resetToken, 'pin-reset');
      if (!step.userId) throw new AppError('009');
      await assertStrongPin(newPin, 'newPin', step.userId, language);
      const pinHash = await hashPin(newPin, deps.pinHashCost);
      await spendStep(resetToken);
      await repo.setPin(step.userId, pinHash, now());
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
