// A US stock's asset page for a signed-in person: the position card in USD and IDR, and the order
// panel with the person's orders beside the chart; a guest gets neither call.
import { MARKET_PATHS, registerTranslations, US_STOCK_PATHS } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { UsStockAssetPage } from '../pages/AssetPage';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { installFakePrivateStream, type FakePrivateStream } from '../testing/fake-private-stream';
import { mockMarket } from '../testing/market-fixtures';
import { mockUsOrders, SIGNED_IN_US, USD_IDR, usOrder } from '../testing/us-order-fixtures';

jest.mock('../chart/chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
jest.setTimeout(20_000);

let live: FakeLive;
let stream: FakePrivateStream;
beforeEach(() => {
  resetInstrumentCache();
  live = installFakeLive();
  stream = installFakePrivateStream();
});
afterEach(() => {
  live.restore();
  stream.restore();
});

const HOLDING = {
  assetType: 'USSTOCK',
  stockId: 7,
  name: 'Apple Inc.',
  symbol: 'AAPL',
  currency: 'USD',
  quantity: '2.5',
  available: '2',
  averageCost: '150.1234',
  costBasis: '375.31',
  marketPrice: '187.25',
  marketValue: '468.12',
  unrealizedPnl: '92.81',
  unrealizedPnlPercent: '24.73',
  realizedPnl: '0',
  idr: { averageCost: '2439505', costBasis: '6098787', marketPrice: '3042812', marketValue: '7606950', unrealizedPnl: '1508162', realizedPnl: '0' },
};

function api() {
  return mockMarket(mockUsOrders(createTestApiClient(), { open: [usOrder({ id: 'open-aapl' })] }))
    .reply('GET', MARKET_PATHS.description, { symbol: 'AAPL', name: 'Apple Inc.', kind: 'usstock', assetType: 'USSTOCK', description: 'Apple designs iPhones.', language: 'en', sector: null, website: null, icon: '', keyFigures: [] })
    .reply('GET', MARKET_PATHS.corporateActions, { symbol: 'AAPL', items: [] })
    .reply('GET', MARKET_PATHS.eps, { symbol: 'AAPL', currency: 'USD', items: [] })
    .reply('GET', US_STOCK_PATHS.userPosition, { items: [HOLDING], totalValue: '468.12', totalValueIdr: '7606950', usdIdr: { rate: USD_IDR, at: 1_800_000_000_000 }, updatedAt: 1_800_000_000_000 });
}

const ROUTE = { route: '/asset/usstock/AAPL/7', path: '/asset/usstock/:symbol/:assetId', language: 'en' as const };

describe('a US stock’s asset page', () => {
  it('shows the signed-in person’s position in USD and IDR, the order panel and the open orders', async () => {
    renderWithShell(<UsStockAssetPage />, { ...ROUTE, auth: SIGNED_IN_US, api: api() });
    const position = await screen.findByTestId('asset-position');
    await waitFor(() => expect(within(position).getByTestId('position-quantity')).toHaveTextContent('2.5 AAPL'));
    expect(within(position).getByTestId('position-available')).toHaveTextContent('2 AAPL');
    expect(within(position).getByTestId('position-average-cost')).toHaveTextContent('$150.1234');
    expect(within(position).getByTestId('position-market-value')).toHaveTextContent('$468.12');
    expect(within(position).getByTestId('position-market-value-idr')).toHaveTextContent('Rp7,606,950');
    expect(within(position).getByTestId('position-unrealized')).toHaveTextContent('+$92.81');

    const panel = await screen.findByTestId('order-panel');
    expect(panel).toHaveAttribute('data-market', 'USSTOCK');
    expect(await within(panel).findByTestId('order-ticket')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('order-row').map((row) => row.dataset.orderId)).toEqual(['open-aapl']));
  });

  it('gives a guest the sign-in card and makes no private call', async () => {
    const fake = api();
    renderWithShell(<UsStockAssetPage />, { ...ROUTE, api: fake });
    expect(await screen.findByTestId('guest-order-card')).toBeInTheDocument();
    expect(screen.queryByTestId('asset-position')).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.path.startsWith('/api/global-stock/'))).toEqual([]);
  });
});
