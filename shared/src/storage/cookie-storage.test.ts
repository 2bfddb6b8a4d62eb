import Cookies from 'js-cookie';
import {
  COOKIE_KEYS,
  clearSessionCookies,
  dontShowCookieKey,
  getDontShow,
  refreshTokenCookieKey,
  setCookie,
  setDontShow,
  tokenCookieKey,
} from './cookie-storage';
import { getDeviceId } from './device-id';
import { UUID_PATTERN } from './uuid-generator';

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
});

describe('cookie keys', () => {
  it('name the token after the product', () => {
    expect(tokenCookieKey()).toBe('pasarToken');
    expect(tokenCookieKey('gss')).toBe('gssToken');
  });

  it('keep dont-show flags per user', () => {
    setDontShow('u1', 'leverageInfo', true);
    expect(getDontShow('u1', 'leverageInfo')).toBe(true);
    expect(getDontShow('u2', 'leverageInfo')).toBe(false);
    expect(Cookies.get(dontShowCookieKey('u1', 'leverageInfo'))).toBe('true');
    setDontShow('u1', 'leverageInfo', false);
    expect(getDontShow('u1', 'leverageInfo')).toBe(false);
  });
});

describe('clearSessionCookies', () => {
  it('removes tokens, user id, last symbol and firebase ids but keeps device, theme and language', () => {
    for (const key of [
      tokenCookieKey(),
      refreshTokenCookieKey(),
      COOKIE_KEYS.userId,
      COOKIE_KEYS.lastSymbol,
      COOKIE_KEYS.firebaseId,
      COOKIE_KEYS.firebaseInstanceId,
      COOKIE_KEYS.deviceId,
      COOKIE_KEYS.theme,
      COOKIE_KEYS.language,
    ]) {
      setCookie(key, 'v');
    }
    clearSessionCookies();
    expect(Object.keys(Cookies.get()).sort()).toEqual(['deviceId', 'language', 'theme']);
  });
});

describe('getDeviceId', () => {
  it('generates a UUID once and returns the same id afterwards', () => {
    const first = getDeviceId();
    expect(first).toMatch(UUID_PATTERN);
    expect(getDeviceId()).toBe(first);
    expect(Cookies.get('deviceId')).toBe(first);
  });

  it('restores the cookie from the local copy instead of generating a new id', () => {
    const first = getDeviceId();
    Cookies.remove('deviceId', { path: '/' });
    const generate = jest.fn(() => 'new-id');
    expect(getDeviceId(generate)).toBe(first);
    expect(generate).not.toHaveBeenCalled();
    expect(Cookies.get('deviceId')).toBe(first);
  });
});
