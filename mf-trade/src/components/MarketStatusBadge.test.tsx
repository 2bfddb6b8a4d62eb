// The session badge: the state in the reader's language, today's holiday, and the time to the next
// change counted on the market's clock (the status call's `now`), whatever this browser's clock says.
import { MARKET_PATHS, registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import type { MarketStatusResponse } from '../market/types';
import { MarketStatusBadge } from './MarketStatusBadge';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
// The browser's clock is two days away from the market's: the badge must not use it.
beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(Date.parse('2026-11-24T03:00:00Z'));
});
afterEach(() => jest.useRealTimers());

const noTimes = { marketOpenTime: null, marketCloseTime: null, preMarketOpenTime: null, preMarketCloseTime: null, postMarketOpenTime: null, postMarketCloseTime: null };
function status(overrides: Partial<MarketStatusResponse>): MarketStatusResponse {
  return {
    market: 'USSTOCK',
    state: 'CLOSED',
    now: '2026-11-26T16:00:00.000Z',
    tradingDate: '2026-11-27',
    timeZone: 'America/New_York',
    sessions: [],
    status: noTimes,
    earlyClose: false,
    holiday: null,
    nextChangeAt: null,
    nextState: null,
    ...overrides,
  };
}

const THANKSGIVING = status({ holiday: 'Thanksgiving Day', earlyClose: true, nextChangeAt: '2026-11-27T09:00:00.000Z', nextState: 'PRE_MARKET' });

describe('the market status badge', () => {
  it('says closed for a holiday, names it, and counts down to pre-market on the market clock (English)', async () => {
    const api = createTestApiClient().reply('GET', MARKET_PATHS.status, THANKSGIVING);
    renderWithShell(<MarketStatusBadge market="usstock" tickerState="CLOSED" />, { language: 'en', api });
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toBeInTheDocument());
    const badge = screen.getByTestId('market-status');
    expect(badge).toHaveAttribute('data-state', 'CLOSED');
    expect(badge).toHaveTextContent('Market closed');
    expect(screen.getByTestId('market-holiday')).toHaveTextContent('Thanksgiving Day');
    expect(screen.getByTestId('market-countdown')).toHaveTextContent('Pre-market in 17:00:00');
    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.getByTestId('market-countdown')).toHaveTextContent('Pre-market in 16:58:59');
    expect(badge).not.toHaveTextContent(/live/i);
  });

  it('says the same in Indonesian, with days past a day', async () => {
    const weekend = status({ now: '2026-11-28T15:00:00.000Z', nextChangeAt: '2026-11-30T09:00:00.000Z', nextState: 'PRE_MARKET' });
    renderWithShell(<MarketStatusBadge market="usstock" tickerState="CLOSED" />, { api: createTestApiClient().reply('GET', MARKET_PATHS.status, weekend) });
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toBeInTheDocument());
    expect(screen.getByTestId('market-status')).toHaveTextContent('Pasar tutup');
    expect(screen.getByTestId('market-countdown')).toHaveTextContent('Pra-pasar dalam 1h 18:00');
  });

  it('says pre-market with the time to the open, then asks again when the open has come', async () => {
    const pre = status({ state: 'PRE_MARKET', now: '2026-11-30T14:29:58.000Z', nextChangeAt: '2026-11-30T14:30:00.000Z', nextState: 'OPEN' });
    const open = status({ state: 'OPEN', now: '2026-11-30T14:30:02.000Z', nextChangeAt: '2026-11-30T21:00:00.000Z', nextState: 'POST_MARKET' });
    let answer = pre;
    const api = createTestApiClient().on('GET', MARKET_PATHS.status, () => ({ body: { status: 'success', data: answer } }));
    renderWithShell(<MarketStatusBadge market="usstock" tickerState="PRE_MARKET" />, { language: 'en', api });
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toHaveTextContent('Market open in 0:00:02'));
    expect(screen.getByTestId('market-status')).toHaveTextContent('Pre-market');
    answer = open;
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.queryByTestId('market-countdown')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1500);
    });
    await waitFor(() => expect(screen.getByTestId('market-status')).toHaveAttribute('data-state', 'OPEN'));
    expect(screen.getByTestId('market-countdown')).toHaveTextContent('Post-market in 6:29:58');
    expect(api.callsTo('GET', MARKET_PATHS.status)).toHaveLength(2);
  });

  it('asks again when the live ticker moves to another state (a session change)', async () => {
    let answer = status({ state: 'OPEN', now: '2026-11-27T17:59:00.000Z', nextChangeAt: '2026-11-27T18:00:00.000Z', nextState: 'POST_MARKET' });
    const api = createTestApiClient().on('GET', MARKET_PATHS.status, () => ({ body: { status: 'success', data: answer } }));
    const view = renderWithShell(<MarketStatusBadge market="usstock" tickerState="OPEN" />, { language: 'en', api });
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toHaveTextContent('Post-market in 0:01:00'));
    answer = status({ state: 'POST_MARKET', now: '2026-11-27T18:00:00.000Z', nextChangeAt: '2026-11-27T22:00:00.000Z', nextState: 'CLOSED' });
    view.rerender(<MarketStatusBadge market="usstock" tickerState="POST_MARKET" />);
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toHaveTextContent('Market closed in 4:00:00'));
    expect(screen.getByTestId('market-status')).toHaveAttribute('data-state', 'POST_MARKET');
    expect(api.callsTo('GET', MARKET_PATHS.status)).toHaveLength(2);
  });

  it('names the IDX call auctions and the lunch break', async () => {
    const preOpening = status({ market: 'IDSS', state: 'PRE_MARKET', timeZone: 'Asia/Jakarta', now: '2026-11-30T01:50:00.000Z', nextChangeAt: '2026-11-30T02:00:00.000Z', nextState: 'OPEN' });
    renderWithShell(<MarketStatusBadge market="idx" tickerState="PRE_MARKET" />, { language: 'en', api: createTestApiClient().reply('GET', MARKET_PATHS.status, preOpening) });
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toHaveTextContent('Market open in 0:10:00'));
    expect(screen.getByTestId('market-status')).toHaveTextContent('Pre-opening');
  });

  it('says halted for a halted symbol, and open around the clock for crypto, without asking', () => {
    const api = createTestApiClient();
    const { rerender } = renderWithShell(<MarketStatusBadge market="crypto" tickerState="OPEN" />, { language: 'en', api });
    expect(screen.getByTestId('market-status')).toHaveTextContent('Open 24/7');
    rerender(<MarketStatusBadge market="crypto" tickerState="HALTED" />);
    expect(screen.getByTestId('market-status')).toHaveTextContent('Trading halted');
    expect(api.callsTo('GET', MARKET_PATHS.status)).toHaveLength(0);
  });
});
