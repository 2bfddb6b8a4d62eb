// The hub and the publisher on one app, started together and stopped with the app. The stream
// module uses it with the market feed; tests and the benchmark with their own sources.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PubSub } from '../../pubsub';
import { StreamHub, type HubLogger, type StreamAuthenticator } from './hub';
import { MarketPublisher } from './publisher';
import { streamRoutes } from './routes';
import type { StreamSource } from './source';

export interface StreamWiringOptions {
  readonly pubsub: PubSub;
  readonly source: StreamSource;
  readonly conflateMs: number;
  readonly pingMs: number;
  readonly tickMs: number;
  /** Private channels (the product's app: over the identity service). */
  readonly authenticate?: StreamAuthenticator;
  readonly log?: HubLogger;
  /** No market publisher on this app (the benchmark publishes by itself). */
  readonly withoutPublisher?: boolean;
}

export interface StreamWiring {
  readonly hub: StreamHub;
  readonly publisher: MarketPublisher | null;
  readonly instanceId: string;
}

/** Registers GET /stream (under the caller's prefix) and starts the hub and the publisher. */
export async function wireStreams(app: FastifyInstance, options: StreamWiringOptions): Promise<StreamWiring> {
  const instanceId = randomUUID();
  const common = { pubsub: options.pubsub, source: options.source, instanceId, ...(options.log ? { log: options.log } : {}) };
  const hub = new StreamHub({
    ...common,
    conflateMs: options.conflateMs,
    pingMs: options.pingMs,
    ...(options.authenticate ? { authenticate: options.authenticate } : {}),
  });
  const publisher = options.withoutPublisher ? null : new MarketPublisher({ ...common, tickMs: options.tickMs });
  hub.start();
  await publisher?.start();
  app.addHook('onClose', async () => {
    await publisher?.stop();
    await hub.close();
  });
  await app.register(streamRoutes, { hub });
  return { hub, publisher, instanceId };
}
