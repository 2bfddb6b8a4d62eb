// The database: the caller's (tests, main) or one opened here from config and closed with the
// app. Migrations run before any route can query.
import fp from 'fastify-plugin';
import { createDatabase, type Database } from '../../db/database';
import { runMigrations, type MigrationResult } from '../../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    migrations: MigrationResult;
  }
}

export const databasePlugin = fp<{ database?: Database }>(
  async (app, { database: given }) => {
    const database =
      given ?? (await createDatabase(app.config, { onPoolError: (err) => app.log.warn({ err }, 'idle Postgres connection failed') }));
    if (!given) app.addHook('onClose', () => database.close());

    const migrations = await runMigrations(database);
    if (migrations.applied.length > 0) {
      app.log.info({ applied: migrations.applied, total: migrations.total }, 'database migrated');
    }
    app.decorate('database', database);
    app.decorate('migrations', migrations);
  },
  { name: 'pasar-database', dependencies: ['pasar-config'] },
);
