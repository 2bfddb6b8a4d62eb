// What an auth call's failure says to the person: the PIN ladder in our own words, rate limits
// with the wait the server asked for, everything else in the server's localized message.
import { isApiError, isLanguage, WEAK_PIN_CODE, weakPin } from '@pasar/shared';
import { errorMessage } from '@pasar/shared/errors';
import type { ShellT } from '../i18n/shell-i18n';

export const PIN_WRONG_CODE = '0004';
export const PIN_WARNING_CODE = '1114';
export const PIN_BLOCKED_CODE = '1119';
/** The catalogue's rate-limit codes (OTP, PIN, bank, voucher; per account and per network). */
export const RATE_LIMIT_CODES: readonly string[] = ['1143', '1144', '1145', '1146', '1147', '1148', '1149', '1150'];

export const isRateLimited = (error: unknown): boolean => isApiError(error) && RATE_LIMIT_CODES.includes(error.code);
export const isPinBlocked = (error: unknown): boolean => isApiError(error) && error.code === PIN_BLOCKED_CODE;

/** "42 detik" / "3 menit": a wait in words. */
export function waitText(seconds: number, t: ShellT): string {
  if (seconds < 60) return t('authFlow.seconds', { count: Math.max(1, Math.ceil(seconds)) });
  return t('authFlow.minutes', { count: Math.ceil(seconds / 60) });
}

export function authErrorText(error: unknown, t: ShellT): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.code === PIN_WARNING_CODE) return t('login.pinWarning');
  if (error.code === PIN_BLOCKED_CODE) return t('login.pinBlocked');
  if (RATE_LIMIT_CODES.includes(error.code) && error.retryAfterSeconds !== undefined) {
    return `${error.message} ${t('authFlow.waitSeconds', { time: waitText(error.retryAfterSeconds, t) })}`;
  }
  return error.message;
}

/**
 * A new PIN the strength rule refuses (a sequence or a repeated digit), in the page's language;
 * null when it may be sent. The server applies the same rule, with the birth date it knows.
 */
export function weakPinText(pin: string, language: string): string | null {
  return weakPin(pin) === null ? null : errorMessage(WEAK_PIN_CODE, isLanguage(language) ? language : 'id');
}

/** The server refused the new PIN as too easy to guess: the PIN is chosen again. */
export const isWeakPin = (error: unknown): boolean => isApiError(error) && error.code === WEAK_PIN_CODE;
