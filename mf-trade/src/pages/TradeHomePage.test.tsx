import {
  MARKET_PATHS,
  registerTranslations,
  Route,
  Routes,
} from '@pasar/shared';
import { WATCHLIST_PATHS } from '@pasar/shared/contract/watchlists-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { engines } from '../testing/chart-engine-mock';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { candles, mockMarket, ticker } from '../testing/market-fixtures';
import { PairPage } from './PairPage';
import { TradeHomePage } from './TradeHomePage';

jest.mock('../chart/chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  engines.length = 0;
  live = installFakeLive();
});
afterEach(() => live.restore());

const open = (route: string, language: 'id' | 'en' = 'en') => renderWithShell(<TradeHomePage />, { route, language, api: mockMarket(createTestApiClient()) });

describe('trade home', () => {
  it('defaults to BTC-IDR and shows its price, 24 h figures, chart and book', async () => {
    const { store } = open('/trade');
    expect(screen.getByRole('heading', { level: 1, name: 'Trade' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'BTC-IDR' })).toBeInTheDocument();
    expect(await screen.findByTestId('selected-market')).toHaveTextContent('Crypto');
    expect(await screen.findByTestId('last-price')).toHaveTextContent('Rp1,650,000,000');
    expect(screen.getByTestId('price-change')).toHaveTextContent('+3.13%');
    expect(screen.getByText(/Bitcoin ·/)).toBeInTheDocument();
    expect(screen.getByTestId('market-status')).toHaveTextContent('Open 24/7');
    expect(await screen.findAllByTestId('book-bid')).toHaveLength(10);
    await waitFor(() => expect(screen.getByTestId('price-chart')).toHaveAttribute('data-candles', '5'));
    expect(engines[0]!.candles).toHaveLength(5);
    expect(store.getState().trading.activeSymbol).toBe('BTC-IDR');
    expect(store.getState().chart.layout).toBe('CryptoAdvanced');
  });

  it('offers the market’s resolutions (§9) and reloads candles at the chosen one', async () => {
    const { user, api, store } = open('/trade?ticker=AAPL');
    const resolutions = await screen.findByRole('group', { name: 'Chart resolution' });
    expect(within(resolutions).getAllByRole('button').map((b) => b.textContent)).toEqual(['5m', '10m', '15m', '1h', '1D', '1W']);
    expect(within(resolutions).getByRole('button', { name: '1-hour' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(resolutions).getByRole('button', { name: 'Daily' }));
    expect(store.getState().chart.resolution).toBe('1D');
    await waitFor(() => expect(api.callsTo('GET', MARKET_PATHS.candles).map((c) => c.query.resolution)).toEqual(['60', '1D']));
    expect(await screen.findByTestId('last-price')).toHaveTextContent('$1,650,000,000.00');
    expect(store.getState().chart.layout).toBe('USStock');
  });

  it('updates price and chart from the live streams', async () => {
    open('/trade?ticker=BTC-IDR');
    await screen.findByTestId('last-price');
    await waitFor(() => expect(engines[0]?.candles).toHaveLength(5));
    await act(async () => {
      live.push('ticker', 'BTC-IDR', { type: 'update', data: ticker({ price: '1700000000', changePercent24h: '-1.5' }) });
      live.push('candles', 'BTC-IDR', { type: 'update', data: { ...candles(6)[5]!, c: '120' } });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(screen.getByTestId('last-price')).toHaveTextContent('Rp1,700,000,000');
    expect(screen.getByTestId('price-change')).toHaveTextContent('-1.50%');
    expect(engines[0]!.updates.map((c) => c.c)).toEqual(['120']);
  });

  it('switches market to that market’s default symbol, at its pair URL', async () => {
    const { user } = renderWithShell(
      <Routes>
        <Route path="/trade" element={<TradeHomePage />} />
        <Route path="/trade/:symbol" element={<PairPage />} />
      </Routes>,
      { route: '/trade', language: 'en', api: mockMarket(createTestApiClient()) },
    );
    const markets = screen.getByRole('navigation', { name: 'Market' });
    expect(within(markets).getByRole('link', { name: 'Crypto' })).toHaveAttribute('aria-current', 'true');
    expect(within(markets).getByRole('link', { name: 'US stocks' })).toHaveAttribute('href', '/trade/AAPL');
    await user.click(within(markets).getByRole('link', { name: 'US stocks' }));
    expect(screen.getByRole('heading', { level: 2, name: 'AAPL' })).toBeInTheDocument();
    expect(await screen.findByText(/Apple Inc\. ·/)).toBeInTheDocument();
    // The pair URL is another route: its page has its own market switch.
    await user.click(within(screen.getByRole('navigation', { name: 'Market' })).getByRole('link', { name: 'Crypto futures' }));
    expect(screen.getByRole('heading', { level: 2, name: 'BTCUSDT-PERP' })).toBeInTheDocument();
    expect(await screen.findByTestId('selected-market')).toHaveTextContent('Crypto futures');
  });

  it('shows an Indonesian stock in its own market with the IDX resolutions', async () => {
    open('/trade?ticker=BBCA', 'id');
    expect(await screen.findByText(/Bank Central Asia ·/)).toBeInTheDocument();
    const resolutions = screen.getByRole('group', { name: 'Resolusi grafik' });
    expect(within(resolutions).getAllByRole('button').map((b) => b.textContent)).toEqual(['5m', '1j', '1H', '1Mg']);
  });

  it('says so for an unknown symbol', async () => {
    open('/trade?ticker=NOPE-IDR');
    expect(await screen.findByRole('heading', { name: 'Symbol NOPE-IDR was not found' })).toBeInTheDocument();
  });
});

describe('trading views', () => {
  it('open one panel at a time: news, and for a guest the curated watchlists with a way to log in; no order window', async () => {
    const api = mockMarket(createTestApiClient())
      .reply('GET', MARKET_PATHS.news, {
        items: [
          { id: 'n1', title: 'Bitcoin naik', summary: 'Ringkasan', url: null, source: 'Pasar', language: 'en', symbols: ['BTC-IDR'], publishedAt: '2026-11-20T01:00:00Z' },
        ],
        page: 0,
        size: 8,
        total: 1,
      })
      .reply('GET', WATCHLIST_PATHS.predefined, {
        items: [{ kind: 'TOP_GAINERS', assetType: 'CRYPTO', items: [{ symbol: 'ETH-IDR', assetType: 'CRYPTO', assetId: 2, name: 'Ethereum' }] }],
      });
    const { user, store } = renderWithShell(<TradeHomePage />, { route: '/trade?ticker=BTC-IDR', language: 'en', api });
    const views = screen.getByRole('group', { name: 'Trading views' });

    await user.click(within(views).getByRole('button', { name: 'News' }));
    expect(store.getState().misc.tradingView).toBe('News');
    const news = screen.getByRole('region', { name: 'News' });
    expect(await within(news).findByText('Bitcoin naik')).toBeInTheDocument();
    expect(api.callsTo('GET', MARKET_PATHS.news)[0]!.query.symbol).toBe('BTC-IDR');

    await user.click(within(views).getByRole('button', { name: 'Watchlist' }));
    expect(within(views).getByRole('button', { name: 'News' })).toHaveAttribute('aria-pressed', 'false');
    const watchlist = screen.getByRole('region', { name: 'Watchlist' });
    expect(await within(watchlist).findByText('Log in to make your own watchlists. The lists below are open to everyone.')).toBeInTheDocument();
    expect(within(watchlist).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(await within(watchlist).findByRole('button', { name: /ETH-IDR/ })).toBeInTheDocument();
    expect(api.callsTo('GET', WATCHLIST_PATHS.predefined)[0]!.query.assetType).toBe('CRYPTO');
    expect(within(views).queryByRole('button', { name: 'Order window' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(store.getState().misc.tradingView).toBe('None');
  });

  it('the order book view selects the book tab; full screen leaves only the chart', async () => {
    const { user, store } = open('/trade?ticker=USDT-IDR');
    // USDT-IDR has no pro mode: the instant layout opens on recent trades.
    await waitFor(() => expect(store.getState().chart.layout).toBe('CryptoInstant'));
    expect(screen.getByRole('tab', { name: 'Recent trades' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Order book' }));
    expect(screen.getByRole('tab', { name: 'Order book' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(store.getState().misc.tradingView).toBe('FullScreen');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'USDT-IDR chart' })).toBeInTheDocument();
  });

  it('offers the trading views of the spec this page has (the order panel is beside the chart: no order window), in Indonesian by default', () => {
    open('/trade', 'id');
    const views = screen.getByRole('group', { name: 'Tampilan trading' });
    expect(within(views).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Watchlist',
      'Peringatan harga',
      'Berita',
      'Order book',
      'Layar penuh',
    ]);
  });
});
