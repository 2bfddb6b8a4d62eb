import { CRYPTO_PATHS, cryptoOrderCancelPath, registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { cryptoOrderCalls } from '../order-calls/crypto-calls';
import { installFakePrivateStream, type FakePrivateStream } from '../testing/fake-private-stream';
import { cryptoOrder, mockOrders, SIGNED_IN } from '../testing/order-fixtures';
import { useOpenOrdersStore } from './open-orders';
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

const FORMAT = { currency: 'IDR' as const, precision: 0, lng: 'en' as const };

/** The workspace's part: the feed for the symbol, and the list. */
function Harness({ symbol = 'BTC-IDR' }: { symbol?: string }) {
  useOpenOrdersFeed(symbol, cryptoOrderCalls, null);
  return <OrdersPanel market="CRYPTO" symbol={symbol} instrumentId={null} format={FORMAT} quantityPrecision={8} />;
}

const limitBuy = cryptoOrder({ id: 'limit-buy', limitPrice: '1600000000', quantity: '0.01', exchangeStatus: 'SENT_TO_EXCHANGE', createdAt: '2026-11-22T02:00:00.000Z', updatedAt: '2026-11-22T02:00:00.000Z' });
const stopSell = cryptoOrder({ id: 'stop-sell', side: 'SELL', orderType: 'STOP', limitPrice: null, stopPrice: '1500000000', quantity: '0.2', createdAt: '2026-11-22T01:00:00.000Z', updatedAt: '2026-11-22T01:00:00.000Z' });

function render(api = createTestApiClient(), history = [cryptoOrder({ id: 'old-fill', status: 'SUCCESS', exchangeStatus: 'SUCCESS', filledQuantity: '0.01', averagePrice: '1590000000', createdAt: '2026-11-20T01:00:00.000Z' })]) {
  return renderWithShell(<Harness />, { language: 'en', auth: SIGNED_IN, api: mockOrders(api, { open: [limitBuy, stopSell], history }) });
}

const rows = () => screen.getAllByTestId('order-row');

describe('open orders', () => {
  it('lists the symbol’s open orders, newest first, with the status and its exchange display (§4)', async () => {
    const { api } = render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('tab', { name: 'Open orders (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(rows().map((row) => row.dataset.orderId)).toEqual(['limit-buy', 'stop-sell']);
    const first = within(rows()[0]!);
    expect(first.getByText('Buy')).toBeInTheDocument();
    expect(first.getByText('Rp1,600,000,000')).toBeInTheDocument();
    expect(first.getByText('0.01 BTC')).toBeInTheDocument();
    expect(first.getByTestId('order-status')).toHaveTextContent('Open');
    // SENT_TO_EXCHANGE reads PENDING (§4 display mapping).
    expect(first.getByTestId('exchange-status')).toHaveTextContent('Pending');
    expect(within(rows()[1]!).getByTestId('exchange-status')).toHaveTextContent('Accepted');
    expect(api.callsTo('GET', CRYPTO_PATHS.orders)[0]!.query).toMatchObject({ scope: 'open', symbol: 'BTC-IDR' });
  });

  it('follows the private stream: a fill moves an order to history, a new order appears, another symbol’s is ignored', async () => {
    const { user } = render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(stream.channels()).toContain('orders');

    act(() => {
      stream.push('orders', { type: 'order', order: { ...limitBuy, status: 'PARTIALLY_FILLED', filledQuantity: '0.004', updatedAt: '2026-11-22T03:00:00.000Z' } });
    });
    expect(within(rows()[0]!).getByTestId('order-status')).toHaveTextContent('Partially filled');

    act(() => {
      stream.push('orders', { type: 'order', order: { ...limitBuy, status: 'SUCCESS', exchangeStatus: 'SUCCESS', filledQuantity: '0.01', updatedAt: '2026-11-22T03:01:00.000Z' } });
      stream.push('orders', { type: 'order', order: cryptoOrder({ id: 'new-one', createdAt: '2026-11-22T04:00:00.000Z', updatedAt: '2026-11-22T04:00:00.000Z' }) });
      stream.push('orders', { type: 'order', order: cryptoOrder({ id: 'eth', symbol: 'ETH-IDR' }) });
    });
    expect(rows().map((row) => row.dataset.orderId)).toEqual(['new-one', 'stop-sell']);
    expect(screen.getByRole('tab', { name: 'Open orders (2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Order history' }));
    await waitFor(() => expect(rows().map((row) => row.dataset.orderId)).toEqual(['limit-buy', 'old-fill']));
    expect(within(rows()[0]!).getByTestId('order-status')).toHaveTextContent('Filled');
    // An order that is over shows one status: the exchange's display belongs to live orders only.
    expect(within(rows()[0]!).queryByTestId('exchange-status')).toBeNull();
  });

  it('a cancelled order reads Cancelled alone, never "Accepted" under it', async () => {
    const { user } = render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => {
      stream.push('orders', { type: 'order', order: { ...stopSell, status: 'CANCELLED', exchangeStatus: 'ACCEPTED', reason: 'USER', updatedAt: '2026-11-22T03:00:00.000Z' } });
    });
    await user.click(screen.getByRole('tab', { name: 'Order history' }));
    const row = await waitFor(() => within(rows().find((r) => r.dataset.orderId === 'stop-sell')!));
    expect(row.getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(row.queryByTestId('exchange-status')).toBeNull();
    expect(row.queryByText('Accepted')).toBeNull();
  });

  it('asks for the open orders and the history again when the stream was lapsed (updates may have been missed)', async () => {
    let open = [limitBuy, stopSell];
    const api = createTestApiClient().on('GET', CRYPTO_PATHS.orders, (request) => ({
      body: { status: 'success', data: { items: request.query.scope === 'open' ? open : [], page: 1, size: 30, hasMore: false } },
    }));
    const { user } = renderWithShell(<Harness />, { language: 'en', auth: SIGNED_IN, api });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('tab', { name: 'Order history' }));
    await screen.findByText('No BTC-IDR order history yet');
    // stop-sell was cancelled while the connection was down.
    open = [limitBuy];
    act(() => stream.resync('orders'));
    await waitFor(() => expect(api.callsTo('GET', CRYPTO_PATHS.orders).filter((c) => c.query.scope === 'history')).toHaveLength(2));
    await user.click(screen.getByRole('tab', { name: 'Open orders (1)' }));
    expect(rows().map((row) => row.dataset.orderId)).toEqual(['limit-buy']);
  });

  it('an update that arrives while the open orders load is newer than their answer', async () => {
    let answer: (() => void) | null = null;
    const api = createTestApiClient().on(
      'GET',
      CRYPTO_PATHS.orders,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { status: 'success', data: { items: [limitBuy, stopSell], page: 1, size: 30, hasMore: false } } });
        }),
    );
    renderWithShell(<Harness />, { language: 'en', auth: SIGNED_IN, api });
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => stream.push('orders', { type: 'order', order: { ...stopSell, status: 'SUCCESS', updatedAt: '2026-11-22T09:00:00.000Z' } }));
    await act(async () => answer!());
    await waitFor(() => expect(rows().map((row) => row.dataset.orderId)).toEqual(['limit-buy']));
  });

  it('cancels after a confirmation (keeping it asks nothing) and shows the answer', async () => {
    const cancelled = { ...stopSell, status: 'CANCELLED' as const, reason: 'USER', updatedAt: '2026-11-22T05:00:00.000Z' };
    const api = createTestApiClient().reply('POST', cryptoOrderCancelPath('stop-sell'), { orders: [cancelled] });
    const { user } = render(api);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Cancel order Sell Stop 0.2 BTC' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('POST', cryptoOrderCancelPath('stop-sell'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order Sell Stop 0.2 BTC' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Cancel this order?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST', cryptoOrderCancelPath('stop-sell'))).toHaveLength(1);
    expect(rows().map((row) => row.dataset.orderId)).toEqual(['limit-buy']);
  });

  it('shows a refused cancel as an error toast with the server’s message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createTestApiClient().replyError('POST', cryptoOrderCancelPath('limit-buy'), { code: '9603', message: 'Order sudah terisi' });
    const { user } = render(api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cancel order Buy Limit 0.01 BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order sudah terisi')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it('an OCO leg’s cancel says the other leg goes too', async () => {
    const leg = cryptoOrder({ id: 'tp', side: 'SELL', orderType: 'OCO', ocoLeg: 'TAKE_PROFIT', ocoGroupId: 'g1', limitPrice: '1800000000' });
    const api = createTestApiClient();
    const { user } = renderWithShell(<Harness />, { language: 'en', auth: SIGNED_IN, api: mockOrders(api, { open: [leg] }) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Take-profit leg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Cancel order/ }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('The other OCO leg is cancelled with it.');
  });

  it('amend puts the order panel in modify mode for that order', async () => {
    const { user } = render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Modify order Buy Limit 0.01 BTC' }));
    expect(useOpenOrdersStore.getState().amendingId).toBe('limit-buy');
  });
});

