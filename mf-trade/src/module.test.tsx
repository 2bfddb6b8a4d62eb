import { assetPathOf, MARKET_LIST, registerTranslations, type Language } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen } from '@testing-library/react';
import { resetInstrumentCache } from './market/market-api';
import tradeModule from './module';
import { installFakeLive, type FakeLive } from './testing/fake-live';
import { mockMarket } from './testing/market-fixtures';

jest.mock('./chart/chart-engine', () => jest.requireActual('./testing/chart-engine-mock'));

beforeAll(() => registerTranslations(tradeModule.namespace, tradeModule.i18n));

describe('trade module', () => {
  it('is mf_trade with the trade namespace', () => {
    expect(tradeModule.id).toBe('mf_trade');
    expect(tradeModule.namespace).toBe('trade');
  });

  it('lists exactly its spec routes, all guest pages', () => {
    expect(tradeModule.routes.map(({ path, guest, auth }) => ({ path, guest, auth }))).toEqual([
      { path: '/trade', guest: true, auth: undefined },
      { path: '/trade/USDT-IDR', guest: true, auth: undefined },
      { path: '/trade/:symbol', guest: true, auth: undefined },
      { path: '/asset/crypto/:symbol/:assetId', guest: true, auth: undefined },
      { path: '/asset/usstock/:symbol/:assetId', guest: true, auth: undefined },
      { path: '/asset/idx/:symbol/:assetId', guest: true, auth: undefined },
      { path: '/asset/usindex/:symbol/:assetId', guest: true, auth: undefined },
    ]);
  });

  it('gives every market with an asset page its asset route, at the registry\'s path', () => {
    for (const market of MARKET_LIST) {
      if (market.assetPath === null) continue;
      expect(tradeModule.routes.map((r) => r.path)).toContain(`/asset/${assetPathOf(market.id)}/:symbol/:assetId`);
    }
  });

  it('offers the trade home in the navigation', () => {
    expect(tradeModule.nav).toEqual([{ path: '/trade', labelKey: 'nav.trade', order: 10 }]);
  });
});

const HEADINGS: { path: string; route: string; heading: Record<Language, string>; region: Record<Language, string> }[] = [
  { path: '/trade', route: '/trade', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik BTC-IDR', en: 'BTC-IDR chart' } },
  { path: '/trade/USDT-IDR', route: '/trade/USDT-IDR', heading: { id: 'Jelajahi USDT-IDR', en: 'Explore USDT-IDR' }, region: { id: 'Grafik USDT-IDR', en: 'USDT-IDR chart' } },
  { path: '/trade/:symbol', route: '/trade/BTC-IDR', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik BTC-IDR', en: 'BTC-IDR chart' } },
  { path: '/trade/:symbol', route: '/trade/ETH-IDR', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik ETH-IDR', en: 'ETH-IDR chart' } },
  { path: '/trade/:symbol', route: '/trade/BTCUSDT-PERP', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik BTCUSDT-PERP', en: 'BTCUSDT-PERP chart' } },
  { path: '/trade/:symbol', route: '/trade/AAPL', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik AAPL', en: 'AAPL chart' } },
  { path: '/trade/:symbol', route: '/trade/BBCA', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik BBCA', en: 'BBCA chart' } },
  { path: '/asset/crypto/:symbol/:assetId', route: '/asset/crypto/btc/1', heading: { id: 'Aset kripto BTC', en: 'Crypto asset BTC' }, region: { id: 'Grafik BTC-IDR', en: 'BTC-IDR chart' } },
  { path: '/asset/usstock/:symbol/:assetId', route: '/asset/usstock/AAPL/7', heading: { id: 'Saham AS AAPL', en: 'US stock AAPL' }, region: { id: 'Grafik AAPL', en: 'AAPL chart' } },
  { path: '/asset/idx/:symbol/:assetId', route: '/asset/idx/BBCA/11', heading: { id: 'Saham IDX BBCA', en: 'IDX stock BBCA' }, region: { id: 'Grafik BBCA', en: 'BBCA chart' } },
  { path: '/asset/usindex/:symbol/:assetId', route: '/asset/usindex/SPX/3', heading: { id: 'Indeks AS SPX', en: 'US index SPX' }, region: { id: 'Grafik SPX', en: 'SPX chart' } },
];

let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  live = installFakeLive();
});
afterEach(() => live.restore());

describe.each(['id', 'en'] as const)('every trade page in %s', (language) => {
  it.each(HEADINGS)('$route shows its symbol and translated chart', async ({ path, route, heading, region }) => {
    const { Component } = tradeModule.routes.find((r) => r.path === path)!;
    renderWithShell(<Component />, { route, path, language, api: mockMarket(createTestApiClient()) });
    expect(await screen.findByRole('heading', { level: 1, name: heading[language] })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: region[language] })).toBeInTheDocument();
  });
});

describe.each(['id', 'en'] as const)('a pair URL of an unknown symbol in %s', (language) => {
  it('says so and offers the symbol search, not a blank page', async () => {
    const { Component } = tradeModule.routes.find((r) => r.path === '/trade/:symbol')!;
    renderWithShell(<Component />, { route: '/trade/NOPE-IDR', path: '/trade/:symbol', language, api: mockMarket(createTestApiClient()) });
    const title = language === 'id' ? 'Simbol NOPE-IDR tidak ditemukan' : 'Symbol NOPE-IDR was not found';
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: language === 'id' ? 'Cari simbol' : 'Search symbols' })).toBeInTheDocument();
  });
});
