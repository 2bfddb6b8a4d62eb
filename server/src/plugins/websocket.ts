// WebSocket support (@fastify/websocket over `ws`): routes declared with `{ websocket: true }`.
// Frames above the hard limit close the connection (1009); the stream hub answers smaller
// oversized messages itself and keeps the connection.
import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { STREAM_LIMITS } from '@pasar/shared/contract';

export const websocketPlugin = fp(
  async (app) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: STREAM_LIMITS.maxFrameBytes, perMessageDeflate: false, clientTracking: true },
    });
  },
  { name: 'pasar-websocket' },
);
