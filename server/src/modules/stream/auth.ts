// The stream hub's authenticator over the identity service: the same check as a bearer call
// (signature, expiry, an ACTIVE session, an active user), plus the token's expiry for the hub's
// timer. Catalogue refusals (009, 1174, 1176) become outcomes; anything else rejects.
import { AppError } from '../../http/app-error';
import type { IdentityService } from '../identity/service';
import type { AuthOutcome, StreamAuthenticator } from './hub';

/** `exp` (epoch ms) of a JWT already verified; null when absent. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function identityAuthenticator(identity: Pick<IdentityService, 'authenticate'>): StreamAuthenticator {
  return async (token, ip): Promise<AuthOutcome> => {
    try {
      const auth = await identity.authenticate(token, { ip });
      const expiresAt = jwtExpiry(token);
      if (expiresAt === null) return { ok: false, code: '009' };
      return { ok: true, userId: auth.userId, sessionId: auth.sessionId, expiresAt };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, code: error.code };
      throw error;
    }
  };
}
