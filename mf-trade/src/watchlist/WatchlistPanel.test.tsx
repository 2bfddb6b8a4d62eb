// The Watchlist view for a signed-in person: make a list, add a crypto pair and a US stock, see
// both prices move live, reorder with the keyboard, refusals shown with nothing changed, a row
// opens its symbol; and the header star.
import {
  registerTranslations,
  Route,
  Routes,
} from '@pasar/shared';
import { WATCHLIST_PATHS } from '@pasar/shared/contract/watchlists-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE, tradeTranslations } from '../i18n';
import { resetInstrumentCache } from '../market/market-api';
import { mockWatchlists } from '../testing/alerts-fixtures';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { mockMarket, ticker } from '../testing/market-fixtures';
import { SIGNED_IN } from '../testing/order-fixtures';
import { WatchlistPanel } from './WatchlistPanel';
import { WatchStar } from './WatchStar';
import { resetWatchlists } from './watchlist-state';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  resetWatchlists();
  live = installFakeLive();
});
afterEach(() => live.restore());

function open(options: { maxSymbols?: number } = {}) {
  const api = mockMarket(createTestApiClient());
  const server = mockWatchlists(api, options);
  const view = renderWithShell(
    <Routes>
      <Route path="/trade" element={<WatchlistPanel symbol="BTC-IDR" assetType="CRYPTO" />} />
      <Route path="/trade/:symbol" element={<p>Trade page</p>} />
    </Routes>,
    { route: '/trade', language: 'en', api, auth: SIGNED_IN },
  );
  return { ...view, api, server };
}

const rows = () => screen.getAllByTestId('watch-row').map((row) => row.getAttribute('data-symbol'));

