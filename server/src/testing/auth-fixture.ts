// Test users through the real routes: sign-up by phone with the OTP read from the development
// inbox, PIN, session. Every module's tests use these instead of writing rows themselves.
//
//   const user = await signUpTestUser(t.app);
//   await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers });
//   await freshPin(t.app, user);          // the session is PIN-fresh (routes behind requireFreshPin)
//   const other = await signUpTestUser(t.app);   // a second user for "not yours" checks
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { IDENTITY_PATHS, REFRESH_COOKIE_NAME, type AuthSession, type DevInboxResponse } from '@pasar/shared/contract';
import type { PasarApp } from '../app';

export interface TestUser {
  readonly userId: string;
  /** As stored: +628… */
  readonly phone: string;
  readonly pin: string;
  readonly accessToken: string;
  /** The refresh token (the `pasarRefresh` cookie's value). */
  readonly refreshCookie: string;
  readonly deviceId: string;
  /** The address this user's calls come from (each test user has its own, so per-IP limits do not mix). */
  readonly ip: string;
  /** Authorization and x-device-id for `app.inject`. */
  readonly headers: { readonly authorization: string; readonly 'x-device-id': string };
}

export interface SignUpOptions {
  readonly phone?: string;
  readonly pin?: string;
  readonly name?: string;
  readonly deviceId?: string;
  readonly userAgent?: string;
  readonly ip?: string;
}

/** Environment that lets a test app start in production mode (the provider is never called by it). */
export const PRODUCTION_TEST_ENV: Readonly<Record<string, string>> = {
  PASAR_MODE: 'production',
  JWT_SECRET: 'test-only-jwt-secret-0123456789abcdefghijklmnop',
  MESSAGE_PROVIDER_URL: 'http://127.0.0.1:9/messages',
  MESSAGE_PROVIDER_KEY: 'test-provider-key',
  PAYMENT_WEBHOOK_SECRET: 'test-only-payment-webhook-secret-0123456789',
};

/** A fresh, valid Indonesian mobile number (+62 8xx…, 12 digits after 62). */
export const randomTestPhone = (): string => `+628${String(randomInt(10, 100))}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
export const randomTestIp = (): string => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
export const randomDeviceId = (): string => `web-test-${randomInt(0, 2 ** 40).toString(36)}`;

const DEFAULT_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function expectOk(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
}

/** The newest OTP sent to a phone number or e-mail (development inbox). */
export async function latestOtp(app: PasarApp, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: IDENTITY_PATHS.devInbox, query: { to } });
  expectOk(response, 'dev inbox');
  const code = (response.json() as { data: DevInboxResponse }).data.messages.find((m) => m.code)?.code;
  if (!code) throw new Error(`no OTP in the development inbox for ${to}`);
  return code;
}

/** The refresh token in a response's Set-Cookie. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === REFRESH_COOKIE_NAME && c.value !== '')?.value;
}

function sessionUser(
  response: LightMyRequestResponse,
  base: { phone: string; pin: string; deviceId: string; ip: string },
): TestUser {
  const session = (response.json() as { data: AuthSession }).data;
  const refreshCookie = refreshCookieOf(response);
  if (!refreshCookie) throw new Error('no refresh cookie was set');
  return {
    userId: session.user.id,
    phone: base.phone,
    pin: base.pin,
    accessToken: session.accessToken,
    refreshCookie,
    deviceId: base.deviceId,
    ip: base.ip,
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-device-id': base.deviceId },
  };
}

/** Signs up a new user through the real sign-up routes and returns its first session. */
export async function signUpTestUser(app: PasarApp, opts: SignUpOptions = {}): Promise<TestUser> {
  const phone = opts.phone ?? randomTestPhone();
  const pin = opts.pin ?? '246810';
  const deviceId = opts.deviceId ?? randomDeviceId();
  const ip = opts.ip ?? randomTestIp();
  const headers = { 'x-device-id': deviceId, 'user-agent': opts.userAgent ?? DEFAULT_UA };
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

  expectOk(await post(IDENTITY_PATHS.signupPhone, { phone }), 'signup/phone');
  const otp = await latestOtp(app, phone);
  const verified = await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp });
  expectOk(verified, 'signup/verify-otp');
  const { signupToken } = (verified.json() as { data: { signupToken: string } }).data;
  const registered = await post(IDENTITY_PATHS.registerPin, { signupToken, pin, ...(opts.name !== undefined ? { name: opts.name } : {}) });
  expectOk(registered, 'register-pin');
  return sessionUser(registered, { phone: (registered.json() as { data: AuthSession }).data.user.phone, pin, deviceId, ip });
}

/** Logs an existing user in again (a new device session), by default from another device. */
export async function logInTestUser(
  app: PasarApp,
  user: Pick<TestUser, 'phone' | 'pin'>,
  opts: { deviceId?: string; ip?: string; userAgent?: string } = {},
): Promise<TestUser> {
  const deviceId = opts.deviceId ?? randomDeviceId();
  const ip = opts.ip ?? randomTestIp();
  const headers = { 'x-device-id': deviceId, 'user-agent': opts.userAgent ?? DEFAULT_UA };
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  expectOk(await post(IDENTITY_PATHS.loginPhone, { phone: user.phone }), 'login/phone');
  const otp = await latestOtp(app, user.phone);
  const verified = await post(IDENTITY_PATHS.loginVerifyOtp, { phone: user.phone, otp });
  expectOk(verified, 'login/verify-otp');
  const { loginToken } = (verified.json() as { data: { loginToken: string } }).data;
  const session = await post(IDENTITY_PATHS.loginVerifyPin, { loginToken, pin: user.pin });
  expectOk(session, 'login/verify-pin');
  return sessionUser(session, { phone: user.phone, pin: user.pin, deviceId, ip });
}

/** Verifies the user's PIN so the session is PIN-fresh (routes behind app.requireFreshPin pass). */
export async function freshPin(app: PasarApp, user: TestUser): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: IDENTITY_PATHS.pinVerify,
    headers: user.headers,
    payload: { pin: user.pin },
    remoteAddress: user.ip,
  });
  expectOk(response, 'pin/verify');
}
