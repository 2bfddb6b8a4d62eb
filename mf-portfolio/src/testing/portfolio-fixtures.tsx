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
  type UsStockHolding,
  type UsStockHoldingsResponse,
  type UsStockPositionHistoryEntry,
  type UsStockPositionHistoryResponse,
  type PocketHoldingsResponse,
  type ValueHistoryResponse,
} from '@pasar/shared';
import { createTestApiClient, renderWithShell, type RenderWithShellOptions, type TestApiClient } from '@pasar/shared/testing';
import type { ReactElement } from 'react';
import { PORTFOLIO_NAMESPACE, portfolioTranslations } from '../i18n';

export const registerPortfolioTranslations = () => registerTranslations(PORTFOLIO_NAMESPACE, portfolioTranslations);

export const USER_ID = 'u1';
export const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: USER_ID, gssKycStatus: 'VERIFIED' as const } };

export const renderPage = (ui: ReactElement, options: RenderWithShellOptions = {}) => renderWithShell(ui, { auth: SIGNED_IN, ...options });

const AT = Date.parse('2026-11-22T08:00:00.000Z');
export const USD_IDR = { rate: '16250', at: AT };

const cryptoTotals = { assetType: 'CRYPTO', currency: 'IDR', investedValue: '6200000', costBasis: '6139467', unrealizedPnl: '60533', unrealizedPnlPercent: '0.99', realizedPnl: '71527' } as const;
const noUsTotals = { assetType: 'USSTOCK', currency: 'USD', investedValue: '0', costBasis: '0', unrealizedPnl: '0', unrealizedPnlPercent: '0', realizedPnl: '0' } as const;
const zeroIdr = { investedValue: '0', costBasis: '0', unrealizedPnl: '0', realizedPnl: '0' };
const zeroMarket = (assetType: 'USSTOCK_CFD' | 'IDSS' | 'PERPS', currency: 'USD' | 'IDR' | 'USDT') =>
  ({ assetType, currency, investedValue: '0', costBasis: '0', unrealizedPnl: '0', unrealizedPnlPercent: '0', realizedPnl: assetType === 'USSTOCK_CFD' ? null : '0', idr: { ...zeroIdr, realizedPnl: assetType === 'USSTOCK_CFD' ? null : '0' } }) as const;
/** The markets the fixtures leave empty, in the overview's order after crypto and US stocks. */
export const OTHER_MARKETS = [zeroMarket('USSTOCK_CFD', 'USD'), zeroMarket('IDSS', 'IDR'), zeroMarket('PERPS', 'USDT')];

/** Crypto only (no dollars): the figures of the server's portfolio test. */
export const overview = (over: Partial<PortfolioOverview> = {}): PortfolioOverview => ({
  totalValue: '10132060',
  totalValueUsd: '623.51',
  allocation: {
    byMarket: [
      { key: 'CRYPTO', valueIdr: '6200000', percent: '61.19' },
      { key: 'IDR_CASH', valueIdr: '3932060', percent: '38.81' },
    ],
    byAsset: [
      { key: 'IDR', valueIdr: '3932060', percent: '38.81' },
      { key: 'BTC', valueIdr: '3300000', percent: '32.57' },
      { key: 'ETH', valueIdr: '2900000', percent: '28.62' },
    ],
  },
  dayChange: null,
  usdtIdr: '16300',
  cash: '3832060',
  cashOnHold: '100000',
  investedValue: '6200000',
  costBasis: '6139467',
  unrealizedPnl: '60533',
  unrealizedPnlPercent: '0.99',
  realizedPnl: '71527',
  usdCash: '0',
  usdCashIdr: '0',
  usdIdr: USD_IDR,
  netWorth: worth({ IDR_CASH: '3932060', CRYPTO: '6200000' }),
  markets: [
    { ...cryptoTotals, idr: { investedValue: '6200000', costBasis: '6139467', unrealizedPnl: '60533', realizedPnl: '71527' } },
    { ...noUsTotals, idr: zeroIdr },
    ...OTHER_MARKETS,
  ],
  updatedAt: AT,
  ...over,
});

/** The server's one total from its parts (the ones not named are zero). */
export function worth(parts: Partial<Record<'IDR_CASH' | 'USD_WALLETS' | 'USDT_MARGIN' | 'CRYPTO' | 'USSTOCK', string>>, extra: { key: string; valueIdr: string }[] = []): PortfolioOverview['netWorth'] {
  const all = [...(['IDR_CASH', 'USD_WALLETS', 'USDT_MARGIN', 'CRYPTO', 'USSTOCK'] as const).map((key) => ({ key, valueIdr: parts[key] ?? '0' })), ...extra];
  const total = all.reduce((sum, part) => sum + BigInt(part.valueIdr), 0n);
  return { totalIdr: total.toString(), parts: all, usdIdr: USD_IDR.rate, usdtIdr: '16300', at: AT };
}

