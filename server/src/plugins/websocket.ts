// WebSocket support (@fastify/websocket over `ws`): routes declared with `{ websocket: true }`.
// Frames above the hard limit close the connection (1009); the stream hub answers smaller
// oversized messages itself and keeps the connection. A plain HTTP request to a WebSocket route
// (no Upgrade) is answered 404 / 003 with the envelope, like any unknown path.
import fastifyWebsocket from '@fastify/websocket';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { STREAM_LIMITS } from '@pasar/shared/contract';
import { AppError } from '../http/app-error';
import { SHUTDOWN_CLOSE_CODE, SHUTDOWN_CLOSE_REASON } from '../http/shutdown';

async function notAWebSocket(): Promise<never> {
  throw new AppError('003');
}

export const websocketPlugin = fp(
  async (app) => {
    // Before @fastify/websocket's own onRoute hook (hooks run in order): the route's handler becomes
    // its WebSocket handler and plain HTTP gets ours instead of the plugin's empty-bodied 404.
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.websocket || route.wsHandler) return;
      // Declared `{ websocket: true }`, so the handler takes (socket, request).
      route.wsHandler = route.handler as unknown as NonNullable<RouteOptions['wsHandler']>;
      route.handler = notAWebSocket;
      route.websocket = false;
      route.schema = { ...route.schema, hide: true };
    });
    // Shutting down (SIGTERM): every socket closes with the reconnect hint before the plugin's own
    // preClose (hooks run in order) closes them without a code; the client reconnects through the
    // balancer to another instance (decision 0026).
    app.addHook('preClose', (done) => {
      for (const client of app.websocketServer?.clients ?? []) client.close(SHUTDOWN_CLOSE_CODE, SHUTDOWN_CLOSE_REASON);
      done();
    });
    await app.register(fastifyWebsocket, {
      options: { maxPayload: STREAM_LIMITS.maxFrameBytes, perMessageDeflate: false, clientTracking: true },
    });
  },
  { name: 'pasar-websocket' },
);
