// Test helpers of the price alert and watchlist modules: an app whose engines move only when a test
// hands them a tick, calls with a fresh x-request-id, and the pieces of an answer.
import { randomUUID } from 'node:crypto';
import { ErrorEnvelope } from '@pasar/shared/contract';
import type { PasarApp } from '../../app';
import type { TestUser } from '../../testing/auth-fixture';

export { SETUP_TIMEOUT_MS } from '../account/test-support';

/** The matcher and the alert engine tick only when handed a tick; small limits, so tests reach them. */
export const TEST_ENV: Readonly<Record<string, string>> = {
  KYC_AUTO_APPROVE_SECONDS: 'off',
  CRYPTO_MATCH_INTERVAL_MS: '0',
  WATCHLIST_MAX_LISTS: '4',
  WATCHLIST_MAX_SYMBOLS: '6',
  PRICE_ALERT_MAX_ACTIVE: '5',
  ASSET_SUGGESTION_MAX_PER_USER: '3',
};

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function call(app: PasarApp, user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(user ? user.headers : {}), 'x-request-id': randomUUID() },
  });
}

export const dataOf = <T>(response: { statusCode: number; json(): unknown }): T => {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${JSON.stringify(response.json())}`);
  return (response.json() as { data: T }).data;
};
export const errorCodeOf = (response: { json(): unknown }): string => ErrorEnvelope.parse(response.json()).error_code;

/**
 * Resolves once `holds()` is true, looking again every few milliseconds (work on another instance
 * or over Redis arrives on its own time); fails naming `what` after `timeoutMs`.
 */
export async function until(holds: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
