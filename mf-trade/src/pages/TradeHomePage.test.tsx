import { registerTranslations } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen, within } from '@testing-library/react';
import { TRADE_NAMESPACE, tradeTranslations } from '../i18n';
import { TradeHomePage } from './TradeHomePage';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

const summary = () => ({
  symbol: screen.getByTestId('selected-symbol').textContent,
  market: screen.getByTestId('selected-market').textContent,
});

describe('trade home', () => {
  it('defaults to BTC-IDR, a crypto symbol, without ?ticker=', () => {
    const { store } = renderWithShell(<TradeHomePage />, { route: '/trade' });
    expect(summary()).toEqual({ symbol: 'BTC-IDR', market: 'Kripto' });
    expect(store.getState().trading.activeSymbol).toBe('BTC-IDR');
  });

  it('picks the ?ticker= symbol and its market', () => {
    const { store } = renderWithShell(<TradeHomePage />, { route: '/trade?ticker=ETHUSDT-PERP', language: 'en' });
    expect(summary()).toEqual({ symbol: 'ETHUSDT-PERP', market: 'Crypto futures' });
    expect(store.getState().trading.activeSymbol).toBe('ETHUSDT-PERP');
  });

  it('opens the explore symbol through ?ticker=USDT-IDR', () => {
    renderWithShell(<TradeHomePage />, { route: '/trade?ticker=USDT-IDR' });
    expect(summary()).toEqual({ symbol: 'USDT-IDR', market: 'Kripto' });
    expect(screen.getByRole('heading', { level: 2, name: 'Grafik USDT-IDR' })).toBeInTheDocument();
  });

  it('switches market to that market’s default symbol', async () => {
    const { user } = renderWithShell(<TradeHomePage />, { route: '/trade', language: 'en' });
    const markets = screen.getByRole('navigation', { name: 'Market' });
    expect(within(markets).getByRole('link', { name: 'Crypto' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(markets).getByRole('link', { name: 'US stocks' }));
    expect(summary()).toEqual({ symbol: 'AAPL', market: 'US stocks' });
    expect(within(markets).getByRole('link', { name: 'US stocks' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(markets).getByRole('link', { name: 'Crypto futures' }));
    expect(summary()).toEqual({ symbol: 'BTCUSDT-PERP', market: 'Crypto futures' });
  });
});

describe('trading views', () => {
  it('open one panel at a time and close back to none', async () => {
    const { user, store } = renderWithShell(<TradeHomePage />, { route: '/trade?ticker=BTC-IDR', language: 'en' });
    const views = screen.getByRole('group', { name: 'Trading views' });
    expect(screen.getByText('No panel is open. Choose one of the views above.')).toBeInTheDocument();

    await user.click(within(views).getByRole('button', { name: 'Order book' }));
    expect(within(views).getByRole('button', { name: 'Order book' })).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().misc.tradingView).toBe('OrderBook');
    const panel = screen.getByRole('region', { name: 'Order book' });
    expect(within(panel).getByText('The BTC-IDR order book arrives here soon.')).toBeInTheDocument();

    await user.click(within(views).getByRole('button', { name: 'News' }));
    expect(within(views).getByRole('button', { name: 'Order book' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('region', { name: 'News' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(store.getState().misc.tradingView).toBe('None');
  });

  it('full screen gives the whole workspace to the chart', async () => {
    const { user, store } = renderWithShell(<TradeHomePage />, { route: '/trade', language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Watchlist' }));
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(store.getState().misc.tradingView).toBe('FullScreen');
    expect(screen.queryByRole('region', { name: 'Watchlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'BTC-IDR chart' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(store.getState().misc.tradingView).toBe('None');
  });

  it('offers every trading view of the spec', () => {
    renderWithShell(<TradeHomePage />, { route: '/trade' });
    const views = screen.getByRole('group', { name: 'Tampilan trading' });
    expect(within(views).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Watchlist',
      'Peringatan harga',
      'Berita',
      'Order book',
      'Jendela order',
      'Layar penuh',
    ]);
  });
});
