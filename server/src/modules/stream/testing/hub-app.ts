// A bare Fastify app with only the stream hub (no database): fast to start, for hub tests and the
// benchmark. The product's app wires the same thing in the stream module.
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createMemoryPubSub, type PubSub } from '../../../pubsub';
import { websocketPlugin } from '../../../plugins/websocket';
import type { StreamAuthenticator } from '../hub';
import type { StreamSource } from '../source';
import { wireStreams, type StreamWiring } from '../wiring';
import { createFakeSource } from './fake-source';

export interface HubApp {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly pubsub: PubSub;
  readonly wiring: StreamWiring;
  close(): Promise<void>;
}

export interface HubAppOptions {
  readonly pubsub?: PubSub;
  readonly source?: StreamSource;
  readonly conflateMs?: number;
  readonly tickMs?: number;
  readonly pingMs?: number;
  readonly withoutPublisher?: boolean;
  readonly authenticate?: StreamAuthenticator;
}

export async function startHubApp(options: HubAppOptions = {}): Promise<HubApp> {
  const pubsub = options.pubsub ?? createMemoryPubSub();
  const app = Fastify({ logger: false });
  await app.register(websocketPlugin);
  let wiring: StreamWiring | undefined;
  await app.register(
    async (api) => {
      wiring = await wireStreams(api, {
        pubsub,
        source: options.source ?? createFakeSource(),
        conflateMs: options.conflateMs ?? 100,
        pingMs: options.pingMs ?? 25_000,
        tickMs: options.tickMs ?? 20,
        ...(options.withoutPublisher ? { withoutPublisher: true } : {}),
        ...(options.authenticate ? { authenticate: options.authenticate } : {}),
      });
    },
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `ws://127.0.0.1:${port}/api/stream`,
    pubsub,
    wiring: wiring!,
    close: async () => {
      await app.close();
      if (!options.pubsub) await pubsub.close();
    },
  };
}
