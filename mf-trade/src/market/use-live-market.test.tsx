import { MARKET_PATHS } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen } from '@testing-library/react';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { book, ticker, trades } from '../testing/market-fixtures';
import { BOOK_RENDER_INTERVAL_MS, mergeTrades, useLiveBook, useLiveTicker, useLiveTrades } from './use-live-market';

let live: FakeLive;
beforeEach(() => {
  jest.useFakeTimers();
  live = installFakeLive();
});
afterEach(() => {
  live.restore();
  jest.useRealTimers();
});

let renders = 0;
function TickerProbe() {
  renders += 1;
  const { data } = useLiveTicker('BTC-IDR');
  return <output data-testid="price">{data?.price ?? 'none'}</output>;
}

const nextFrame = () => act(() => jest.advanceTimersByTime(20));

describe('live market data', () => {
  it('renders a firehose of ticker updates at most once per animation frame, the latest winning', async () => {
    const api = createTestApiClient().reply('GET', MARKET_PATHS.ticker, ticker({ price: '100' }));
    renderWithShell(<TickerProbe />, { api });
    // The REST snapshot, then (once the page is idle) the subscription.
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
      await jest.runOnlyPendingTimersAsync();
    });
    expect(screen.getByTestId('price')).toHaveTextContent('100');
    expect(live.subscriptions.map((s) => `${s.channel}:${s.symbol}`)).toEqual(['ticker:BTC-IDR']);

    const before = renders;
    act(() => {
      for (let i = 1; i <= 500; i += 1) live.push('ticker', 'BTC-IDR', { type: 'update', data: ticker({ price: String(100 + i) }) });
    });
    expect(renders).toBe(before);
    nextFrame();
    expect(screen.getByTestId('price')).toHaveTextContent('600');
    expect(renders).toBe(before + 1);

    act(() => live.push('ticker', 'BTC-IDR', { type: 'update', data: ticker({ price: '601' }) }));
    nextFrame();
    expect(renders).toBe(before + 2);
  });

  it('unsubscribes when the component goes', async () => {
    const api = createTestApiClient().reply('GET', MARKET_PATHS.ticker, ticker());
    const { unmount } = renderWithShell(<TickerProbe />, { api });
    expect(live.subscriptions).toHaveLength(1);
    unmount();
    expect(live.subscriptions).toHaveLength(0);
  });

  it('adds streamed trades to the recent ones, newest first, without duplicates', async () => {
    function TradesProbe() {
      const { data } = useLiveTrades('BTC-IDR', 4);
      return <output data-testid="trades">{data?.map((trade) => trade.id).join(',') ?? 'none'}</output>;
    }
    const api = createTestApiClient().reply('GET', MARKET_PATHS.trades, trades(3));
    renderWithShell(<TradesProbe />, { api });
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    expect(screen.getByTestId('trades')).toHaveTextContent('t0,t1,t2');
    act(() => {
      live.push('trades', 'BTC-IDR', { type: 'update', data: [{ id: 'n1', price: '1', quantity: '1', side: 'BUY', t: 1_800_000_001_000 }] });
      live.push('trades', 'BTC-IDR', { type: 'update', data: [{ id: 'n2', price: '1', quantity: '1', side: 'SELL', t: 1_800_000_002_000 }, { id: 't0', price: '1', quantity: '1', side: 'BUY', t: 1_800_000_000_000 }] });
    });
    // Trades commit on the next interval boundary (at most BOOK_RENDER_INTERVAL_MS away).
    act(() => jest.advanceTimersByTime(BOOK_RENDER_INTERVAL_MS + 20));
    expect(screen.getByTestId('trades')).toHaveTextContent('n2,n1,t0,t1');
  });
});

it('commits order book updates at most once per interval, on the shared boundary, the latest winning', async () => {
  let bookRenders = 0;
  function BookProbe() {
    bookRenders += 1;
    const { data } = useLiveBook('BTC-IDR', undefined);
    return <output data-testid="bid">{data?.bids[0]?.price ?? 'none'}</output>;
  }
  const api = createTestApiClient().reply('GET', MARKET_PATHS.orderBook, book(3));
  renderWithShell(<BookProbe />, { api });
  await act(async () => {
    await jest.runOnlyPendingTimersAsync();
  });
  const level = (price: string) => book(1, { bids: [{ price, quantity: '1', cumulativePercent: '100' }] });
  const push = (price: string) => act(() => live.push('book', 'BTC-IDR', { type: 'update', data: level(price) }));
  // To 20 ms past the next multiple of the interval (the shared commit boundary).
  const toBoundary = () => act(() => jest.advanceTimersByTime(BOOK_RENDER_INTERVAL_MS - (Date.now() % BOOK_RENDER_INTERVAL_MS) + 20));
  toBoundary();
  const rest = screen.getByTestId('bid').textContent;

  push('1');
  nextFrame();
  expect(screen.getByTestId('bid')).toHaveTextContent(rest!);
  toBoundary();
  expect(screen.getByTestId('bid')).toHaveTextContent(/^1$/);
  const before = bookRenders;
  // A burst waits for the next boundary, then shows once, with the latest book.
  for (let i = 2; i <= 40; i += 1) push(String(i));
  nextFrame();
  expect(screen.getByTestId('bid')).toHaveTextContent(/^1$/);
  expect(bookRenders).toBe(before);
  toBoundary();
  expect(screen.getByTestId('bid')).toHaveTextContent('40');
  expect(bookRenders).toBe(before + 1);
});

it('mergeTrades keeps the newest, unique, capped', () => {
  const merged = mergeTrades(trades(3), [{ id: 'x', price: '1', quantity: '1', side: 'BUY', t: 1_900_000_000_000 }, trades(1)[0]!], 3);
  expect(merged.map((trade) => trade.id)).toEqual(['x', 't0', 't1']);
});
