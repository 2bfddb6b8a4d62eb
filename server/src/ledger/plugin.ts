// The ledger plugin: decorates `app.ledger` (see ./api.ts), built on the app's database.
import fp from 'fastify-plugin';
import type { Ledger } from './api';
import { HOUSE_SHARDS, createLedger } from './ledger';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
  }
}

export const ledgerPlugin = fp(
  async (app) => {
    app.decorate('ledger', createLedger(app.database.db, { houseShards: HOUSE_SHARDS }));
  },
  { name: 'pasar-ledger', dependencies: ['pasar-config', 'pasar-database'] },
);
