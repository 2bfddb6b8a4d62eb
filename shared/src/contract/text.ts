// The zod strings every user free-text field is built from, so the server and the client refuse
// the same characters (see text-values): `plainLine().min(2).max(100)`.
import { z } from './zod';
import { CONTROL_CHARACTERS_MESSAGE, isPlainLine, isPlainMultiLine } from './text-values';

/** Trimmed single-line text without control characters (names, places, signatures). */
export const plainLine = () => z.string().trim().refine(isPlainLine, CONTROL_CHARACTERS_MESSAGE);

/** Trimmed text that may span lines (tab and line breaks kept), without other control characters. */
export const plainMultiLine = () => z.string().trim().refine(isPlainMultiLine, CONTROL_CHARACTERS_MESSAGE);

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30, no month 75). */
export const calendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, 'must be a real date');

/** An ISO 8601 instant with an offset that falls in years 1-9999 UTC, the range a stored timestamp compares against. */
export const storedInstant = () =>
  z
    .string()
    .datetime({ offset: true })
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1 && year <= 9999;
    }, 'must be an instant between the years 1 and 9999');
