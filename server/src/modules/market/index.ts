// The market module: wires repo -> service -> routes. Registered under the `/api` prefix. Other
// modules ask it for a symbol's product info (halts, buy/sell and pro flags) through
// `app.marketInfo` (a fastify-plugin, so the decorator reaches the modules registered after it). Market
// data comes from `app.market` (plugins/market.ts); news is seeded with the shipped sample on
// first start and, with NEWS_FEEDS set, polled from RSS/Atom feeds. The market clock's changes are
// shared between instances here.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { shareClock } from './clock';
import { RssSource, seedSampleNews, startNewsPolling } from './news';
import { createNewsRepo } from './repo';
import { marketRoutes } from './routes';
import { createMarketService, type MarketService } from './service';

export interface MarketInfoApi {
  /** A symbol's product info exactly as the market's routes answer it. */
  readonly productInfo: MarketService['productInfo'];
}

declare module 'fastify' {
  interface FastifyInstance {
    marketInfo: MarketInfoApi;
  }
}

const marketPlugin: FastifyPluginAsync = async (app) => {
  const news = createNewsRepo(app.database.db);
  await seedSampleNews(news);
  const feeds = app.config.market.newsFeeds;
  if (feeds.length > 0) {
    const sources = feeds.map((url) => new RssSource(url, app.market.instruments()));
    const stop = startNewsPolling(sources, news, app.config.market.newsPollSeconds, (err, source) =>
      app.log.warn({ err, source }, 'news feed failed'),
    );
    app.addHook('onClose', async () => stop());
  }
  // The market clock (development and tests): every instance follows a change made on any of them.
  if (app.market.clock.adjustable) {
    const stop = await shareClock(app.market.clock, app.pubsub, (err) => app.log.warn({ err }, 'sharing the market clock failed'));
    app.addHook('onClose', stop);
  }
  const service = createMarketService({
    market: app.market,
    news,
    usdSpreadPercent: app.config.market.usdSpreadPercent,
    now: () => app.market.now(),
  });
  app.decorate('marketInfo', { productInfo: (symbol, language) => service.productInfo(symbol, language) });
  await app.register(marketRoutes, { service });
};

export const marketModule = fp(marketPlugin, {
  name: 'pasar-market-module',
  dependencies: ['pasar-config', 'pasar-database', 'pasar-market', 'pasar-pubsub'],
});