describe('the Watchlist view', () => {
  it('makes a list with a crypto pair and a US stock, whose prices and changes move live', async () => {
    const { user, api, server } = open();
    expect(await screen.findByText('No watchlist yet. Make one to follow asset prices.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Watchlist name'), 'Mixed');
    await user.click(screen.getByRole('button', { name: 'Create watchlist' }));
    await user.click(await screen.findByRole('button', { name: 'Add BTC-IDR' }));
    await user.type(screen.getByLabelText('Symbol (e.g. BTC-IDR, AAPL)'), 'aapl');
    await user.click(screen.getByRole('button', { name: 'Add symbol' }));
    await waitFor(() => expect(rows()).toEqual(['BTC-IDR', 'AAPL']));
    expect(server.lists[0]!.items.map((i) => i.symbol)).toEqual(['BTC-IDR', 'AAPL']);
    expect(api.callsTo('POST', `${WATCHLIST_PATHS.watchlists}/:id/symbols`).map((c) => c.body)).toEqual([{ symbol: 'BTC-IDR' }, { symbol: 'AAPL' }]);

    const [btc, aapl] = screen.getAllByTestId('watch-row');
    await waitFor(() => expect(within(btc!).getByTestId('watch-price')).toHaveTextContent('Rp1,650,000,000'));
    expect(within(aapl!).getByTestId('watch-price')).toHaveTextContent('$');
    await waitFor(() => expect(live.subscriptions.filter((s) => s.channel === 'ticker').map((s) => s.symbol).sort()).toEqual(['AAPL', 'BTC-IDR']));
    await act(async () => {
      live.push('ticker', 'BTC-IDR', { type: 'update', data: ticker({ price: '1700000000', changePercent24h: '-1.5' }) });
      live.push('ticker', 'AAPL', { type: 'update', data: ticker({ symbol: 'AAPL', assetType: 'USSTOCK', price: '201.25', changePercent24h: '2.4' }) });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(within(btc!).getByTestId('watch-price')).toHaveTextContent('Rp1,700,000,000');
    expect(within(btc!).getByTestId('watch-change')).toHaveTextContent('-1.50%');
    expect(within(aapl!).getByTestId('watch-price')).toHaveTextContent('$201.25');
    expect(within(aapl!).getByTestId('watch-change')).toHaveTextContent('+2.40%');
  });

  it('reorders with Alt + arrow keys on a row and with the buttons, saved on the server', async () => {
    const { user, server } = open();
    server.lists.push({ id: 'w9', name: 'Three', items: ['BTC-IDR', 'ETH-IDR', 'AAPL'].map((symbol) => ({ symbol, assetType: 'CRYPTO', assetId: 1, name: symbol, addedAt: 'x' })), createdAt: 'x', updatedAt: 'x' });
    await screen.findAllByTestId('watch-row');
    const first = within(screen.getAllByTestId('watch-row')[0]!).getAllByRole('button')[0]!;
    first.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(server.lists[0]!.items.map((i) => i.symbol)).toEqual(['ETH-IDR', 'BTC-IDR', 'AAPL']));
    expect(rows()).toEqual(['ETH-IDR', 'BTC-IDR', 'AAPL']);
    await user.click(screen.getByRole('button', { name: 'Move AAPL up' }));
    await waitFor(() => expect(server.lists[0]!.items.map((i) => i.symbol)).toEqual(['ETH-IDR', 'AAPL', 'BTC-IDR']));
    expect(screen.getByRole('button', { name: 'Move ETH-IDR up' })).toBeDisabled();
  });

  it('shows the limit refusal (1158) and an unknown symbol by the field, and the list is unchanged', async () => {
    const { user, server } = open({ maxSymbols: 1 });
    server.lists.push({ id: 'w1', name: 'Full', items: [{ symbol: 'ETH-IDR', assetType: 'CRYPTO', assetId: 2, name: 'Ethereum', addedAt: 'x' }], createdAt: 'x', updatedAt: 'x' });
    await screen.findAllByTestId('watch-row');
    await user.click(screen.getByRole('button', { name: 'Add BTC-IDR' }));
    expect(await screen.findByText('Watchlist limit reached')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Symbol (e.g. BTC-IDR, AAPL)'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Add symbol' }));
    expect(await screen.findByText('Unknown symbol NOPE')).toBeInTheDocument();
    expect(rows()).toEqual(['ETH-IDR']);
    expect(server.lists[0]!.items).toHaveLength(1);
  });

  it('renames and deletes a list (after confirming), and a row opens its symbol', async () => {
    const { user, server } = open();
    server.lists.push({ id: 'w1', name: 'Old', items: [{ symbol: 'ETH-IDR', assetType: 'CRYPTO', assetId: 2, name: 'Ethereum', addedAt: 'x' }], createdAt: 'x', updatedAt: 'x' });
    await screen.findAllByTestId('watch-row');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const name = screen.getAllByLabelText('Watchlist name')[0]!;
    await user.clear(name);
    await user.type(name, 'New');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(server.lists[0]!.name).toBe('New'));
    await user.click(screen.getByRole('button', { name: 'Delete watchlist' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the watchlist “New”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.lists).toEqual([]));
    expect(await screen.findByText('No watchlist yet. Make one to follow asset prices.')).toBeInTheDocument();
  });

  it('opens the symbol of a clicked row', async () => {
    const { user, server } = open();
    server.lists.push({ id: 'w1', name: 'One', items: [{ symbol: 'ETH-IDR', assetType: 'CRYPTO', assetId: 2, name: 'Ethereum', addedAt: 'x' }], createdAt: 'x', updatedAt: 'x' });
    await user.click(await screen.findByRole('button', { name: /^ETH-IDR/ }));
    expect(await screen.findByText('Trade page')).toBeInTheDocument();
  });
});

describe('the watchlist star', () => {
  it('adds the symbol to a first list it makes, and takes it out again', async () => {
    const api = mockMarket(createTestApiClient());
    const server = mockWatchlists(api);
    const { user } = renderWithShell(<WatchStar symbol="AAPL" />, { route: '/trade', language: 'en', api, auth: SIGNED_IN });
    const star = await screen.findByRole('button', { name: 'Follow AAPL in a watchlist' });
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(server.lists.map((l) => [l.name, l.items.map((i) => i.symbol)])).toEqual([['Favourites', ['AAPL']]]);
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(server.lists[0]!.items).toEqual([]);
  });
});
