// The chart workspace on the trade chart: a signed-in person saves the chart (its studies and
// drawings go up as the content file), finds it in the list, opens, renames and deletes it; a
// failed save is shown through the message display; study templates are saved from the chart and
// applied to it; the layout switch shows 1, 2 or 4 charts and is kept in the person's settings with
// the chart type; a guest can switch layouts but is offered a login to save, and nothing is asked
// of the server for them; a limit order's line dropped at a new price amends the order after a
// confirmation.
import { CHART_PATHS, eventBus, MARKET_PATHS, US_LEVERAGE_PATHS, usStockOrderPath, type AnalyticsPayload, type CryptoOrder, type UsLeveragePosition } from '@pasar/shared';
import { CRYPTO_PATHS } from '@pasar/shared/contract';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useOpenOrdersStore, EMPTY_OPEN_ORDERS } from '../../my-orders/open-orders';
import { engines } from '../../testing/chart-engine-mock';
import { CHART_TEST_FORMAT, renderTradeChart, setUpTradeChartSuite } from '../../testing/trade-chart-suite';
import { mockMarket } from '../../testing/market-fixtures';
import { cryptoOrder, SIGNED_IN } from '../../testing/order-fixtures';
import { PERP, perpPosition } from '../../testing/perp-fixtures';
import { usOrder } from '../../testing/us-order-fixtures';
import { resetPerpsStore, usePerpsStore } from '../../perps/perps-store';
import { newStudy, type ChartState } from '../chart-state';
import { TradeChart } from '../TradeChart';
import { mockChartsServer } from './charts-test-server';

jest.mock('../chart-engine', () => jest.requireActual('../../testing/chart-engine-mock'));

setUpTradeChartSuite();
beforeEach(() => useOpenOrdersStore.setState(EMPTY_OPEN_ORDERS));

const RSI = { ...newStudy('RSI'), id: 'rsi-1', params: { period: 21 } };
const TREND = { id: 'd-1', tool: 'trend' as const, points: [{ time: 1_764_000_000_000, price: '1650000000' }, { time: 1_764_086_400_000, price: '1700000000' }], style: { color: '#2962ff', width: 2 } };

function open(auth: typeof SIGNED_IN | null) {
  const api = mockMarket(createTestApiClient());
  const server = mockChartsServer(api);
  const view = renderTradeChart(api, auth);
  return { ...view, api, server };
}

const firstEngine = async () => {
  await waitFor(() => expect(engines[0]?.candles.length).toBeGreaterThan(0), { timeout: 8000 });
  return engines[0]!;
};

async function openWorkspace(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: 'My charts' }));
  return within(await screen.findByRole('dialog', { name: 'Chart workspace' }, { timeout: 8000 }));
}

