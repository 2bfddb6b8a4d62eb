// The PriceAlert view: a guest is asked to log in; bad targets (off the tick, the current price)
// are refused by the field with nothing sent; the server's refusal shows by the field with nothing
// changed; a valid alert is set, listed, mirrored into the store for the chart, and the person is
// asked (once, saying why) about system notifications; the chart's pick fills the form.
import {
  appStore,
  eventBus,
  registerTranslations,
} from '@pasar/shared';
import { PRICE_ALERT_PATHS } from '@pasar/shared/contract/price-alerts-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { mockPriceAlerts, mockWatchlists } from '../testing/alerts-fixtures';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { mockMarket } from '../testing/market-fixtures';
import { SIGNED_IN } from '../testing/order-fixtures';
import { alertsStore } from './alerts-state';
import { targetOnTick, targetProblem } from './alert-target';
import { PriceAlertPanel } from './PriceAlertPanel';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

const FORMAT = { currency: 'IDR' as const, precision: 0, lng: 'en' as const };
let live: FakeLive;
let permission: 'default' | 'granted' | 'denied';
const requestPermission = jest.fn(async () => {
  permission = 'granted';
  return permission;
});

beforeEach(() => {
  resetInstrumentCache();
  alertsStore.setState({ symbol: null, alerts: null, maxActive: null, error: undefined });
  live = installFakeLive();
  permission = 'default';
  requestPermission.mockClear();
  localStorage.clear();
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: Object.defineProperties(function Notification() {}, {
      permission: { get: () => permission },
      requestPermission: { value: requestPermission },
    }),
  });
});
afterEach(() => live.restore());

function open(auth: typeof SIGNED_IN | null = SIGNED_IN) {
  const api = mockMarket(createTestApiClient());
  const server = mockWatchlists(api);
  mockPriceAlerts(api, server, { 'BTC-IDR': '1650000000' });
  const view = renderWithShell(<PriceAlertPanel symbol="BTC-IDR" tick="1000" format={FORMAT} />, { route: '/trade', language: 'en', api, ...(auth ? { auth } : {}) });
  return { ...view, api, server };
}

const target = () => screen.getByRole('textbox', { name: /Target price/ });

describe('the target checks', () => {
  it('refuse an empty, a non-number, an off-tick and the current price; round a chart pick to the tick', () => {
    expect(targetProblem('', '1000', '5000')).toBe('required');
    expect(targetProblem('1e5', '1000', '5000')).toBe('invalid');
    expect(targetProblem('0', '1000', '5000')).toBe('invalid');
    expect(targetProblem('1650000500', '1000', '1650000000')).toBe('offTick');
    expect(targetProblem('1650000000', '1000', '1650000000')).toBe('equal');
    expect(targetProblem('1651000000', '1000', '1650000000')).toBeNull();
    expect(targetProblem('189.25', '0.01', '189.2')).toBeNull();
    expect(targetOnTick(1650000499.7, '1000')).toBe('1650000000');
    expect(targetOnTick(1650000500.2, '1000')).toBe('1650001000');
    expect(targetOnTick(189.2549, '0.01')).toBe('189.25');
  });
});

