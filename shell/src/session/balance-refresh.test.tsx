// When the shell refreshes balances: at start and after login on a page that is not a guest page,
// never for a guest or on a guest-mode page, empty again on logout, and the IDR cash once more when
// the tab comes back after more than 30 s.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  api,
  appStore,
  FX_WALLET_PATHS,
  refreshBalances,
  WALLET_PATHS,
  type KycStatus,
} from '@pasar/shared';
import { createBalanceServer, type BalanceServer } from '../testing/balance-server';
import { defaultModules, fakeRuntime, renderShell, resetPage, settle, VALID_TOKEN } from '../testing/shell-test-kit';
import { HIDDEN_REFRESH_AFTER_MS } from './use-balance-refresh';

let server: BalanceServer;
let errors: jest.SpyInstance;

const signIn = (gssKycStatus: KycStatus = 'VERIFIED') =>
  appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus }, modals: 'Close' } });

const banner = () => screen.getByRole('banner');
const trading = () => appStore.getState().trading;
const callsTo = (path: string) => server.calls.filter((call) => call === path).length;

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

beforeEach(async () => {
  await resetPage();
  // The page's refresher outlives a test: start each from an ended session.
  await refreshBalances({ reset: true });
  visibility = 'visible';
  server = createBalanceServer();
  api.configure({ adapter: server.adapter, retries: 0, sleep: async () => undefined });
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('balance refresh in the shell', () => {
  it('at start with a session: one initial refresh of the IDR cash, the stock wallets and the margin wallet', async () => {
    signIn();
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    await waitFor(() => expect(trading().idrBalance).toBe('180000'));
    expect([...server.calls].sort()).toEqual([WALLET_PATHS.accounts, FX_WALLET_PATHS.perpBalance, FX_WALLET_PATHS.stockBalance].sort());
    expect(trading().stockBalances.paln.value).toBe('10');
    expect(trading().marginWallet).toEqual({ balance: '25.5', ratio: '0' });

    // Moving on to another page does not refresh again.
    await settle(async () => fireEvent.click(within(banner()).getByRole('link', { name: 'Akun' })));
    await screen.findByRole('heading', { name: 'mf_account /account' });
    expect(server.calls).toHaveLength(3);
  });

  it('an unverified user: no stock wallet call, the wallets are 0 with no info', async () => {
    signIn('PENDING');
    await renderShell('/portfolio');
    await waitFor(() => expect(trading().idrBalance).toBe('180000'));
    expect(callsTo(FX_WALLET_PATHS.stockBalance)).toBe(0);
    expect(trading().stockBalances.intraday).toEqual({ value: '0', info: null });
  });

  it('a guest: no balance call at all', async () => {
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    await settle(async () => undefined);
    expect(server.calls).toEqual([]);
  });

  it('a guest-mode page with a session: the balances load (guest mode is a guest looking, not the page)', async () => {
    signIn();
    await renderShell('/trade/USDT-IDR');
    await screen.findByRole('heading', { name: 'mf_trade /trade/USDT-IDR' });
    expect(appStore.getState().guestMode).toBe(false);
    await waitFor(() => expect(server.calls).toHaveLength(3));
    expect(trading().idrBalance).toBe('180000');
    expect(within(banner()).getByTestId('balance-amount')).toHaveTextContent('Rp180.000');
  });

  it('a guest on a guest-mode page: guest mode, no balance call; logging in there loads them', async () => {
    await renderShell('/trade/USDT-IDR');
    await screen.findByRole('heading', { name: 'mf_trade /trade/USDT-IDR' });
    await settle(async () => undefined);
    expect(appStore.getState().guestMode).toBe(true);
    expect(server.calls).toEqual([]);
    expect(within(banner()).queryByTestId('header-balance')).toBeNull();

    await act(async () => {
      appStore.getState().login({ accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' } });
    });
    expect(appStore.getState().guestMode).toBe(false);
    await waitFor(() => expect(server.calls).toHaveLength(3));
  });

  it('a remote that cannot load: its panel is no guest page, so the balances still load', async () => {
    signIn();
    const runtime = fakeRuntime({ ...defaultModules(), mf_portfolio: new Error('remote down') });
    await renderShell('/portfolio', { runtime });
    await screen.findByTestId('remote-unavailable');
    await waitFor(() => expect(server.calls).toHaveLength(3));
    expect(within(banner()).getByTestId('balance-amount')).toHaveTextContent('Rp180.000');
  });

  it('after login: the initial refresh', async () => {
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    expect(server.calls).toEqual([]);
    await act(async () => {
      appStore.getState().login({ accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' } });
    });
    await waitFor(() => expect(server.calls).toHaveLength(3));
    expect(await within(banner()).findByText('Rp180.000')).toBeInTheDocument();
  });

  it('a failed initial refresh shows 0 and logs the error', async () => {
    server.answers[WALLET_PATHS.accounts] = { status: 500 };
    signIn();
    await renderShell('/portfolio');
    await waitFor(() => expect(trading().idrBalance).toBe('0'));
    expect(within(banner()).getByTestId('balance-amount')).toHaveTextContent('Rp0');
    expect(errors).toHaveBeenCalledWith('[balances] IDR refresh failed', expect.anything());
  });

  it('logout: the balances are empty again and nothing is asked', async () => {
    signIn();
    await renderShell('/portfolio');
    await waitFor(() => expect(trading().idrBalance).toBe('180000'));
    // A refresh still in flight at logout must not bring the old balance back.
    server.answers[WALLET_PATHS.accounts] = 'hang';
    void refreshBalances();
    await act(async () => appStore.getState().logout('user'));
    server.answers[WALLET_PATHS.accounts] = { data: { cashAccount: { cashBalance: '999' } } };
    await act(async () => server.releaseAll());
    await settle(async () => undefined);
    expect(trading().idrBalance).toBeNull();
    expect(trading().stockBalances.paln).toEqual({ value: null, info: null });
    expect(trading().marginWallet).toEqual({ balance: null, ratio: null });
    expect(within(banner()).queryByTestId('header-balance')).toBeNull();
    expect(callsTo(WALLET_PATHS.accounts)).toBe(2);
  });

  it('the tab back after more than 30 s hidden: the IDR cash again; after less: nothing', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    signIn();
    await renderShell('/portfolio');
    await waitFor(() => expect(server.calls).toHaveLength(3));

    act(() => setVisibility('hidden'));
    now += HIDDEN_REFRESH_AFTER_MS - 1;
    act(() => setVisibility('visible'));
    await settle(async () => undefined);
    expect(server.calls).toHaveLength(3);

    server.answers[WALLET_PATHS.accounts] = { data: { cashAccount: { cashBalance: '200000', voucherBalance: '0', freeBalance: '0' } } };
    act(() => setVisibility('hidden'));
    now += HIDDEN_REFRESH_AFTER_MS + 1;
    act(() => setVisibility('visible'));
    await waitFor(() => expect(server.calls).toHaveLength(4));
    expect(server.calls[3]).toBe(WALLET_PATHS.accounts);
    await waitFor(() => expect(trading().idrBalance).toBe('200000'));
  });
});
