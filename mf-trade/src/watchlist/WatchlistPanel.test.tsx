// The Watchlist view for a signed-in person: make a list, add a crypto pair and a US stock, see
// both prices move live, reorder with the keyboard, refusals shown with nothing changed, a row
// opens its symbol; and the header star.
import {
  registerTranslations,
  Route,
  Routes,
  type Watchlist,
} from '@pasar/shared';
import { WATCHLIST_PATHS } from '@pasar/shared/contract/watchlists-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
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

function open(options: { maxSymbols?: number; maxSuggestions?: number; language?: 'en' | 'id'; guest?: boolean } = {}) {
  const { language = 'en', guest = false, ...limits } = options;
  const api = mockMarket(createTestApiClient());
  const server = mockWatchlists(api, limits);
  const view = renderWithShell(
    <Routes>
      <Route path="/trade" element={<WatchlistPanel symbol="BTC-IDR" assetType="CRYPTO" />} />
      <Route path="/trade/:symbol" element={<p>Trade page</p>} />
    </Routes>,
    { route: '/trade', language, api, ...(guest ? {} : { auth: SIGNED_IN }) },
  );
  return { ...view, api, server };
}

const list = (id: string, name: string, symbols: string[] = []): Watchlist => ({
  id,
  name,
  items: symbols.map((symbol) => ({ symbol, assetType: 'CRYPTO', assetId: 1, name: symbol, addedAt: 'x' })),
  createdAt: 'x',
  updatedAt: 'x',
});

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

describe('reordering the lists', () => {
  it('moves the chosen list with the buttons and with Alt + arrow keys on the picker, saved on the server', async () => {
    const { user, api, server } = open();
    server.lists.push(list('w1', 'Alpha'), list('w2', 'Beta'), list('w3', 'Gamma'));
    const picker = await screen.findByRole('combobox', { name: 'Choose a watchlist' });
    const names = () => within(picker).getAllByRole('option').map((option) => option.textContent);
    expect(screen.getByRole('button', { name: 'Move the watchlist “Alpha” up' })).toBeDisabled();
    await user.selectOptions(picker, 'w3');
    expect(screen.getByRole('button', { name: 'Move the watchlist “Gamma” down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move the watchlist “Gamma” up' }));
    await waitFor(() => expect(server.lists.map((l) => l.name)).toEqual(['Alpha', 'Gamma', 'Beta']));
    expect(names()).toEqual(['Alpha (0)', 'Gamma (0)', 'Beta (0)']);
    expect(picker).toHaveValue('w3');

    picker.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(server.lists.map((l) => l.name)).toEqual(['Gamma', 'Alpha', 'Beta']));
    expect(names()).toEqual(['Gamma (0)', 'Alpha (0)', 'Beta (0)']);
    expect(picker).toHaveValue('w3');
    // At the top it cannot move further: nothing is sent.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(api.callsTo('PUT', WATCHLIST_PATHS.order).map((c) => c.body)).toEqual([{ ids: ['w1', 'w3', 'w2'] }, { ids: ['w3', 'w1', 'w2'] }]);
  });

  it('puts the lists back in their order when the server refuses the move', async () => {
    const { user, api, server } = open();
    server.lists.push(list('w1', 'Alpha'), list('w2', 'Beta'));
    api.replyError('PUT', WATCHLIST_PATHS.order, { code: '003', message: 'Not found', status: 404 });
    await user.click(await screen.findByRole('button', { name: 'Move the watchlist “Alpha” down' }));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Choose a watchlist' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Alpha (0)', 'Beta (0)']);
  });
});

describe('suggesting an asset that is not listed', () => {
  const nameField = () => screen.getByRole('textbox', { name: /Asset name or ticker/ });

  it('checks the name before sending, sends a suggestion, and shows each refusal by the field', async () => {
    const { user, api, server } = open({ maxSuggestions: 2 });
    await user.click(await screen.findByRole('button', { name: 'Suggest an asset that is not listed' }));
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Enter the asset’s name or ticker')).toBeInTheDocument();
    await user.type(nameField(), 'X');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Use 2 to 60 characters')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', WATCHLIST_PATHS.assetSuggestions)).toHaveLength(0);

    await user.clear(nameField());
    await user.type(nameField(), ' Solana ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market (optional)' }), 'CRYPTO');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'fast chain');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Suggestion “Solana” sent')).toBeInTheDocument();
    expect(api.callsTo('POST', WATCHLIST_PATHS.assetSuggestions).map((c) => c.body)).toEqual([{ name: 'Solana', assetType: 'CRYPTO', note: 'fast chain' }]);
    expect(server.suggestions.map((s) => s.name)).toEqual(['Solana']);

    // 1156: the same name again.
    await user.click(screen.getByRole('button', { name: 'Suggest an asset that is not listed' }));
    await user.type(nameField(), 'solana');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Asset suggestion already sent')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    // 1157: an asset that is listed.
    await user.clear(nameField());
    await user.type(nameField(), 'Ethereum');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Invalid asset suggestion')).toBeInTheDocument();
    // 1157: over the limit.
    await user.clear(nameField());
    await user.type(nameField(), 'Cardano');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() => expect(server.suggestions).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Suggest an asset that is not listed' }));
    await user.type(nameField(), 'Polkadot');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Invalid asset suggestion')).toBeInTheDocument();
    expect(server.suggestions.map((s) => s.name)).toEqual(['Solana', 'Cardano']);
  });

  it('offers to suggest a symbol that is not listed, prefilled, and refuses in Indonesian', async () => {
    const { user, server } = open({ language: 'id' });
    server.lists.push(list('w1', 'Satu'));
    await user.type(await screen.findByLabelText('Simbol (mis. BTC-IDR, AAPL)'), 'solusdt');
    await user.click(screen.getByRole('button', { name: 'Tambah simbol' }));
    await user.click(await screen.findByRole('button', { name: 'Usulkan “SOLUSDT” untuk didaftarkan' }));
    const field = screen.getByRole('textbox', { name: /Nama atau kode aset/ });
    expect(field).toHaveValue('SOLUSDT');
    await user.clear(field);
    await user.type(field, 'S');
    await user.click(screen.getByRole('button', { name: 'Kirim usulan' }));
    expect(await screen.findByText('Gunakan 2 sampai 60 karakter')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Bitcoin');
    await user.click(screen.getByRole('button', { name: 'Kirim usulan' }));
    expect(await screen.findByText('Saran aset tidak valid')).toBeInTheDocument();
    expect(server.suggestions).toEqual([]);
  });

  it('is not offered to a guest', async () => {
    open({ guest: true });
    expect(await screen.findByText('Log in to make your own watchlists. The lists below are open to everyone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suggest an asset that is not listed' })).not.toBeInTheDocument();
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
