// The trade page's header for a US stock outside its sessions: the price stands, the badge says
// closed (with today's holiday and the time to pre-market), and nothing on it says "Live".
import { MARKET_PATHS, registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { instrument, ticker } from '../testing/market-fixtures';
import { SymbolHeader } from './SymbolHeader';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(Date.parse('2026-11-26T16:00:00Z'));
});
afterEach(() => jest.useRealTimers());

const AAPL = instrument({ symbol: 'AAPL', kind: 'usstock', assetType: 'USSTOCK', shortName: 'AAPL', name: 'Apple Inc.', quoteCurrency: 'USD', pricePrecision: 2 });

describe('the symbol header of a closed US stock', () => {
  it('says closed for Thanksgiving with the time to pre-market, never live', async () => {
    const api = createTestApiClient().reply('GET', MARKET_PATHS.status, {
      market: 'USSTOCK',
      state: 'CLOSED',
      now: '2026-11-26T16:00:00.000Z',
      tradingDate: '2026-11-27',
      timeZone: 'America/New_York',
      sessions: [],
      status: { marketOpenTime: null, marketCloseTime: null, preMarketOpenTime: null, preMarketCloseTime: null, postMarketOpenTime: null, postMarketCloseTime: null },
      earlyClose: true,
      holiday: 'Thanksgiving Day',
      nextChangeAt: '2026-11-27T09:00:00.000Z',
      nextState: 'PRE_MARKET',
    });
    const closed = ticker({ symbol: 'AAPL', assetType: 'USSTOCK', price: '271.05', marketState: 'CLOSED' });
    renderWithShell(<SymbolHeader symbol="AAPL" market="usstock" instrument={AAPL} ticker={closed} format={{ currency: 'USD', precision: 2, lng: 'en' }} />, {
      language: 'en',
      api,
    });
    await waitFor(() => expect(screen.getByTestId('market-countdown')).toHaveTextContent('Pre-market in 17:00:00'));
    expect(screen.getByTestId('market-status')).toHaveTextContent('Market closed');
    expect(screen.getByTestId('market-holiday')).toHaveTextContent('Thanksgiving Day');
    expect(screen.getByTestId('last-price')).toHaveTextContent('271.05');
    expect(screen.getByRole('region', { name: /AAPL/ })).not.toHaveTextContent(/\bLive\b/);
  });
});
