import { MARKET_PATHS, registerTranslations, US_STOCK_PATHS, usStockOrderPath } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { startAmending, useOpenOrdersStore } from '../my-orders/open-orders';
import { applyOrders } from '../my-orders/orders-feed';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { instrument, mockMarket } from '../testing/market-fixtures';
import { AAPL_ID, mockUsOrders, SIGNED_IN_US, usOrder, type UsMockOptions } from '../testing/us-order-fixtures';
import { UsStockOrderPanel } from './UsStockOrderPanel';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
// Whole order flows (type, review, confirm) on a shared 2-core machine: more than the default 5 s.
jest.setTimeout(20_000);

/** The instant the tests run at (the badge's countdown reads the clock; nothing waits for it). */
const NOW = Date.parse('2026-11-24T13:45:00.000Z');

let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  live = installFakeLive();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  useOpenOrdersStore.setState({ symbol: 'AAPL', open: [], closed: [], loaded: true, error: null, amendingId: null });
});
afterEach(() => {
  live.restore();
  jest.restoreAllMocks();
});

const FORMAT = { currency: 'USD' as const, precision: 2, lng: 'en' as const };
const AAPL = instrument({ symbol: 'AAPL', id: AAPL_ID, kind: 'usstock', assetType: 'USSTOCK', shortName: 'AAPL', name: 'Apple Inc.', quoteCurrency: 'USD', pricePrecision: 2, tickSize: '0.01', hasPostMarket: true });

/** The US market in pre-market, changing to regular at 14:30 UTC (09:30 New York). */
const PRE_MARKET = {
  market: 'USSTOCK',
  state: 'PRE_MARKET',
  now: '2026-11-24T13:45:00.000Z',
  tradingDate: '2026-11-24',
  timeZone: 'America/New_York',
  sessions: [],
  status: { marketOpenTime: null, marketCloseTime: null, preMarketOpenTime: null, preMarketCloseTime: null, postMarketOpenTime: null, postMarketCloseTime: null },
  earlyClose: false,
  holiday: null,
  nextChangeAt: '2026-11-24T14:30:00.000Z',
  nextState: 'OPEN',
};

interface RenderOptions {
  mock?: UsMockOptions;
  api?: ReturnType<typeof createTestApiClient>;
  ipme?: boolean;
  gss?: 'VERIFIED' | 'NOT_SUBMITTED' | 'PENDING' | 'REJECTED';
  language?: 'en' | 'id';
}

function renderPanel({ mock = {}, api = createTestApiClient(), ipme = true, gss = 'VERIFIED', language = 'en' }: RenderOptions = {}) {
  const result = renderWithShell(
    <UsStockOrderPanel symbol="AAPL" instrument={{ ...AAPL, hasPostMarket: ipme }} format={{ ...FORMAT, lng: language }} halted={false} haltText={null} />,
    {
      language,
      auth: { ...SIGNED_IN_US, userDetails: { id: 'user-1', gssKycStatus: gss } },
      api: mockMarket(mockUsOrders(api, mock)).reply('GET', MARKET_PATHS.status, PRE_MARKET),
      userEventOptions: { delay: null },
    },
  );
  return { ...result, api };
}

const ticket = () => screen.getByTestId('order-ticket');

async function ready() {
  // The panel's chunk and the contract's schemas (answers are parsed) load on first use.
  await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
  // The PALN wallet's buying power has arrived.
  await waitFor(() => expect(screen.getByTestId('order-available')).toHaveTextContent('$1,000.00'));
}

