// The charts module: saved charts, study and drawing templates, and the user web chart settings.
// Symbols are judged through the market registry (`app.market`), so every market's instruments
// (and any market that lands later) can be charted and saved.
import type { FastifyPluginAsync } from 'fastify';
import { createChartsRepo } from './repo';
import { chartsRoutes } from './routes';
import { createChartsService } from './service';

export const chartsModule: FastifyPluginAsync = async (app) => {
  // CHART_CONTENT_MAX_BYTES (4402 beyond); CHART_MAX_SAVED, CHART_MAX_TEMPLATES (4408 beyond).
  const { contentMaxBytes, maxSavedCharts, maxTemplatesPerKind } = app.config.charts;
  const service = createChartsService({
    repo: createChartsRepo(app.database.db),
    market: app.market,
    contentMaxBytes,
    limits: { maxSavedCharts, maxTemplatesPerKind },
    now: () => new Date(app.market.now()),
  });
  await app.register(chartsRoutes, { service, contentMaxBytes });
};