/**
 * Crypto and 2 AAPL at $220 (cost $400.40, $4.39 realized) with $99.50 in the USD wallet, at
 * Rp16,250: 440 × 16,250 = 7,150,000; 400.40 × 16,250 = 6,506,500; 99.50 × 16,250 = 1,616,875.
 */
export const overviewWithUs = (): PortfolioOverview =>
  overview({
    totalValue: '18898935',
    investedValue: '13350000',
    costBasis: '12645967',
    unrealizedPnl: '704033',
    unrealizedPnlPercent: '5.57',
    realizedPnl: '142865',
    usdCash: '99.5',
    usdCashIdr: '1616875',
    netWorth: worth({ IDR_CASH: '3932060', USD_WALLETS: '1616875', CRYPTO: '6200000', USSTOCK: '7150000' }),
    markets: [
      { ...cryptoTotals, idr: { investedValue: '6200000', costBasis: '6139467', unrealizedPnl: '60533', realizedPnl: '71527' } },
      {
        ...noUsTotals,
        investedValue: '440',
        costBasis: '400.4',
        unrealizedPnl: '39.6',
        unrealizedPnlPercent: '9.89',
        realizedPnl: '4.39',
        idr: { investedValue: '7150000', costBasis: '6506500', unrealizedPnl: '643500', realizedPnl: '71338' },
      },
      ...OTHER_MARKETS,
    ],
  });

export const emptyOverview = (): PortfolioOverview =>
  overview({
    totalValue: '0',
    netWorth: worth({}),
    cash: '0',
    cashOnHold: '0',
    investedValue: '0',
    costBasis: '0',
    unrealizedPnl: '0',
    unrealizedPnlPercent: '0',
    realizedPnl: '0',
    markets: [
      { ...cryptoTotals, investedValue: '0', costBasis: '0', unrealizedPnl: '0', unrealizedPnlPercent: '0', realizedPnl: '0', idr: zeroIdr },
      { ...noUsTotals, idr: zeroIdr },
      ...OTHER_MARKETS,
    ],
    totalValueUsd: '0',
    allocation: { byMarket: [], byAsset: [] },
  });

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

export const holdings = (items: CryptoHolding[] = [btcHolding(), ethHolding()]): AssetHoldingsResponse => ({ items, updatedAt: AT });

/** 2.5 AAPL bought at $200 ($0.50 commission), 0.5 sold at $210 ($0.50 + $0.01 fees), last $220. */
export const aaplHolding = (over: Partial<UsStockHolding> = {}): UsStockHolding => ({
  assetType: 'USSTOCK',
  symbol: 'AAPL',
  currency: 'USD',
  quantity: '2',
  available: '1.25',
  averageCost: '200.2',
  costBasis: '400.4',
  marketPrice: '220',
  marketValue: '440',
  unrealizedPnl: '39.6',
  unrealizedPnlPercent: '9.89',
  realizedPnl: '4.39',
  idr: { averageCost: '3253250', costBasis: '6506500', marketPrice: '3575000', marketValue: '7150000', unrealizedPnl: '643500', realizedPnl: '71338' },
  ...over,
});

export const tslaHolding = (over: Partial<UsStockHolding> = {}): UsStockHolding => ({
  assetType: 'USSTOCK',
  symbol: 'TSLA',
  currency: 'USD',
  quantity: '0.123456',
  available: '0.123456',
  averageCost: '300.1234',
  costBasis: '37.05',
  marketPrice: '250.5',
  marketValue: '30.92',
  unrealizedPnl: '-6.13',
  unrealizedPnlPercent: '-16.55',
  realizedPnl: '0',
  idr: { averageCost: '4877005', costBasis: '602063', marketPrice: '4070625', marketValue: '502450', unrealizedPnl: '-99613', realizedPnl: '0' },
  ...over,
});

export const usHoldings = (items: UsStockHolding[] = []): UsStockHoldingsResponse => ({ assetType: 'USSTOCK', items, usdIdr: USD_IDR, updatedAt: AT });

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

