import { REMOTE_MOUNTS, remoteForPath, stripLocalePrefix } from './remote-mounts';
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
