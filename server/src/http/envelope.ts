// Building the response envelope, and the zod response schemas routes declare with it.
import { z } from 'zod';
import {
  ErrorEnvelope,
  errorMessage,
  successEnvelope,
  type ErrorCode,
  type Language,
  type SuccessEnvelope,
} from '@pasar/shared/contract';
import type { ErrorDetail } from './app-error';

/** The success envelope around a route's data: `return ok(data)` from a handler. */
export const ok = <T>(data: T): SuccessEnvelope<T> => ({ status: 'success', data });

export function errorBody(code: ErrorCode, language: Language, details?: readonly ErrorDetail[]): ErrorEnvelope {
  return {
    status: 'error',
    error_code: code,
    error_message: errorMessage(code, language),
    ...(details && details.length > 0 ? { details: [...details] } : {}),
  };
}

/** Error statuses every API route can answer: invalid input and the unexpected failure. */
const COMMON_ERROR_STATUSES = [400, 500] as const;

type SuccessStatus = 200 | 201 | 202;
type SuccessSchemas = Partial<Record<SuccessStatus, z.ZodType>>;
type EnvelopedSuccess<S extends SuccessSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? ReturnType<typeof successEnvelope<S[K]>> : never;
};
type ErrorSchemas<E extends number> = { [K in E | (typeof COMMON_ERROR_STATUSES)[number]]: typeof ErrorEnvelope };

/**
 * A route's `schema.response`: each success status wrapped in the success envelope, plus the
 * error envelope for 400, 500 and any further statuses the route can answer.
 *
 *   response: apiResponses({ 200: HealthResponse }, [503])
 */
export function apiResponses<S extends SuccessSchemas, E extends number = never>(
  success: S,
  errorStatuses: readonly E[] = [],
): EnvelopedSuccess<S> & ErrorSchemas<E> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, data] of Object.entries(success)) {
    if (data) out[Number(status)] = successEnvelope(data as z.ZodType);
  }
  for (const status of [...COMMON_ERROR_STATUSES, ...errorStatuses]) out[status] = ErrorEnvelope;
  return out as EnvelopedSuccess<S> & ErrorSchemas<E>;
}
