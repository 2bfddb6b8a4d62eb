// The health module: wires repo -> service -> routes. Registered under the `/api` prefix.
import type { FastifyPluginAsync } from 'fastify';
import { instanceIdOf } from '../../config';
import { createHealthRepo } from './repo';
import { healthRoutes } from './routes';
import { createHealthService } from './service';

export const healthModule: FastifyPluginAsync = async (app) => {
  const service = createHealthService({
    repo: createHealthRepo(app.database.db),
    databaseKind: app.database.kind,
    version: app.appInfo.version,
    expectedMigrations: app.migrations.total,
    startedAt: app.appInfo.startedAt,
    instance: instanceIdOf(app.config),
  });
  await app.register(healthRoutes, { service });
};
