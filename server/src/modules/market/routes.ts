// The market calls (§7 "Crypto", "Global stock", "Other"): validation and caching headers only;
// the rules are in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminClockBody,
  AdminHaltBody,
  AdminResumeBody,
  AdminSteerBody,
  CalendarQuery,
  CalendarResponse,
  CandlesQuery,
  CandlesResponse,
  CorporateActionsResponse,
  Description,
  EpsResponse,
  HaltsResponse,
  IdssCalendarQuery,
  IdssCalendarResponse,
  IdssListResponse,
  IdssOhlc,
  InstrumentsQuery,
  MarketSteer,
  MarketClockView,
  InstrumentsResponse,
  MarketStatusQuery,
  MarketStatusResponse,
  NewsListResponse,
  NewsQuery,
  OrderBook,
  OrderBookQuery,
  PageQuery,
  PriceQuote,
  PriceQuoteQuery,
  ProductInfo,
  SymbolInfoResponse,
  SymbolQuery,
  Ticker,
  TickersQuery,
  TickersResponse,
  TopMovers,
  TopMoversQuery,
  TradesQuery,
  TradesResponse,
  TradingHalt,
  UsdPrice,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { iconSvg } from './icon';
import type { MarketService } from './service';
import { applyClock, clockView } from './clock';
import { applySteer } from './steer';

const LIVE = 'no-store';
const SHORT = 'public, max-age=2';
const MINUTE = 'public, max-age=60';

