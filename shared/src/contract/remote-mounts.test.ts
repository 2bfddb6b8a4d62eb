import { pathInLanguage, REMOTE_MOUNTS, remoteForPath, stripLocalePrefix } from './remote-mounts';
import * as browser from '../index';
import * as contract from './index';

describe('remote mounts', () => {
  it.each([
    ['/trade', 'mf_trade'],
    ['/trade/USDT-IDR', 'mf_trade'],
    ['/asset/crypto/BTC/1', 'mf_trade'],
    ['/portfolio', 'mf_portfolio'],
    ['/account/profile', 'mf_account'],
    ['/notifications', 'mf_account'],
    ['/balance/topup', 'mf_wallet'],
    ['/transaction-history', 'mf_reports'],
    ['/tax-reports', 'mf_reports'],
    ['/', undefined],
    ['/login', undefined],
    ['/trader', undefined],
  ])('%s belongs to %s', (path, remote) => expect(remoteForPath(path)).toBe(remote));

  it.each([
    ['/', '/'],
    ['/en', '/'],
    ['/pwa', '/'],
    ['/pwa/en', '/'],
    ['/en/trade/USDT-IDR', '/trade/USDT-IDR'],
    ['/pwa/portfolio', '/portfolio'],
    ['/pwa/en/balance/', '/balance'],
    ['/trade//USDT-IDR', '/trade/USDT-IDR'],
    ['/english', '/english'],
    ['/en/pwa/trade', '/pwa/trade'],
  ])('stripLocalePrefix(%s) = %s', (pathname, path) => expect(stripLocalePrefix(pathname)).toBe(path));

  it('is exported from both @pasar/shared and @pasar/shared/contract', () => {
    expect(browser.REMOTE_MOUNTS).toBe(REMOTE_MOUNTS);
    expect(contract.REMOTE_MOUNTS).toBe(REMOTE_MOUNTS);
    expect(browser.remoteForPath).toBe(remoteForPath);
    expect(contract.stripLocalePrefix).toBe(stripLocalePrefix);
  });
});

describe('pathInLanguage (the same page in another language)', () => {
  it('adds /en for English and drops it for Indonesian', () => {
    expect(pathInLanguage('/account/language', 'en')).toBe('/en/account/language');
    expect(pathInLanguage('/en/account/language', 'id')).toBe('/account/language');
  });

  it('leaves a path already in the language as it is', () => {
    expect(pathInLanguage('/account/language', 'id')).toBe('/account/language');
    expect(pathInLanguage('/en/account/language', 'en')).toBe('/en/account/language');
  });

  it('keeps the mobile-web prefix, in the shell’s order', () => {
    expect(pathInLanguage('/pwa/account/language', 'en')).toBe('/pwa/en/account/language');
    expect(pathInLanguage('/pwa/en/account/language', 'id')).toBe('/pwa/account/language');
    expect(pathInLanguage('/en/pwa/account/language', 'id')).toBe('/pwa/account/language');
  });

  it('handles the site root', () => {
    expect(pathInLanguage('/', 'en')).toBe('/en');
    expect(pathInLanguage('/en', 'id')).toBe('/');
    expect(pathInLanguage('/pwa/en/', 'id')).toBe('/pwa');
  });

  it('does not mistake a page for a prefix', () => {
    expect(pathInLanguage('/english/x', 'en')).toBe('/en/english/x');
  });
});
