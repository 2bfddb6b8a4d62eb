import { DEVICE_PAGE_SIZE, IDENTITY_PATHS, registerTranslations, type DeviceList, type DeviceSession } from '@pasar/shared';
import { createTestApiClient, renderWithShell, type TestApiClient } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { ManageSessionPage, PrivacySessionsPage } from './SessionsPage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

const device = (over: Partial<DeviceSession>): DeviceSession => ({
  id: '00000000-0000-4000-8000-000000000001',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130',
  deviceType: 'desktop',
  deviceClass: 'none',
  os: 'Windows',
  current: false,
  status: 'ACTIVE',
  blocked: false,
  firstSeenAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-22T08:06:00.000Z',
  ...over,
});

const THIS = device({ id: '00000000-0000-4000-8000-00000000000a', current: true, os: 'macOS', userAgent: 'Safari on Mac' });
const PHONE = device({ id: '00000000-0000-4000-8000-00000000000b', deviceType: 'mobile', os: 'Android', userAgent: 'Chrome on Android' });
const OLD = device({ id: '00000000-0000-4000-8000-00000000000c', status: 'INACTIVE', deviceType: 'tablet', os: 'iPadOS', blocked: true, userAgent: 'Safari on iPad' });

const page = (items: DeviceSession[], over: Partial<DeviceList> = {}): DeviceList => ({
  items,
  page: 0,
  size: DEVICE_PAGE_SIZE,
  total: items.length,
  ...over,
});

