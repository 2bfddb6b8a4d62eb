import {
  ACCOUNT_PATHS,
  NOTIFICATION_TYPES,
  registerTranslations,
  type NotificationSetting,
  type NotificationSettingsResponse,
} from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { NotificationSettingsPage } from './NotificationSettingsPage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

const settings = (over: Partial<NotificationSettingsResponse> = {}): NotificationSettingsResponse => ({
  items: NOTIFICATION_TYPES.map((type): NotificationSetting => ({ type, inApp: true, email: type !== 'PROMOTION', telegram: false })),
  telegramConnected: false,
  ...over,
});

const renderPage = (data = settings(), language: 'id' | 'en' = 'id') => {
  const api = createTestApiClient().reply('GET', ACCOUNT_PATHS.notificationSettings, data);
  return renderWithShell(<NotificationSettingsPage />, { route: '/account/notification', api, language });
};

describe('notification settings', () => {
  it.each([
    ['id', 'Margin call lewat Email', 'Keamanan lewat Aplikasi'],
    ['en', 'Margin call by Email', 'Security by In app'],
  ] as const)('names every switch by type and channel (%s)', async (language, marginEmail, securityInApp) => {
    renderPage(settings(), language);
    expect(await screen.findByRole('switch', { name: marginEmail })).toBeChecked();
    expect(screen.getByRole('switch', { name: securityInApp })).toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_TYPES.length * 3);
  });

  it('sends PUT with only the changed item, and keeps the answer', async () => {
    const { user, api } = renderPage(settings(), 'en');
    const changed = { type: 'MARGIN_CALL', inApp: true, email: true, telegram: true };
    api.reply('PUT', ACCOUNT_PATHS.notificationSettings, settings({
      items: settings().items.map((item) => (item.type === 'MARGIN_CALL' ? changed : item)) as NotificationSetting[],
    }));
    const toggle = await screen.findByRole('switch', { name: 'Margin call by Telegram' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    await waitFor(() => expect(api.callsTo('PUT', ACCOUNT_PATHS.notificationSettings)).toHaveLength(1));
    expect(api.callsTo('PUT', ACCOUNT_PATHS.notificationSettings)[0].body).toEqual({ items: [changed] });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Margin call by Telegram' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Margin call by Telegram' })).toBeChecked();
  });

  it('puts a switch back and says why when the save fails', async () => {
    const { user, api } = renderPage(settings(), 'id');
    api.replyError('PUT', ACCOUNT_PATHS.notificationSettings, { code: '002', message: 'Gagal menyimpan pengaturan' });
    const toggle = await screen.findByRole('switch', { name: 'Promo lewat Email' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Gagal menyimpan pengaturan')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Promo lewat Email' })).not.toBeChecked();
  });

  it('never lets in-app security notices be turned off', async () => {
    const { user, api } = renderPage(settings(), 'en');
    const locked = await screen.findByRole('switch', { name: 'Security by In app' });
    expect(locked).toBeDisabled();
    expect(locked).toBeChecked();
    await user.click(locked);
    expect(locked).toBeChecked();
    expect(api.callsTo('PUT', ACCOUNT_PATHS.notificationSettings)).toHaveLength(0);
    // The other security channels can change.
    expect(screen.getByRole('switch', { name: 'Security by Email' })).toBeEnabled();
  });

  it('is usable from the keyboard: Space toggles the focused switch', async () => {
    const { user, api } = renderPage(settings(), 'en');
    api.reply('PUT', ACCOUNT_PATHS.notificationSettings, settings());
    const toggle = await screen.findByRole('switch', { name: 'Order filled by Email' });
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.callsTo('PUT', ACCOUNT_PATHS.notificationSettings)).toHaveLength(1));
    expect(api.callsTo('PUT', ACCOUNT_PATHS.notificationSettings)[0].body).toEqual({
      items: [{ type: 'ORDER_FILLED', inApp: true, email: false, telegram: false }],
    });
  });

  describe('Telegram', () => {
    const realOpen = window.open;
    afterEach(() => {
      window.open = realOpen;
    });

    it('opens the deeplink the server gives in a new tab, cut off from this page', async () => {
      const tab = { location: { href: '' }, opener: window as unknown, close: jest.fn() };
      const open = jest.fn(() => tab as unknown as Window);
      window.open = open as unknown as typeof window.open;
      const { user, api } = renderPage(settings(), 'id');
      api.reply('POST', ACCOUNT_PATHS.telegramDeeplink, { url: 'https://t.me/PasarBot?start=abc123', expiresAt: '2026-11-22T09:00:00.000Z' });

      await user.click(await screen.findByRole('button', { name: 'Hubungkan Telegram' }));
      await waitFor(() => expect(tab.location.href).toBe('https://t.me/PasarBot?start=abc123'));
      expect(api.callsTo('POST', ACCOUNT_PATHS.telegramDeeplink)).toHaveLength(1);
      expect(open).toHaveBeenCalledTimes(1);
      // 'noopener' would make window.open return null (and lose the tab).
      expect(String(open.mock.calls[0] ?? [])).not.toContain('noopener');
      expect(tab.opener).toBeNull();
      expect(tab.close).not.toHaveBeenCalled();
      expect(await screen.findByText('Buka Telegram dan tekan Start untuk menyelesaikan.')).toBeInTheDocument();
    });

    it('closes the blank tab when the link cannot be made', async () => {
      const tab = { location: { href: '' }, opener: null, close: jest.fn() };
      window.open = jest.fn(() => tab as unknown as Window) as unknown as typeof window.open;
      const { user, api } = renderPage(settings(), 'en');
      api.replyError('POST', ACCOUNT_PATHS.telegramDeeplink, { code: '002', message: 'Telegram is not available' });
      await user.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
      expect(await screen.findByText('Telegram is not available')).toBeInTheDocument();
      expect(tab.close).toHaveBeenCalled();
      expect(tab.location.href).toBe('');
    });

    it('shows a connected Telegram without the connect button', async () => {
      renderPage(settings({ telegramConnected: true }), 'en');
      expect(await screen.findByText('Connected')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Connect Telegram' })).not.toBeInTheDocument();
    });
  });
});
