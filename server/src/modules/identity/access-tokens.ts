// Access tokens: HS256 JWTs (algorithm pinned), issuer 'pasar', audience 'pasar-web', subject the
// user id, `sid` the device session id, a short expiry. Verification checks all of them.
import { SignJWT, jwtVerify } from 'jose';

export const JWT_ISSUER = 'pasar';
export const JWT_AUDIENCE = 'pasar-web';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  readonly userId: string;
  readonly sessionId: string;
}

export interface AccessTokens {
  readonly ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token; null for anything else (bad signature, algorithm, audience, expired). */
  verify(token: string): Promise<AccessClaims | null>;
}

/** Tokens verified already, kept (oldest out first) so a token's next calls skip the HMAC. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(options: { secret: string; ttlSeconds: number; now?: () => Date }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());
  // A token's signature and claims never change, so a token verified once is valid until its
  // expiry (what jwtVerify checks: exp after the current second). Only valid tokens are kept.
  const verified = new Map<string, { readonly claims: AccessClaims; readonly exp: number }>();
  return {
    ttlSeconds: options.ttlSeconds,
    async sign({ userId, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Math.floor(now().getTime() / 1000) < known.exp) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const sessionId = payload.sid;
        if (typeof payload.sub !== 'string' || typeof sessionId !== 'string') return null;
        const claims = { userId: payload.sub, sessionId };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, exp: payload.exp as number });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