describe('the PriceAlert view', () => {
  it('asks a guest to log in and calls nothing', async () => {
    const { api } = open(null);
    expect(await screen.findByText('Log in to set price alerts for BTC-IDR.')).toBeInTheDocument();
    expect(api.callsTo('GET', PRICE_ALERT_PATHS.alerts)).toHaveLength(0);
  });

  it('refuses an off-tick target and the current price by the field, sending nothing', async () => {
    const { user, api } = open();
    await screen.findByText('No alerts for BTC-IDR yet.');
    await waitFor(() => expect(screen.getByText('Current price Rp1,650,000,000')).toBeInTheDocument());
    await user.type(target(), '1650000500');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('The target price must be a multiple of 1000')).toBeInTheDocument();
    expect(target()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(target());
    await user.type(target(), '1650000000');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('The target price equals the current price')).toBeInTheDocument();
    expect(api.callsTo('POST', PRICE_ALERT_PATHS.alerts)).toHaveLength(0);
  });

  it('sets an alert, lists it, hands its line to the chart, and asks about system notifications once', async () => {
    const { user, api, server } = open();
    await screen.findByText('No alerts for BTC-IDR yet.');
    await user.type(target(), '1700000000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Direction' }), 'UP');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'take profit');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(server.alerts).toHaveLength(1));
    expect(api.callsTo('POST', PRICE_ALERT_PATHS.alerts)[0]!.body).toEqual({
      symbol: 'BTC-IDR',
      targetPrice: '1700000000',
      direction: 'UP',
      note: 'take profit',
      repeating: false,
      createFromChart: false,
    });
    const row = await screen.findByTestId('alert-row');
    expect(row).toHaveTextContent('Rp1,700,000,000');
    expect(row).toHaveTextContent('Rises through the target');
    expect(appStore.getState().ui.priceAlertSidebar.userPriceAlerts).toEqual([{ id: 'a1', symbol: 'BTC-IDR', targetPrice: '1700000000', createFromChart: false }]);

    const prompt = screen.getByRole('region', { name: 'Want to know even when Pasar is in the background?' });
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(within(prompt).getByRole('button', { name: 'Allow browser notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: /in the background/ })).not.toBeInTheDocument());
    expect(localStorage.getItem('systemNotifications')).toBe('on');
  });

  it('shows the server’s refusal by the field and keeps the list as it was', async () => {
    const { user, api } = open();
    api.replyError('POST', PRICE_ALERT_PATHS.alerts, { code: '4103', message: 'Price alert limit reached' });
    await screen.findByText('No alerts for BTC-IDR yet.');
    await user.type(target(), '1700000000');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('Price alert limit reached')).toBeInTheDocument();
    expect(screen.getByText('No alerts for BTC-IDR yet.')).toBeInTheDocument();
    expect(appStore.getState().ui.priceAlertSidebar.userPriceAlerts).toEqual([]);
  });

  it('takes the price picked on the chart, on the tick, as an alert made from the chart', async () => {
    const { user, api } = open();
    await screen.findByText('No alerts for BTC-IDR yet.');
    act(() => appStore.getState().setPriceAlertData({ symbol: 'BTC-IDR', targetPrice: '1712345678.9', createFromChart: true }));
    await waitFor(() => expect(target()).toHaveValue('1712346000'));
    expect(screen.getByText('From the chart')).toBeInTheDocument();
    permission = 'denied';
    const tracked: unknown[] = [];
    const stop = eventBus.on('analytics:track', (payload) => void tracked.push(payload));
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await screen.findByTestId('alert-row');
    stop();
    // §7: the creation is an analytics event, with where it was made.
    expect(tracked).toEqual([{ name: 'price_alert_created', properties: { symbol: 'BTC-IDR', createFromChart: true } }]);
    expect(api.callsTo('POST', PRICE_ALERT_PATHS.alerts)[0]!.body).toMatchObject({ targetPrice: '1712346000', createFromChart: true });
    expect(screen.queryByRole('region', { name: /in the background/ })).not.toBeInTheDocument();
  });

  it('keeps the store’s modal flag up while the form is on screen, and down for a guest', async () => {
    const { unmount } = open();
    await screen.findByText('No alerts for BTC-IDR yet.');
    expect(appStore.getState().ui.priceAlertModalOpen).toBe(true);
    unmount();
    expect(appStore.getState().ui.priceAlertModalOpen).toBe(false);
    open(null);
    await screen.findByText('Log in to set price alerts for BTC-IDR.');
    expect(appStore.getState().ui.priceAlertModalOpen).toBe(false);
  });

  it('fetches the alerts again when the store asks (an alert fired), and clears the request', async () => {
    const { user, api, server } = open();
    await screen.findByText('No alerts for BTC-IDR yet.');
    permission = 'granted';
    await user.type(target(), '1700000000');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await screen.findByTestId('alert-row');
    expect(appStore.getState().ui.priceAlertSidebar.userPriceAlerts).toHaveLength(1);
    const loads = api.callsTo('GET', PRICE_ALERT_PATHS.alerts).length;
    // The server fired the one-shot alert; the live notification asks for a fresh list.
    Object.assign(server.alerts[0]!, { status: 'TRIGGERED', triggerCount: 1 });
    act(() => appStore.getState().setPriceAlertSidebar({ fetch: true }));
    await waitFor(() => expect(within(screen.getByTestId('alert-row')).getByText('Triggered')).toBeInTheDocument());
    expect(api.callsTo('GET', PRICE_ALERT_PATHS.alerts)).toHaveLength(loads + 1);
    expect(appStore.getState().ui.priceAlertSidebar).toMatchObject({ fetch: false, userPriceAlerts: [] });
  });

  it('edits an alert’s target and deletes an alert after confirming', async () => {
    const { user, server } = open();
    await screen.findByText('No alerts for BTC-IDR yet.');
    permission = 'granted';
    await user.type(target(), '1700000000');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await user.click(await screen.findByRole('button', { name: 'Edit the alert at Rp1,700,000,000' }));
    const form = screen.getByRole('form', { name: 'Edit price alert' });
    const field = within(form).getByRole('textbox', { name: /Target price/ });
    await user.clear(field);
    await user.type(field, '1600000000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.alerts[0]!.targetPrice).toBe('1600000000'));
    await user.click(await screen.findByRole('button', { name: 'Delete the alert at Rp1,600,000,000' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.alerts).toEqual([]));
    expect(await screen.findByText('No alerts for BTC-IDR yet.')).toBeInTheDocument();
  });
});
