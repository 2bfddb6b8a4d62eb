import { eventBus, MARKET_PATHS, registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { book, instrument } from '../testing/market-fixtures';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { depthPercent, OrderBook, subtractDecimal } from './OrderBook';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let live: FakeLive;
beforeEach(() => {
  live = installFakeLive();
});
afterEach(() => live.restore());

const FORMAT = { currency: 'IDR' as const, precision: 0, lng: 'en' as const };

function renderBook(reply = book(12)) {
  const api = createTestApiClient().on('GET', MARKET_PATHS.orderBook, (request) => ({
    body: { status: 'success', data: { ...reply, granularity: String(request.query.granularity ?? reply.granularity) } },
  }));
  return renderWithShell(<OrderBook symbol="BTC-IDR" instrument={instrument()} format={FORMAT} />, { api, language: 'en' });
}

describe('order book', () => {
  it('shows the top 10 levels of each side, asks above the spread with the best ask nearest it', async () => {
    renderBook();
    const asks = await screen.findAllByTestId('book-ask');
    const bids = screen.getAllByTestId('book-bid');
    expect(asks).toHaveLength(10);
    expect(bids).toHaveLength(10);
    // Asks ascend away from the spread: the last ask row is the best (lowest) ask.
    expect(asks[9]).toHaveTextContent('1,650,001,000');
    expect(asks[0]).toHaveTextContent('1,650,010,000');
    expect(bids[0]).toHaveTextContent('1,649,999,000');
    expect(screen.getByTestId('book-spread')).toHaveTextContent('2,000');
  });

  it('draws each row’s depth bar at its cumulative percentage', async () => {
    renderBook();
    const bids = await screen.findAllByTestId('book-bid');
    expect(bids[0]).toHaveTextContent('10%');
    expect(bids[9]).toHaveTextContent('100%');
    expect(bids[0]!.style.getPropertyValue('--depth')).toBe('10%');
    expect(bids[4]!.style.getPropertyValue('--depth')).toBe('50%');
    expect(getComputedStyle(bids[0]!).background).toContain('var(--depth)');
    expect(depthPercent({ price: '1', quantity: '1', cumulativePercent: '137.5' })).toBe('100');
    expect(depthPercent({ price: '1', quantity: '1', cumulativePercent: 'x' })).toBe('0');
  });

  it('asks the server again at the chosen granularity and subscribes to that book', async () => {
    const { api, user } = renderBook();
    await screen.findAllByTestId('book-bid');
    const select = screen.getByLabelText('Price grouping');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['1,000', '10,000', '100,000']);

    await user.selectOptions(select, '10000');
    await screen.findAllByTestId('book-bid');
    expect(api.callsTo('GET', MARKET_PATHS.orderBook).map((call) => call.query.granularity)).toEqual([undefined, '10000']);
    expect(live.subscriptions.filter((s) => s.channel === 'book').map((s) => s.options.granularity)).toEqual(['10000']);
  });

  it('emits the picked price on the shared bus for the order panel', async () => {
    const { user } = renderBook();
    const picked: unknown[] = [];
    const off = eventBus.on('orderbook:price-picked', (payload) => picked.push(payload));
    const bids = await screen.findAllByTestId('book-bid');
    await user.click(bids[2]!);
    await user.click(screen.getAllByTestId('book-ask')[9]!);
    off();
    expect(picked).toEqual([
      { symbol: 'BTC-IDR', price: '1649997000', side: 'bid' },
      { symbol: 'BTC-IDR', price: '1650001000', side: 'ask' },
    ]);
  });

  it('replaces the levels with the stream’s latest book', async () => {
    renderBook();
    await screen.findAllByTestId('book-bid');
    act(() => {
      live.push('book', 'BTC-IDR', { type: 'update', data: book(3, { bids: [{ price: '1600000000', quantity: '2', cumulativePercent: '100' }] }) });
    });
    expect(await screen.findByText('1,600,000,000')).toBeInTheDocument();
    expect(screen.getAllByTestId('book-bid')).toHaveLength(1);
  });

  it('says so when the book is empty', async () => {
    renderBook(book(0));
    expect(await screen.findByText('The order book is empty')).toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    let calls = 0;
    const api = createTestApiClient().on('GET', MARKET_PATHS.orderBook, () => {
      calls += 1;
      return calls === 1
        ? { status: 400, body: { status: 'error', error_code: '002', error_message: 'bad' } }
        : { body: { status: 'success', data: book(12) } };
    });
    const { user } = renderWithShell(<OrderBook symbol="BTC-IDR" instrument={instrument()} format={FORMAT} />, { api, language: 'en' });
    expect(await screen.findByText('The order book could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('book-bid')).toHaveLength(10);
  });
});

describe('order book by keyboard (one composite widget, WAI-ARIA listbox)', () => {
  function renderBetweenButtons() {
    const api = createTestApiClient().on('GET', MARKET_PATHS.orderBook, () => ({ body: { status: 'success', data: book(12) } }));
    return renderWithShell(
      <>
        <button type="button">before</button>
        <OrderBook symbol="BTC-IDR" instrument={instrument({ granularities: ['1000'] })} format={FORMAT} />
        <button type="button">after</button>
      </>,
      { api, language: 'en' },
    );
  }
  const active = (list: HTMLElement) => document.getElementById(list.getAttribute('aria-activedescendant') ?? '');

  it('is one Tab stop: Tab enters the book and the next Tab leaves it', async () => {
    const { user } = renderBetweenButtons();
    await screen.findAllByTestId('book-bid');
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    const list = screen.getByRole('listbox', { name: 'Order book: pick a price' });
    expect(list).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(list).toHaveFocus();
  });

  it('names every row for a screen reader, asks and bids as groups', async () => {
    renderBetweenButtons();
    await screen.findAllByTestId('book-bid');
    const list = screen.getByRole('listbox', { name: 'Order book: pick a price' });
    expect(within(list).getAllByRole('option')).toHaveLength(20);
    expect(within(within(list).getByRole('group', { name: 'Sell orders' })).getAllByRole('option')).toHaveLength(10);
    expect(within(list).getByRole('option', { name: 'Use bid price 1,649,999,000 (amount 1)' })).toBeInTheDocument();
  });

  it('moves with the arrow keys, Home and End, across the spread, and Enter or Space picks the price', async () => {
    const { user } = renderBetweenButtons();
    const picked: unknown[] = [];
    const off = eventBus.on('orderbook:price-picked', (payload) => picked.push(payload));
    await screen.findAllByTestId('book-bid');
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    const list = screen.getByRole('listbox', { name: 'Order book: pick a price' });
    // The first row (the highest ask) is active on entry.
    expect(active(list)).toHaveAccessibleName('Use ask price 1,650,010,000 (amount 1)');
    await user.keyboard('{End}');
    expect(active(list)).toHaveAccessibleName('Use bid price 1,649,990,000 (amount 1)');
    await user.keyboard('{Home}{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(active(list)).toHaveAccessibleName('Use ask price 1,650,010,000 (amount 1)');
    for (let i = 0; i < 9; i += 1) await user.keyboard('{ArrowDown}');
    expect(active(list)).toHaveAccessibleName('Use ask price 1,650,001,000 (amount 1)');
    expect(active(list)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(active(list)).toHaveAccessibleName('Use bid price 1,649,999,000 (amount 1)');
    await user.keyboard(' ');
    off();
    expect(picked).toEqual([
      { symbol: 'BTC-IDR', price: '1650001000', side: 'ask' },
      { symbol: 'BTC-IDR', price: '1649999000', side: 'bid' },
    ]);
    expect(list).toHaveFocus();
  });
});

it('subtracts decimal strings exactly', () => {
  expect(subtractDecimal('1650001000', '1649999000')).toBe('2000');
  expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
  expect(subtractDecimal('189.2', '189.25')).toBe('-0.05');
});
