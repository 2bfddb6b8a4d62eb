import { isValidAccessToken } from './access-token';
import { encodeBase64Url } from './base64-codec';

const jwt = (payload: string) => `${encodeBase64Url('{"alg":"HS256"}')}.${encodeBase64Url(payload)}.sig`;

describe('isValidAccessToken', () => {
  it('accepts a JWT whose decoded payload is longer than 12 characters', () => {
    expect(isValidAccessToken(jwt('{"sub":"user-1","exp":1}'))).toBe(true);
  });

  it('refuses a JWT whose decoded payload is 12 characters or fewer, however long the token', () => {
    expect(isValidAccessToken(jwt('{"sub":"u1"}'))).toBe(false); // exactly 12
    expect(isValidAccessToken(jwt('{"a":1}'))).toBe(false);
  });

  it('refuses a JWT whose payload is not base64url', () => {
    expect(isValidAccessToken('aaaa.!!!!not-base64!!!!.bbbb')).toBe(false);
  });

  it('reads an opaque token as plain text: longer than 12 accepted, 12 refused', () => {
    expect(isValidAccessToken('abcdefghijklm')).toBe(true);
    expect(isValidAccessToken('abcdefghijkl')).toBe(false);
  });

  it('refuses missing values and the strings undefined and null', () => {
    expect(isValidAccessToken(undefined)).toBe(false);
    expect(isValidAccessToken(null)).toBe(false);
    expect(isValidAccessToken('')).toBe(false);
    expect(isValidAccessToken('undefined')).toBe(false);
  });
});
