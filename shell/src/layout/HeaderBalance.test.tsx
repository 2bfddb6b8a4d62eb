// The header's balance: a skeleton while loading, the IDR total formatted for the language, a
// link to /balance named "Saldo"/"Balance", nothing for a guest or on a guest-mode page, and in the
// menu (beside its Saldo entry) on a narrow screen.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, appStore, refreshBalances, WALLET_PATHS } from '@pasar/shared';
import { createBalanceServer, type BalanceServer } from '../testing/balance-server';
import { renderShell, resetPage, settle, VALID_TOKEN } from '../testing/shell-test-kit';
import { MENU_BALANCE_QUERY } from './HeaderBalance';

let server: BalanceServer;

const signIn = () =>
  appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' }, modals: 'Close' } });

const banner = () => screen.getByRole('banner');
const headerBalance = () => within(banner()).queryByTestId('header-balance');

/** A screen narrower than md: the media query of the menu placement matches. */
function narrowScreen() {
  const matchMedia = jest.fn((query: string) => ({
    matches: query === MENU_BALANCE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
}

beforeEach(async () => {
  await resetPage();
  await refreshBalances({ reset: true });
  server = createBalanceServer();
  api.configure({ adapter: server.adapter, retries: 0, sleep: async () => undefined });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('header balance', () => {
  it('shows a skeleton while loading, then the IDR total, as a link named Saldo to /balance', async () => {
    server.answers[WALLET_PATHS.accounts] = 'hang';
    signIn();
    await renderShell('/portfolio');
    const link = within(banner()).getByRole('link', { name: 'Saldo', description: 'Memuat saldo…' });
    expect(link).toHaveAttribute('data-testid', 'header-balance');
    expect(link).toHaveAttribute('href', '/balance');
    expect(link).toHaveAttribute('aria-busy', 'true');
    expect(link.querySelector('[data-skeleton]')).not.toBeNull();

    server.answers[WALLET_PATHS.accounts] = { data: { cashAccount: { cashBalance: '1500000', voucherBalance: '25000', freeBalance: '0' } } };
    await act(async () => server.releaseAll());
    await waitFor(() => expect(link).toHaveAccessibleDescription('Rp1.525.000'));
    expect(link).toHaveAccessibleName('Saldo');
    expect(link).not.toHaveAttribute('aria-busy');
    expect(link.querySelector('[data-skeleton]')).toBeNull();
  });

  it('is named Balance in English, with English number format and the prefixed link', async () => {
    signIn();
    await renderShell('/en/portfolio');
    const link = await within(banner()).findByRole('link', { name: 'Balance', description: 'Rp180,000' });
    expect(link).toHaveAttribute('href', '/en/balance');
  });

  it('follows the shared store: a refresh from anywhere on the page updates it', async () => {
    signIn();
    await renderShell('/balance');
    await within(banner()).findByText('Rp180.000');
    server.answers[WALLET_PATHS.accounts] = { data: { cashAccount: { cashBalance: '200000', voucherBalance: '0', freeBalance: '0' } } };
    // What mf-wallet does after a top-up.
    await act(async () => refreshBalances({ loader: true }));
    expect(within(banner()).getByTestId('balance-amount')).toHaveTextContent('Rp200.000');
  });

  it('is not there for a guest', async () => {
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    expect(headerBalance()).toBeNull();
    expect(within(banner()).queryByTestId('balance-amount')).toBeNull();
  });

  it('is there on a page guests may see when the person looking is signed in (guest mode means a guest is looking)', async () => {
    signIn();
    appStore.getState().setIdrBalance('5000');
    await renderShell('/trade/USDT-IDR');
    await screen.findByRole('heading', { name: 'mf_trade /trade/USDT-IDR' });
    expect(headerBalance()).not.toBeNull();
  });

  it('is not there on that page for a guest', async () => {
    await renderShell('/trade/USDT-IDR');
    await screen.findByRole('heading', { name: 'mf_trade /trade/USDT-IDR' });
    expect(headerBalance()).toBeNull();
  });

  it('on a narrow screen moves into the menu, beside the Saldo entry, which keeps its name', async () => {
    narrowScreen();
    signIn();
    await renderShell('/balance');
    const nav = within(banner()).getByRole('navigation', { name: 'Navigasi utama' });
    const entry = await within(nav).findByRole('link', { name: 'Saldo', description: 'Rp180.000' });
    expect(entry).toHaveAttribute('data-testid', 'menu-balance');
    expect(entry).toHaveAttribute('href', '/balance');
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(headerBalance()).toBeNull();
    // The other entries are as they were.
    expect(within(nav).getByRole('link', { name: 'Portofolio' })).not.toHaveAttribute('aria-describedby');
  });

  it('on a narrow screen shows nothing in the menu for a guest', async () => {
    narrowScreen();
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    const nav = within(banner()).getByRole('navigation', { name: 'Navigasi utama' });
    expect(within(nav).getByRole('link', { name: 'Saldo' })).not.toHaveAttribute('aria-describedby');
    expect(within(nav).queryByTestId('menu-balance')).toBeNull();
  });
});
