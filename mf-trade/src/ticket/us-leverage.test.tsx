// The US panel's leverage selector (-, 2x, 4x) with the leverage modal, the buying power of the
// chosen wallet, the leverage intro before the first leveraged order, the confirmation, the §5
// payload sent, the positions with the wallet's margin ratio, and a closed session that cannot buy.
import { FX_WALLET_PATHS, MARKET_PATHS, registerTranslations, US_LEVERAGE_PATHS, type UsLeveragePosition } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { useOpenOrdersStore } from '../my-orders/open-orders';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { instrument, mockMarket } from '../testing/market-fixtures';
import { AAPL_ID, mockUsOrders, SIGNED_IN_US, USD_IDR, type UsMockOptions } from '../testing/us-order-fixtures';
import { UsStockOrderPanel } from './UsStockOrderPanel';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
jest.setTimeout(20_000);

const NOW = Date.parse('2026-11-24T15:00:00.000Z');
let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  live = installFakeLive();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  useOpenOrdersStore.setState({ symbol: 'AAPL', open: [], closed: [], loaded: true, error: null, amendingId: null });
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  window.localStorage.clear();
});
afterEach(() => {
  live.restore();
  jest.restoreAllMocks();
});

const AAPL = instrument({ symbol: 'AAPL', id: AAPL_ID, kind: 'usstock', assetType: 'USSTOCK', shortName: 'AAPL', name: 'Apple Inc.', quoteCurrency: 'USD', pricePrecision: 2, tickSize: '0.01', hasPostMarket: true });
const REGULAR = { market: 'USSTOCK', state: 'OPEN', now: '2026-11-24T15:00:00.000Z', tradingDate: '2026-11-24', timeZone: 'America/New_York', sessions: [], status: { marketOpenTime: null, marketCloseTime: null, preMarketOpenTime: null, preMarketCloseTime: null, postMarketOpenTime: null, postMarketCloseTime: null }, earlyClose: false, holiday: null, nextChangeAt: '2026-11-24T21:00:00.000Z', nextState: 'POST_MARKET' };
const wallet = (buyingPower: string) => ({ usdCash: buyingPower, usdMargin: '0', idrCash: '0', buyingPower, usdIdrPrice: USD_IDR });

const POSITION: UsLeveragePosition = {
  id: 'pos-1',
  stockId: AAPL_ID,
  symbol: 'AAPL',
  wallet: 'intraday',
  leverage: 4,
  status: 'OPEN',
  quantity: '2',
  entryPrice: '187.3',
  markPrice: '187.25',
  notional: '374.50',
  margin: '93.65',
  unrealizedPnl: '-0.10',
  liquidationPrice: '160.04',
  takeProfit: null,
  stopLoss: null,
  triggerQuantity: null,
  triggersExpireAt: null,
  realizedPnl: '0.00',
  fees: '0.00',
  financing: '0.00',
  liquidationPending: false,
  openedAt: '2026-11-24T15:00:00.000Z',
  closedAt: null,
  closeReason: null,
  autoCloseAt: '2026-11-24T20:45:00.000Z',
};

function renderPanel(mock: UsMockOptions = {}, language: 'en' | 'id' = 'en') {
  const api = mockMarket(mockUsOrders(createTestApiClient(), mock))
    .reply('GET', MARKET_PATHS.status, REGULAR)
    .reply('GET', FX_WALLET_PATHS.stockBalance, { paln: wallet('1000'), leverage: wallet('600'), intraday: wallet('1200') })
    .reply('GET', US_LEVERAGE_PATHS.positions, { items: [], wallets: [] })
    .reply('POST', US_LEVERAGE_PATHS.buy, { fill: { side: 'BUY', quantity: '2', price: '187.3', amount: '374.60', commission: '0.00', realizedPnl: '0.00' }, position: POSITION });
  const result = renderWithShell(<UsStockOrderPanel symbol="AAPL" instrument={AAPL} format={{ currency: 'USD', precision: 2, lng: language }} halted={false} haltText={null} />, {
    language,
    auth: SIGNED_IN_US,
    api,
    userEventOptions: { delay: null },
  });
  return { ...result, api };
}

