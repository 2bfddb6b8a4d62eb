// The one error type every API call rejects with.

/** Codes the client itself assigns (server codes are numeric strings from the catalogue). */
export const CLIENT_ERROR_CODES = {
  /** No response: offline, DNS, CORS, timeout; after the retries. */
  network: 'NETWORK_ERROR',
  /** A body that is not the envelope, an unknown status, or data failing its schema. */
  invalidResponse: 'INVALID_RESPONSE',
  /** The caller aborted the request. */
  aborted: 'ABORTED',
  /** An error envelope without an error_code. */
  unknown: 'UNKNOWN_ERROR',
} as const;

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export interface ApiErrorInit {
  code: string;
  message: string;
  /** 0 when no response arrived. */
  httpStatus: number;
  details?: ApiErrorDetail[];
  requestId?: string;
  /** Seconds the server asks to wait (the `retry-after` header of a 429). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly details?: ApiErrorDetail[];
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
