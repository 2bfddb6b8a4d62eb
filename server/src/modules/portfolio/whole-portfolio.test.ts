// The whole portfolio for one person with a scripted set of activity in every market: IDR cash, a
// crypto buy and a sale with tax, USD in the PALN wallet and a US stock, IDX shares, and a perps
// long at a steered mark. The overview's total, parts, per-market P&L, allocations and USD figure
// equal numbers worked out by hand here, to the Rupiah, at the rates the answer names. Then the
// daily job records the day, and the next day's overview shows the day change against it.
import { randomUUID } from 'node:crypto';
import { IdxHoldingsResponse, MarketPositionHistoryResponse, PERPS_PATHS, PerpHoldingsResponse, PORTFOLIO_PATHS, PerpPlaceResponse, PocketHoldingsResponse, PortfolioOverview, successEnvelope, ValueHistoryResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { dataOf, expectAuditClean, fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import { PERP_BOOK, perpAccount } from '../perps/rules';
import { createMarginFillReads } from '../../trading/margin/fill-reads';
import { portfolioDailyJobOf, portfolioServiceOf } from './index';
import { fundCash, fundUsd, pinPrice, recordFill } from './test-support';

const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** Monday 2026-12-07 03:00 UTC (10:00 WIB): no perps funding falls inside the test. */
const DAY_ONE = Date.parse('2026-12-07T03:00:00Z');
/** The next day, 00:30 WIB: the daily job records 2026-12-07. */
const DAY_TWO = Date.parse('2026-12-07T17:30:00Z');

// Crypto: 0.003 BTC bought for 4,504,500 (base 4,500,000 + 0.1% fee); 0.001 sold at 1.6 billion:
// base 1,600,000 − fee 1,600 − PPh 0.21% 3,360 = 1,595,040, its cost 4,504,500 / 3 = 1,501,500, so
// 93,540 realized; 0.002 BTC left costing 3,003,000.
const BTC_BUY = { symbol: 'BTC-IDR', side: 'BUY', quantity: '0.003', price: '1500000000', amount: '4500000', fee: '4500', tax: '0', total: '4504500', executedAt: '2026-12-07T01:00:00.000Z' } as const;
const BTC_SELL = { symbol: 'BTC-IDR', side: 'SELL', quantity: '0.001', price: '1600000000', amount: '1600000', fee: '1600', tax: '3360', total: '1595040', executedAt: '2026-12-07T02:00:00.000Z' } as const;
// US: 2.5 AAPL for 500 USD out of 1,000.55 in PALN.
const AAPL_BUY = { symbol: 'AAPL', side: 'BUY', quantity: '2.5', price: '200', amount: '500', fee: '0', tax: '0', total: '500', executedAt: '2026-12-07T02:10:00.000Z' } as const;
// IDX: one lot of BBCA at 9,000 with a 0.15% fee: 901,350.
const BBCA_BUY = { symbol: 'BBCA', side: 'BUY', quantity: '100', price: '9000', amount: '900000', fee: '1350', tax: '0', total: '901350', executedAt: '2026-12-07T02:20:00.000Z' } as const;

describe('the whole portfolio across every wallet and market', () => {
  let t: TestApp;
  let person: TestUser;
  let entry: Decimal;

  const get = async <T,>(schema: { parse(v: unknown): T }, url: string) =>
    schema.parse((await t.app.inject({ method: 'GET', url, headers: { ...person.headers, 'x-language-code': 'en' } })).json());
  const overview = async () => (await get(successEnvelope(PortfolioOverview), PORTFOLIO_PATHS.overview)).data;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(DAY_ONE, { frozen: true });
    person = await verifiedUser(t.app, 'kyc');
    await fundCash(t.app, person.userId, '10000000');
    await recordFill(t.app, person.userId, BTC_BUY);
    await recordFill(t.app, person.userId, BTC_SELL);
    await fundUsd(t.app, person.userId, '1000.55');
    await recordFill(t.app, person.userId, AAPL_BUY, 'USSTOCK');
    await recordFill(t.app, person.userId, BBCA_BUY, 'IDSS');
    // Perps: 1,000 USDT, a 10x long of 0.1 BTC through the engine at about 20,000, marked at 21,000.
    await fund(t.app, perpAccount(person.userId), '1000', 'FX');
    t.app.market.steer('BTCUSDT-PERP', { price: '20000' });
    const placed = dataOf(
      PerpPlaceResponse,
      await t.app.inject({
        method: 'POST',
        url: PERPS_PATHS.buy,
        payload: { symbol: 'BTCUSDT-PERP', orderType: 'MARKET', quantity: '0.1', leverage: 10 },
        headers: { ...person.headers, 'x-language-code': 'en', 'x-request-id': randomUUID() },
      }),
    );
    entry = new Decimal(placed.position!.entryPrice);
    t.app.market.steer('BTCUSDT-PERP', { price: '21000' });
    await pinPrice(t.app, 'BTC-IDR', '1650000000');
    await pinPrice(t.app, 'AAPL', '210.37');
    await pinPrice(t.app, 'BBCA', '9100');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectAuditClean(t.app);
    await t.close();
  });

  it('adds up every wallet and market to the Rupiah, with P&L per market and both allocations', async () => {
    const [position] = await t.app.margin.positions('PERPS', person.userId, PERP_BOOK);
    // The mark the engine derives from the steered price (its median with the index terms).
    const mark = new Decimal(position!.markPrice);
    expect(mark.minus(21000).abs().lt(21)).toBe(true);
    const data = await overview();
    const R = new Decimal(data.usdIdr.rate);
    const T = new Decimal(data.usdtIdr);
    const floor = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(0, Decimal.ROUND_DOWN);

    // 10,000,000 − 4,504,500 + 1,595,040 − 901,350
    const idrCash = new Decimal('6189190');
    // 0.002 × 1,650,000,000
    const crypto = new Decimal('3300000');
    // 2.5 × 210.37 = 525.925 → 525.92 USD
    const aapl = floor(new Decimal('525.92').times(R));
    const usdWallet = floor(new Decimal('500.55').times(R));
    // 100 × 9,100
    const idx = new Decimal('910000');
    // Fee 0.05% of the notional; unrealized 0.1 × (mark − entry).
    const fee = new Decimal('0.1').times(entry).times('0.0005').toDecimalPlaces(6, Decimal.ROUND_UP);
    const unrealized = new Decimal('0.1').times(mark.minus(entry));
    const usdt = floor(new Decimal(1000).minus(fee).plus(unrealized).times(T));
    const total = idrCash.plus(crypto).plus(aapl).plus(usdWallet).plus(idx).plus(usdt);

    expect(Object.fromEntries(data.netWorth.parts.map((p) => [p.key, p.valueIdr]))).toEqual({
      IDR_CASH: idrCash.toFixed(),
      USD_WALLETS: usdWallet.toFixed(),
      USDT_MARGIN: usdt.toFixed(),
      IDX: idx.toFixed(),
      CRYPTO: crypto.toFixed(),
      USSTOCK: aapl.toFixed(),
      US_CFD: '0',
    });
    expect(data.totalValue).toBe(total.toFixed());
    expect(data.totalValueUsd).toBe(total.div(R).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed());

    const market = (assetType: string) => data.markets.find((m) => m.assetType === assetType);
    expect(market('CRYPTO')).toMatchObject({ investedValue: '3300000', costBasis: '3003000', unrealizedPnl: '297000', realizedPnl: '93540' });
    expect(market('USSTOCK')).toMatchObject({ investedValue: '525.92', costBasis: '500', unrealizedPnl: '25.92', realizedPnl: '0' });
    expect(market('IDSS')).toMatchObject({ investedValue: '910000', costBasis: '901350', unrealizedPnl: '8650', realizedPnl: '0' });
    expect(new Decimal(market('PERPS')!.unrealizedPnl).eq(unrealized)).toBe(true);
    expect(market('USSTOCK_CFD')).toMatchObject({ investedValue: '0', realizedPnl: '0' });
    // The overview's P&L are the markets' in IDR.
    const sumIdr = (pick: (m: PortfolioOverview['markets'][number]) => string | null) => data.markets.reduce((s, m) => s.plus(pick(m) ?? 0), new Decimal(0)).toFixed();
    expect(data.unrealizedPnl).toBe(sumIdr((m) => m.idr.unrealizedPnl));
    expect(data.realizedPnl).toBe(sumIdr((m) => m.idr.realizedPnl));

    // Each allocation adds up to the total exactly; by asset, every coin, ticker and stock by name.
    for (const slices of [data.allocation.byMarket, data.allocation.byAsset]) {
      expect(slices.reduce((s, x) => s.plus(x.valueIdr), new Decimal(0)).toFixed()).toBe(data.totalValue);
    }
    expect(Object.fromEntries(data.allocation.byAsset.map((s) => [s.key, s.valueIdr]))).toEqual({
      IDR: idrCash.toFixed(),
      BTC: crypto.toFixed(),
      AAPL: aapl.toFixed(),
      USD: usdWallet.toFixed(),
      BBCA: idx.toFixed(),
      USDT: usdt.toFixed(),
    });
    expect(data.allocation.byMarket.find((s) => s.key === 'CRYPTO')?.percent).toBe(crypto.times(100).div(total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed());
    expect(data.dayChange).toBeNull();
  });

  it('groups what the wallets hold: PALN with AAPL, the 2x and 4x wallets empty, the margin wallet with the perps long', async () => {
    const { pockets } = (await get(successEnvelope(PocketHoldingsResponse), PORTFOLIO_PATHS.pocketHoldings)).data;
    expect(pockets.map((p) => p.pocket)).toEqual(['PALN', 'LEVERAGE', 'INTRADAY', 'MARGIN']);
    const [paln, leverage, , margin] = pockets;
    expect(paln).toMatchObject({ currency: 'USD', cash: '500.55', value: '1026.47', holdings: [{ symbol: 'AAPL', quantity: '2.5', value: '525.92', unrealizedPnl: '25.92' }] });
    expect(leverage).toMatchObject({ cash: '0', value: '0', holdings: [] });
    expect(margin?.currency).toBe('USDT');
    expect(margin?.holdings.map((h) => [h.symbol, h.quantity])).toEqual([['BTCUSDT-PERP', '0.1']]);
  });

  it('documents every portfolio call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.values(PORTFOLIO_PATHS).filter((path) => !doc.paths[path]?.get)).toEqual([]);
  });

  it('lists the holdings and the trades of IDX and perps as of the other markets', async () => {
    const idx = (await get(successEnvelope(IdxHoldingsResponse), `${PORTFOLIO_PATHS.assetHoldings}?assetType=IDSS`)).data;
    expect(idx.items).toEqual([
      expect.objectContaining({ symbol: 'BBCA', quantity: '100', averageCost: '9013.5', costBasis: '901350', marketPrice: '9100', marketValue: '910000', unrealizedPnl: '8650', realizedPnl: '0' }),
    ]);
    const perps = (await get(successEnvelope(PerpHoldingsResponse), `${PORTFOLIO_PATHS.assetHoldings}?assetType=PERPS`)).data;
    expect(perps.items.map((p) => [p.symbol, p.side, p.quantity, p.entryPrice, p.leverage])).toEqual([['BTCUSDT-PERP', 'LONG', '0.1', entry.toFixed(), 10]]);
    const idxTrades = (await get(successEnvelope(MarketPositionHistoryResponse), `${PORTFOLIO_PATHS.positionHistory}?assetType=IDSS`)).data;
    expect(idxTrades.items.map((f) => [f.symbol, f.side, f.total, f.realizedPnl])).toEqual([['BBCA', 'BUY', '901350', null]]);
    const perpTrades = (await get(successEnvelope(MarketPositionHistoryResponse), `${PORTFOLIO_PATHS.positionHistory}?assetType=PERPS`)).data;
    expect(perpTrades).toMatchObject({ assetType: 'PERPS', currency: 'USDT', page: 1, hasMore: false });
    expect(perpTrades.items.map((f) => [f.symbol, f.side, f.quantity])).toEqual([['BTCUSDT-PERP', 'BUY', '0.1']]);
  });

  it('records the day once and shows the next day its change and the value over time', async () => {
    await t.app.market.clock.set(DAY_TWO, { frozen: true });
    await Promise.all([portfolioDailyJobOf(t.app).runNow(), portfolioDailyJobOf(t.app).runNow()]);
    const recorded = (await overview()).totalValue;
    // BTC up 50,000,000: 0.002 BTC gain 100,000 on the day's recorded value.
    await pinPrice(t.app, 'BTC-IDR', '1700000000');
    const next = await overview();
    expect(next.totalValue).toBe(new Decimal(recorded).plus(100000).toFixed());
    expect(next.dayChange).toEqual({ valueIdr: '100000', percent: new Decimal(100000).times(100).div(recorded).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(), since: '2026-12-07' });
    const history = (await get(successEnvelope(ValueHistoryResponse), `${PORTFOLIO_PATHS.valueHistory}?range=1W`)).data;
    expect(history).toEqual({
      range: '1W',
      from: '2026-12-01',
      to: '2026-12-08',
      points: [
        { day: '2026-12-07', valueIdr: recorded },
        { day: '2026-12-08', valueIdr: next.totalValue },
      ],
      change: { valueIdr: '100000', percent: next.dayChange!.percent },
    });
  });

  it("lists a perp sell with the P&L the margin engine realized on it, the opening buy with 0", async () => {
    const sold = dataOf(
      PerpPlaceResponse,
      await t.app.inject({
        method: 'POST',
        url: PERPS_PATHS.sell,
        payload: { symbol: 'BTCUSDT-PERP', orderType: 'MARKET', quantity: '0.05', leverage: 10, reduceOnly: true },
        headers: { ...person.headers, 'x-language-code': 'en', 'x-request-id': randomUUID() },
      }),
    );
    expect(sold.position?.quantity).toBe('0.05');
    const trades = (await get(successEnvelope(MarketPositionHistoryResponse), `${PORTFOLIO_PATHS.positionHistory}?assetType=PERPS`)).data;
    const [sell, buy] = trades.items;
    expect([sell?.side, buy?.side]).toEqual(['SELL', 'BUY']);
    // A long closed in part: (fill price - entry) x the size closed, as the engine booked it.
    expect(sell!.realizedPnl).not.toBeNull();
    expect(new Decimal(sell!.realizedPnl!).eq(new Decimal(sell!.price).minus(entry).times('0.05'))).toBe(true);
    expect(new Decimal(sell!.realizedPnl!).gt(0)).toBe(true);
    expect(buy!.realizedPnl).toBe('0');
  });

  it('counts a closed perps position in the overview: the realized P&L of both sells, none of the next position yet', async () => {
    const perpsOverview = async () => (await overview()).markets.find((m) => m.assetType === 'PERPS')!;
    const realizedWhileOpen = new Decimal((await perpsOverview()).realizedPnl!);
    const perpOrder = (path: string, quantity: string, reduceOnly: boolean) =>
      t.app.inject({
        method: 'POST',
        url: path,
        payload: { symbol: 'BTCUSDT-PERP', orderType: 'MARKET', quantity, leverage: 10, reduceOnly },
        headers: { ...person.headers, 'x-language-code': 'en', 'x-request-id': randomUUID() },
      });
    const closed = dataOf(PerpPlaceResponse, await perpOrder(PERPS_PATHS.sell, '0.05', true));
    expect(closed.position).toBeNull();
    const trades = (await get(successEnvelope(MarketPositionHistoryResponse), `${PORTFOLIO_PATHS.positionHistory}?assetType=PERPS`)).data;
    const sells = trades.items.filter((f) => f.side === 'SELL');
    expect(sells).toHaveLength(2);
    // (fill price − entry) × 0.05, each sell as the engine booked it.
    const realized = sells.reduce((sum, f) => sum.plus(new Decimal(f.price).minus(entry).times('0.05')), new Decimal(0));
    expect(realized.eq(sells.reduce((sum, f) => sum.plus(f.realizedPnl!), new Decimal(0)))).toBe(true);
    // While open, the position's own figure held the first sell's; closed, the engine's record holds both.
    expect(realizedWhileOpen.eq(sells[1]!.realizedPnl!)).toBe(true);

    const after = await overview();
    const perps = after.markets.find((m) => m.assetType === 'PERPS')!;
    expect(new Decimal(perps.realizedPnl!).eq(realized)).toBe(true);
    expect(perps.idr.realizedPnl).toBe(realized.times(after.usdtIdr).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
    expect(perps).toMatchObject({ investedValue: '0', costBasis: '0' });

    // A new position starts at zero realized: the overview still shows the closed one's alone.
    dataOf(PerpPlaceResponse, await perpOrder(PERPS_PATHS.buy, '0.01', false));
    expect(new Decimal((await perpsOverview()).realizedPnl!).eq(realized)).toBe(true);
  });

  it('reads one page of perps fills for the position history, each with its memo, never every fill', async () => {
    const reads = createMarginFillReads(t.app.database.db);
    const asked: { offset: number; limit: number; returned: number }[] = [];
    const memoIds: string[][] = [];
    const service = portfolioServiceOf(t.app, {
      fills: () => Promise.reject(new Error('the whole fill history was read')),
      marginReads: {
        closedTotals: reads.closedTotals,
        fillsPage: async (userId, query) => {
          const rows = await reads.fillsPage(userId, query);
          asked.push({ offset: query.offset, limit: query.limit, returned: rows.length });
          return rows;
        },
      },
      ledger: {
        userBalances: (userId) => t.app.ledger.userBalances(userId),
        history: (account, options) => t.app.ledger.history(account, options),
        memosOf: (ids) => {
          memoIds.push([...ids]);
          return t.app.ledger.memosOf(ids);
        },
      },
    });
    // Four fills, newest first: the new buy, the closing sell, the first sell, the opening buy.
    const page = await service.marketPositionHistory(person.userId, 'PERPS', { page: 2, size: 1 });
    expect(page.items.map((f) => [f.side, f.quantity])).toEqual([['SELL', '0.05']]);
    expect(page.hasMore).toBe(true);
    expect(new Decimal(page.items[0]!.realizedPnl!).eq(new Decimal(page.items[0]!.price).minus(entry).times('0.05'))).toBe(true);
    // The page and one row more (is there a next page), and the memos of the page's one fill.
    expect(asked).toEqual([{ offset: 1, limit: 2, returned: 2 }]);
    expect(memoIds.map((ids) => ids.length)).toEqual([1]);

    const last = await service.marketPositionHistory(person.userId, 'PERPS', { page: 2, size: 3 });
    expect(last.items.map((f) => [f.side, f.quantity])).toEqual([['BUY', '0.1']]);
    expect(last.hasMore).toBe(false);
    expect(asked[1]).toEqual({ offset: 3, limit: 4, returned: 1 });
  });
});
