// The AdminClient over HTTP: JSON in, the envelope's `data` out, the server's error message as the
// rejection. Uses the global fetch (Node 20).
import { ADMIN_TOKEN_HEADER } from '../plugins/admin-auth';
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

export function createAdminHttpClient(baseUrl: string, token: string, fetchImpl: Fetch = fetch): AdminClient {
  const base = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          [ADMIN_TOKEN_HEADER]: token,
          'x-language-code': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new AdminRequestError(`cannot reach the server at ${base} (${String((error as Error).cause ?? error)}); is it running?`, 0);
    }
    const text = await response.text();
    let parsed: { status?: string; data?: unknown; error_code?: string; error_message?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new AdminRequestError(`HTTP ${response.status} from ${path}: not a JSON answer`, response.status);
    }
    if (!response.ok || parsed.status !== 'success') {
      const message = parsed.error_message ?? `HTTP ${response.status}`;
      throw new AdminRequestError(`${message}${parsed.error_code ? ` (${parsed.error_code})` : ''}`, response.status, parsed.error_code);
    }
    return parsed.data as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
