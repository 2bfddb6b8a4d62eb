import { MARKET_PATHS, registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { mockMarket } from '../testing/market-fixtures';
import { assetSymbolOf, CryptoAssetPage, rangeOf, UsIndexAssetPage, UsStockAssetPage } from './AssetPage';

jest.mock('../chart/chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  live = installFakeLive();
});
afterEach(() => live.restore());

const DESCRIPTION = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  kind: 'usstock',
  assetType: 'USSTOCK',
  description: 'Apple designs iPhones.',
  language: 'en',
  sector: 'Technology',
  website: null,
  icon: '',
  keyFigures: [
    { key: 'marketCap', value: '3450000000000', unit: 'USD' },
    { key: 'peRatio', value: '31.2', unit: 'x' },
  ],
};

function api() {
  return mockMarket(createTestApiClient())
    .reply('GET', MARKET_PATHS.description, DESCRIPTION)
    .reply('GET', MARKET_PATHS.corporateActions, {
      symbol: 'AAPL',
      items: [{ id: 'c1', symbol: 'AAPL', type: 'DIVIDEND', exDate: '2026-11-10', recordDate: null, payDate: '2026-11-14', amount: '0.26', ratio: null, status: 'COMPLETED' }],
    })
    .reply('GET', MARKET_PATHS.eps, {
      symbol: 'AAPL',
      currency: 'USD',
      items: [{ fiscalYear: 2026, fiscalQuarter: 4, reportDate: '2026-10-30', estimate: '1.60', actual: '1.64', surprisePercent: '2.5' }],
    });
}

describe('asset pages', () => {
  it('show a US stock’s profile, key figures, 52-week range, corporate actions and EPS', async () => {
    renderWithShell(<UsStockAssetPage />, { route: '/asset/usstock/AAPL/7', path: '/asset/usstock/:symbol/:assetId', language: 'en', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'US stock AAPL' })).toBeInTheDocument();
    expect(await screen.findByTestId('asset-name')).toHaveTextContent('Apple Inc. · AAPL');
    expect(await screen.findByText('Apple designs iPhones.')).toBeInTheDocument();
    const figures = screen.getByTestId('key-figures');
    expect(within(figures).getByText('Market cap').nextSibling).toHaveTextContent('$3.45T');
    expect(within(figures).getByText('P/E ratio').nextSibling).toHaveTextContent('31.2×');
    // The fixture's daily bars run from a low of 86 to a high of 114.
    await waitFor(() => expect(within(figures).getByText('52-week low').nextSibling).toHaveTextContent('$86.00'));
    expect(within(figures).getByText('52-week high').nextSibling).toHaveTextContent('$114.00');
    const actions = await screen.findByTestId('corporate-actions');
    expect(actions).toHaveTextContent('Dividend');
    expect(actions).toHaveTextContent('$0.26 per share');
    expect(await screen.findByTestId('eps')).toHaveTextContent('Q4 2026');
    expect(screen.getByRole('link', { name: 'Trade now' })).toHaveAttribute('href', '/trade/AAPL');
  });

  it('offers the chart ranges ONE_DAY … ALL and loads each at its resolution', async () => {
    const client = api();
    const { user } = renderWithShell(<CryptoAssetPage />, { route: '/asset/crypto/btc/1', path: '/asset/crypto/:symbol/:assetId', language: 'en', api: client });
    const ranges = await screen.findByRole('group', { name: 'Chart range' });
    expect(within(ranges).getAllByRole('button').map((b) => b.textContent)).toEqual(['1D', '1W', '1M', '3M', 'YTD', '1Y', 'All']);
    expect(within(ranges).getByRole('button', { name: '1 month' })).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['1 day', '1 week', '3 months', 'Year to date', '1 year', 'All history']) {
      await user.click(within(ranges).getByRole('button', { name }));
    }
    await waitFor(() => expect(screen.getByTestId('price-chart')).toHaveAttribute('data-resolution', '1W'));
    const chartCalls = client
      .callsTo('GET', MARKET_PATHS.candles)
      .filter((call) => !(call.query.resolution === '1D' && Number(call.query.to) - Number(call.query.from) === 365 * 86_400))
      .map((call) => call.query.resolution);
    expect(chartCalls).toEqual(['60', '5', '60', '1D', '1D', '1D', '1W']);
    expect(client.callsTo('GET', MARKET_PATHS.candles)[0]!.query.symbol).toBe('BTC-IDR');
  });

  it('do not offer trading an index', async () => {
    const client = api().reply('GET', MARKET_PATHS.description, { ...DESCRIPTION, symbol: 'SPX', name: 'S&P 500', kind: 'usindex', keyFigures: [] });
    renderWithShell(<UsIndexAssetPage />, { route: '/asset/usindex/SPX/3', path: '/asset/usindex/:symbol/:assetId', language: 'en', api: client });
    expect(await screen.findByRole('heading', { level: 1, name: 'US index SPX' })).toBeInTheDocument();
    expect(await screen.findByText('S&P 500 · SPX')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trade now' })).not.toBeInTheDocument();
  });
});

it('maps an asset route symbol to its market symbol', () => {
  expect(assetSymbolOf('crypto', 'btc')).toBe('BTC-IDR');
  expect(assetSymbolOf('crypto', 'ETH-IDR')).toBe('ETH-IDR');
  expect(assetSymbolOf('usstock', 'aapl')).toBe('AAPL');
});

it('finds a range’s low and high exactly on decimal strings', () => {
  const bar = (l: string, h: string) => ({ t: 0, o: '0', c: '0', v: '0', l, h });
  expect(rangeOf([bar('9.5', '10.25'), bar('10.1', '10.3'), bar('9.49', '10')])).toEqual({ low: '9.49', high: '10.3' });
  expect(rangeOf([])).toBeNull();
});