describe('an order named in the URL (a notification about it)', () => {
  const scrolled: Element[] = [];
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  const open = (order: string) =>
    renderWithShell(<Harness />, {
      route: `/trade/BTC-IDR?order=${order}`,
      language: 'en',
      auth: SIGNED_IN,
      api: mockOrders(createTestApiClient(), { open: [limitBuy, stopSell], history: [cryptoOrder({ id: 'old-fill', status: 'SUCCESS', exchangeStatus: 'SUCCESS', filledQuantity: '0.01' })] }),
    });
  const marked = () => rows().filter((row) => row.getAttribute('aria-current') === 'true').map((row) => row.dataset.orderId);

  it('an open one: marked in the open orders and scrolled into view', async () => {
    open('stop-sell');
    await waitFor(() => expect(marked()).toEqual(['stop-sell']));
    expect(screen.getByRole('tab', { name: 'Open orders (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(scrolled.map((row) => (row as HTMLElement).dataset.orderId)).toEqual(['stop-sell']);
  });

  it('a closed one: the history tab opens with it marked', async () => {
    open('old-fill');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Order history' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(marked()).toEqual(['old-fill']));
    expect(scrolled.map((row) => (row as HTMLElement).dataset.orderId)).toEqual(['old-fill']);
  });
});

describe('order history', () => {
  it('asks for history on demand and pages on', async () => {
    let page = 0;
    const api = createTestApiClient().on('GET', CRYPTO_PATHS.orders, (request) => {
      if (request.query.scope === 'open') return { body: { status: 'success', data: { items: [], page: 1, size: 30, hasMore: false } } };
      page = Number(request.query.page);
      const item = cryptoOrder({ id: `h${page}`, status: 'CANCELLED', createdAt: `2026-11-${20 - page}T01:00:00.000Z` });
      return { body: { status: 'success', data: { items: [item], page, size: 30, hasMore: page < 2 } } };
    });
    const { user } = renderWithShell(<Harness />, { language: 'en', auth: SIGNED_IN, api });
    expect(await screen.findByText('No open BTC-IDR orders')).toBeInTheDocument();
    expect(api.callsTo('GET', CRYPTO_PATHS.orders).filter((c) => c.query.scope === 'history')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Order history' }));
    await waitFor(() => expect(rows().map((row) => row.dataset.orderId)).toEqual(['h1']));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows().map((row) => row.dataset.orderId)).toEqual(['h1', 'h2']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