/** Answers GET /api/devices by the status asked for. */
const serve = (api: TestApiClient, lists: { ACTIVE: DeviceList; INACTIVE: DeviceList }) =>
  api.on('GET', IDENTITY_PATHS.devices, (request) => ({
    body: { status: 'success', data: lists[request.query.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE'] },
  }));

const renderPage = (lists: { ACTIVE: DeviceList; INACTIVE: DeviceList }, language: 'id' | 'en' = 'id') => {
  const api = createTestApiClient();
  serve(api, lists);
  return renderWithShell(<ManageSessionPage />, { route: '/account/manage-session', api, language });
};

const items = () => screen.getAllByTestId('device-session');

describe('sessions', () => {
  it('asks for the first page of 10 active sessions', async () => {
    const { api } = renderPage({ ACTIVE: page([THIS, PHONE]), INACTIVE: page([OLD]) });
    await screen.findByText('Chrome on Android');
    expect(api.callsTo('GET', IDENTITY_PATHS.devices)[0].query).toEqual({ status: 'ACTIVE', page: 0, size: 10 });
  });

  it.each([
    ['id', 'Perangkat ini', 'Keluarkan', 'Ponsel · Android'],
    ['en', 'This device', 'Sign out', 'Phone · Android'],
  ] as const)('marks this device and does not let it be ended (%s)', async (language, thisDevice, end, phoneTitle) => {
    renderPage({ ACTIVE: page([THIS, PHONE]), INACTIVE: page([]) }, language);
    await screen.findByText('Chrome on Android');
    const [mine, other] = items();
    expect(within(mine).getByText(thisDevice)).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: end })).not.toBeInTheDocument();
    expect(within(other).queryByText(thisDevice)).not.toBeInTheDocument();
    expect(within(other).getByText(phoneTitle, { exact: false })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: end })).toBeInTheDocument();
  });

  it('filters by status, sending the status asked for, from the first page', async () => {
    const { user, api } = renderPage({ ACTIVE: page([THIS, PHONE]), INACTIVE: page([OLD]) }, 'en');
    await screen.findByText('Chrome on Android');
    const filter = screen.getByRole('group', { name: 'Session status' });
    expect(within(filter).getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filter).getByRole('button', { name: 'Inactive' }));

    expect(await screen.findByText('Safari on iPad')).toBeInTheDocument();
    expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument();
    expect(within(filter).getByRole('button', { name: 'Inactive' })).toHaveAttribute('aria-pressed', 'true');
    const calls = api.callsTo('GET', IDENTITY_PATHS.devices);
    expect(calls[calls.length - 1].query).toEqual({ status: 'INACTIVE', page: 0, size: 10 });
    // An inactive session cannot be ended again.
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('pages by 10', async () => {
    const many = Array.from({ length: DEVICE_PAGE_SIZE }, (_, i) =>
      device({ id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, userAgent: `Agent ${i}` }),
    );
    const api = createTestApiClient().on('GET', IDENTITY_PATHS.devices, (request) => ({
      body: {
        status: 'success',
        data:
          Number(request.query.page) === 0
            ? page(many, { total: 12 })
            : page([device({ userAgent: 'Agent 10' }), device({ id: '00000000-0000-4000-8000-000000000999', userAgent: 'Agent 11' })], { page: 1, total: 12 }),
      },
    }));
    const { user } = renderWithShell(<ManageSessionPage />, { route: '/account/manage-session', api, language: 'id' });
    await screen.findByText('Agent 0');
    expect(items()).toHaveLength(10);
    expect(screen.getByText('Halaman 1 dari 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sebelumnya' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(await screen.findByText('Agent 11')).toBeInTheDocument();
    expect(screen.getByText('Halaman 2 dari 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toBeDisabled();
    const calls = api.callsTo('GET', IDENTITY_PATHS.devices);
    expect(calls[calls.length - 1].query).toEqual({ status: 'ACTIVE', page: 1, size: 10 });
  });

  it('ends another session only after confirming, then refreshes the list', async () => {
    const { user, api } = renderPage({ ACTIVE: page([THIS, PHONE]), INACTIVE: page([]) }, 'id');
    api.reply('POST', '/api/devices/:id/logout', {});
    await screen.findByText('Chrome on Android');
    await user.click(within(items()[1]).getByRole('button', { name: 'Keluarkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Keluarkan perangkat ini?' });
    expect(api.callsTo('POST', '/api/devices/:id/logout')).toHaveLength(0);

    serve(api, { ACTIVE: page([THIS]), INACTIVE: page([]) });
    await user.click(within(dialog).getByRole('button', { name: 'Keluarkan' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/:id/logout')).toHaveLength(1));
    const [call] = api.callsTo('POST', '/api/devices/:id/logout');
    expect(call.params.id).toBe(PHONE.id);
    expect(call.body).toEqual({ block: false });
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(items()).toHaveLength(1);
  });

  it('cancelling the confirmation ends nothing', async () => {
    const { user, api } = renderPage({ ACTIVE: page([THIS, PHONE]), INACTIVE: page([]) }, 'en');
    await screen.findByText('Chrome on Android');
    await user.click(within(items()[1]).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign this device out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/devices/:id/logout')).toHaveLength(0);
  });

  it('unblocks a blocked device and refreshes', async () => {
    const { user, api } = renderPage({ ACTIVE: page([THIS]), INACTIVE: page([OLD]) }, 'en');
    api.reply('POST', '/api/devices/:id/unblock', {});
    await user.click(await screen.findByRole('button', { name: 'Inactive' }));
    await screen.findByText('Safari on iPad');
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    serve(api, { ACTIVE: page([THIS]), INACTIVE: page([{ ...OLD, blocked: false }]) });
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/:id/unblock')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/devices/:id/unblock')[0].params.id).toBe(OLD.id);
    await waitFor(() => expect(screen.queryByText('Blocked')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Unblock' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderPage({ ACTIVE: page([]), INACTIVE: page([]) }, 'id');
    expect(await screen.findByText('Tidak ada sesi')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    const api = createTestApiClient().replyError('GET', IDENTITY_PATHS.devices, { code: '002', message: 'Server sibuk' });
    const { user } = renderWithShell(<PrivacySessionsPage />, { route: '/account/privacy/manage-session', api, language: 'id' });
    expect(await screen.findByText('Server sibuk')).toBeInTheDocument();
    expect(screen.getByText('Gagal memuat')).toBeInTheDocument();
    serve(api, { ACTIVE: page([PHONE]), INACTIVE: page([]) });
    await user.click(screen.getByRole('button', { name: /coba lagi/i }));
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke privasi dan keamanan' })).toHaveAttribute('href', '/account/privacy');
  });

  it('is usable from the keyboard: back link, then the filter, Enter switches it', async () => {
    const { user, api } = renderPage({ ACTIVE: page([THIS, PHONE]), INACTIVE: page([OLD]) }, 'en');
    await screen.findByText('Chrome on Android');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Back to account' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Active' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inactive' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Safari on iPad')).toBeInTheDocument();
    const calls = api.callsTo('GET', IDENTITY_PATHS.devices);
    expect(calls[calls.length - 1].query.status).toBe('INACTIVE');
  });
});
