import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api, appStore, eventBus, FX_WALLET_PATHS, getCookie, setCookie, WALLET_PATHS, type EventMap } from '@pasar/shared';
import { renderShell, resetPage, settle, VALID_TOKEN } from '../testing/shell-test-kit';

const requests: InternalAxiosRequestConfig[] = [];

const offline: AxiosAdapter = async (config) => {
  requests.push(config);
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
};

const answering =
  (status: number, body: unknown): AxiosAdapter =>
  async (config) => {
    requests.push(config);
    return { status, statusText: String(status), data: body, headers: {}, config };
  };

/** What a session's header asks for itself: the bell's unread count and the balance refresh. */
const HEADER_ANSWERS: Record<string, unknown> = {
  '/api/notifications': { items: [], unreadCount: 0, page: 0, size: 1, total: 0 },
  [WALLET_PATHS.accounts]: { cashAccount: { cashBalance: '1000000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } },
  [FX_WALLET_PATHS.stockBalance]: {},
  [FX_WALLET_PATHS.perpBalance]: { buyingPower: '0', marginRatioPercentage: '0' },
};

/** The header's own calls are answered and not counted. */
const withBell =
  (adapter: AxiosAdapter): AxiosAdapter =>
  async (config) =>
    config.url !== undefined && config.url in HEADER_ANSWERS
      ? { status: 200, statusText: '', headers: {}, config, data: { status: 'success', data: HEADER_ANSWERS[config.url] } }
      : adapter(config);

const logIn = () => {
  setCookie('pasarToken', VALID_TOKEN);
  setCookie('userId', 'user-1');
  setCookie('lastSymbol', 'BTC-IDR');
  setCookie('firebaseId', 'firebase-1');
  appStore.setState({
    auth: { accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' }, modals: 'Close' },
  });
  appStore.getState().setIdrBalance('1000000');
  appStore.getState().setChart({ savedChartId: 'chart-1' });
  appStore.getState().setMisc({ tradingView: 'OrderBook' });
};

beforeEach(async () => {
  await resetPage();
  requests.length = 0;
  api.configure({ retries: 0, sleep: async () => undefined });
});

describe('logout', () => {
  it('clears the session and goes to the trade home even when the logout call fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.configure({ adapter: withBell(offline) });
    const events: Array<EventMap['auth:logout']> = [];
    const off = eventBus.on('auth:logout', (payload) => events.push(payload));
    logIn();
    await renderShell('/en/portfolio');

    await settle(async () => fireEvent.click(await screen.findByRole('button', { name: 'Log out' })));

    await waitFor(() => expect(window.location.pathname).toBe('/en/trade'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'post', url: '/api/logout' });
    const state = appStore.getState();
    expect(state.auth.accessToken).toBeNull();
    expect(state.auth.userDetails).toBeNull();
    expect(state.trading.idrBalance).toBeNull();
    expect(state.chart.savedChartId).toBeNull();
    expect(state.misc.tradingView).toBe('None');
    for (const cookie of ['pasarToken', 'userId', 'lastSymbol', 'firebaseId']) expect(getCookie(cookie)).toBeUndefined();
    expect(events).toEqual([{ reason: 'user' }]);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    off();
  });

  it('forces a logout on 401 and returns to the trade home', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.configure({ adapter: withBell(answering(401, { status: 'error', error_code: '009', error_message: 'Invalid session' })) });
    logIn();
    await renderShell('/balance');
    await screen.findByRole('heading', { name: 'mf_wallet /balance' });

    await expect(api.get('/api/user/me')).rejects.toMatchObject({ code: '009' });

    await waitFor(() => expect(window.location.pathname).toBe('/trade'));
    expect(appStore.getState().auth.accessToken).toBeNull();
  });
});

describe('maintenance', () => {
  it('shows the maintenance page instead of the content after a 503, keeping the header', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.configure({ adapter: answering(503, { status: 'error', error_code: '1151', error_message: 'Under maintenance' }) });
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });

    await expect(api.get('/api/portfolio/overview')).rejects.toMatchObject({ httpStatus: 503 });

    expect(await screen.findByRole('heading', { name: 'Pasar sedang dalam pemeliharaan' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'mf_portfolio /portfolio' })).toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();

    await settle(async () => fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' })));
    expect(await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' })).toBeInTheDocument();
  });
});
