// The trade chart's alerts for a signed-in person: their live alerts drawn as lines, "alert at a
// price" picking a price that opens the PriceAlert view with it (on the tick, from the chart), a
// dropped line moving its alert; a guest gets neither the button nor any alert call.
import { PRICE_ALERT_PATHS } from '@pasar/shared/contract/price-alerts-paths';
import { createTestApiClient } from '@pasar/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { mockPriceAlerts, mockWatchlists } from '../testing/alerts-fixtures';
import { engines } from '../testing/chart-engine-mock';
import { renderTradeChart, setUpTradeChartSuite } from '../testing/trade-chart-suite';
import { mockMarket } from '../testing/market-fixtures';
import { SIGNED_IN } from '../testing/order-fixtures';

jest.mock('./chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

setUpTradeChartSuite();

function open(auth: typeof SIGNED_IN | null) {
  const api = mockMarket(createTestApiClient());
  const server = mockWatchlists(api);
  mockPriceAlerts(api, server, { 'BTC-IDR': '1650000000' });
  server.alerts.push({
    id: 'a9',
    symbol: 'BTC-IDR',
    assetType: 'CRYPTO',
    targetPrice: '1700000000',
    direction: 'UP',
    note: null,
    repeating: false,
    createFromChart: false,
    status: 'ACTIVE',
    priceAtCreation: '1650000000',
    triggerCount: 0,
    lastTriggeredAt: null,
    lastTriggeredPrice: null,
    createdAt: 'x',
    updatedAt: 'x',
  });
  const view = renderTradeChart(api, auth);
  return { ...view, api, server };
}

describe('alerts on the trade chart', () => {
  it('draws the person’s alerts, picks a price for a new one, moves one by its line, and forgets them at logout', async () => {
    const { user, api, server, store } = open(SIGNED_IN);
    await waitFor(() => expect(engines[0]?.alertLines).toEqual([{ id: 'a9', price: '1700000000', title: 'Alert' }]), { timeout: 8000 });
    await user.click(await screen.findByRole('button', { name: 'Alert at a price' }));
    expect(screen.getByText('Click the chart at the price for the alert (Esc cancels).')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(engines[0]!.picking).toBe(true));

    act(() => engines[0]!.alertHandlers!.onPick(1712345678.9));
    await waitFor(() => expect(store.getState().misc.tradingView).toBe('PriceAlert'));
    expect(store.getState().ui.priceAlertData).toEqual({ symbol: 'BTC-IDR', targetPrice: '1712346000', createFromChart: true });
    await waitFor(() => expect(engines[0]!.picking).toBe(false));

    act(() => engines[0]!.alertHandlers!.onMove('a9', 1650500123.4));
    await waitFor(() => expect(server.alerts[0]!.targetPrice).toBe('1650500000'));
    expect(api.callsTo('PATCH', `${PRICE_ALERT_PATHS.alerts}/:id`)[0]!.body).toEqual({ targetPrice: '1650500000' });
    await waitFor(() => expect(engines[0]!.alertLines).toEqual([{ id: 'a9', price: '1650500000', title: 'Alert' }]));
    expect(await screen.findByText('Alert moved to Rp1,650,500,000')).toBeInTheDocument();

    // A logout forgets them: no lines, no button, nothing left in the store.
    act(() => store.getState().logout('user'));
    await waitFor(() => expect(engines[0]!.alertLines).toEqual([]));
    expect(screen.queryByRole('button', { name: 'Alert at a price' })).not.toBeInTheDocument();
    expect(store.getState().ui.priceAlertSidebar.userPriceAlerts).toEqual([]);
  });

  it('offers a guest no alert button and asks for no alerts', async () => {
    const { api } = open(null);
    await waitFor(() => expect(engines[0]?.candles).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Alert at a price' })).not.toBeInTheDocument();
    expect(engines[0]!.alertLines).toEqual([]);
    expect(api.callsTo('GET', PRICE_ALERT_PATHS.alerts)).toHaveLength(0);
  });
});
