import { ACCOUNT_PATHS, NOTIFICATIONS_PAGE_SIZE, registerTranslations, type NotificationPage, type UserNotification } from '@pasar/shared';
import { createTestApiClient, cssRulesFor, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { NotificationsPage } from './NotificationsPage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

const note = (over: Partial<UserNotification>): UserNotification => ({
  id: 'n1',
  type: 'ORDER_FILLED',
  title: 'Order BBCA terisi',
  body: '100 lot BBCA terbeli di 9.850',
  createdAt: '2026-11-22T08:06:00.000Z',
  readAt: null,
  ...over,
});

const UNREAD_A = note({ id: 'n1' });
const UNREAD_B = note({ id: 'n2', type: 'MARGIN_CALL', title: 'Margin call', body: 'Tambah jaminan Anda' });
const READ = note({ id: 'n3', type: 'DEPOSIT', title: 'Top-up berhasil', body: 'Rp1.000.000 masuk', readAt: '2026-11-21T08:00:00.000Z' });

const listOf = (items: UserNotification[], over: Partial<NotificationPage> = {}): NotificationPage => ({
  items,
  unreadCount: items.filter((i) => i.readAt === null).length,
  page: 0,
  size: NOTIFICATIONS_PAGE_SIZE,
  total: items.length,
  ...over,
});

const renderPage = (data: NotificationPage, language: 'id' | 'en' = 'id') => {
  const api = createTestApiClient().reply('GET', ACCOUNT_PATHS.notifications, data);
  return renderWithShell(<NotificationsPage />, { route: '/notifications', api, language });
};

const itemFor = (title: string) => screen.getAllByTestId('notification').find((el) => el.textContent?.includes(title))!;

describe('notifications centre', () => {
  it('asks for the first page and marks the unread ones', async () => {
    const { api } = renderPage(listOf([UNREAD_A, READ]), 'id');
    await screen.findByText('Order BBCA terisi');
    expect(api.callsTo('GET', ACCOUNT_PATHS.notifications)[0].query).toEqual({ page: 0, size: NOTIFICATIONS_PAGE_SIZE });

    const unread = itemFor('Order BBCA terisi');
    expect(unread).toHaveTextContent('Belum dibaca: Order BBCA terisi');
    expect(within(unread).getByRole('button', { name: 'Tandai dibaca' })).toBeInTheDocument();
    const read = itemFor('Top-up berhasil');
    expect(read).not.toHaveTextContent('Belum dibaca');
    expect(within(read).queryByRole('button')).not.toBeInTheDocument();
    // The unread one is set apart visually, not only for screen readers.
    expect(cssRulesFor(unread)).toMatch(/background:\s*var\(--pasar-color-surface-sunken/);
    expect(cssRulesFor(read)).toMatch(/background:\s*transparent/);
  });

  it.each([
    ['id', 'Notifikasi 2 belum dibaca'],
    ['en', 'Notifications 2 unread'],
  ] as const)('announces the unread count in the heading (%s)', async (language, heading) => {
    renderPage(listOf([UNREAD_A, UNREAD_B, READ]), language);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2');
  });

  it('marks one read: the call, the styling and the count', async () => {
    const { user, api } = renderPage(listOf([UNREAD_A, UNREAD_B, READ]), 'en');
    api.reply('POST', '/api/notifications/:id/read', {});
    // ('Margin call' is also a type of the filter: wait for the list itself.)
    await screen.findAllByTestId('notification');
    await user.click(within(itemFor('Margin call')).getByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/notifications/:id/read')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/notifications/:id/read')[0].params.id).toBe('n2');
    await waitFor(() => expect(itemFor('Margin call')).not.toHaveTextContent('Unread'));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1');
    expect(itemFor('Order BBCA terisi')).toHaveTextContent('Unread');
  });

  it('marks all read: the count and the buttons go', async () => {
    const { user, api } = renderPage(listOf([UNREAD_A, UNREAD_B, READ]), 'id');
    api.reply('POST', ACCOUNT_PATHS.notificationsReadAll, { updated: 2, unreadCount: 0 });
    const button = await screen.findByRole('button', { name: 'Tandai semua dibaca' });
    const readAt = '2026-11-22T09:00:00.000Z';
    api.reply('GET', ACCOUNT_PATHS.notifications, listOf([{ ...UNREAD_A, readAt }, { ...UNREAD_B, readAt }, READ]));
    await user.click(button);

    await waitFor(() => expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument());
    expect(api.callsTo('POST', ACCOUNT_PATHS.notificationsReadAll)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Tandai dibaca' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tandai semua dibaca' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifikasi' })).toBeInTheDocument();
  });

  it.each([
    ['id', 'Belum ada notifikasi'],
    ['en', 'No notifications yet'],
  ] as const)('shows the empty state (%s)', async (language, empty) => {
    renderPage(listOf([]), language);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /semua|all/ })).not.toBeInTheDocument();
  });

  it('pages: older and newer, with the page and the count of pages', async () => {
    const { user, api } = renderPage(listOf([READ], { total: 45 }), 'en');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Notification pages' });
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(api.callsTo('GET', ACCOUNT_PATHS.notifications)).toHaveLength(2));
    expect(api.callsTo('GET', ACCOUNT_PATHS.notifications)[1].query).toEqual({ page: 1, size: NOTIFICATIONS_PAGE_SIZE });
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('filters by type (from the first page again), and says when a type has none', async () => {
    const { user, api } = renderPage(listOf([UNREAD_A, READ], { total: 45 }), 'en');
    await screen.findByText('Order BBCA terisi');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(api.callsTo('GET', ACCOUNT_PATHS.notifications)).toHaveLength(2));
    api.reply('GET', ACCOUNT_PATHS.notifications, listOf([]));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'PRICE_ALERT');
    await waitFor(() => expect(api.callsTo('GET', ACCOUNT_PATHS.notifications)).toHaveLength(3));
    expect(api.callsTo('GET', ACCOUNT_PATHS.notifications)[2].query).toEqual({ page: 0, size: NOTIFICATIONS_PAGE_SIZE, type: 'PRICE_ALERT' });
    expect(await screen.findByText('No notifications of this type.')).toBeInTheDocument();
  });

  it('links each notification to its asset or order', async () => {
    renderPage(
      listOf([
        note({ id: 'p1', type: 'PRICE_ALERT', title: 'BTC-IDR crossed', link: { kind: 'ASSET', symbol: 'BTC-IDR', assetType: 'CRYPTO', orderId: null } }),
        note({ id: 'o1', title: 'AAPL filled', link: { kind: 'ORDER', symbol: 'AAPL', assetType: 'USSTOCK', orderId: 'ord-1' } }),
        note({ id: 's1', type: 'SECURITY', title: 'New login', link: null }),
      ]),
      'en',
    );
    expect(await within(await waitFor(() => itemFor('BTC-IDR crossed'))).findByRole('link', { name: 'Open BTC-IDR' })).toHaveAttribute('href', '/trade/BTC-IDR');
    // An order's notification opens the trade page with that order picked out in its orders list.
    expect(within(itemFor('AAPL filled')).getByRole('link', { name: 'View the AAPL order' })).toHaveAttribute('href', '/trade/AAPL?order=ord-1');
    expect(within(itemFor('New login')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('renders a title with markup as text', async () => {
    // (The client's response sanitizer already drops event handlers; the rest must stay text.)
    renderPage(listOf([note({ title: '<img src="x">Halo', body: '<b>tebal</b>', readAt: '2026-11-22T09:00:00.000Z' })]), 'id');
    expect(await screen.findByText('<img src="x">Halo')).toBeInTheDocument();
    expect(screen.getByText('<b>tebal</b>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"], b')).toBeNull();
  });

  it('links to the settings', async () => {
    renderPage(listOf([]), 'en');
    expect(await screen.findByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/account/notification');
  });
});
