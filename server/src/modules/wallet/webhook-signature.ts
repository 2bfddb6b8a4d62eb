// The payment gateway's callback signature: header `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
// "<t>.<raw body>")>`, checked over the exact bytes received, compared in constant time, and only
// within a few minutes of `t` (a captured callback cannot be replayed later). The secret is
// PAYMENT_WEBHOOK_SECRET, or in development one generated once in `<dataDir>/payment-webhook-secret`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { ConfigError, type PasarMode } from '../../config';
import { ensureSecretFile } from '../../secret-file';

/** Callbacks signed longer ago than this (or this far in the future) are refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const PAYMENT_WEBHOOK_SECRET_FILE = 'payment-webhook-secret';
export const paymentWebhookSecretFile = (dataDir: string): string => path.join(dataDir, PAYMENT_WEBHOOK_SECRET_FILE);

export function signatureOf(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The header value a gateway (or the development simulator) sends. */
export function signatureHeader(secret: string, rawBody: string, nowSeconds: number = Math.floor(Date.now() / 1000)): string {
  return `t=${nowSeconds},v1=${signatureOf(secret, nowSeconds, rawBody)}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

export function checkSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return 'missing';
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) return 'malformed';
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = parts.get('t');
  if (!t || t.length !== 1 || !/^\d{1,12}$/.test(t[0]!)) return 'malformed';
  const timestamp = Number(t[0]);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody), 'hex');
  // Several v1 values are allowed (a gateway rotating its secret sends one per key).
  const candidates = (parts.get('v1') ?? []).filter((v) => /^[0-9a-f]{64}$/i.test(v));
  if (candidates.length === 0) return 'malformed';
  let matched = false;
  for (const candidate of candidates) {
    if (timingSafeEqual(Buffer.from(candidate, 'hex'), expected)) matched = true;
  }
  return matched ? 'ok' : 'mismatch';
}

/**
 * The configured secret; in production there must be one (the gateway was given it). In
 * development a random one is created once (mode 0600) and kept across restarts.
 */
export async function loadPaymentWebhookSecret(configured: string | undefined, dataDir: string, mode: PasarMode): Promise<string> {
  if (configured) return configured;
  if (mode === 'production') {
    throw new ConfigError(['PAYMENT_WEBHOOK_SECRET: required in production (the payment gateway signs top-up callbacks with it)']);
  }
  return ensureSecretFile(dataDir, PAYMENT_WEBHOOK_SECRET_FILE);
}
