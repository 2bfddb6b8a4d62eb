// The one error type services throw: a catalogue code, optional field details, and the HTTP status
// (the catalogue's, unless a caller has a reason to differ, e.g. 503 for a failing health check).
import { ERROR_CATALOGUE, type ErrorCode, type ErrorEnvelope } from '@pasar/shared/contract';

export type ErrorDetail = NonNullable<ErrorEnvelope['details']>[number];

export interface AppErrorOptions {
  readonly details?: readonly ErrorDetail[];
  readonly httpStatus?: number;
  /** The underlying failure, for the log; never sent to the client. */
  readonly cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly details?: readonly ErrorDetail[];

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(`${code}: ${ERROR_CATALOGUE[code].en}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = options.httpStatus ?? ERROR_CATALOGUE[code].http;
    if (options.details) this.details = options.details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
