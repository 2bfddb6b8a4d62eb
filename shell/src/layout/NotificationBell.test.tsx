import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { api, appStore } from '@pasar/shared';
import { renderShell, resetPage, settle, VALID_TOKEN } from '../testing/shell-test-kit';
import { UNREAD_MIN_GAP_MS, UNREAD_REFRESH_MS } from './use-unread-notifications';

const calls: InternalAxiosRequestConfig[] = [];
let unread: number | Error = 3;

/** GET /api/notifications answers the current `unread` (or fails with 500); anything else 404. */
const server: AxiosAdapter = async (config) => {
  if (config.url !== '/api/notifications') {
    return { status: 404, statusText: '', headers: {}, config, data: { status: 'error', error_code: '003', error_message: 'x' } };
  }
  calls.push(config);
  if (unread instanceof Error) {
    return { status: 500, statusText: '', headers: {}, config, data: { status: 'error', error_code: '001', error_message: unread.message } };
  }
  return {
    status: 200,
    statusText: '',
    headers: {},
    config,
    data: { status: 'success', data: { items: [], unreadCount: unread, page: 0, size: 1, total: unread } },
  };
};

const logIn = () =>
  appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' }, modals: 'Close' } });

const banner = () => screen.getByRole('banner');
const badge = () => screen.queryByTestId('notification-badge');

let errors: jest.SpyInstance;

beforeEach(async () => {
  await resetPage();
  calls.length = 0;
  unread = 3;
  api.configure({ adapter: server, retries: 0, sleep: async () => undefined });
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('notification bell', () => {
  it('shows the unread count to a logged-in person, named in Indonesian, linking to the centre', async () => {
    logIn();
    await renderShell('/trade');
    const bell = await within(banner()).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(badge()).toHaveTextContent('3');
    expect(badge()).toHaveAttribute('aria-hidden', 'true');
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('get');
    expect(calls[0].params).toEqual({ page: 0, size: 1 });
  });

  it('is named in English and formats a large count for the language, capping the badge', async () => {
    unread = 1234;
    logIn();
    await renderShell('/en/portfolio');
    const bell = await within(banner()).findByRole('link', { name: 'Notifications, 1,234 unread' });
    expect(bell).toHaveAttribute('href', '/en/notifications');
    expect(badge()).toHaveTextContent('99+');
  });

  it('has no badge and a plain name when everything is read, and marks the centre as current', async () => {
    unread = 0;
    logIn();
    await renderShell('/notifications');
    await waitFor(() => expect(calls).toHaveLength(1));
    const bell = within(banner()).getByRole('link', { name: 'Notifikasi' });
    expect(bell).toHaveAttribute('aria-current', 'page');
    expect(badge()).toBeNull();
  });

  it('is not there for a guest, and no call is made', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    expect(within(banner()).queryByRole('link', { name: /^Notifikasi/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('asks on login and disappears on logout', async () => {
    await renderShell('/trade');
    expect(calls).toHaveLength(0);
    await act(async () => logIn());
    expect(await within(banner()).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await act(async () => appStore.getState().logout('user'));
    await waitFor(() => expect(within(banner()).queryByRole('link', { name: /^Notifikasi/ })).toBeNull());
  });

  it('hides the badge when the call fails, logs it, and keeps the header working', async () => {
    unread = new Error('boom');
    logIn();
    await renderShell('/trade');
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('[shell] unread notifications failed', expect.anything()));
    expect(within(banner()).getByRole('link', { name: 'Notifikasi' })).toBeInTheDocument();
    expect(badge()).toBeNull();
    expect(within(banner()).getByRole('button', { name: 'Keluar' })).toBeInTheDocument();
    expect(within(banner()).getByRole('navigation', { name: 'Navigasi utama' })).toBeInTheDocument();
  });

  it('drops a count it had when a later call fails', async () => {
    logIn();
    await renderShell('/trade');
    await within(banner()).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' });
    unread = new Error('down');
    await settle(async () => {
      jest.spyOn(Date, 'now').mockReturnValue(Date.now() + UNREAD_MIN_GAP_MS + 1);
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(badge()).toBeNull());
    expect(within(banner()).getByRole('link', { name: 'Notifikasi' })).toBeInTheDocument();
  });

  it('asks again when the window regains focus, once for a focus and a visibility change together', async () => {
    logIn();
    await renderShell('/trade');
    await within(banner()).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' });
    unread = 5;
    const later = Date.now() + UNREAD_MIN_GAP_MS + 1;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await settle(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await within(banner()).findByRole('link', { name: 'Notifikasi, 5 belum dibaca' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('asks every minute while the tab is visible, and not while it is hidden', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    logIn();
    await renderShell('/trade');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(UNREAD_REFRESH_MS);
    });
    expect(calls).toHaveLength(2);

    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(UNREAD_REFRESH_MS * 2);
    });
    expect(calls).toHaveLength(2);

    visibility.mockReturnValue('visible');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(UNREAD_REFRESH_MS);
    });
    expect(calls).toHaveLength(3);
  });

  it('asks again after leaving the notification centre', async () => {
    logIn();
    await renderShell('/notifications');
    await within(banner()).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' });
    unread = 0;
    await settle(async () => fireEvent.click(within(banner()).getByRole('link', { name: 'Portofolio' })));
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(badge()).toBeNull());
    expect(within(banner()).getByRole('link', { name: 'Notifikasi' })).toBeInTheDocument();
  });
});
