// §5 / §9: an access token is accepted only if its decoded length exceeds 12 characters.
import { decodeBase64 } from './base64-codec';

export const MIN_DECODED_TOKEN_LENGTH = 12;

/**
 * Our reading of "decoded": a JWT (three dot-separated parts) is decoded to its payload (the
 * base64url middle part) and that JSON must be longer than 12 characters; an undecodable JWT is
 * refused. Any other (opaque) token counts as plain text and its own length must exceed 12.
 * Missing values, and the strings "undefined"/"null" a cookie can end up holding, are refused.
 */
export function isValidAccessToken(token: string | null | undefined): token is string {
  if (!token || token === 'undefined' || token === 'null') return false;
  const segments = token.split('.');
  if (segments.length === 3) {
    const payload = decodeBase64(segments[1]);
    return payload !== null && payload.length > MIN_DECODED_TOKEN_LENGTH;
  }
  return token.length > MIN_DECODED_TOKEN_LENGTH;
}
