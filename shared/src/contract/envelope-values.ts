// The envelope's plain parts, without zod, for the browser's first load (decision 0006). The zod
// schemas in `envelope.ts` stay the source of truth: envelope.test.ts checks the guard against them.
import type { ErrorEnvelope } from './envelope';

/** Statuses the client accepts (§7: success, error, invalid); anything else is rejected. */
export const ENVELOPE_STATUSES = ['success', 'error', 'invalid'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export type ErrorEnvelopeDetail = NonNullable<ErrorEnvelope['details']>[number];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `ErrorEnvelope.shape.details.safeParse(value)` without zod: the field problems of an error
 * envelope (`{ path, message }[]`, other keys dropped), `undefined` when absent, `null` when malformed.
 */
export function parseErrorDetails(value: unknown): ErrorEnvelopeDetail[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return null;
  const details: ErrorEnvelopeDetail[] = [];
  for (const item of value) {
    if (!isPlainObject(item) || typeof item.path !== 'string' || typeof item.message !== 'string') return null;
    details.push({ path: item.path, message: item.message });
  }
  return details;
}
