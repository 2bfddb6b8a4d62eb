// Builders of the portfolio API's answers for the page tests, a hand-fed private stream, and the
// page rendered as the shell would for a signed-in user.
import {
  PORTFOLIO_PATHS,
  registerTranslations,
  type AssetHoldingsResponse,
  type CryptoHolding,
  type PortfolioOverview,
  type PositionHistoryEntry,
  type PositionHistoryResponse,
} from '@pasar/shared';
import { createTestApiClient, renderWithShell, type RenderWithShellOptions, type TestApiClient } from '@pasar/shared/testing';
import type { ReactElement } from 'react';
import { PORTFOLIO_NAMESPACE, portfolioTranslations } from '../i18n';

export const registerPortfolioTranslations = () => registerTranslations(PORTFOLIO_NAMESPACE, portfolioTranslations);

export const USER_ID = 'u1';
export const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: USER_ID, gssKycStatus: 'VERIFIED' as const } };

export const renderPage = (ui: ReactElement, options: RenderWithShellOptions = {}) => renderWithShell(ui, { auth: SIGNED_IN, ...options });

export const overview = (over: Partial<PortfolioOverview> = {}): PortfolioOverview => ({
  totalValue: '10132060',
  cash: '3832060',
  cashOnHold: '100000',
  investedValue: '6200000',
  costBasis: '6139467',
  unrealizedPnl: '60533',
  unrealizedPnlPercent: '0.99',
  realizedPnl: '71527',
  updatedAt: Date.parse('2026-11-22T08:00:00.000Z'),
  ...over,
});

export const emptyOverview = (): PortfolioOverview =>
  overview({ totalValue: '0', cash: '0', cashOnHold: '0', investedValue: '0', costBasis: '0', unrealizedPnl: '0', unrealizedPnlPercent: '0', realizedPnl: '0' });

export const btcHolding = (over: Partial<CryptoHolding> = {}): CryptoHolding => ({
  symbol: 'BTC-IDR',
  asset: 'BTC',
  quantity: '0.002',
  available: '0.0015',
  averageCost: '1568233333.33',
  costBasis: '3136467',
  marketPrice: '1650000000',
  marketValue: '3300000',
  unrealizedPnl: '163533',
  unrealizedPnlPercent: '5.21',
  realizedPnl: '126497',
  ...over,
});

export const ethHolding = (over: Partial<CryptoHolding> = {}): CryptoHolding => ({
  symbol: 'ETH-IDR',
  asset: 'ETH',
  quantity: '0.05',
  available: '0.05',
  averageCost: '60060000',
  costBasis: '3003000',
  marketPrice: '58000000',
  marketValue: '2900000',
  unrealizedPnl: '-103000',
  unrealizedPnlPercent: '-3.43',
  realizedPnl: '0',
  ...over,
});

export const holdings = (items: CryptoHolding[] = [btcHolding(), ethHolding()]): AssetHoldingsResponse => ({ items, updatedAt: Date.parse('2026-11-22T08:00:00.000Z') });

export const fill = (over: Partial<PositionHistoryEntry> = {}): PositionHistoryEntry => ({
  id: 'f3',
  orderId: 'o3',
  symbol: 'BTC-IDR',
  side: 'SELL',
  quantity: '0.001',
  price: '1700000000',
  amount: '1700000',
  fee: '1700',
  tax: '3570',
  total: '1694730',
  realizedPnl: '126497',
  executedAt: '2026-11-01T03:00:00.000Z',
  ...over,
});

export const buyFill = (over: Partial<PositionHistoryEntry> = {}): PositionHistoryEntry =>
  fill({ id: 'f2', orderId: 'o2', side: 'BUY', quantity: '0.002', price: '1600000000', amount: '3200000', fee: '3200', tax: '0', total: '3203200', realizedPnl: null, executedAt: '2026-11-01T02:00:00.000Z', ...over });

export const historyPage = (items: PositionHistoryEntry[], page = 1, hasMore = false): PositionHistoryResponse => ({ items, page, hasMore });

/** The symbol-info answer with the pairs the tests show (ids for the asset-page links). */
export const SYMBOL_INFO = {
  success: true,
  crypto: [
    { id: 1, symbol: 'BTC-IDR', shortName: 'BTC', name: 'Bitcoin', icon: '/api/market/icons/BTC-IDR.svg', enableProMode: true, liquiditySource: 'BINANCE', exchangeSymbols: {}, pricePrecision: 0 },
    { id: 2, symbol: 'ETH-IDR', shortName: 'ETH', name: 'Ethereum', icon: '/api/market/icons/ETH-IDR.svg', enableProMode: true, liquiditySource: 'BINANCE', exchangeSymbols: {}, pricePrecision: 0 },
  ],
  palnStock: [],
  marketStatus: [],
  perp: [],
  idssStock: [],
  calendar: [],
};

export function portfolioApi(options: { overview?: PortfolioOverview; holdings?: AssetHoldingsResponse; history?: PositionHistoryResponse } = {}): TestApiClient {
  return createTestApiClient()
    .reply('GET', PORTFOLIO_PATHS.overview, options.overview ?? overview())
    .reply('GET', PORTFOLIO_PATHS.assetHoldings, options.holdings ?? holdings())
    .reply('GET', PORTFOLIO_PATHS.positionHistory, options.history ?? historyPage([fill(), buyFill()]))
    .reply('GET', '/api/symbol-info', SYMBOL_INFO);
}

/** A reply that waits until `release()`: the page's loading state can be seen meanwhile. */
export function deferred(api: TestApiClient, path: string, data: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.on('GET', path, async () => {
    await gate;
    return { body: { status: 'success', data } };
  });
  return () => release();
}
