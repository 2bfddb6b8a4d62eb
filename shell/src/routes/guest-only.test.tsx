import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { api, appStore, Link } from '@pasar/shared';
import { fakeModule, fakeRuntime, defaultModules, renderShell, resetPage, settle, VALID_TOKEN } from '../testing/shell-test-kit';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const logIn = () =>
  appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' }, modals: 'Close' } });

beforeEach(async () => {
  await resetPage();
  api.configure({ retries: 0, sleep: async () => undefined });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('login and sign-up are for guests', () => {
  it.each([
    ['/login', '/trade'],
    ['/signup', '/trade'],
    ['/en/login', '/en/trade'],
    ['/en/signup', '/en/trade'],
    ['/pwa/login', '/pwa/trade'],
    ['/pwa/en/signup', '/pwa/en/trade'],
  ])('a logged-in person opening %s goes to %s instead of the form', async (from, to) => {
    logIn();
    await renderShell(from);
    await waitFor(() => expect(window.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { name: 'mf_trade /trade' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Nomor HP|Phone number/ })).toBeNull();
  });

  it('goes to the `from` of the navigation state, with its query, under the current prefix', async () => {
    logIn();
    await renderShell('/en/trade');
    await settle(async () => {
      window.history.pushState({ usr: { from: '/portfolio?tab=crypto' }, key: 'k2', idx: 1 }, '', '/en/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/en/portfolio?tab=crypto'));
    expect(await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' })).toBeInTheDocument();
  });

  it('never returns to a login or sign-up page, nor off the site', async () => {
    logIn();
    await renderShell('/trade');
    for (const from of ['/signup', '//evil.example/x', 'https://evil.example']) {
      await settle(async () => {
        window.history.pushState({ usr: { from }, key: from, idx: 1 }, '', '/login');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await waitFor(() => expect(window.location.pathname).toBe('/trade'));
    }
  });

  it('a guard link into /login with a return target sends a logged-in person there', async () => {
    logIn();
    const modules = defaultModules();
    modules.mf_portfolio = fakeModule('mf_portfolio', [
      {
        path: '/portfolio',
        Component: () => (
          <Link to="/login" state={{ from: '/balance' }}>
            to login
          </Link>
        ),
      },
    ]);
    await renderShell('/portfolio', { runtime: fakeRuntime(modules) });
    await settle(async () => fireEvent.click(await screen.findByRole('link', { name: 'to login' })));
    await waitFor(() => expect(window.location.pathname).toBe('/balance'));
    expect(await screen.findByRole('heading', { name: 'mf_wallet /balance' })).toBeInTheDocument();
  });

  it('still shows the forms to a guest', async () => {
    await renderShell('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Masuk ke Pasar' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('leaves the form when a session starts while it is open (another tab logged in)', async () => {
    await renderShell('/en/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up for Pasar' })).toBeInTheDocument();
    await act(async () => logIn());
    await waitFor(() => expect(window.location.pathname).toBe('/en/trade'));
  });
});

describe('forgot PIN while logged in', () => {
  const ok = (data: unknown) => ({ status: 'success', data });
  const answering =
    (routes: Record<string, unknown>): AxiosAdapter =>
    async (config) => {
      const body = routes[`${(config.method ?? 'get').toUpperCase()} ${config.url}`];
      if (body === undefined) return { status: 404, statusText: '', headers: {}, config, data: { status: 'error', error_code: '003' } };
      return { status: 200, statusText: '', headers: {}, config, data: body };
    };

  it('stays reachable at /login?forgot=pin', async () => {
    logIn();
    await renderShell('/en/login?forgot=pin');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your PIN' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/login');
    // No way back to the login form for someone already logged in.
    expect(screen.queryByRole('button', { name: 'Back to log in' })).toBeNull();
  });

  it('returns to the trade home with a confirmation once the new PIN is saved', async () => {
    api.configure({
      adapter: answering({
        'POST /api/forgot-pin/send-otp': ok({ phone: '+6281234567890', expiresInSeconds: 300, resendInSeconds: 60 }),
        'POST /api/forgot-pin/verify-otp': ok({ resetToken: 'reset-token-0123456789abcdef' }),
        'POST /api/pin/reset': ok({}),
      }),
    });
    logIn();
    await renderShell('/en/login?forgot=pin');
    fireEvent.change(screen.getByRole('textbox', { name: /Phone number/ }), { target: { value: '081234567890' } });
    await settle(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    const otp = await screen.findByRole('textbox', { name: 'Verification code' });
    await settle(async () => fireEvent.change(otp, { target: { value: '123456' } }));
    const pin = await screen.findByLabelText('Create a new PIN', { selector: 'input' });
    await settle(async () => fireEvent.change(pin, { target: { value: '135792' } }));
    const confirm = await screen.findByLabelText('Repeat the new PIN', { selector: 'input' });
    await settle(async () => fireEvent.change(confirm, { target: { value: '135792' } }));

    await waitFor(() => expect(window.location.pathname).toBe('/en/trade'));
    expect(await screen.findByText('Your new PIN is saved.')).toBeInTheDocument();
    expect(appStore.getState().auth.accessToken).toBe(VALID_TOKEN);
  });
});
