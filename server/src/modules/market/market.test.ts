import {
  CandlesResponse,
  CorporateActionsResponse,
  Description,
  EpsResponse,
  IdssCalendarResponse,
  IdssListResponse,
  IdssOhlc,
  MarketStatusResponse,
  NewsListResponse,
  OrderBook,
  PriceQuote,
  ProductInfo,
  successEnvelope,
  SymbolInfoResponse,
  Ticker,
  TopMovers,
  TradingHalt,
  UsdPrice,
  CryptoSymbolInfo,
  UsStockSymbolInfo,
  PerpSymbolInfo,
  IdssSymbolInfo,
} from '@pasar/shared/contract';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { parseFeed, tagSymbols } from './news';

describe('market calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <S extends z.ZodType>(url: string, schema: S, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    const body = successEnvelope(schema).parse(response.json()) as { data: z.infer<S> };
    return { data: body.data, headers: response.headers };
  };

  it('answers symbol info in the specification shapes, cacheable', async () => {
    const { data, headers } = await get('/api/symbol-info', SymbolInfoResponse);
    expect(headers['cache-control']).toMatch(/max-age=\d+/);
    expect(data.success).toBe(true);
    expect(data.crypto.length).toBeGreaterThanOrEqual(30);
    expect(data.palnStock).toHaveLength(50);
    expect(data.perp).toHaveLength(10);
    expect(data.idssStock).toHaveLength(45);
    for (const c of data.crypto) CryptoSymbolInfo.strict().parse(c);
    for (const c of data.palnStock) UsStockSymbolInfo.strict().parse(c);
    for (const c of data.perp) PerpSymbolInfo.strict().parse(c);
    for (const c of data.idssStock) IdssSymbolInfo.strict().parse(c);
    expect(data.crypto.find((c) => c.shortName === 'BTC')).toMatchObject({ symbol: 'BTC-IDR', liquiditySource: 'BINANCE', exchangeSymbols: { BINANCE: 'BTCUSDT' } });
    expect(data.perp.find((p) => p.fps === 'BTCUSDT')).toBeDefined();
    expect(data.palnStock.find((s) => s.cc === 'AAPL')).toMatchObject({ ipme: true });
    expect(data.marketStatus.map((m) => m.market)).toEqual(['USSTOCK', 'IDSS']);
    expect(data.calendar.length).toBeGreaterThan(10);
  });

  it('serves ticker, candles, order book, trades, quote and description', async () => {
    const ticker = (await get('/api/market/ticker?symbol=BTC-IDR', Ticker)).data;
    expect(ticker.symbol).toBe('BTC-IDR');
    const to = Math.floor(Date.now() / 1000);
    const candles = (await get(`/api/market/candles?symbol=AAPL&resolution=1D&from=${to - 30 * 86400}&to=${to}`, CandlesResponse)).data;
    expect(candles.candles.length).toBeGreaterThan(15);
    const book = (await get('/api/market/orderbook?symbol=ETH-IDR', OrderBook)).data;
    expect(book.bids).toHaveLength(10);
    const quote = (await get('/api/market/price-quote?symbol=BTC-IDR&side=BUY&amount=1000000', PriceQuote)).data;
    expect(Number(quote.amount)).toBeLessThanOrEqual(1_000_000);
    expect(Number(quote.price)).toBeGreaterThanOrEqual(Number(quote.bestPrice));
    const en = (await get('/api/market/description?symbol=BBCA', Description, { 'x-language-code': 'en' })).data;
    const id = (await get('/api/market/description?symbol=BBCA', Description)).data;
    expect(en.description).toMatch(/Indonesia Stock Exchange/);
    expect(id.description).toMatch(/Bursa Efek Indonesia/);
    expect(en.keyFigures.map((k) => k.key)).toContain('marketCap');
    const trades = await t.app.inject({ method: 'GET', url: '/api/market/trades?symbol=BTC-IDR&limit=5' });
    expect(trades.json().data).toHaveLength(5);
  });

  it('answers 404 (003) for an unknown symbol and 400 for a bad resolution or granularity', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/market/ticker?symbol=NOPE' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/market/candles?symbol=AAPL&resolution=7&from=0&to=10' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/market/orderbook?symbol=BTC-IDR&granularity=3' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/usstock/eps?symbol=BTC-IDR' })).statusCode).toBe(404);
  });

  it('answers market status, movers, USD price, US stock and IDX calls', async () => {
    const us = (await get('/api/market/status?market=USSTOCK', MarketStatusResponse)).data;
    expect(us.timeZone).toBe('America/New_York');
    expect(us.sessions.map((s) => s.kind)).toEqual(['PRE_MARKET', 'REGULAR', 'POST_MARKET']);
    expect(us.nextChangeAt).not.toBeNull();
    const idx = (await get('/api/market/status?market=IDSS', MarketStatusResponse)).data;
    expect(idx.sessions.map((s) => s.kind)).toEqual(['PRE_MARKET', 'SESSION_1', 'SESSION_2', 'POST_MARKET']);
    const movers = (await get('/api/market/top-movers?assetType=CRYPTO&limit=3', TopMovers)).data;
    expect(movers.gainers).toHaveLength(3);
    expect(Number(movers.gainers[0]!.changePercent24h)).toBeGreaterThanOrEqual(Number(movers.losers[0]!.changePercent24h));
    const usd = (await get('/api/market/usd-price', UsdPrice)).data;
    expect(Number(usd.buy)).toBeGreaterThan(Number(usd.usdIdrPrice));
    expect(Number(usd.sell)).toBeLessThan(Number(usd.usdIdrPrice));
    const ca = (await get('/api/usstock/corporate-actions?symbol=AAPL', CorporateActionsResponse)).data;
    expect(ca.items.some((a) => a.type === 'SPLIT' && a.ratio === '4:1')).toBe(true);
    expect(ca.items.some((a) => a.type === 'DIVIDEND')).toBe(true);
    const eps = (await get('/api/usstock/eps?symbol=MSFT', EpsResponse)).data;
    expect(eps.items.length).toBe(9);
    const list = (await get('/api/idss/list?page=1&size=20', IdssListResponse)).data;
    expect(list).toMatchObject({ page: 1, size: 20, total: 45 });
    expect(list.items).toHaveLength(20);
    const ohlc = (await get('/api/idss/ohlc?symbol=BBRI', IdssOhlc)).data;
    expect(Number(ohlc.araPrice)).toBeGreaterThan(Number(ohlc.previousClose));
    expect(Number(ohlc.arbPrice)).toBeLessThan(Number(ohlc.previousClose));
    const cal = (await get('/api/idss/calendar?from=2026-12-21&to=2026-12-31', IdssCalendarResponse)).data;
    expect(cal.days.map((d) => d.date)).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-28', '2026-12-29', '2026-12-30']);
    expect(cal.holidays.map((h) => h.date)).toEqual(['2026-12-24', '2026-12-25', '2026-12-31']);
    const icon = await t.app.inject({ method: 'GET', url: '/api/market/icon/BTC-IDR.svg' });
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.body).toContain('BTC');
  });

  it('halts and resumes a symbol through the admin routes, reflected in trading-halt, product-info and ticker', async () => {
    const admin = { 'x-admin-token': t.app.adminToken };
    const denied = await t.app.inject({ method: 'POST', url: '/api/admin/market/halt', payload: { symbol: 'ETH-IDR' } });
    expect(denied.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/market/halt', headers: { 'x-admin-token': 'wrong' }, payload: { symbol: 'ETH-IDR' } })).statusCode).toBe(401);

    const changes: string[] = [];
    const off = t.app.market.onHaltChange((c) => changes.push(`${c.symbol}:${c.halted}`));
    const halted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/market/halt',
      headers: admin,
      payload: { symbol: 'ETH-IDR', reason: { title: 'Volatilitas ekstrem', description: 'Dihentikan sementara oleh operator.' } },
    });
    expect(halted.statusCode).toBe(200);
    const halt = (await get('/api/market/trading-halt?symbol=ETH-IDR', TradingHalt)).data;
    expect(halt).toMatchObject({ halted: true, reason: { title: 'Volatilitas ekstrem' } });
    const info = (await get('/api/market/product-info?symbol=ETH-IDR', ProductInfo)).data;
    expect(info).toMatchObject({ enableBuy: false, enableSell: false, enableBuyForProMode: false, enableSellForProMode: false, tradingHaltReason: { title: 'Volatilitas ekstrem' } });
    expect(info.bottomBannerMessage?.title).toBe('Volatilitas ekstrem');
    const ticker = (await get('/api/market/ticker?symbol=ETH-IDR', Ticker)).data;
    expect(ticker.marketState).toBe('HALTED');

    // Without a reason: §8's default message, in the request's language.
    await t.app.inject({ method: 'POST', url: '/api/admin/market/halt', headers: admin, payload: { symbol: 'AAPL' } });
    const aapl = (await get('/api/market/trading-halt?symbol=AAPL', TradingHalt, { 'x-language-code': 'en' })).data;
    expect(aapl.reason).toEqual({ title: 'Trading is halted', description: expect.stringMatching(/temporarily unavailable/) });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/market/halts', headers: admin });
    expect(list.json().data.items.map((h: { symbol: string }) => h.symbol).sort()).toEqual(['AAPL', 'ETH-IDR']);

    await t.app.inject({ method: 'POST', url: '/api/admin/market/resume', headers: admin, payload: { symbol: 'ETH-IDR' } });
    await t.app.inject({ method: 'POST', url: '/api/admin/market/resume', headers: admin, payload: { symbol: 'AAPL' } });
    expect((await get('/api/market/trading-halt?symbol=ETH-IDR', TradingHalt)).data.halted).toBe(false);
    const after = (await get('/api/market/product-info?symbol=ETH-IDR', ProductInfo)).data;
    expect(after).toMatchObject({ enableBuy: true, enableSell: true, tradingHaltReason: null });
    expect((await get('/api/market/ticker?symbol=ETH-IDR', Ticker)).data.marketState).toBe('OPEN');
    expect(changes).toEqual(['ETH-IDR:true', 'AAPL:true', 'ETH-IDR:false', 'AAPL:false']);
    off();
  });

  it('serves the seeded news, by symbol and page', async () => {
    const all = (await get('/api/news?page=0&size=50', NewsListResponse)).data;
    expect(all.total).toBe(40);
    expect(new Set(all.items.map((n) => n.language))).toEqual(new Set(['id', 'en']));
    const btc = (await get('/api/news?symbol=BTC-IDR&size=3', NewsListResponse)).data;
    expect(btc.items.length).toBe(3);
    expect(btc.items.every((n) => n.symbols.includes('BTC-IDR'))).toBe(true);
    const dates = all.items.map((n) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('news feeds', () => {
  it('parses RSS and Atom and tags symbols by code or name', () => {
    const rss = `<rss><channel><language>en</language><item><title><![CDATA[Apple &amp; Nvidia lead gains]]></title><link>https://example.test/a</link><description>&lt;p&gt;Shares of AAPL rose.&lt;/p&gt;</description><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item></channel></rss>`;
    const [item] = parseFeed(rss);
    expect(item).toEqual({ title: 'Apple & Nvidia lead gains', link: 'https://example.test/a', summary: 'Shares of AAPL rose.', published: new Date('2026-11-20T10:00:00Z') });
    const atom = `<feed><entry><title>Bitcoin rallies</title><link href="https://example.test/b"/><summary>BTC up</summary><updated>2026-11-20T11:00:00Z</updated></entry></feed>`;
    expect(parseFeed(atom)[0]).toMatchObject({ title: 'Bitcoin rallies', link: 'https://example.test/b' });
    const instruments = [
      { symbol: 'AAPL', shortName: 'AAPL', name: 'Apple Inc.', kind: 'usstock' },
      { symbol: 'NVDA', shortName: 'NVDA', name: 'NVIDIA Corporation', kind: 'usstock' },
      { symbol: 'BTC-IDR', shortName: 'BTC', name: 'Bitcoin', kind: 'crypto' },
    ] as unknown as Parameters<typeof tagSymbols>[1];
    expect(tagSymbols('Apple & Nvidia lead gains', instruments).sort()).toEqual(['AAPL', 'NVDA']);
    expect(tagSymbols('Bitcoin rallies', instruments)).toEqual(['BTC-IDR']);
  });
});
