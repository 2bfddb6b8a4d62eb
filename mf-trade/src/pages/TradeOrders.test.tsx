// The trade page with crypto orders (issue 6): what a guest sees and never asks, and how the order
// panel, the book, the orders list and the chart work together for a signed-in user.
import { BrokerOrderState, CRYPTO_PATHS, FX_WALLET_PATHS, registerTranslations, WALLET_PATHS } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { resetLayoutPreference } from '../ticket/layout-preference';
import { engines } from '../testing/chart-engine-mock';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { installFakePrivateStream, type FakePrivateStream } from '../testing/fake-private-stream';
import { mockMarket } from '../testing/market-fixtures';
import { cryptoOrder, mockOrders, SIGNED_IN } from '../testing/order-fixtures';
import { mockUsOrders, SIGNED_IN_US, usOrder } from '../testing/us-order-fixtures';
import { TradeHomePage } from './TradeHomePage';

jest.mock('../chart/chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let live: FakeLive;
let stream: FakePrivateStream;
beforeEach(() => {
  resetInstrumentCache();
  resetLayoutPreference();
  engines.length = 0;
  live = installFakeLive();
  stream = installFakePrivateStream();
});
afterEach(() => {
  live.restore();
  stream.restore();
});

const isOrderOrBalanceCall = (path: string) =>
  path.startsWith('/api/crypto/') || path.startsWith('/api/global-stock/') || path === WALLET_PATHS.accounts || path === FX_WALLET_PATHS.stockBalance;

describe('a guest on the trade page', () => {
  it('sees the order panel’s sign-in call to action and makes no order or balance call', async () => {
    const api = mockMarket(createTestApiClient());
    renderWithShell(<TradeHomePage />, { route: '/trade?ticker=BTC-IDR', language: 'en', api, state: { guestMode: true } });
    const card = await screen.findByTestId('guest-order-card');
    expect(within(card).getByRole('heading', { name: 'Buy / sell BTC' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(card).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await screen.findAllByTestId('book-bid');
    await waitFor(() => expect(screen.getByTestId('price-chart')).toHaveAttribute('data-candles', '5'));
    expect(screen.queryByTestId('order-panel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('orders-panel')).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter(isOrderOrBalanceCall)).toEqual([]);
  });

  it('sees the sign-in call to action on a US stock too, and no US order or wallet call', async () => {
    const api = mockMarket(createTestApiClient());
    renderWithShell(<TradeHomePage />, { route: '/trade?ticker=AAPL', language: 'en', api });
    const card = await screen.findByTestId('guest-order-card');
    expect(within(card).getByRole('heading', { name: 'Buy / sell AAPL' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-panel')).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter(isOrderOrBalanceCall)).toEqual([]);
  });

  it('is asked to sign in on a perpetual, and asks none of the perps account calls', async () => {
    const api = mockMarket(createTestApiClient());
    renderWithShell(<TradeHomePage />, { route: '/trade?ticker=BTCUSDT-PERP', language: 'en', api });
    await screen.findByText(/Bitcoin Perpetual ·/);
    expect(await screen.findByTestId('guest-order-card')).toBeInTheDocument();
    expect(screen.queryByTestId('order-panel')).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith('/api/perp/') && path !== '/api/perp/funding-rate')).toEqual([]);
  });
});

describe('a signed-in user on the trade page', () => {
  const resting = cryptoOrder({ id: 'rest-1', limitPrice: '1600000000', quantity: '0.01' });

  function open() {
    const api = mockOrders(mockMarket(createTestApiClient()), { open: [resting] });
    return renderWithShell(<TradeHomePage />, { route: '/trade?ticker=BTC-IDR', language: 'en', api, auth: SIGNED_IN });
  }

  it('gets the order panel with the symbol’s balances, and the open orders', async () => {
    const { api } = open();
    // The panel's chunk and the contract's schemas (answers are parsed) load on first use.
    expect(await screen.findByTestId('order-ticket', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-available')).toHaveTextContent('Rp10,000,000'));
    expect(api.callsTo('GET', CRYPTO_PATHS.orderTypes)[0]!.query.symbol).toBe('BTC-IDR');
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
  });

  it('a click on an order-book price fills the panel’s limit price', async () => {
    const { user, store } = open();
    await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
    // Not a pro user: the simple ticket, and the page's layout follows it.
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'simple');
    await waitFor(() => expect(store.getState().chart.layout).toBe('CryptoInstant'));
    const bids = await screen.findAllByTestId('book-bid');
    await user.click(bids[2]!);
    // A price picked needs a price input: BTC-IDR has pro mode, the panel switches to it.
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'pro');
    expect(store.getState().chart.layout).toBe('CryptoAdvanced');
    expect(screen.getByRole('combobox', { name: 'Order type' })).toHaveValue('LIMIT');
    expect(screen.getByRole('textbox', { name: /Limit price/ })).toHaveValue('1,649,997,000');
  });

  it('draws the open orders on the chart and follows them live', async () => {
    open();
    await waitFor(() => expect(engines[0]?.orderLines).toHaveLength(1));
    expect(engines[0]!.orderLines[0]).toMatchObject({ id: 'rest-1', price: '1600000000', side: 'BUY', type: 'limit', state: BrokerOrderState.Working, title: 'Buy limit 0.01 BTC' });

    act(() => {
      stream.push('orders', {
        type: 'order',
        order: cryptoOrder({ id: 'stop-2', side: 'SELL', orderType: 'STOP', stopPrice: '1500000000', limitPrice: null, createdAt: '2026-11-22T06:00:00.000Z' }),
      });
    });
    await waitFor(() => expect(engines[0]!.orderLines.map((line) => line.id)).toEqual(['stop-2', 'rest-1']));
    expect(engines[0]!.orderLines[0]).toMatchObject({ type: 'stop', price: '1500000000', title: 'Sell stop 0.01 BTC' });

    act(() => {
      stream.push('orders', { type: 'order', order: { ...resting, status: 'CANCELLED', updatedAt: '2026-11-22T07:00:00.000Z' } });
    });
    await waitFor(() => expect(engines[0]!.orderLines.map((line) => line.id)).toEqual(['stop-2']));
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-order-lines', '1');
  });

  it('on a US stock gets the US order panel (USD, the session) and the US open orders, live over the private stream', async () => {
    const open = usOrder({ id: 'us-open' });
    renderWithShell(<TradeHomePage />, { route: '/trade?ticker=AAPL', language: 'en', auth: SIGNED_IN_US, api: mockMarket(mockUsOrders(createTestApiClient(), { open: [open] })) });
    // The US panel's chunk loads on first use.
    const panel = await screen.findByTestId('order-panel', undefined, { timeout: 5000 });
    expect(panel).toHaveAttribute('data-market', 'USSTOCK');
    expect(within(panel).getByTestId('market-status')).toBeInTheDocument();
    expect(await within(panel).findByTestId('order-ticket')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByTestId('order-available')).toHaveTextContent('$1,000.00'));
    await waitFor(() => expect(screen.getAllByTestId('order-row').map((row) => row.dataset.orderId)).toEqual(['us-open']));
    act(() => stream.push('orders', { type: 'order', order: { ...open, status: 'SUCCESS', filledQuantity: '0.5', updatedAt: '2026-11-24T16:00:00.000Z' } }));
    await waitFor(() => expect(screen.queryAllByTestId('order-row')).toHaveLength(0));
  });
});