describe('the US leverage selector', () => {
  it('offers -, 2x and 4x; a leverage is taken after its modal, and shows that wallet’s buying power', async () => {
    const { user } = renderPanel();
    const selector = await screen.findByTestId('us-leverage-selector', undefined, { timeout: 5000 });
    expect(within(selector).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['No leverage', 'Leverage wallet (2x)', 'Intraday wallet (4x)']);
    expect(screen.getByRole('radio', { name: 'No leverage' })).toBeChecked();
    expect(screen.getByTestId('order-ticket')).toBeInTheDocument();

    // Cancelling the modal keeps no leverage.
    await user.click(screen.getByRole('radio', { name: 'Leverage wallet (2x)' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leverage 2x' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('radio', { name: 'No leverage' })).toBeChecked();
    expect(screen.queryByTestId('us-leverage-ticket')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Leverage wallet (2x)' }));
    await user.click(await screen.findByRole('button', { name: 'Use 2x' }));
    await waitFor(() => expect(screen.getByTestId('us-leverage-buying-power')).toHaveTextContent('$600.00'));
    expect(screen.queryByTestId('order-ticket')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Intraday wallet (4x)' }));
    await user.click(await screen.findByRole('button', { name: 'Use 4x' }));
    await waitFor(() => expect(screen.getByTestId('us-leverage-buying-power')).toHaveTextContent('$1,200.00'));
  });

  it('a 4x buy: the intro first, then the confirmation; sends the §5 payload (no tradingHours, isIntradayLeverage) and shows the position with its margin ratio', async () => {
    const { user, api } = renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Intraday wallet (4x)' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Use 4x' }));
    // Empty: a clear error, nothing sent.
    await user.click(await screen.findByTestId('us-leverage-buy'));
    expect(await screen.findByText('Enter the number of shares')).toBeInTheDocument();
    // Letters do not enter the field.
    const field = screen.getByRole('textbox', { name: /Shares/ });
    await user.type(field, 'abc2');
    expect(field).toHaveValue('2');
    expect(screen.getByTestId('us-leverage-margin')).toHaveTextContent('$93.63');

    api.reply('GET', US_LEVERAGE_PATHS.positions, { items: [POSITION], wallets: [{ wallet: 'intraday', collateral: '1200.00', unrealizedPnl: '-0.10', maintenanceMargin: '46.82', marginRatioPercentage: '3.91' }] });
    await user.click(screen.getByTestId('us-leverage-buy'));
    await user.click(await screen.findByLabelText('I understand the risks of trading with leverage'));
    await user.click(screen.getByTestId('leverage-intro-continue'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm buying AAPL 4x' });
    expect(api.callsTo('POST', US_LEVERAGE_PATHS.buy)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByTestId('us-leverage-result')).toHaveTextContent('AAPL 4x position opened: 2 shares at $187.30');
    expect(api.callsTo('POST', US_LEVERAGE_PATHS.buy)[0]!.body).toEqual({ stockId: AAPL_ID, leverage: 4, isIntradayLeverage: true, orderType: 'MARKET', quantity: '2' });
    const position = await screen.findByTestId('us-leverage-position');
    expect(position).toHaveAttribute('data-leverage', '4');
    expect(screen.getByTestId('us-leverage-ratio-intraday')).toHaveTextContent('Intraday wallet (4x) margin ratio: 3.91%');
    expect(screen.getByTestId('us-leverage-auto-close')).toBeInTheDocument();
  });

  it('outside regular hours the leveraged ticket says so and cannot buy (Indonesian)', async () => {
    const { user } = renderPanel({ buy: { session: { session: 'POST_MARKET', nextChangeAt: '2026-11-25T01:00:00.000Z', nextSession: 'CLOSED' } } }, 'id');
    await user.click(await screen.findByRole('radio', { name: 'Dompet leverage (2x)' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Gunakan 2x' }));
    expect(await screen.findByTestId('us-leverage-closed')).toHaveTextContent('Order dengan leverage hanya dieksekusi di jam reguler');
    expect(screen.getByTestId('us-leverage-buy')).toBeDisabled();
  });
});
