import { buildPath, parseLocation, prefixOf } from './locale-path';

describe('parseLocation and buildPath', () => {
  it.each([
    ['/', { language: 'id', mobileWeb: false, path: '/' }],
    ['/trade/USDT-IDR', { language: 'id', mobileWeb: false, path: '/trade/USDT-IDR' }],
    ['/en', { language: 'en', mobileWeb: false, path: '/' }],
    ['/en/account/privacy', { language: 'en', mobileWeb: false, path: '/account/privacy' }],
    ['/pwa', { language: 'id', mobileWeb: true, path: '/' }],
    ['/pwa/portfolio', { language: 'id', mobileWeb: true, path: '/portfolio' }],
    ['/pwa/en/balance/topup', { language: 'en', mobileWeb: true, path: '/balance/topup' }],
  ] as const)('reads %s', (pathname, expected) => {
    expect(parseLocation(pathname)).toEqual(expected);
  });

  it.each(['/', '/login', '/en', '/en/trade', '/pwa', '/pwa/trade/BTC-IDR', '/pwa/en', '/pwa/en/tax-reports'])(
    'round-trips %s',
    (pathname) => {
      expect(buildPath(parseLocation(pathname))).toBe(pathname);
    },
  );

  it('tidies trailing and doubled slashes', () => {
    expect(parseLocation('/en/portfolio/')).toEqual({ language: 'en', mobileWeb: false, path: '/portfolio' });
    expect(parseLocation('//trade')).toEqual({ language: 'id', mobileWeb: false, path: '/trade' });
  });

  it('does not take a longer first segment for a prefix', () => {
    expect(parseLocation('/english').path).toBe('/english');
    expect(parseLocation('/pwablog').mobileWeb).toBe(false);
  });

  it('keeps a query and hash when building', () => {
    expect(buildPath({ language: 'en', mobileWeb: false, path: '/trade?ticker=BTC-IDR#x' })).toBe('/en/trade?ticker=BTC-IDR#x');
    expect(buildPath({ language: 'en', mobileWeb: false, path: '/?theme=dark' })).toBe('/en?theme=dark');
  });

  it('names the router basename of each prefix', () => {
    expect(prefixOf({ language: 'id', mobileWeb: false })).toBe('');
    expect(prefixOf({ language: 'en', mobileWeb: false })).toBe('/en');
    expect(prefixOf({ language: 'id', mobileWeb: true })).toBe('/pwa');
    expect(prefixOf({ language: 'en', mobileWeb: true })).toBe('/pwa/en');
  });
});
