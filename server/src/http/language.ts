import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@pasar/shared/contract';

/** `x-language-code: en` (or `en-US`) gives English; anything else the default, Indonesian. */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['x-language-code'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  return value.startsWith('en') ? 'en' : value.startsWith('id') ? 'id' : DEFAULT_LANGUAGE;
}
