// The notification settings page's browser (system) notifications: the state in this browser is
// shown; turning them on asks the browser only on that click, and they can be turned off again
// here; a browser that blocked them, or cannot show them, says so and offers no button.
import { ACCOUNT_PATHS, NOTIFICATION_TYPES, registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { NotificationSettingsPage } from './NotificationSettingsPage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

let permission: NotificationPermission = 'default';
let answer: NotificationPermission = 'granted';
const requestPermission = jest.fn(async () => {
  permission = answer;
  return answer;
});

function installNotification() {
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: Object.defineProperties(function Notification() {}, {
      permission: { get: () => permission },
      requestPermission: { value: requestPermission },
    }),
  });
}

beforeEach(() => {
  permission = 'default';
  answer = 'granted';
  requestPermission.mockClear();
  localStorage.clear();
  installNotification();
});

const renderPage = () => {
  const api = createTestApiClient().reply('GET', ACCOUNT_PATHS.notificationSettings, {
    items: NOTIFICATION_TYPES.map((type) => ({ type, inApp: true, email: true, telegram: false })),
    telegramConnected: false,
  });
  return renderWithShell(<NotificationSettingsPage />, { route: '/account/notification', api, language: 'en' });
};

const card = () => screen.getByTestId('browser-notifications');

describe('browser notifications on the settings page', () => {
  it('are not asked for at page load; turning them on asks the browser, then they can be turned off', async () => {
    const { user } = renderPage();
    expect(await within(card()).findByText('Not asked yet.')).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(within(card()).getByRole('button', { name: 'Turn on browser notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await within(card()).findByText('On in this browser.')).toBeInTheDocument();
    expect(localStorage.getItem('systemNotifications')).toBe('on');
    await user.click(within(card()).getByRole('button', { name: 'Turn off browser notifications' }));
    expect(within(card()).getByText('Off in this browser.')).toBeInTheDocument();
    expect(localStorage.getItem('systemNotifications')).toBe('off');
    // On again without asking the browser twice (it already allows them).
    await user.click(within(card()).getByRole('button', { name: 'Turn on browser notifications' }));
    await waitFor(() => expect(within(card()).getByText('On in this browser.')).toBeInTheDocument());
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('say when the person refused in the browser, with no button', async () => {
    answer = 'denied';
    const { user } = renderPage();
    await user.click(await within(card()).findByRole('button', { name: 'Turn on browser notifications' }));
    expect(await within(card()).findByText(/Blocked in this browser/)).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('say when the browser cannot show them', async () => {
    delete (window as { Notification?: unknown }).Notification;
    renderPage();
    expect(await within(card()).findByText('This browser cannot show notifications.')).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });
});
