import fp from 'fastify-plugin';
import path from 'node:path';
import { RemoteRegistryStore } from './remote-registry-store';

declare module 'fastify' {
  interface FastifyInstance {
    remoteRegistry: RemoteRegistryStore;
  }
}

export const remoteRegistryPlugin = fp(
  async (app) => {
    app.decorate('remoteRegistry', new RemoteRegistryStore(path.join(app.config.deployDir, 'remotes.json'), app.log));
  },
  { name: 'pasar-remote-registry', dependencies: ['pasar-config'] },
);