export const usFill = (over: Partial<UsStockPositionHistoryEntry> = {}): UsStockPositionHistoryEntry => ({
  assetType: 'USSTOCK',
  currency: 'USD',
  id: 'u2',
  orderId: 'uo2',
  symbol: 'AAPL',
  side: 'SELL',
  quantity: '0.5',
  price: '210',
  amount: '105',
  fee: '0.5',
  tax: '0.01',
  total: '104.49',
  realizedPnl: '4.39',
  executedAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

export const usHistoryPage = (items: UsStockPositionHistoryEntry[], page = 1, hasMore = false): UsStockPositionHistoryResponse => ({
  assetType: 'USSTOCK',
  items,
  page,
  hasMore,
});

/** The symbol-info answer with the pairs the tests show (ids for the asset-page links). */
export const SYMBOL_INFO = {
  success: true,
  crypto: [
    { id: 1, symbol: 'BTC-IDR', shortName: 'BTC', name: 'Bitcoin', icon: '/api/market/icons/BTC-IDR.svg', enableProMode: true, liquiditySource: 'BINANCE', exchangeSymbols: {}, pricePrecision: 0 },
    { id: 2, symbol: 'ETH-IDR', shortName: 'ETH', name: 'Ethereum', icon: '/api/market/icons/ETH-IDR.svg', enableProMode: true, liquiditySource: 'BINANCE', exchangeSymbols: {}, pricePrecision: 0 },
  ],
  palnStock: [{ id: 12, cc: 'AAPL', na: 'Apple Inc.', ai: '/api/market/icons/AAPL.svg', ipme: true }],
  marketStatus: [],
  perp: [],
  idssStock: [],
  calendar: [],
};

export interface PortfolioAnswers {
  overview?: PortfolioOverview;
  holdings?: AssetHoldingsResponse;
  usHoldings?: UsStockHoldingsResponse;
  history?: PositionHistoryResponse;
  usHistory?: UsStockPositionHistoryResponse;
  valueHistory?: ValueHistoryResponse;
}

const success = (data: unknown) => ({ body: { status: 'success', data } });
const isUs = (query: Record<string, unknown>) => query.assetType === 'USSTOCK';

/** Holdings answered per market (`assetType`), as the server does; a later call overrides both. */
export function replyHoldings(api: TestApiClient, crypto: AssetHoldingsResponse, us: UsStockHoldingsResponse): TestApiClient {
  return api.on('GET', PORTFOLIO_PATHS.assetHoldings, (request) => success(isUs(request.query) ? us : crypto));
}

/** The four wallets: AAPL in PALN, the 2x and 4x wallets empty, a perps long in the margin wallet. */
export const pocketHoldings = (): PocketHoldingsResponse => ({
  pockets: [
    { pocket: 'PALN', currency: 'USD', cash: '99.5', holdings: [{ symbol: 'AAPL', quantity: '2', value: '440', valueIdr: '7150000', unrealizedPnl: '39.6' }], value: '539.5', valueIdr: '8766875' },
    { pocket: 'LEVERAGE', currency: 'USD', cash: '0', holdings: [], value: '0', valueIdr: '0' },
    { pocket: 'INTRADAY', currency: 'USD', cash: '0', holdings: [], value: '0', valueIdr: '0' },
    { pocket: 'MARGIN', currency: 'USDT', cash: '150', holdings: [{ symbol: 'BTCUSDT-PERP', quantity: '0.1', value: '210', valueIdr: '3423000', unrealizedPnl: '-10' }], value: '140', valueIdr: '2282000' },
  ],
  usdIdr: '16250',
  usdtIdr: '16300',
  updatedAt: AT,
});

/** A month of daily values: two recorded days and today. */
export const valueHistory = (over: Partial<ValueHistoryResponse> = {}): ValueHistoryResponse => ({
  range: '1M',
  from: '2026-10-22',
  to: '2026-11-22',
  points: [
    { day: '2026-11-20', valueIdr: '10000000' },
    { day: '2026-11-21', valueIdr: '10050000' },
    { day: '2026-11-22', valueIdr: '10132060' },
  ],
  change: { valueIdr: '132060', percent: '1.32' },
  ...over,
});

export function portfolioApi(options: PortfolioAnswers = {}): TestApiClient {
  const api = createTestApiClient()
    .reply('GET', PORTFOLIO_PATHS.overview, options.overview ?? overview())
    .on('GET', PORTFOLIO_PATHS.positionHistory, (request) =>
      success(isUs(request.query) ? (options.usHistory ?? usHistoryPage([])) : (options.history ?? historyPage([fill(), buyFill()]))),
    )
    .reply('GET', PORTFOLIO_PATHS.valueHistory, options.valueHistory ?? valueHistory())
    .reply('GET', PORTFOLIO_PATHS.pocketHoldings, pocketHoldings())
    .reply('GET', '/api/symbol-info', SYMBOL_INFO);
  return replyHoldings(api, options.holdings ?? holdings(), options.usHoldings ?? usHoldings());
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
