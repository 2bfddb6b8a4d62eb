import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { SERVER_VERSION } from '../../version';

export interface AppInfo {
  readonly version: string;
  /** Epoch milliseconds when this instance was built. */
  readonly startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    appInfo: AppInfo;
  }
}

export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
    app.decorate('appInfo', { version: SERVER_VERSION, startedAt: Date.now() });
  },
  { name: 'pasar-config' },
);
