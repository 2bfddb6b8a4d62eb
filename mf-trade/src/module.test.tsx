import { registerTranslations, type Language } from '@pasar/shared';
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
      { path: '/asset/crypto/:symbol/:assetId', guest: true, auth: undefined },
      { path: '/asset/usstock/:symbol/:assetId', guest: true, auth: undefined },
      { path: '/asset/usindex/:symbol/:assetId', guest: true, auth: undefined },
    ]);
  });

  it('offers the trade home in the navigation', () => {
    expect(tradeModule.nav).toEqual([{ path: '/trade', labelKey: 'nav.trade', order: 10 }]);
  });
});

const HEADINGS: { path: string; route: string; heading: Record<Language, string>; region: Record<Language, string> }[] = [
  { path: '/trade', route: '/trade', heading: { id: 'Trading', en: 'Trade' }, region: { id: 'Grafik BTC-IDR', en: 'BTC-IDR chart' } },
  { path: '/trade/USDT-IDR', route: '/trade/USDT-IDR', heading: { id: 'Jelajahi USDT-IDR', en: 'Explore USDT-IDR' }, region: { id: 'Grafik USDT-IDR', en: 'USDT-IDR chart' } },
  { path: '/asset/crypto/:symbol/:assetId', route: '/asset/crypto/btc/1', heading: { id: 'Aset kripto BTC', en: 'Crypto asset BTC' }, region: { id: 'Grafik BTC-IDR', en: 'BTC-IDR chart' } },
  { path: '/asset/usstock/:symbol/:assetId', route: '/asset/usstock/AAPL/7', heading: { id: 'Saham AS AAPL', en: 'US stock AAPL' }, region: { id: 'Grafik AAPL', en: 'AAPL chart' } },
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
