// Phone, OTP and PIN fields checked before the schema, so a malformed one answers 002 with a
// message in the caller's language (the schema's own message would be English only).
import type { FastifyRequest } from 'fastify';
import {
  OTP_FORMAT_MESSAGE,
  OTP_PATTERN,
  PHONE_FORMAT_MESSAGE,
  PIN_FORMAT_MESSAGE,
  PIN_PATTERN,
  normalizePhone,
} from '@pasar/shared/contract';
import { AppError, type ErrorDetail } from '../../http/app-error';
import { languageOf } from '../../http/language';

const CHECKS: Record<string, { valid: (value: string) => boolean; message: { id: string; en: string } }> = {
  phone: { valid: (v) => normalizePhone(v) !== null, message: PHONE_FORMAT_MESSAGE },
  otp: { valid: (v) => OTP_PATTERN.test(v), message: OTP_FORMAT_MESSAGE },
  pin: { valid: (v) => PIN_PATTERN.test(v), message: PIN_FORMAT_MESSAGE },
  oldPin: { valid: (v) => PIN_PATTERN.test(v), message: PIN_FORMAT_MESSAGE },
  newPin: { valid: (v) => PIN_PATTERN.test(v), message: PIN_FORMAT_MESSAGE },
};

export async function localizedFieldCheck(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const language = languageOf(request);
  const details: ErrorDetail[] = [];
  for (const [field, check] of Object.entries(CHECKS)) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && !check.valid(value)) details.push({ path: field, message: check.message[language] });
  }
  if (details.length > 0) throw new AppError('002', { details });
}
