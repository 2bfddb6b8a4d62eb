// auth plugin + fixture ready: server/src/plugins/auth.ts (app.requireUser, app.optionalUser,
// app.requireFreshPin, request.auth / authOf(request), app.otp, app.messages, app.rateLimiter) and
// server/src/testing/auth-fixture.ts (signUpTestUser, logInTestUser, freshPin, latestOtp,
// PRODUCTION_TEST_ENV). The users table: migrations/20261122_0002_identity.sql, drizzle
// definitions in server/src/modules/identity/tables.ts.
//
// Paths of the identity calls and the identity area's plain values (plain values: the browser
// index exports them without zod). The zod schemas in `identity.ts` use these same values.

/** Paths of the identity calls, all under `/api`. */
export const IDENTITY_PATHS = {
  validatePhone: '/api/auth/validate-phone',
  signupPhone: '/api/auth/signup/phone',
  signupVerifyOtp: '/api/auth/signup/verify-otp',
  registerPin: '/api/auth/register-pin',
  loginPhone: '/api/auth/login/phone',
  loginVerifyOtp: '/api/auth/login/verify-otp',
  loginVerifyPin: '/api/auth/login/verify-pin',
  refresh: '/api/auth/refresh',
  logout: '/api/logout',
  devices: '/api/devices',
  pinVerify: '/api/pin/verify',
  pinUpdate: '/api/pin/update',
  pinReset: '/api/pin/reset',
  forgotPinSendOtp: '/api/forgot-pin/send-otp',
  forgotPinVerifyOtp: '/api/forgot-pin/verify-otp',
  /** Development mode only: the messages the development inbox holds for an address. */
  devInbox: '/api/dev/inbox',
} as const;

/** The development inbox page (development mode only, outside `/api`). */
export const DEV_INBOX_PAGE_PATH = '/dev/inbox';

/** `/api/devices/:id/logout` (POST {block?}): ends that device session. */
export const deviceLogoutPath = (id: string): string => `${IDENTITY_PATHS.devices}/${encodeURIComponent(id)}/logout`;
/** `/api/devices/:id/unblock` (POST): lets a blocked device log in again. */
export const deviceUnblockPath = (id: string): string => `${IDENTITY_PATHS.devices}/${encodeURIComponent(id)}/unblock`;

/** The HttpOnly cookie with the refresh token (Path=/api/auth, SameSite=Strict). */
export const REFRESH_COOKIE_NAME = 'pasarRefresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
/** The header with the browser's device id ("web-…"), one device session per id. */
export const DEVICE_ID_HEADER = 'x-device-id';

export const OTP_LENGTH = 6;
export const PIN_LENGTH = 6;
/** An OTP lives 5 minutes; a new one may be asked for after 60 seconds. */
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 60;
/** Device list page size (§9). */
export const DEVICE_PAGE_SIZE = 10;
/** Wrong PINs in a row: 1–2 answer 0004, 3–4 answer 1114, the 5th blocks the PIN (1119). */
export const PIN_WARNING_FROM_ATTEMPT = 3;
export const PIN_MAX_ATTEMPTS = 5;

export const MESSAGE_CHANNELS = ['sms', 'email', 'telegram'] as const;

export const OTP_PATTERN = /^\d{6}$/;
export const PIN_PATTERN = /^\d{6}$/;

/** Messages for a phone number that is not an Indonesian mobile number. */
export const PHONE_FORMAT_MESSAGE = {
  id: 'Nomor HP harus nomor Indonesia: 08…, 628… atau +628… (9–13 digit setelah 62)',
  en: 'The phone number must be an Indonesian mobile number: 08…, 628… or +628… (9–13 digits after 62)',
} as const;
export const OTP_FORMAT_MESSAGE = { id: 'Kode OTP harus 6 angka', en: 'The OTP must be 6 digits' } as const;
export const PIN_FORMAT_MESSAGE = { id: 'PIN harus 6 angka', en: 'The PIN must be 6 digits' } as const;

/**
 * An Indonesian mobile number in its one stored form, `+628…`; `null` when the input is not one.
 * Accepts `08…`, `628…` and `+628…`, with spaces, dots, dashes and parentheses ignored; after
 * the country code 62 come 9 to 13 digits starting with 8.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  let national: string;
  if (/^\+62/.test(compact)) national = compact.slice(3);
  else if (/^62/.test(compact)) national = compact.slice(2);
  else if (/^0/.test(compact)) national = compact.slice(1);
  else return null;
  return /^8\d{8,12}$/.test(national) ? `+62${national}` : null;
}

/** True for a phone number `normalizePhone` accepts. */
export const isValidPhone = (input: string): boolean => normalizePhone(input) !== null;

/** `+6281234567890` -> `+62 812-3456-7890` for display; other input unchanged. */
export function formatPhone(phone: string): string {
  const normalized = normalizePhone(phone);
  if (!normalized) return phone;
  const national = normalized.slice(3);
  return `+62 ${national.slice(0, 3)}-${national.slice(3, 7)}-${national.slice(7)}`;
}

/** `+6281234567890` -> `+62 812-****-7890`: what a message screen shows of the number. */
export function maskPhone(phone: string): string {
  const normalized = normalizePhone(phone);
  if (!normalized) return phone;
  const national = normalized.slice(3);
  return `+62 ${national.slice(0, 3)}-${'*'.repeat(Math.max(national.length - 7, 1))}-${national.slice(-4)}`;
}
