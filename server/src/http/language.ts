import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@pasar/shared/contract';

const preferred = new WeakMap<object, Language>();

/** The signed-in caller's language preference, for when the request names none (set by the account module). */
export function preferLanguage(request: object, language: Language): void {
  preferred.set(request, language);
}

/**
 * `x-language-code: en` (or `en-US`) gives English, `id` Indonesian; without the header, the
 * signed-in user's preference when known, else the default, Indonesian.
 */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['x-language-code'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  return value.startsWith('en') ? 'en' : value.startsWith('id') ? 'id' : (preferred.get(request) ?? DEFAULT_LANGUAGE);
}