describe('the chart workspace', () => {
  it('saves the chart with its studies and drawings, lists, opens, renames and deletes it', async () => {
    const { user, server, api, store } = open(SIGNED_IN);
    const engine = await firstEngine();
    act(() => engine.applyState({ ...engine.getState(), studies: [RSI], drawings: [TREND] }));

    const dialog = await openWorkspace(user);
    expect(await dialog.findByText('No saved chart yet. Save the chart you see to find it again on any device.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name'), 'Breakout plan');
    await user.click(dialog.getByRole('button', { name: 'Save chart' }));

    await waitFor(() => expect(server.charts).toHaveLength(1));
    const saved = server.charts[0]!;
    expect(saved).toMatchObject({ name: 'Breakout plan', symbol: 'BTC-IDR', resolution: '60' });
    const content = JSON.parse(saved.content) as ChartState;
    expect(content.studies).toEqual([RSI]);
    expect(content.drawings).toEqual([TREND]);
    expect(store.getState().chart.savedChartId).toBe(saved.id);
    expect(await screen.findByText('Chart “Breakout plan” saved')).toBeInTheDocument();
    const row = () => within(dialog.getByTestId('saved-chart-list')).getByText('Breakout plan').closest('li')!;
    await waitFor(() => expect(row()).toHaveTextContent('BTC-IDR · 1h · Open now'));

    // Opening it puts its studies and drawings back on a chart that lost them.
    act(() => engine.applyState({ ...engine.getState(), studies: [], drawings: [] }));
    const tracked: AnalyticsPayload[] = [];
    const stopTracking = eventBus.on('analytics:track', (payload) => void tracked.push(payload));
    await user.click(within(row()).getByRole('button', { name: 'Open Breakout plan' }));
    await waitFor(() => expect(engine.getState().studies).toEqual([RSI]));
    // §7: loading the chart is an analytics event.
    expect(tracked).toEqual([{ name: 'chart_loaded', properties: { chartId: saved.id, symbol: 'BTC-IDR', resolution: '60' } }]);
    stopTracking();
    expect(engine.getState().drawings).toEqual([TREND]);
    expect(api.calls.filter((call) => call.method === 'GET' && call.path === `${CHART_PATHS.charts}/${saved.id}`)).toHaveLength(1);

    const again = await openWorkspace(user);
    await user.click(await again.findByRole('button', { name: 'Rename Breakout plan' }));
    const renameField = again.getByLabelText('New name of “Breakout plan”');
    await user.clear(renameField);
    await user.type(renameField, 'Range plan');
    await user.click(again.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(server.charts[0]!.name).toBe('Range plan'));

    await user.click(await again.findByRole('button', { name: 'Delete Range plan' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete “Range plan”?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.charts).toEqual([]));
    expect(store.getState().chart.savedChartId).toBeNull();
  }, 30_000);

  it('shows a refused save through the message display and keeps the name for another try', async () => {
    const { user, server } = open(SIGNED_IN);
    await firstEngine();
    server.refuseNextSave = { code: '4402', message: 'The chart is too large' };
    const dialog = await openWorkspace(user);
    await user.type(await dialog.findByLabelText('Name'), 'Too big');
    await user.click(dialog.getByRole('button', { name: 'Save chart' }));
    expect(await screen.findByText('The chart is too large')).toBeInTheDocument();
    expect(screen.getByText('The chart could not be saved')).toBeInTheDocument();
    expect(server.charts).toEqual([]);
    expect(dialog.getByLabelText('Name')).toHaveValue('Too big');
  }, 20_000);

  it('saves the chart’s studies as a template and applies it to the chart', async () => {
    const { user, server, api } = open(SIGNED_IN);
    const engine = await firstEngine();
    const dialog = await openWorkspace(user);
    await user.click(dialog.getByRole('tab', { name: 'Study templates' }));
    await user.type(await dialog.findByLabelText('Name'), 'Momentum');
    await user.click(dialog.getByRole('button', { name: 'Save indicators as template' }));
    expect(await screen.findByText('The chart has no indicator to save.')).toBeInTheDocument();
    expect(api.callsTo('POST', CHART_PATHS.studyTemplates)).toHaveLength(0);

    act(() => engine.applyState({ ...engine.getState(), studies: [RSI] }));
    await user.click(dialog.getByRole('button', { name: 'Save indicators as template' }));
    await waitFor(() => expect(server.studyTemplates).toHaveLength(1));
    expect(server.studyTemplates[0]).toMatchObject({ name: 'Momentum', content: { studies: [RSI] } });

    act(() => engine.applyState({ ...engine.getState(), studies: [] }));
    await user.click(await dialog.findByRole('button', { name: 'Apply Momentum' }));
    await waitFor(() => expect(engine.getState().studies).toHaveLength(1));
    expect(engine.getState().studies[0]).toMatchObject({ type: 'RSI', params: { period: 21 } });
  }, 20_000);

  it('loads the person’s layout and chart type, and keeps a new layout in tvProperties with what was there', async () => {
    const api = mockMarket(createTestApiClient());
    const server = mockChartsServer(api);
    server.settings.tvProperties = { layout: { count: 2, panes: [{}, { symbol: 'ETH-IDR', resolution: '15' }] }, theme: 'kept' };
    server.settings.cryptoProperties = { chartType: 'line' };
    const { user, container } = renderWithShell(<TradeChart symbol="BTC-IDR" market="crypto" format={CHART_TEST_FORMAT} tick="1000" />, { route: '/trade/BTC-IDR', language: 'en', api, auth: SIGNED_IN });
    await waitFor(() => expect(container.querySelector('[data-layout-count]')).toHaveAttribute('data-layout-count', '2'), { timeout: 8000 });
    await waitFor(() => expect(screen.getAllByTestId('price-chart')).toHaveLength(2));
    expect(screen.getByTestId('chart-pane')).toHaveAttribute('data-symbol', 'ETH-IDR');
    await waitFor(() => expect(engines[0]?.getState().chartType).toBe('line'));

    const dialog = await openWorkspace(user);
    await user.click(dialog.getByRole('tab', { name: 'View and layout' }));
    await user.click(dialog.getByRole('button', { name: '4 charts' }));
    await waitFor(() => expect(screen.getAllByTestId('price-chart')).toHaveLength(4));
    await waitFor(() => expect(api.callsTo('POST', CHART_PATHS.settings)).toHaveLength(1));
    const sent = api.callsTo('POST', CHART_PATHS.settings)[0]!.body as { tvProperties: { layout: { count: number; panes: { symbol: string }[] }; theme: string } };
    expect(Object.keys(sent)).toEqual(['tvProperties']);
    expect(sent.tvProperties.theme).toBe('kept');
    expect(sent.tvProperties.layout.count).toBe(4);
    expect(sent.tvProperties.layout.panes.map((p) => p.symbol)).toEqual(['BTC-IDR', 'ETH-IDR', 'USDT-IDR', 'SOL-IDR']);

    await user.click(dialog.getByRole('button', { name: 'Heikin-Ashi' }));
    await waitFor(() => expect(api.callsTo('POST', CHART_PATHS.settings)).toHaveLength(2));
    expect(api.callsTo('POST', CHART_PATHS.settings)[1]!.body).toEqual({ cryptoProperties: { chartType: 'heikin-ashi' } });
  }, 20_000);

  it('puts the person’s scale, crosshair and colours on the chart and keeps a change in the market’s properties with the rest', async () => {
    const api = mockMarket(createTestApiClient());
    const server = mockChartsServer(api);
    server.settings.cryptoProperties = { chartType: 'line', scale: 'log', crosshair: 'magnet', background: '#101010' };
    server.settings.tvProperties = { layout: { count: 2 } };
    const { user } = renderWithShell(<TradeChart symbol="BTC-IDR" market="crypto" format={CHART_TEST_FORMAT} tick="1000" />, { route: '/trade/BTC-IDR', language: 'en', api, auth: SIGNED_IN });
    const engine = await firstEngine();
    await waitFor(() => expect(engine.tools.view).toEqual({ scale: 'log', scaleSide: 'right', crosshair: 'magnet', colours: { background: '#101010' } }));
    // The layout's other chart looks the same.
    await waitFor(() => expect(engines[1]?.tools.view).toEqual(engine.tools.view));

    const dialog = await openWorkspace(user);
    await user.click(dialog.getByRole('tab', { name: 'View and layout' }));
    const scale = within(dialog.getByTestId('chart-scale-modes'));
    expect(scale.getByRole('button', { name: 'Logarithmic' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(scale.getByRole('button', { name: 'Percentage' }));
    await user.click(within(dialog.getByTestId('chart-scale-sides')).getByRole('button', { name: 'Left' }));
    fireEvent.change(dialog.getByLabelText('Up candles'), { target: { value: '#00aa44' } });
    await waitFor(() => expect(engine.tools.view).toEqual({ scale: 'percentage', scaleSide: 'left', crosshair: 'magnet', colours: { background: '#101010', upColor: '#00aa44' } }));
    await waitFor(() => expect(engines[1]!.tools.view).toEqual(engine.tools.view));
    await waitFor(() => expect(server.settings.cryptoProperties).toEqual({ chartType: 'line', scale: 'percentage', scaleSide: 'left', crosshair: 'magnet', upColor: '#00aa44', background: '#101010' }));
    expect(api.callsTo('POST', CHART_PATHS.settings).every((call) => Object.keys(call.body as object).join() === 'cryptoProperties')).toBe(true);

    // Back to the theme's colours: the colour keys leave the stored properties.
    await user.click(dialog.getByRole('button', { name: 'Use theme colours' }));
    await waitFor(() => expect(server.settings.cryptoProperties).toEqual({ chartType: 'line', scale: 'percentage', scaleSide: 'left', crosshair: 'magnet' }));
    expect(engine.tools.view?.colours).toEqual({});
    expect(dialog.getByRole('button', { name: 'Use theme colours' })).toBeDisabled();
  }, 20_000);

  it('draws a signed-in person’s perp position of the symbol: entry and liquidation, following the positions the page keeps', async () => {
    resetPerpsStore();
    const api = mockMarket(createTestApiClient());
    mockChartsServer(api);
    const { container } = renderWithShell(<TradeChart symbol={PERP} market="perps" format={CHART_TEST_FORMAT} tick="0.1" />, { route: `/trade/${PERP}`, language: 'en', api, auth: SIGNED_IN });
    const engine = await firstEngine();
    act(() => usePerpsStore.setState({ positions: [perpPosition({ quantity: '0.25' }), perpPosition({ symbol: 'ETHUSDT-PERP' })], loaded: true }));
    await waitFor(() => expect(engine.tools.positionLines.map((l) => [l.title, l.price])).toEqual([
      ['Entry · Long 0.25', '60000'],
      ['Liquidation', '54240.9'],
    ]));
    expect(container.querySelector('[data-position-lines]')).toHaveAttribute('data-position-lines', '2');
    // Closed: the lines go.
    act(() => usePerpsStore.setState({ positions: [] }));
    await waitFor(() => expect(engine.tools.positionLines).toEqual([]));
    resetPerpsStore();
  }, 20_000);

  it('draws the open leveraged US positions of the stock, asked of the server for a signed-in person', async () => {
    const position: UsLeveragePosition = {
      id: 'pos-1', stockId: 7, symbol: 'AAPL', wallet: 'intraday', leverage: 4, status: 'OPEN', quantity: '2', entryPrice: '187.3', markPrice: '187.25', notional: '374.50',
      margin: '93.65', unrealizedPnl: '-0.10', liquidationPrice: '160.04', takeProfit: null, stopLoss: null, triggerQuantity: null, triggersExpireAt: null, realizedPnl: '0.00',
      fees: '0.00', financing: '0.00', liquidationPending: false, openedAt: '2026-11-24T15:00:00.000Z', closedAt: null, closeReason: null, autoCloseAt: null,
    };
    const api = mockMarket(createTestApiClient()).reply('GET', US_LEVERAGE_PATHS.positions, { items: [position, { ...position, id: 'pos-2', symbol: 'MSFT' }], wallets: [] });
    mockChartsServer(api);
    renderWithShell(<TradeChart symbol="AAPL" market="usstock" format={CHART_TEST_FORMAT} tick="0.01" />, { route: '/trade/us/AAPL', language: 'id', api, auth: SIGNED_IN });
    const engine = await firstEngine();
    await waitFor(() => expect(engine.tools.positionLines.map((l) => [l.title, l.price])).toEqual([
      ['Harga masuk · Long 2', '187.3'],
      ['Likuidasi', '160.04'],
    ]));
    expect(api.callsTo('GET', US_LEVERAGE_PATHS.positions)[0]!.query).toEqual({ scope: 'open' });
  }, 20_000);

  it('lets a guest switch to 4 charts, offers a login to save, and asks the server nothing', async () => {
    const { user, api, container } = open(null);
    await firstEngine();
    const dialog = await openWorkspace(user);
    expect(dialog.getByRole('tab', { name: 'View and layout' })).toHaveAttribute('aria-selected', 'true');
    await user.click(dialog.getByRole('button', { name: '4 charts' }));
    await waitFor(() => expect(screen.getAllByTestId('price-chart')).toHaveLength(4));
    expect(container.querySelector('[data-layout-count]')).toHaveAttribute('data-layout-count', '4');

    await user.click(within(dialog.getByTestId('chart-crosshairs')).getByRole('button', { name: 'Hidden' }));
    await waitFor(() => expect(engines[0]!.tools.view?.crosshair).toBe('hidden'));

    await user.click(dialog.getByRole('tab', { name: 'Saved charts' }));
    expect(dialog.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(dialog.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith(CHART_PATHS.charts) || call.path === CHART_PATHS.settings || call.path === US_LEVERAGE_PATHS.positions)).toEqual([]);
    expect(engines[0]!.tools.positionLines).toEqual([]);
  }, 20_000);

  it('loads the bars before the oldest one when the person scrolls back, and puts them before the others', async () => {
    const { api } = open(null);
    const engine = await firstEngine();
    const before = api.calls.filter((call) => call.path === MARKET_PATHS.candles).length;
    act(() => engine.historyListeners.forEach((listener) => listener(1_764_000_000_000)));
    await waitFor(() => expect(engine.prepended).toHaveLength(1));
    const asked = api.calls.filter((call) => call.path === MARKET_PATHS.candles).slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query).toMatchObject({ symbol: 'BTC-IDR', resolution: '60', to: 1_763_999_999, from: 1_763_999_999 - 300 * 3600 });
  });

  it('amends a limit order whose line is dropped at a new price, once confirmed', async () => {
    const { user, api } = open(SIGNED_IN);
    const order: CryptoOrder = cryptoOrder({ id: 'o7', symbol: 'BTC-IDR', orderType: 'LIMIT', side: 'BUY', status: 'PENDING', limitPrice: '1600000000', quantity: '0.01' });
    act(() => useOpenOrdersStore.setState({ symbol: 'BTC-IDR', open: [order], loaded: true }));
    api.on('PATCH', `${CRYPTO_PATHS.orders}/:id`, (request) => ({
      body: { status: 'success', data: { orders: [{ ...order, limitPrice: (request.body as { limitPrice: string }).limitPrice }] } },
    }));
    const engine = await firstEngine();
    await waitFor(() => expect(engine.orderDrag).not.toBeNull());

    act(() => engine.orderDrag!.onMove('o7', 1_612_345_678.9));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Move the limit order?' }, { timeout: 8000 }));
    expect(confirm.getByText(/moves from Rp1,600,000,000 to Rp1,612,346,000/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Move order' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${CRYPTO_PATHS.orders}/:id`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `${CRYPTO_PATHS.orders}/:id`)[0]!.body).toEqual({ limitPrice: '1612346000' });
    await waitFor(() => expect(useOpenOrdersStore.getState().open[0]!.limitPrice).toBe('1612346000'));
    expect(await screen.findByText('Order moved to Rp1,612,346,000')).toBeInTheDocument();
  }, 20_000);

  it('amends a US stock limit order whose line is dropped at a new price through the US amend call (the price as unitPrice)', async () => {
    const order = usOrder({ id: 'us-open', orderType: 'LIMIT', side: 'SELL', status: 'PENDING', limitPrice: '180', quantity: '0.5' });
    const api = mockMarket(createTestApiClient())
      .reply('GET', US_LEVERAGE_PATHS.positions, { items: [], wallets: [] })
      .reply('PATCH', usStockOrderPath('us-open'), { orders: [{ ...order, limitPrice: '181.37' }] });
    mockChartsServer(api);
    act(() => useOpenOrdersStore.setState({ symbol: 'AAPL', open: [order], loaded: true }));
    const { user } = renderWithShell(<TradeChart symbol="AAPL" market="usstock" format={CHART_TEST_FORMAT} tick="0.01" />, { route: '/trade/us/AAPL', language: 'en', api, auth: SIGNED_IN });
    const engine = await firstEngine();
    await waitFor(() => expect(engine.orderDrag).not.toBeNull());

    act(() => engine.orderDrag!.onMove('us-open', 181.3712));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Move the limit order?' }, { timeout: 8000 }));
    await user.click(confirm.getByRole('button', { name: 'Move order' }));
    await waitFor(() => expect(api.callsTo('PATCH', usStockOrderPath('us-open'))).toHaveLength(1));
    expect(api.callsTo('PATCH', usStockOrderPath('us-open'))[0]!.body).toEqual({ unitPrice: '181.37' });
    await waitFor(() => expect(useOpenOrdersStore.getState().open[0]!.limitPrice).toBe('181.37'));
  }, 20_000);
});