describe('the US order panel', () => {
  it('shows the session (pre-market) and the time to the next change in the reader’s language', async () => {
    renderPanel();
    await ready();
    const badge = screen.getByTestId('market-status');
    expect(badge).toHaveTextContent('Pre-market');
    expect(screen.getByTestId('market-countdown')).toHaveTextContent('Market open in 0:45:00');
  });

  it('reads the session in Indonesian too', async () => {
    renderPanel({ language: 'id' });
    await screen.findByTestId('order-ticket');
    await waitFor(() => expect(screen.getByTestId('market-status')).toHaveTextContent('Pra-pasar'));
  });

  it('offers the extended-hours switch only for a stock with post-market (ipme); on, it takes limit orders only and sends INCLUDE_EXTENDED_HOURS', async () => {
    const { unmount } = renderPanel({ ipme: false });
    await ready();
    expect(screen.queryByRole('switch', { name: /Extended hours/ })).not.toBeInTheDocument();
    unmount();

    const placed = usOrder({ id: 'ext', tradingHours: 'INCLUDE_EXTENDED_HOURS' });
    const api = createTestApiClient().reply('POST', US_STOCK_PATHS.buy, { orders: [placed] });
    const { user } = renderPanel({ api });
    await ready();
    const orderType = () => within(ticket()).getByRole('combobox', { name: 'Order type' });
    expect(within(orderType()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Market', 'Limit', 'Stop', 'Stop limit']);
    await user.click(screen.getByRole('switch', { name: /Extended hours/ }));
    expect(screen.getByRole('switch', { name: /Extended hours/ })).toBeChecked();
    expect(within(orderType()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Limit']);

    await user.click(within(ticket()).getByRole('button', { name: 'Quantity' }));
    await user.type(within(ticket()).getByRole('textbox', { name: /Limit price/ }), '186.5');
    await user.type(within(ticket()).getByRole('textbox', { name: /AAPL quantity/ }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Review buy AAPL' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('review-session')).toHaveTextContent('Extended hours');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    await screen.findByText('AAPL buy order sent');
    expect(api.callsTo('POST', US_STOCK_PATHS.buy)[0]!.body).toEqual({
      stockId: AAPL_ID,
      orderType: 'LIMIT',
      orderSubType: 'NORMAL',
      tradingHours: 'INCLUDE_EXTENDED_HOURS',
      leverage: 1,
      isIntradayLeverage: false,
      quantity: '0.5',
      unitPrice: '186.5',
      timeInForce: 'GOOD_TILL_CANCEL',
    });
  });

  it('buys by USD amount (fractional shares): the review shows the cost in USD and in IDR at the wallet’s rate; one order with the amount only', async () => {
    const placed = usOrder({ id: 'by-amount', orderType: 'MARKET', inputType: 'amount', quantity: null, amount: '250', limitPrice: null, status: 'SUCCESS' });
    const api = createTestApiClient().reply('POST', US_STOCK_PATHS.buy, { orders: [placed] });
    const { user } = renderPanel({ api });
    await ready();
    // Buys start by amount, in USD.
    await user.type(within(ticket()).getByRole('textbox', { name: 'Amount to spend (USD)' }), '250');
    await user.click(screen.getByRole('button', { name: 'Review buy AAPL' }));
    const dialog = await screen.findByRole('alertdialog');
    // 250 / 187.30 = 1.334757 shares (6 decimals, down); notional 250.00 rounded up to the cent.
    expect(within(dialog).getByTestId('review-price')).toHaveTextContent('$187.30');
    expect(within(dialog).getByTestId('review-quantity')).toHaveTextContent('1.334757 AAPL');
    expect(within(dialog).getByTestId('review-total')).toHaveTextContent('$250.00');
    // 250.00 × 16,250 = Rp4,062,500.
    expect(within(dialog).getByTestId('review-total-idr')).toHaveTextContent('Rp4,062,500');
    expect(api.callsTo('GET', US_STOCK_PATHS.priceCalculate).at(-1)!.query).toMatchObject({ stockId: AAPL_ID, transactionType: 'BUY', orderType: 'MARKET', amount: '250' });

    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('AAPL buy order sent')).toBeInTheDocument();
    const [call] = api.callsTo('POST', US_STOCK_PATHS.buy);
    expect(call!.body).toEqual({ stockId: AAPL_ID, orderType: 'MARKET', orderSubType: 'NORMAL', tradingHours: 'REGULAR_HOURS', leverage: 1, isIntradayLeverage: false, amount: '250' });
    expect(call!.headers['x-request-id']).toBeTruthy();
  });

  it('sells by quantity with GOOD_TILL_MARKET_CLOSE, explained in words; the review names it and shows the regulatory fees', async () => {
    const api = createTestApiClient().reply('POST', US_STOCK_PATHS.sell, { orders: [usOrder({ id: 'gtmc', side: 'SELL' })] });
    const { user } = renderPanel({ api });
    await ready();
    await user.click(within(ticket()).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(screen.getByTestId('order-available')).toHaveTextContent('2.5 AAPL'));
    await user.selectOptions(within(ticket()).getByRole('combobox', { name: 'Order type' }), 'LIMIT');
    const tif = within(ticket()).getByRole('combobox', { name: /Time in force/ });
    expect(within(tif).getAllByRole('option').map((o) => o.textContent)).toEqual(['Good till cancelled', 'Good till market close']);
    await user.selectOptions(tif, 'GOOD_TILL_MARKET_CLOSE');
    expect(screen.getByText(/Cancelled at today’s market close if it has not filled/)).toBeInTheDocument();
    await user.type(within(ticket()).getByRole('textbox', { name: /Limit price/ }), '190');
    await user.type(within(ticket()).getByRole('textbox', { name: /AAPL quantity/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Review sell AAPL' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('review-time-in-force')).toHaveTextContent('Good till market close');
    // 2 × 190 = 380.00; SEC 380 × 0.0000278 → 0.02 (up); TAF 2 × 0.000166 → 0.01.
    expect(within(dialog).getByTestId('review-tax')).toHaveTextContent('$0.03');
    expect(within(dialog).getByTestId('review-total')).toHaveTextContent('$379.97');
    expect(within(dialog).getByTestId('review-total-idr')).toHaveTextContent('Rp6,174,512');
    await user.click(within(dialog).getByRole('button', { name: 'Sell now' }));
    await screen.findByText('AAPL sell order sent');
    expect(api.callsTo('POST', US_STOCK_PATHS.sell)[0]!.body).toMatchObject({ quantity: '2', unitPrice: '190', orderType: 'LIMIT', timeInForce: 'GOOD_TILL_MARKET_CLOSE' });
  });

  it('checks the size before the review: above the USD buying power, and above the shares available to sell', async () => {
    const { user, api } = renderPanel();
    await ready();
    await user.type(within(ticket()).getByRole('textbox', { name: 'Amount to spend (USD)' }), '1500');
    await user.click(screen.getByRole('button', { name: 'Review buy AAPL' }));
    expect(await screen.findByText('Not enough balance')).toBeInTheDocument();
    expect(screen.getByText('Your available USD is $1,000.00.')).toBeInTheDocument();
    await user.click(within(ticket()).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(screen.getByTestId('order-available')).toHaveTextContent('2.5 AAPL'));
    await user.type(within(ticket()).getByRole('textbox', { name: /AAPL quantity/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Review sell AAPL' }));
    expect(await screen.findByText('Not enough to sell')).toBeInTheDocument();
    expect(api.callsTo('POST', US_STOCK_PATHS.sell)).toHaveLength(0);
  });

  it('shows the server’s refusal in the reader’s language and keeps one request id per review', async () => {
    const api = createTestApiClient().replyError('POST', US_STOCK_PATHS.buy, { code: '3801', message: 'Pasar saham AS sedang tutup' });
    const { user } = renderPanel({ api });
    await ready();
    await user.type(within(ticket()).getByRole('textbox', { name: 'Amount to spend (USD)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Review buy AAPL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('Pasar saham AS sedang tutup')).toBeInTheDocument();
    expect(api.callsTo('POST', US_STOCK_PATHS.buy)[0]!.headers['x-language-code']).toBe('en');
    // A second review is a second order: a new request id.
    await user.click(screen.getByRole('button', { name: 'Review buy AAPL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(api.callsTo('POST', US_STOCK_PATHS.buy)).toHaveLength(2));
    const [first, second] = api.callsTo('POST', US_STOCK_PATHS.buy);
    expect(first!.headers['x-request-id']).not.toBe(second!.headers['x-request-id']);
  });

  it.each([
    ['NOT_SUBMITTED', 'Fill in the US stock declaration to trade', 'Fill in the declaration'],
    ['PENDING', 'Your US stock declaration is being reviewed', 'See the declaration status'],
    ['REJECTED', 'Your US stock declaration needs another look', 'Fill in the declaration'],
  ] as const)('leads a person whose declaration is %s to it, with no US order or wallet call', async (gss, title, link) => {
    const { api } = renderPanel({ gss });
    const lead = await screen.findByTestId('us-declaration-lead');
    expect(lead).toHaveTextContent(title);
    expect(within(lead).getByRole('link', { name: link })).toHaveAttribute('href', '/account/identity-verification');
    expect(screen.queryByTestId('order-ticket')).not.toBeInTheDocument();
    expect(screen.queryByText('The order form could not be loaded.')).not.toBeInTheDocument();
    // The toast viewport stays empty: no error is shown.
    expect(screen.queryAllByRole('alert').map((region) => region.textContent)).toEqual(['']);
    expect(api.calls.filter((call) => call.path.startsWith('/api/global-stock/'))).toEqual([]);
  });

  it('asks what may be placed again once the session has changed (the clock is the test’s)', async () => {
    // The regular session ends 10 s after the test's now.
    const soon = new Date(NOW + 10_000).toISOString();
    const session = { session: 'REGULAR' as const, nextChangeAt: soon, nextSession: 'POST_MARKET' as const };
    // Timers are the test's (Date.now is pinned above); Testing Library's waits advance them.
    jest.useFakeTimers({ doNotFake: ['Date', 'queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { api } = renderPanel({ mock: { buy: { session }, sell: { session } } });
      await ready();
      expect(api.callsTo('GET', US_STOCK_PATHS.orderTypes)).toHaveLength(2);
      act(() => {
        jest.advanceTimersByTime(12_000);
      });
      await waitFor(() => expect(api.callsTo('GET', US_STOCK_PATHS.orderTypes)).toHaveLength(4));
      // The ticket stayed on screen meanwhile.
      expect(screen.getByTestId('order-ticket')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('modifies an open US order: the limit price goes as unitPrice, after a review', async () => {
    const order = usOrder({ id: 'us-open', limitPrice: '180', quantity: '0.5' });
    const amended = { ...order, limitPrice: '181.5', updatedAt: '2026-11-24T16:00:00.000Z' };
    const api = createTestApiClient().reply('PATCH', usStockOrderPath('us-open'), { orders: [amended] });
    const { user } = renderPanel({ api });
    await ready();
    act(() => {
      applyOrders([order]);
      startAmending(order);
    });
    expect(await screen.findByTestId('amend-form')).toBeInTheDocument();
    expect(screen.getByTestId('order-panel')).toHaveAttribute('data-panel-mode', 'ModifyOrder');
    const price = screen.getByRole('textbox', { name: /Limit price/ });
    expect(price).toHaveValue('180');
    await user.clear(price);
    await user.type(price, '181.5');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('amend-review')).toHaveTextContent('$180.00 → $181.50');
    await user.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    await screen.findByText('Order modified');
    expect(api.callsTo('PATCH', usStockOrderPath('us-open'))[0]!.body).toEqual({ unitPrice: '181.5' });
    expect(useOpenOrdersStore.getState().open[0]!.limitPrice).toBe('181.5');
    await waitFor(() => expect(screen.getByTestId('order-panel')).toHaveAttribute('data-panel-mode', 'None'));
  });
});
