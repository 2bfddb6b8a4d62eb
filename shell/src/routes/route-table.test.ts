import type { Language } from '@pasar/shared';
import { buildPath } from './locale-path';
import { matchRoute, relativeToMount, resolvePathname, type RemoteId, type ShellPage } from './route-table';

// Every route of product-spec §2, with concrete values for its parameters.
const SPEC_ROUTES: ReadonlyArray<[string, RemoteId | ShellPage]> = [
  ['/signup', 'signup'],
  ['/login', 'login'],
  ['/', 'home'],
  ['/trade/USDT-IDR', 'mf_trade'],
  ['/trade', 'mf_trade'],
  ['/trade/BTCUSDT-PERP', 'mf_trade'],
  // Every listed symbol of every market has its pair URL (the remote routes `/trade/:symbol`).
  ['/trade/BTC-IDR', 'mf_trade'],
  ['/trade/ETH-IDR', 'mf_trade'],
  ['/trade/AAPL', 'mf_trade'],
  ['/trade/BBCA', 'mf_trade'],
  ['/account', 'mf_account'],
  ['/account/privacy', 'mf_account'],
  ['/account/privacy/manage-session', 'mf_account'],
  ['/account/bankAccount', 'mf_account'],
  ['/account/profile', 'mf_account'],
  ['/account/identity-verification', 'mf_account'],
  ['/account/notification', 'mf_account'],
  ['/account/manage-session', 'mf_account'],
  ['/account/language', 'mf_account'],
  ['/portfolio', 'mf_portfolio'],
  ['/transaction-history', 'mf_reports'],
  ['/notifications', 'mf_account'],
  ['/balance', 'mf_wallet'],
  ['/balance/topup', 'mf_wallet'],
  ['/tax-reports', 'mf_reports'],
  ['/asset/crypto/BTC/12', 'mf_trade'],
  ['/asset/usstock/AAPL/7', 'mf_trade'],
  ['/asset/usindex/SPX/3', 'mf_trade'],
  ['/asset/idx/BBCA/11', 'mf_trade'],
];

const ownerOf = (pathname: string): RemoteId | ShellPage => {
  const match = resolvePathname(pathname);
  return match.owner === 'shell' ? match.page : match.remote;
};

const VARIANTS: ReadonlyArray<{ language: Language; mobileWeb: boolean }> = [
  { language: 'id', mobileWeb: false },
  { language: 'en', mobileWeb: false },
  { language: 'id', mobileWeb: true },
  { language: 'en', mobileWeb: true },
];

describe('route table', () => {
  describe.each(VARIANTS)('language $language, mobile web $mobileWeb', (variant) => {
    it.each(SPEC_ROUTES)('%s belongs to %s', (path, owner) => {
      expect(ownerOf(buildPath({ ...variant, path }))).toBe(owner);
    });
  });

  it('writes the prefixes as the specification does', () => {
    expect(buildPath({ language: 'en', mobileWeb: false, path: '/portfolio' })).toBe('/en/portfolio');
    expect(buildPath({ language: 'id', mobileWeb: true, path: '/trade/USDT-IDR' })).toBe('/pwa/trade/USDT-IDR');
    expect(buildPath({ language: 'en', mobileWeb: true, path: '/balance/topup' })).toBe('/pwa/en/balance/topup');
  });

  it('sends unknown paths to the not-found page', () => {
    expect(ownerOf('/nope')).toBe('not-found');
    expect(ownerOf('/en/trader')).toBe('not-found');
    expect(ownerOf('/accounting')).toBe('not-found');
  });

  it('gives the path below the mount to the remote', () => {
    expect(matchRoute('/balance/topup')).toEqual({ owner: 'remote', remote: 'mf_wallet', mount: '/balance', subpath: '/topup' });
    expect(matchRoute('/portfolio')).toEqual({ owner: 'remote', remote: 'mf_portfolio', mount: '/portfolio', subpath: '/' });
  });

  it('makes remote route paths relative to their mount', () => {
    expect(relativeToMount('/trade/USDT-IDR', '/trade')).toBe('USDT-IDR');
    expect(relativeToMount('/trade', '/trade')).toBe('');
    expect(relativeToMount('/asset/crypto/:symbol/:assetId', '/asset')).toBe('crypto/:symbol/:assetId');
    expect(relativeToMount('/asset/crypto/:symbol/:assetId', '/trade')).toBeNull();
    expect(relativeToMount('/trader', '/trade')).toBeNull();
  });
});
