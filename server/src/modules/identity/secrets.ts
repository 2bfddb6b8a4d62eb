// The identity module's cryptography: PIN hashes (scrypt, per-user salt, timing-safe compare),
// random tokens kept only as SHA-256, OTP codes kept only as an HMAC, and the development JWT
// secret kept on disk so restarts keep sessions.
import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { ensureSecretFile } from '../../secret-file';

/**
 * scrypt's cost as log2 N, in production and by default: N = 2^15, r = 8, p = 1 (32 MiB; 0.1-0.5 s
 * of CPU per hash on a 2-core machine). PIN_HASH_COST lowers it outside production only (the tests
 * and the browser suite: every sign-up and PIN check hashes once). A stored hash names its own
 * N, so one made at any cost verifies at any setting.
 */
export const PIN_HASH_COST = 15;
const SCRYPT = { r: 8, p: 1 } as const;
const SCRYPT_KEY_LENGTH = 32;

function scryptAsync(secret: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, SCRYPT_KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$<salt b64url>$<hash b64url>`: the only form a PIN is stored in. */
export async function hashPin(pin: string, cost: number = PIN_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scryptAsync(pin, salt, { N, ...SCRYPT });
  return ['scrypt', N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const actual = await scryptAsync(pin, salt, { N, r, p });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A random token for a cookie or a step (32 bytes, base64url). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are high-entropy, so a plain SHA-256 is enough to keep them unusable if the table leaks. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** A 6-digit code from the CSPRNG, zero-padded. */
export const randomOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Keyed hash of an OTP: a leaked table cannot be brute-forced through the 10^6 codes without the key. */
export const otpHash = (key: Buffer, challengeId: string, code: string): string =>
  createHmac('sha256', key).update(`${challengeId}:${code}`).digest('base64url');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Derives a purpose-specific key from the server secret. */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  createHmac('sha256', secret).update(`pasar:${purpose}`).digest();

/**
 * The configured JWT secret, or (development) the one kept in `<dataDir>/jwt-secret`, created
 * on first start with mode 0600.
 */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return configured ?? ensureSecretFile(dataDir, 'jwt-secret');
}
