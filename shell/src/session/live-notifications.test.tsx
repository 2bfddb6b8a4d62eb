// Notifications on the private stream, on any page: a toast, the bell counting it at once without
// a reload, and a system notification only when the tab is in the background and the person
// allowed them (a click opens what it is about). A guest subscribes to nothing.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { api, appStore, notificationPath, stream, type PrivateStreamChannel, type NotificationStreamEvent } from '@pasar/shared';
import { renderShell, resetPage, VALID_TOKEN } from '../testing/shell-test-kit';
import { isNotificationEvent } from './use-live-notifications';

let notificationCalls = 0;
const server: AxiosAdapter = async (config) => {
  if (config.url === '/api/notifications') {
    notificationCalls += 1;
    return { status: 200, statusText: '', headers: {}, config, data: { status: 'success', data: { items: [], unreadCount: 3, page: 0, size: 1, total: 3 } } };
  }
  return { status: 404, statusText: '', headers: {}, config, data: { status: 'error', error_code: '003', error_message: 'x' } };
};

const handlers = new Map<PrivateStreamChannel, Set<(message: unknown) => void>>();
const push = (channel: PrivateStreamChannel, message: unknown) => act(() => handlers.get(channel)?.forEach((h) => h(message)));

let visibility: DocumentVisibilityState = 'visible';
let permission: NotificationPermission = 'granted';
const shown: { title: string; options: { body?: string; tag?: string }; instance: { onclick: (() => void) | null; close: jest.Mock } }[] = [];

const FIRED: NotificationStreamEvent = {
  type: 'notification',
  notification: {
    id: 'n-1',
    type: 'PRICE_ALERT',
    title: 'BTC-IDR melewati Rp1.700.000.000',
    body: 'Harga naik ke Rp1.700.500.000',
    createdAt: '2026-11-25T10:00:00.000Z',
    readAt: null,
    link: { kind: 'ASSET', symbol: 'BTC-IDR', assetType: 'CRYPTO', orderId: null },
  },
  alert: { alertId: 'a1', symbol: 'BTC-IDR', assetType: 'CRYPTO', targetPrice: '1700000000', crossed: 'UP', price: '1700500000', crossing: 1, firedAt: '2026-11-25T10:00:00.000Z', note: null },
};

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  function FakeNotification(this: unknown, title: string, options: { body?: string; tag?: string }) {
    const instance = { onclick: null, close: jest.fn() };
    shown.push({ title, options, instance });
    return instance;
  }
  Object.defineProperty(FakeNotification, 'permission', { get: () => permission });
  Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
});

beforeEach(async () => {
  await resetPage();
  handlers.clear();
  shown.length = 0;
  notificationCalls = 0;
  visibility = 'visible';
  permission = 'granted';
  localStorage.clear();
  api.configure({ adapter: server, retries: 0, sleep: async () => undefined });
  jest.spyOn(stream, 'subscribePrivate').mockImplementation((channel, handler) => {
    const set = handlers.get(channel) ?? new Set();
    set.add(handler as (message: unknown) => void);
    handlers.set(channel, set);
    return () => set.delete(handler as (message: unknown) => void);
  });
});

afterEach(() => jest.restoreAllMocks());

const logIn = () => appStore.setState({ auth: { accessToken: VALID_TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' }, modals: 'Close' } });
const banner = () => screen.getByRole('banner');

describe('live notifications', () => {
  it('show a toast on any page and count on the bell at once, without asking the server again', async () => {
    logIn();
    await renderShell('/portfolio');
    await within(banner()).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' });
    expect(notificationCalls).toBe(1);
    push('notifications', FIRED);
    expect(await screen.findByText('BTC-IDR melewati Rp1.700.000.000')).toBeInTheDocument();
    expect(screen.getByText('Harga naik ke Rp1.700.500.000')).toBeInTheDocument();
    expect(within(banner()).getByRole('link', { name: 'Notifikasi, 4 belum dibaca' })).toBeInTheDocument();
    expect(notificationCalls).toBe(1);
    // Visible tab: the toast is enough.
    expect(shown).toEqual([]);
  });

  it('ask the trade page to fetch the alerts again after a fired price alert, not after other notifications', async () => {
    logIn();
    await renderShell('/portfolio');
    await within(banner()).findByRole('link', { name: /^Notifikasi/ });
    appStore.getState().setPriceAlertSidebar({ fetch: false });
    push('notifications', { type: 'notification', notification: { ...FIRED.notification, id: 'n-3', type: 'ORDER_FILLED' } });
    expect(appStore.getState().ui.priceAlertSidebar.fetch).toBe(false);
    push('notifications', FIRED);
    expect(appStore.getState().ui.priceAlertSidebar.fetch).toBe(true);
  });

  it('also show a system notification in a background tab when allowed; a click opens the asset', async () => {
    logIn();
    await renderShell('/portfolio');
    await within(banner()).findByRole('link', { name: /^Notifikasi/ });
    visibility = 'hidden';
    push('notifications', FIRED);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: FIRED.notification.title, options: { body: FIRED.notification.body, tag: 'n-1' } });
    act(() => shown[0]!.instance.onclick?.());
    await waitFor(() => expect(window.location.pathname).toBe('/trade/BTC-IDR'));
  });

  it('show no system notification when switched off on the settings page, or not allowed by the browser', async () => {
    logIn();
    await renderShell('/portfolio');
    await within(banner()).findByRole('link', { name: /^Notifikasi/ });
    visibility = 'hidden';
    localStorage.setItem('systemNotifications', 'off');
    push('notifications', FIRED);
    localStorage.clear();
    permission = 'denied';
    push('notifications', { ...FIRED, notification: { ...FIRED.notification, id: 'n-2' } });
    expect(await screen.findAllByText('BTC-IDR melewati Rp1.700.000.000')).not.toHaveLength(0);
    expect(shown).toEqual([]);
  });

  it('are not subscribed for a guest; anything not a notification is ignored', async () => {
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    expect(handlers.get('notifications')?.size ?? 0).toBe(0);
    expect(isNotificationEvent({ type: 'order' })).toBe(false);
    expect(isNotificationEvent(FIRED)).toBe(true);
    expect(notificationPath(null)).toBeNull();
    expect(notificationPath({ kind: 'ORDER', symbol: 'AAPL', orderId: 'o 1' })).toBe('/trade/AAPL?order=o%201');
    expect(notificationPath({ kind: 'ASSET', symbol: 'BTC-IDR', orderId: null })).toBe('/trade/BTC-IDR');
  });
});
