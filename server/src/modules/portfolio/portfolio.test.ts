import {
  AssetHoldingsResponse,
  ErrorEnvelope,
  PORTFOLIO_PATHS,
  PortfolioOverview,
  PositionHistoryResponse,
  successEnvelope,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { fundCash, pinPrice, recordFill } from './test-support';

const SETUP_TIMEOUT_MS = 120_000;

// Fee 0.1 % (ceil), buy tax 0 %, sell tax 0.21 % (ceil) — §9 with the default rates.
const F1 = { symbol: 'BTC-IDR', side: 'BUY', quantity: '0.001', price: '1500000000', amount: '1500000', fee: '1500', tax: '0', total: '1501500', executedAt: '2026-11-01T01:00:00.000Z' } as const;
const F2 = { symbol: 'BTC-IDR', side: 'BUY', quantity: '0.002', price: '1600000000', amount: '3200000', fee: '3200', tax: '0', total: '3203200', executedAt: '2026-11-01T02:00:00.000Z' } as const;
const F3 = { symbol: 'BTC-IDR', side: 'SELL', quantity: '0.001', price: '1700000000', amount: '1700000', fee: '1700', tax: '3570', total: '1694730', executedAt: '2026-11-01T03:00:00.000Z' } as const;
const F4 = { symbol: 'ETH-IDR', side: 'BUY', quantity: '0.05', price: '60000000', amount: '3000000', fee: '3000', tax: '0', total: '3003000', executedAt: '2026-11-01T04:00:00.000Z' } as const;
const F5 = { symbol: 'SOL-IDR', side: 'BUY', quantity: '0.5', price: '2500000', amount: '1250000', fee: '1250', tax: '0', total: '1251250', executedAt: '2026-11-01T05:00:00.000Z' } as const;
const F6 = { symbol: 'SOL-IDR', side: 'SELL', quantity: '0.5', price: '2400000', amount: '1200000', fee: '1200', tax: '2520', total: '1196280', executedAt: '2026-11-01T06:00:00.000Z' } as const;

const ZERO_MARKET = (assetType: 'USSTOCK' | 'USSTOCK_CFD' | 'IDSS' | 'PERPS', currency: 'USD' | 'IDR' | 'USDT') => ({
  assetType,
  currency,
  investedValue: '0',
  costBasis: '0',
  unrealizedPnl: '0',
  unrealizedPnlPercent: '0',
  realizedPnl: '0',
  idr: { investedValue: '0', costBasis: '0', unrealizedPnl: '0', realizedPnl: '0' },
});
/** The markets other than crypto with nothing in them, in the overview's order. */
const OTHER_MARKETS_EMPTY = [ZERO_MARKET('USSTOCK', 'USD'), ZERO_MARKET('USSTOCK_CFD', 'USD'), ZERO_MARKET('IDSS', 'IDR'), ZERO_MARKET('PERPS', 'USDT')];

describe('the portfolio', () => {
  let t: TestApp;
  let trader: TestUser;
  let newcomer: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    trader = await signUpTestUser(t.app);
    newcomer = await signUpTestUser(t.app);
    await fundCash(t.app, trader.userId, '10000000');
    for (const [name, fill] of Object.entries({ F1, F2, F3, F4, F5, F6 })) ids[name] = await recordFill(t.app, trader.userId, fill);
    // An open buy order's hold on cash, an open sell order's hold on BTC.
    await t.app.ledger.hold({ key: 'test-hold:idr', account: { userId: trader.userId, currency: 'IDR', purpose: 'CASH' }, amount: '100000', reason: 'ORDER' });
    await t.app.ledger.hold({ key: 'test-hold:btc', account: { userId: trader.userId, currency: 'BTC', purpose: 'SPOT' }, amount: '0.0005', reason: 'ORDER' });
    await pinPrice(t.app, 'BTC-IDR', '1650000000');
    await pinPrice(t.app, 'ETH-IDR', '58000000');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, user: TestUser = trader) => t.app.inject({ method: 'GET', url, headers: { ...user.headers, 'x-language-code': 'en' } });
  const holdings = async (query = '', user?: TestUser) =>
    successEnvelope(AssetHoldingsResponse).parse((await get(`${PORTFOLIO_PATHS.assetHoldings}${query}`, user)).json()).data;
  const overview = async (user?: TestUser) => successEnvelope(PortfolioOverview).parse((await get(PORTFOLIO_PATHS.overview, user)).json()).data;
  const history = async (query = '', user?: TestUser) =>
    successEnvelope(PositionHistoryResponse).parse((await get(`${PORTFOLIO_PATHS.positionHistory}${query}`, user)).json()).data;

  it('values each holding: ledger quantity, average cost from the fills, last price, P&L', async () => {
    const before = Date.now();
    const { items, updatedAt } = await holdings();
    expect(updatedAt).toBeGreaterThanOrEqual(before);
    expect(items).toEqual([
      {
        symbol: 'BTC-IDR',
        asset: 'BTC',
        quantity: '0.002',
        available: '0.0015',
        // 4,704,700 bought; the sale of 0.001 took out 1,568,233 (half up): 3,136,467 left for 0.002.
        averageCost: '1568233500',
        costBasis: '3136467',
        marketPrice: '1650000000',
        marketValue: '3300000',
        unrealizedPnl: '163533',
        unrealizedPnlPercent: '5.21',
        realizedPnl: '126497',
      },
      {
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
      },
    ]);
  });

  it('answers one pair when asked, in any case', async () => {
    const { items } = await holdings('?assetType=CRYPTO&symbol=eth-idr');
    expect(items.map((h) => [h.symbol, h.marketValue])).toEqual([['ETH-IDR', '2900000']]);
    // A pair closed out is not a holding.
    expect((await holdings('?symbol=SOL-IDR')).items).toEqual([]);
  });

  it('adds up the overview: cash shown plus cash on hold plus holdings at market, and every realized P&L', async () => {
    const data = await overview();
    expect(data).toEqual({
      // 10,000,000 − 1,501,500 − 3,203,200 + 1,694,730 − 3,003,000 − 1,251,250 + 1,196,280 = 3,932,060, 100,000 held.
      cash: '3832060',
      cashOnHold: '100000',
      investedValue: '6200000',
      totalValue: '10132060',
      // The one figure the balance page shows too (`net-worth.test.ts`): cash with what is held, and the holdings.
      netWorth: expect.objectContaining({
        totalIdr: '10132060',
        parts: [
          { key: 'IDR_CASH', valueIdr: '3932060' },
          { key: 'USD_WALLETS', valueIdr: '0' },
          { key: 'USDT_MARGIN', valueIdr: '0' },
          { key: 'IDX', valueIdr: '0' },
          { key: 'CRYPTO', valueIdr: '6200000' },
          { key: 'USSTOCK', valueIdr: '0' },
          { key: 'US_CFD', valueIdr: '0' },
        ],
      }),
      totalValueUsd: new Decimal('10132060').div(data.usdIdr.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
      usdtIdr: data.netWorth.usdtIdr,
      // Where the total is, each list adding up to it: 3,932,060 + 6,200,000 (BTC 3,300,000, ETH 2,900,000).
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
      costBasis: '6139467',
      unrealizedPnl: '60533',
      unrealizedPnlPercent: '0.99',
      // BTC 126,497 and the closed SOL position −54,970.
      realizedPnl: '71527',
      usdCash: '0',
      usdCashIdr: '0',
      usdIdr: { rate: expect.stringMatching(/^\d+(\.\d{1,2})?$/), at: data.updatedAt },
      markets: [
        {
          assetType: 'CRYPTO',
          currency: 'IDR',
          investedValue: '6200000',
          costBasis: '6139467',
          unrealizedPnl: '60533',
          unrealizedPnlPercent: '0.99',
          realizedPnl: '71527',
          idr: { investedValue: '6200000', costBasis: '6139467', unrealizedPnl: '60533', realizedPnl: '71527' },
        },
        ...OTHER_MARKETS_EMPTY,
      ],
      updatedAt: expect.any(Number),
    });
    // Nothing created or lost: what the trader put in plus both P&Ls is what they have.
    expect(new Decimal(data.totalValue).minus(10_000_000).eq(new Decimal(data.unrealizedPnl).plus(data.realizedPnl))).toBe(true);
  });

  it('lists the fills newest first, a page at a time, sells with what they realized', async () => {
    const first = await history('?page=1&size=4');
    expect(first.page).toBe(1);
    expect(first.hasMore).toBe(true);
    expect(first.items.map((f) => [f.id, f.symbol, f.side, f.realizedPnl])).toEqual([
      [ids.F6, 'SOL-IDR', 'SELL', '-54970'],
      [ids.F5, 'SOL-IDR', 'BUY', null],
      [ids.F4, 'ETH-IDR', 'BUY', null],
      [ids.F3, 'BTC-IDR', 'SELL', '126497'],
    ]);
    expect(first.items[3]).toEqual({
      id: ids.F3,
      orderId: expect.any(String),
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
    });
    const second = await history('?page=2&size=4');
    expect(second).toEqual({ page: 2, hasMore: false, items: [expect.objectContaining({ id: ids.F2 }), expect.objectContaining({ id: ids.F1 })] });
    expect((await history('?page=3&size=4')).items).toEqual([]);
  });

  it('filters the history by pair, with the same realized figures', async () => {
    const btc = await history('?symbol=BTC-IDR');
    expect(btc.items.map((f) => [f.id, f.realizedPnl])).toEqual([
      [ids.F3, '126497'],
      [ids.F2, null],
      [ids.F1, null],
    ]);
    expect(btc.hasMore).toBe(false);
  });

  it('shows a new user nothing but zeros', async () => {
    expect((await holdings('', newcomer)).items).toEqual([]);
    expect(await history('', newcomer)).toEqual({ items: [], page: 1, hasMore: false });
    expect(await overview(newcomer)).toEqual({
      totalValue: '0',
      netWorth: expect.objectContaining({ totalIdr: '0' }),
      cash: '0',
      cashOnHold: '0',
      investedValue: '0',
      costBasis: '0',
      unrealizedPnl: '0',
      unrealizedPnlPercent: '0',
      realizedPnl: '0',
      usdCash: '0',
      usdCashIdr: '0',
      usdIdr: { rate: expect.any(String), at: expect.any(Number) },
      totalValueUsd: '0',
      usdtIdr: expect.any(String),
      allocation: { byMarket: [], byAsset: [] },
      dayChange: null,
      markets: [
        { ...ZERO_MARKET('USSTOCK', 'USD'), assetType: 'CRYPTO', currency: 'IDR' },
        ...OTHER_MARKETS_EMPTY,
      ],
      updatedAt: expect.any(Number),
    });
  });

  it('follows the market: a new price moves value and unrealized P&L, not cost or realized P&L', async () => {
    await pinPrice(t.app, 'BTC-IDR', '1500000000');
    try {
      const [btc] = (await holdings('?symbol=BTC-IDR')).items;
      expect(btc).toMatchObject({ marketPrice: '1500000000', marketValue: '3000000', costBasis: '3136467', unrealizedPnl: '-136467', unrealizedPnlPercent: '-4.35', realizedPnl: '126497' });
    } finally {
      await pinPrice(t.app, 'BTC-IDR', '1650000000');
    }
  });

  it('gives a cheap coin its average cost to two decimals beyond its price precision', async () => {
    const holder = await signUpTestUser(t.app);
    await fundCash(t.app, holder.userId, '2000000');
    // SHIB-IDR prices have 5 decimals: 1,079,689 for 3,000,000 units is 0.359896333… per unit.
    await recordFill(t.app, holder.userId, { symbol: 'SHIB-IDR', side: 'BUY', quantity: '1000000', price: '0.35861', amount: '358610', fee: '359', tax: '0', total: '358969', executedAt: '2026-11-02T01:00:00.000Z' });
    await recordFill(t.app, holder.userId, { symbol: 'SHIB-IDR', side: 'BUY', quantity: '2000000', price: '0.36', amount: '720000', fee: '720', tax: '0', total: '720720', executedAt: '2026-11-02T02:00:00.000Z' });
    await pinPrice(t.app, 'SHIB-IDR', '0.37001');
    const [shib] = (await holdings('?symbol=SHIB-IDR', holder)).items;
    // 3,000,000 × 0.37001 = 1,110,030.
    expect(shib).toMatchObject({ quantity: '3000000', averageCost: '0.3598963', costBasis: '1079689', marketValue: '1110030', unrealizedPnl: '30341', unrealizedPnlPercent: '2.81' });
  });

  it('takes the quantity from the ledger: units that came another way carry the average cost', async () => {
    const holder = await signUpTestUser(t.app);
    await fundCash(t.app, holder.userId, '4000000');
    await recordFill(t.app, holder.userId, { ...F4, executedAt: '2026-11-03T01:00:00.000Z' });
    await t.app.ledger.transfer({
      key: `test-airdrop:${holder.userId}`,
      kind: 'TEST_FUNDING',
      legs: [{ from: { house: 'INVENTORY', currency: 'ETH' }, to: { userId: holder.userId, currency: 'ETH', purpose: 'SPOT' }, amount: '0.01' }],
    });
    const [eth] = (await holdings('?symbol=ETH-IDR', holder)).items;
    // 3,003,000 × 0.06 / 0.05 = 3,603,600; 0.06 × 58,000,000 = 3,480,000.
    expect(eth).toMatchObject({ quantity: '0.06', averageCost: '60060000', costBasis: '3603600', marketValue: '3480000', unrealizedPnl: '-123600' });
  });

  it.each([
    ['an unknown pair', `${PORTFOLIO_PATHS.assetHoldings}?symbol=NOPE-IDR`, 404, '003'],
    ['a perpetual, not a spot pair', `${PORTFOLIO_PATHS.positionHistory}?symbol=BTCUSDT-PERP`, 404, '003'],
    ['a page 0', `${PORTFOLIO_PATHS.positionHistory}?page=0`, 400, '002'],
    ['a page size above 100', `${PORTFOLIO_PATHS.positionHistory}?size=101`, 400, '002'],
    ['an asset type the specification does not name', `${PORTFOLIO_PATHS.assetHoldings}?assetType=GOLD`, 400, '002'],
  ])('refuses %s', async (_what, url, status, code) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(ErrorEnvelope.parse(response.json()).error_code).toBe(code);
  });

  it.each([PORTFOLIO_PATHS.assetHoldings, PORTFOLIO_PATHS.overview, PORTFOLIO_PATHS.positionHistory])('%s needs a signed-in user (009)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(ErrorEnvelope.parse(response.json()).error_code).toBe('009');
  });

  it('leaves the ledger balanced', async () => {
    const audit = await t.app.ledger.audit();
    expect(Object.values(audit.sums).every((sum) => new Decimal(sum).isZero())).toBe(true);
    expect(audit.negativeUserAccounts).toBe(0);
  });
});
