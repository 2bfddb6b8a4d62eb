// The ledger plugin: decorates `app.ledger` (see ./api.ts). STUB until the ledger lands (issue 5).
import fp from 'fastify-plugin';
import type { Ledger } from './api';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
  }
}

export const ledgerPlugin = fp(
  async (app) => {
    app.decorate('ledger', null as unknown as Ledger);
  },
  { name: 'pasar-ledger', dependencies: ['pasar-config', 'pasar-database'] },
);
