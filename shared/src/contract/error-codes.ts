// The parts of the error catalogue every page needs at once: the fallback message and the codes
// that open the PIN or accept prompt. The catalogue itself (`./errors`, every code's messages) is
// not in the browser-facing index: the API client loads it with the first error answer, and a page
// that shows a code's message imports it from `@pasar/shared/errors` (decision 0006).
import type { Language } from './enums';

export interface CatalogueEntry {
  readonly http: number;
  readonly id: string;
  readonly en: string;
}

/** Fallback message of the client (§7): "Something went wrong". */
export const DEFAULT_ERROR_MESSAGE: Record<Language, string> = {
  id: 'Terjadi kesalahan',
  en: 'Something went wrong',
};

/** Codes after which the client opens the PIN or accept prompt (§8: HTTP 400 with 040 or 041). */
export const PROMPT_CODES: readonly string[] = ['040', '041'];

/** Terms not approved (§8), answered with HTTP 403 by trading calls: the accept prompt (041) resolves it too. */
export const TERMS_NOT_APPROVED_CODE = '018';

/**
 * The prompt an answer opens: HTTP 400 with 040 (PIN) or 041 (accept), and 403 with 018 (the
 * trading calls' "terms not approved", answered by the same accept prompt). Undefined otherwise.
 */
export function promptFor(httpStatus: number, code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  if (httpStatus === 400 && PROMPT_CODES.includes(code)) return code;
  if (httpStatus === 403 && code === TERMS_NOT_APPROVED_CODE) return '041';
  return undefined;
}