export const marketRoutes: FastifyPluginAsyncZod<{ service: MarketService }> = async (app, { service }) => {
  const tags = ['market'];

  app.get(
    '/symbol-info',
    { schema: { summary: 'Every symbol of the four markets, market status and the IDX calendar', tags, response: apiResponses({ 200: SymbolInfoResponse }) } },
    async (_req, reply) => {
      reply.header('cache-control', MINUTE);
      return ok(service.symbolInfo());
    },
  );

  app.get(
    '/market/instruments',
    { schema: { summary: 'Instruments, optionally of one asset type', tags, querystring: InstrumentsQuery, response: apiResponses({ 200: InstrumentsResponse }) } },
    async (req, reply) => {
      reply.header('cache-control', MINUTE);
      return ok({ items: service.instruments(req.query.assetType) });
    },
  );

  app.get(
    '/market/ticker',
    { schema: { summary: 'Current price and 24 h figures', tags, querystring: SymbolQuery, response: apiResponses({ 200: Ticker }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      return ok(service.ticker(req.query.symbol));
    },
  );

  app.get(
    '/market/tickers',
    { schema: { summary: 'Tickers of several symbols (comma-separated) or of an asset type', tags, querystring: TickersQuery, response: apiResponses({ 200: TickersResponse }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      const symbols = req.query.symbols?.split(',').map((s) => s.trim()).filter(Boolean);
      return ok(service.tickers(symbols, req.query.assetType));
    },
  );

  app.get(
    '/market/candles',
    { schema: { summary: 'Bars by date range (epoch seconds) at a resolution of §9', tags, querystring: CandlesQuery, response: apiResponses({ 200: CandlesResponse }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', SHORT);
      const { symbol, resolution, from, to } = req.query;
      return ok(service.candles(symbol, resolution, from, to));
    },
  );

  app.get(
    '/market/orderbook',
    { schema: { summary: 'Top 10 bids and asks with cumulative percentage, grouped by granularity', tags, querystring: OrderBookQuery, response: apiResponses({ 200: OrderBook }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      return ok(service.orderBook(req.query.symbol, req.query.granularity));
    },
  );

  app.get(
    '/market/trades',
    { schema: { summary: 'Recent trades, newest first', tags, querystring: TradesQuery, response: apiResponses({ 200: TradesResponse }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      return ok(service.trades(req.query.symbol, req.query.limit));
    },
  );

  app.get(
    '/market/price-quote',
    { schema: { summary: 'What a market order of a quantity or amount would fill at', tags, querystring: PriceQuoteQuery, response: apiResponses({ 200: PriceQuote }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      const { symbol, side, quantity, amount } = req.query;
      return ok(service.priceQuote(symbol, side, quantity, amount));
    },
  );

  app.get(
    '/market/description',
    { schema: { summary: 'Asset description and key figures (in the request language)', tags, querystring: SymbolQuery, response: apiResponses({ 200: Description }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', MINUTE);
      reply.header('vary', 'x-language-code');
      return ok(service.description(req.query.symbol, languageOf(req)));
    },
  );

  app.get(
    '/market/status',
    { schema: { summary: 'Market state, session times and the next change (US stocks, IDX)', tags, querystring: MarketStatusQuery, response: apiResponses({ 200: MarketStatusResponse }) } },
    async (req, reply) => {
      reply.header('cache-control', SHORT);
      return ok(service.marketStatus(req.query.market));
    },
  );

  app.get(
    '/market/top-movers',
    { schema: { summary: 'Biggest gainers, losers and most traded of an asset type', tags, querystring: TopMoversQuery, response: apiResponses({ 200: TopMovers }) } },
    async (req, reply) => {
      reply.header('cache-control', SHORT);
      return ok(service.topMovers(req.query.assetType, req.query.limit));
    },
  );

  app.get(
    '/market/usd-price',
    { schema: { summary: 'USD/IDR mid, buy and sell', tags, response: apiResponses({ 200: UsdPrice }) } },
    async (_req, reply) => {
      reply.header('cache-control', SHORT);
      return ok(service.usdPrice());
    },
  );

  app.get(
    '/market/trading-halt',
    { schema: { summary: 'Whether a symbol is halted, and why', tags, querystring: SymbolQuery, response: apiResponses({ 200: TradingHalt }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      return ok(await service.tradingHalt(req.query.symbol, languageOf(req)));
    },
  );

  app.get(
    '/market/product-info',
    { schema: { summary: 'Buy/sell switches, halt reason and banner of a symbol (§3 Product info)', tags, querystring: SymbolQuery, response: apiResponses({ 200: ProductInfo }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', LIVE);
      return ok(await service.productInfo(req.query.symbol, languageOf(req)));
    },
  );

  app.get(
    '/market/icon/:file',
    { schema: { summary: 'Generated mark of a symbol (SVG)', tags, params: z.object({ file: z.string().regex(/^[A-Za-z0-9.-]{1,40}\.svg$/) }) } },
    async (req, reply) => {
      const symbol = req.params.file.replace(/\.svg$/, '');
      const inst = service.instrument(symbol);
      reply.header('cache-control', 'public, max-age=86400');
      reply.type('image/svg+xml');
      return iconSvg(inst.symbol, inst.shortName);
    },
  );

  app.get(
    '/usstock/corporate-actions',
    { schema: { summary: 'Dividends and splits of a US stock', tags, querystring: SymbolQuery, response: apiResponses({ 200: CorporateActionsResponse }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', MINUTE);
      return ok(service.corporateActions(req.query.symbol));
    },
  );

  app.get(
    '/usstock/eps',
    { schema: { summary: 'Quarterly earnings per share of a US stock', tags, querystring: SymbolQuery, response: apiResponses({ 200: EpsResponse }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', MINUTE);
      return ok(service.eps(req.query.symbol));
    },
  );

  app.get(
    '/idss/list',
    { schema: { summary: 'IDX stocks with prices, paged', tags, querystring: PageQuery, response: apiResponses({ 200: IdssListResponse }) } },
    async (req, reply) => {
      reply.header('cache-control', SHORT);
      return ok(service.idssList(req.query.page, req.query.size));
    },
  );

  app.get(
    '/idss/ohlc',
    { schema: { summary: "An IDX stock's day with its auto-rejection band", tags, querystring: SymbolQuery, response: apiResponses({ 200: IdssOhlc }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', SHORT);
      return ok(service.idssOhlc(req.query.symbol));
    },
  );

  app.get(
    '/idss/calendar',
    { schema: { summary: 'IDX trading days (two sessions each) and holidays', tags, querystring: IdssCalendarQuery, response: apiResponses({ 200: IdssCalendarResponse }) } },
    async (req, reply) => {
      reply.header('cache-control', MINUTE);
      return ok(service.idssCalendar(req.query.from, req.query.to));
    },
  );

  app.get(
    '/market/calendar',
    {
      schema: {
        summary: 'US and IDX trading days over a date range: session times, holidays with their names, early closes',
        tags,
        querystring: CalendarQuery,
        response: apiResponses({ 200: CalendarResponse }),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', MINUTE);
      return ok(service.calendar(req.query.from, req.query.to, req.query.market));
    },
  );

  app.get(
    '/news',
    { schema: { summary: 'News, newest first, optionally about one symbol', tags, querystring: NewsQuery, response: apiResponses({ 200: NewsListResponse }, [404]) } },
    async (req, reply) => {
      reply.header('cache-control', SHORT);
      const { symbol, language, page, size } = req.query;
      return ok(await service.news({ ...(symbol ? { symbol } : {}), ...(language ? { language } : {}), page, size }));
    },
  );

  // ---- operator routes ----
  const adminTags = ['admin'];
  app.post(
    '/admin/market/halt',
    { preHandler: app.requireAdmin, schema: { summary: 'Halt trading in a symbol', tags: adminTags, body: AdminHaltBody, response: apiResponses({ 200: TradingHalt }, [401, 404]) } },
    async (req) => ok(await service.halt(req.body.symbol, req.body.reason)),
  );
  app.post(
    '/admin/market/resume',
    { preHandler: app.requireAdmin, schema: { summary: 'Resume trading in a symbol', tags: adminTags, body: AdminResumeBody, response: apiResponses({ 200: TradingHalt }, [401, 404]) } },
    async (req) => ok(await service.resume(req.body.symbol)),
  );
  app.get(
    '/admin/market/halts',
    { preHandler: app.requireAdmin, schema: { summary: 'Symbols halted now', tags: adminTags, response: apiResponses({ 200: HaltsResponse }, [401]) } },
    async (req) => ok(await service.halts(languageOf(req))),
  );
  // Development and tests only: in production the route does not exist (404).
  if (app.config.mode !== 'production') {
    app.post(
      '/admin/market/steer',
      {
        preHandler: app.requireAdmin,
        schema: { summary: 'Pin a symbol\'s simulated price for a while, or clear it (not in production)', tags: adminTags, body: AdminSteerBody, response: apiResponses({ 200: MarketSteer }, [401, 404]) },
      },
      async (req) => ok(applySteer(app.market, req.body, app.market.now())),
    );
    app.get(
      '/admin/market/clock',
      {
        preHandler: app.requireAdmin,
        schema: { summary: 'The market clock: its instant, and whether it is set (not in production)', tags: adminTags, response: apiResponses({ 200: MarketClockView }, [401]) },
      },
      async () => ok(clockView(app.market.clock)),
    );
    app.post(
      '/admin/market/clock',
      {
        preHandler: app.requireAdmin,
        schema: {
          summary: 'Set the market clock to an instant (running on, or frozen), or clear it (not in production)',
          tags: adminTags,
          body: AdminClockBody,
          response: apiResponses({ 200: MarketClockView }, [401]),
        },
      },
      async (req) => ok(await applyClock(app.market.clock, req.body)),
    );
  }

};
