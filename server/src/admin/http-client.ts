// The AdminClient over HTTP: JSON in, the envelope's `data` out, the server's error message as the
// rejection. Uses the global fetch (Node 20).
import { ADMIN_TOKEN_HEADER, OPERATOR_REASON_HEADER } from '../plugins/admin-auth';
import type { AdminClient } from './command';

export class AdminRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AdminRequestError';
  }
}

type Fetch = typeof fetch;

export interface AdminHttpOptions {
  /** Why the operator does this: sent with every call, recorded in the audit trail. */
  readonly reason?: string;
}

export function createAdminHttpClient(baseUrl: string, token: string, fetchImpl: Fetch = fetch, options: AdminHttpOptions = {}): AdminClient {
  const base = baseUrl.replace(/\/+$/, '');
  const reason = options.reason?.trim();
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          [ADMIN_TOKEN_HEADER]: token,
          'x-language-code': 'en',
          ...(reason ? { [OPERATOR_REASON_HEADER]: encodeURIComponent(reason) } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new AdminRequestError(`cannot reach the server at ${base} (${String((error as Error).cause ?? error)}); is it running?`, 0);
    }
    const text = await response.text();
    let parsed: { status?: string; data?: unknown; error_code?: string; error_message?: string; details?: { path?: string; message?: string }[] } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new AdminRequestError(`HTTP ${response.status} from ${path}: not a JSON answer`, response.status);
    }
    if (!response.ok || parsed.status !== 'success') {
      const details = (Array.isArray(parsed.details) ? parsed.details : []).map((d) => `${d.path ? `${d.path}: ` : ''}${d.message ?? ''}`);
      const message = `${parsed.error_message ?? `HTTP ${response.status}`}${details.length > 0 ? ` [${details.join('; ')}]` : ''}`;
      throw new AdminRequestError(`${message}${parsed.error_code ? ` (${parsed.error_code})` : ''}`, response.status, parsed.error_code);
    }
    return parsed.data as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
