// `app.pubsub`: the message bus (in-process, or Redis when REDIS_URL is set). Closed with the app.
import fp from 'fastify-plugin';
import { instanceIdOf } from '../config';
import { createPubSub, type PubSub } from '../pubsub';

declare module 'fastify' {
  interface FastifyInstance {
    pubsub: PubSub;
  }
}

export const pubsubPlugin = fp<{ pubsub?: PubSub }>(
  async (app, options) => {
    const pubsub =
      options.pubsub ??
      createPubSub({ ...app.config.pubsub, instance: instanceIdOf(app.config) }, (error, context) => app.log.warn({ err: error }, `pub/sub: ${context}`));
    app.decorate('pubsub', pubsub);
    // Last out: the stream hub and the publisher stop (onClose of their plugins) before the bus.
    app.addHook('onClose', async () => {
      if (!options.pubsub) await pubsub.close();
    });
  },
  { name: 'pasar-pubsub', dependencies: ['pasar-config'] },
);
