// Cookies of product-spec §3 ("Locally stored"), through js-cookie with one set of defaults.
import Cookies from 'js-cookie';
import { PRODUCT_KEY } from '../format/constants';

/** Fixed cookie names. Token names depend on the product (`tokenCookieKey`). */
export const COOKIE_KEYS = {
  userId: 'userId',
  deviceId: 'deviceId',
  theme: 'theme',
  language: 'language',
  lastSymbol: 'lastSymbol',
  /** Firebase id of the signed-in user's messaging registration. */
  firebaseId: 'firebaseId',
  /** Firebase installation id, sent as `x-firebase-instance-id` on POST. */
  firebaseInstanceId: 'firebaseInstanceId',
  version: 'version',
  userAgent: 'userAgent',
} as const;
export type CookieKey = (typeof COOKIE_KEYS)[keyof typeof COOKIE_KEYS];

/** `{product}Token`: `pasarToken`. */
export const tokenCookieKey = (product: string = PRODUCT_KEY): string => `${product}Token`;
/** `{product}RefreshToken`: `pasarRefreshToken`. */
export const refreshTokenCookieKey = (product: string = PRODUCT_KEY): string => `${product}RefreshToken`;
/** Per-user "don't show again" flag: `dontShow_{flag}_{userId}`, so a shared browser keeps each user's choice. */
export const dontShowCookieKey = (userId: string, flag: string): string => `dontShow_${flag}_${userId}`;

/** Device-bound values outlive sessions: about a year (browsers cap cookies at 400 days). */
export const LONG_LIVED_COOKIE_DAYS = 365;

export interface CookieOptions {
  /** Days until expiry; omitted means a session cookie. */
  expires?: number;
}

function defaults(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'Lax', secure };
}

export function getCookie(key: string): string | undefined {
  return Cookies.get(key);
}

export function setCookie(key: string, value: string, options: CookieOptions = {}): void {
  Cookies.set(key, value, { ...defaults(), ...(options.expires !== undefined ? { expires: options.expires } : {}) });
}

export function removeCookie(key: string): void {
  Cookies.remove(key, { path: '/' });
}

export function getDontShow(userId: string, flag: string): boolean {
  return getCookie(dontShowCookieKey(userId, flag)) === 'true';
}

export function setDontShow(userId: string, flag: string, value: boolean): void {
  if (value) setCookie(dontShowCookieKey(userId, flag), 'true', { expires: LONG_LIVED_COOKIE_DAYS });
  else removeCookie(dontShowCookieKey(userId, flag));
}

/** The session cookies logout removes (§4): tokens, user id, last symbol, firebase ids. */
export function clearSessionCookies(product: string = PRODUCT_KEY): void {
  for (const key of [
    tokenCookieKey(product),
    refreshTokenCookieKey(product),
    COOKIE_KEYS.userId,
    COOKIE_KEYS.lastSymbol,
    COOKIE_KEYS.firebaseId,
    COOKIE_KEYS.firebaseInstanceId,
  ]) {
    removeCookie(key);
  }
}
