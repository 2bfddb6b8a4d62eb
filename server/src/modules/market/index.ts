// The market module: wires repo -> service -> routes. Registered under the `/api` prefix. Market
// data comes from `app.market` (plugins/market.ts); news is seeded with the shipped sample on
// first start and, with NEWS_FEEDS set, polled from RSS/Atom feeds.
import type { FastifyPluginAsync } from 'fastify';
import { RssSource, seedSampleNews, startNewsPolling } from './news';
import { createNewsRepo } from './repo';
import { marketRoutes } from './routes';
import { createMarketService } from './service';

export const marketModule: FastifyPluginAsync = async (app) => {
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
  const service = createMarketService({ market: app.market, news, usdSpreadPercent: app.config.market.usdSpreadPercent });
  await app.register(marketRoutes, { service });
};
