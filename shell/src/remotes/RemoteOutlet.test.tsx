import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { appStore, useT } from '@pasar/shared';
import { ShellRouter } from '../routes/ShellRouter';
import { registerShellTranslations } from '../i18n/shell-i18n';
import { defaultModules, fakeModule, fakeRuntime, renderShell, resetPage, settle, VALID_TOKEN } from '../testing/shell-test-kit';
import { createRemoteLoader } from './remote-loader';
import { RemoteLoaderProvider } from './RemoteLoaderContext';
import { RemoteOutlet } from './RemoteOutlet';

beforeEach(resetPage);
afterEach(() => jest.restoreAllMocks());

const findUnavailable = () => screen.findByTestId('remote-unavailable');

const silenceExpectedErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

describe('remote outlet', () => {
  it('shows the unavailable panel for a failing remote while another outlet keeps rendering', async () => {
    silenceExpectedErrors();
    registerShellTranslations();
    const runtime = fakeRuntime({ ...defaultModules(), mf_portfolio: new Error('manifest 404') });
    const loader = createRemoteLoader(runtime);
    window.history.replaceState(null, '', '/');
    await act(async () => {
      render(
      <ShellRouter>
        <RemoteLoaderProvider loader={loader}>
          <section aria-label="portfolio area">
            <RemoteOutlet remote="mf_portfolio" mount="/portfolio" />
          </section>
          <section aria-label="wallet area">
            <RemoteOutlet remote="mf_wallet" mount="/balance" />
          </section>
        </RemoteLoaderProvider>
      </ShellRouter>,
      );
    });
    // Outside a mount route, both outlets render at '/': their index page.
    const failed = await findUnavailable();
    expect(within(failed).getByText('Bagian Pasar ini sedang tidak tersedia')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
    expect(failed).toHaveAttribute('role', 'alert');
    expect(within(screen.getByRole('region', { name: 'portfolio area' })).getByTestId('remote-unavailable')).toBe(failed);
    const wallet = screen.getByRole('region', { name: 'wallet area' });
    expect(await within(wallet).findByRole('heading', { name: 'mf_wallet /balance' })).toBeInTheDocument();
    expect(within(wallet).queryByTestId('remote-unavailable')).toBeNull();
  });

  it('keeps the header and navigation working when the page remote fails, and other remotes still load', async () => {
    silenceExpectedErrors();
    await renderShell('/portfolio', { runtime: fakeRuntime({ ...defaultModules(), mf_portfolio: new Error('script error') }) });

    expect(await findUnavailable()).toHaveTextContent('Bagian Pasar ini sedang tidak tersedia');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigasi utama' });

    await settle(async () => fireEvent.click(within(nav).getByRole('link', { name: 'Saldo' })));
    expect(await screen.findByRole('heading', { name: 'mf_wallet /balance' })).toBeInTheDocument();
    expect(screen.queryByTestId('remote-unavailable')).toBeNull();
    expect(window.location.pathname).toBe('/balance');
  });

  it('recovers on Retry by re-reading the registry and reloading that remote only', async () => {
    silenceExpectedErrors();
    const runtime = fakeRuntime({ ...defaultModules(), mf_reports: new Error('manifest 404') });
    await renderShell('/tax-reports', { runtime });
    await settle(async () => fireEvent.click(await screen.findByRole('button', { name: 'Coba lagi' })));
    expect(await findUnavailable()).toBeInTheDocument();

    runtime.remotes.mf_reports = defaultModules().mf_reports;
    await settle(async () => fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' })));
    expect(await screen.findByRole('heading', { name: 'mf_reports /tax-reports' })).toBeInTheDocument();
    expect(screen.queryByTestId('remote-unavailable')).toBeNull();
    expect(runtime.fetchRegistry).toHaveBeenCalledTimes(3);
    expect(runtime.loadModule.mock.calls.every(([id]: [string]) => id === 'mf_reports')).toBe(true);
  });

  it('contains a remote page that crashes while rendering', async () => {
    silenceExpectedErrors();
    const Crash = () => {
      throw new Error('render crash');
    };
    const modules = { ...defaultModules(), mf_wallet: fakeModule('mf_wallet', [{ path: '/balance', Component: Crash }]) };
    await renderShell('/balance', { runtime: fakeRuntime(modules) });
    expect(await findUnavailable()).toHaveTextContent('Bagian Pasar ini sedang tidak tersedia');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows a registry failure as unavailable too', async () => {
    silenceExpectedErrors();
    const runtime = fakeRuntime();
    runtime.fetchRegistry.mockRejectedValueOnce(new Error('offline'));
    await renderShell('/portfolio', { runtime });
    expect(await findUnavailable()).toHaveTextContent('Bagian Pasar ini sedang tidak tersedia');
  });

  it('renders a remote route below its mount, with route parameters', async () => {
    const modules = {
      ...defaultModules(),
      mf_trade: fakeModule('mf_trade', [{ path: '/trade' }, { path: '/asset/crypto/:symbol/:assetId' }]),
    };
    await renderShell('/en/asset/crypto/BTC/12', { runtime: fakeRuntime(modules) });
    expect(await screen.findByRole('heading', { name: 'mf_trade /asset/crypto/:symbol/:assetId' })).toBeInTheDocument();
  });

  it('shows the not-found page for a path the remote does not have', async () => {
    await renderShell('/balance/nowhere');
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeInTheDocument();
  });

  it('shows the build label of a labelled remote', async () => {
    const modules = { ...defaultModules(), mf_wallet: fakeModule('mf_wallet', [{ path: '/balance' }], { buildLabel: 'v2-canary' }) };
    await renderShell('/balance', { runtime: fakeRuntime(modules) });
    expect(await screen.findByTestId('remote-build-label')).toHaveTextContent('v2-canary');
  });

  it('registers the remote translations before its first render', async () => {
    const Greeting = () => {
      const { t } = useT('wallet');
      return <h1>{t('title')}</h1>;
    };
    const modules = {
      ...defaultModules(),
      mf_wallet: fakeModule('mf_wallet', [{ path: '/balance', Component: Greeting }], {
        i18n: { id: { title: 'Saldo Anda' }, en: { title: 'Your balance' } },
      }),
    };
    await renderShell('/balance', { runtime: fakeRuntime(modules) });
    expect(await screen.findByRole('heading', { name: 'Saldo Anda' })).toBeInTheDocument();
  });
});

describe('page properties of remote routes', () => {
  it('shows a guest the log-in prompt instead of an auth page, with links to log in and sign up', async () => {
    await renderShell('/account/profile');
    expect(await screen.findByRole('heading', { name: 'Masuk untuk melanjutkan' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'mf_account /account/profile' })).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Masuk' })).toHaveAttribute('href', '/login');
    expect(within(main).getByRole('link', { name: 'Daftar' })).toHaveAttribute('href', '/signup');
  });

  it('keeps the current prefix in the log-in prompt links', async () => {
    await renderShell('/en/account/profile');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
  });

  it('shows the auth page to a logged-in user', async () => {
    appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: null, modals: 'Close' } });
    await renderShell('/account/profile');
    expect(await screen.findByRole('heading', { name: 'mf_account /account/profile' })).toBeInTheDocument();
  });

  it('puts a guest page in guest mode for the API client, and leaves it on other pages', async () => {
    await renderShell('/trade/USDT-IDR');
    await screen.findByRole('heading', { name: 'mf_trade /trade/USDT-IDR' });
    expect(appStore.getState().guestMode).toBe(true);

    await settle(async () => fireEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Portofolio' })));
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    expect(appStore.getState().guestMode).toBe(false);
  });

  it('leaves a signed-in person out of guest mode on a guest page, and puts the page in it when the session goes', async () => {
    appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: null, modals: 'Close' } });
    await renderShell('/trade/USDT-IDR');
    await screen.findByRole('heading', { name: 'mf_trade /trade/USDT-IDR' });
    expect(appStore.getState().guestMode).toBe(false);

    await settle(async () => appStore.getState().setAccessToken(null));
    expect(screen.getByRole('heading', { name: 'mf_trade /trade/USDT-IDR' })).toBeInTheDocument();
    expect(appStore.getState().guestMode).toBe(true);
  });
});
