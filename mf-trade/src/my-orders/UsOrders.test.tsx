import { registerTranslations, US_STOCK_PATHS, usStockOrderCancelPath } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { usStockOrderCalls } from '../order-calls/us-stock-calls';
import { installFakePrivateStream, type FakePrivateStream } from '../testing/fake-private-stream';
import { AAPL_ID, mockUsOrders, SIGNED_IN_US, usOrder } from '../testing/us-order-fixtures';
import { useOpenOrdersFeed } from './orders-feed';
import { OrdersPanel } from './OrdersPanel';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let stream: FakePrivateStream;
beforeEach(() => {
  stream = installFakePrivateStream();
});
afterEach(() => {
  stream.restore();
  jest.restoreAllMocks();
});

const FORMAT = { currency: 'USD' as const, precision: 2, lng: 'en' as const };

/** The workspace's part on a US stock page: the feed for AAPL (asked by its stock id), and the list. */
function Harness() {
  useOpenOrdersFeed('AAPL', usStockOrderCalls, AAPL_ID);
  return <OrdersPanel market="USSTOCK" symbol="AAPL" instrumentId={AAPL_ID} format={FORMAT} quantityPrecision={6} />;
}

const gtmc = usOrder({ id: 'gtmc', limitPrice: '180', quantity: '0.5', createdAt: '2026-11-24T15:00:00.000Z', updatedAt: '2026-11-24T15:00:00.000Z' });
const byAmount = usOrder({
  id: 'ext',
  side: 'BUY',
  inputType: 'amount',
  quantity: null,
  amount: '250',
  limitPrice: '185.5',
  timeInForce: 'GOOD_TILL_CANCEL',
  tradingHours: 'INCLUDE_EXTENDED_HOURS',
  createdAt: '2026-11-24T14:00:00.000Z',
  updatedAt: '2026-11-24T14:00:00.000Z',
});

const rows = () => screen.queryAllByTestId('order-row');

function render(api = createTestApiClient()) {
  return renderWithShell(<Harness />, { language: 'en', auth: SIGNED_IN_US, api: mockUsOrders(api, { open: [gtmc, byAmount] }) });
}

describe('US open orders', () => {
  it('lists the stock’s open orders in USD with their time in force and session, asked by stock id', async () => {
    const { api } = render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = within(rows()[0]!);
    expect(first.getByText('$180.00')).toBeInTheDocument();
    expect(first.getByText('0.5 AAPL')).toBeInTheDocument();
    expect(first.getByTestId('order-terms')).toHaveTextContent('Good till market close');
    const second = within(rows()[1]!);
    expect(second.getByText('$250.00')).toBeInTheDocument();
    expect(second.getByTestId('order-terms')).toHaveTextContent('Good till cancelled · Extended hours');
    // A limit order's price and size can be modified, and it can be cancelled.
    expect(first.getByRole('button', { name: 'Modify order Buy Limit 0.5 AAPL' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Cancel order Buy Limit 0.5 AAPL' })).toBeInTheDocument();
    expect(api.callsTo('GET', US_STOCK_PATHS.orders)[0]!.query).toMatchObject({ scope: 'open', stockId: AAPL_ID });
  });

  it('follows the private stream: a fill moves the order to history, an expiry at the close too, another stock’s order is ignored', async () => {
    const { user } = render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(stream.channels()).toContain('orders');

    act(() => {
      stream.push('orders', { type: 'order', order: { ...gtmc, status: 'PARTIALLY_FILLED', filledQuantity: '0.2', updatedAt: '2026-11-24T16:00:00.000Z' } });
    });
    expect(within(rows()[0]!).getByTestId('order-status')).toHaveTextContent('Partially filled');
    expect(within(rows()[0]!).getByText('0.2 AAPL')).toBeInTheDocument();

    act(() => {
      // GOOD_TILL_MARKET_CLOSE: cancelled by the close.
      stream.push('orders', { type: 'order', order: { ...gtmc, status: 'CANCELLED', reason: 'EXPIRED', updatedAt: '2026-11-24T21:00:00.000Z' } });
      stream.push('orders', { type: 'order', order: usOrder({ id: 'amzn', symbol: 'AMZN' }) });
    });
    expect(rows().map((row) => row.dataset.orderId)).toEqual(['ext']);

    await user.click(screen.getByRole('tab', { name: 'Order history' }));
    await waitFor(() => expect(rows().map((row) => row.dataset.orderId)).toEqual(['gtmc']));
    // Cancelled by its time in force: it reads Expired.
    expect(within(rows()[0]!).getByTestId('order-status')).toHaveTextContent('Expired');
  });

  it('cancels with PUT and the stock id, after a confirmation', async () => {
    const cancelled = { ...gtmc, status: 'CANCELLED' as const, updatedAt: '2026-11-24T16:00:00.000Z' };
    const api = createTestApiClient().reply('PUT', usStockOrderCancelPath('gtmc'), { orders: [cancelled] });
    const { user } = render(api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cancel order Buy Limit 0.5 AAPL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    const [call] = api.callsTo('PUT', usStockOrderCancelPath('gtmc'));
    expect(call!.body).toEqual({ stockId: AAPL_ID });
    expect(call!.headers['x-request-id']).toBeTruthy();
    await waitFor(() => expect(rows().map((row) => row.dataset.orderId)).toEqual(['ext']));
  });
});
