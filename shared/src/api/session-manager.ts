// The browser side of a session (issue 3): the access token expires quickly and is renewed with
// the HttpOnly refresh cookie (POST /api/auth/refresh) shortly before it expires, on start when
// it already has, and when a call answers 401. The refresh cookie rotates on every use and the
// server revokes the whole family when an old one comes back, so tabs must never refresh at the
// same time: one refresh at a time per page (a shared promise) and across tabs (a Web Lock, and a
// look at the token cookie, which another tab may already have renewed).
import type { StoreApi } from 'zustand/vanilla';
import { KYC_STATUSES, isOneOf } from '../contract/enum-values';
import { decodeBase64 } from '../storage/base64-codec';
import { isValidAccessToken } from '../storage/access-token';
import { getCookie, tokenCookieKey } from '../storage/cookie-storage';
import type { AppState, UserDetails } from '../store/app-store';
import type { ApiClient } from './api-client';
import { isApiError } from './api-error';
import { SESSION_PATHS } from './api-paths';

/** Renew this long before the access token expires (ms). */
export const REFRESH_AHEAD_MS = 60_000;
/** Never schedule sooner than this (a token with a tiny lifetime must not spin). */
export const MIN_REFRESH_DELAY_MS = 5_000;
/** The Web Lock every tab of the site takes around a refresh. */
export const REFRESH_LOCK_NAME = 'pasar-session-refresh';

/** The AuthSession answer of login, sign-up and refresh, as far as the client needs it. */
export interface SessionAnswer {
  accessToken: string;
  expiresInSeconds?: number;
  user: { id: string; gssKycStatus?: string | null; kycStatus?: string | null };
}

/** The `exp` of a JWT access token in ms since epoch; null for an opaque or undecodable token. */
export function accessTokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const payload = decodeBase64(parts[1]);
  if (payload === null) return null;
  try {
    const exp = (JSON.parse(payload) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The user details the store keeps, from a session answer. */
export function userDetailsOf(answer: SessionAnswer): UserDetails {
  const gss = answer.user.gssKycStatus;
  return { id: answer.user.id, gssKycStatus: isOneOf(KYC_STATUSES, gss) ? gss : 'NOT_SUBMITTED' };
}

export interface SessionManagerOptions {
  client: ApiClient;
  store: StoreApi<AppState>;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Runs `task` holding the cross-tab lock; default navigator.locks when the browser has it. */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
  /** The token cookie as other tabs may have left it. */
  readTokenCookie?: () => string | undefined;
  logger?: { error(message: string, ...details: unknown[]): void };
}

export interface SessionManager {
  /** Renews the session now; concurrent callers share one refresh. True when a token is in place. */
  refresh(): Promise<boolean>;
  /** Starts watching: an expired token is renewed at once, a live one shortly before it expires. */
  start(): Promise<void>;
  stop(): void;
  /** When the next refresh is due (ms since epoch), or null when none is scheduled. */
  nextRefreshAt(): number | null;
}

function browserLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, task) as Promise<T>;
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { client, store } = options;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const withLock = options.withLock ?? browserLock;
  const readTokenCookie = options.readTokenCookie ?? (() => getCookie(tokenCookieKey()));
  const logger = options.logger ?? console;

  let inFlight: Promise<boolean> | null = null;
  let timer: unknown = null;
  let dueAt: number | null = null;
  let running = false;
  let unsubscribe: (() => void) | null = null;

  const token = () => store.getState().auth.accessToken;
  const expiresSoon = (value: string | null | undefined): boolean => {
    const exp = accessTokenExpiry(value);
    return exp !== null && exp - now() <= REFRESH_AHEAD_MS;
  };

  function unschedule(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    dueAt = null;
  }

  function schedule(): void {
    unschedule();
    if (!running) return;
    const exp = accessTokenExpiry(token());
    if (exp === null) return;
    const delay = Math.max(MIN_REFRESH_DELAY_MS, exp - REFRESH_AHEAD_MS - now());
    dueAt = now() + delay;
    timer = setTimer(() => {
      timer = null;
      dueAt = null;
      void refresh();
    }, delay);
  }

  async function renew(): Promise<boolean> {
    const before = token();
    if (!before) return false;
    // Another tab may have renewed while this one waited for the lock: its token is in the cookie.
    const shared = readTokenCookie();
    if (shared && shared !== before && isValidAccessToken(shared) && !expiresSoon(shared)) {
      store.getState().updateSession(shared);
      return true;
    }
    try {
      const answer = await client.post<SessionAnswer>(SESSION_PATHS.refresh, undefined, { sessionCall: true });
      // The user logged out while the call was on its way: do not bring the session back.
      if (!store.getState().auth.accessToken) return false;
      store.getState().updateSession(answer.accessToken, userDetailsOf(answer));
      return true;
    } catch (error) {
      // A refused refresh (the session ended: 401/403) is the expected way out, not an error.
      if (!(isApiError(error) && error.httpStatus < 500)) logger.error('[session] refresh failed', error);
      return false;
    }
  }

  function refresh(): Promise<boolean> {
    if (!inFlight) {
      inFlight = withLock(renew).finally(() => {
        inFlight = null;
        schedule();
      });
    }
    return inFlight;
  }

  async function start(): Promise<void> {
    if (running) return;
    running = true;
    // Every new token (a login, a refresh in this tab) moves the schedule.
    let last = token();
    unsubscribe = store.subscribe((state) => {
      if (state.auth.accessToken === last) return;
      last = state.auth.accessToken;
      if (last) schedule();
      else unschedule();
    });
    const current = token();
    if (!current) return;
    if (expiresSoon(current)) {
      const ok = await refresh();
      if (!ok && store.getState().auth.accessToken === current) store.getState().logout('forced');
    } else {
      schedule();
    }
  }

  function stop(): void {
    running = false;
    unsubscribe?.();
    unsubscribe = null;
    unschedule();
  }

  return { refresh, start, stop, nextRefreshAt: () => dueAt };
}

// ---- The 040/041 prompt -------------------------------------------------------------------

/** Shows the PIN (040) or accept-terms (041) prompt; resolves true once done, false if cancelled. */
export type PromptHandler = (code: string) => Promise<boolean>;

let promptHandler: PromptHandler | null = null;
const pendingPrompts = new Map<string, Promise<boolean>>();

/** The shell registers the one prompt of the page; returns the unregister function. */
export function setPromptHandler(handler: PromptHandler): () => void {
  promptHandler = handler;
  return () => {
    if (promptHandler === handler) promptHandler = null;
  };
}

export const hasPromptHandler = (): boolean => promptHandler !== null;

/**
 * Asks for the prompt; parallel calls that hit 040 together share one prompt (one PIN entry).
 * Without a registered prompt: false.
 */
export function requestPrompt(code: string): Promise<boolean> {
  const handler = promptHandler;
  if (!handler) return Promise.resolve(false);
  const pending = pendingPrompts.get(code);
  if (pending) return pending;
  const next = handler(code)
    .catch(() => false)
    .finally(() => pendingPrompts.delete(code));
  pendingPrompts.set(code, next);
  return next;
}
