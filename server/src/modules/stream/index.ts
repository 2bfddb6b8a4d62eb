// The stream module: GET /api/stream (the WebSocket hub) and the market publisher, over the
// pub/sub bus (`app.pubsub`) and the market feed (`app.market`). Registered under `/api`.
import type { FastifyPluginAsync } from 'fastify';
import { topics } from '../../pubsub';
import { marketStreamSource } from './source';
import { wireStreams } from './wiring';

/** A halt or resume announced on the bus by the instance that handled it. */
interface HaltMessage {
  readonly symbol: string;
  readonly instance: string;
}

export const streamModule: FastifyPluginAsync = async (app) => {
  const { market } = app;
  const { publisher, instanceId } = await wireStreams(app, {
    pubsub: app.pubsub,
    source: marketStreamSource(market),
    conflateMs: app.config.stream.conflateMs,
    pingMs: app.config.stream.pingMs,
    tickMs: app.config.market.tickMs,
    log: app.log,
  });

  // A halt or resume on this instance: push the ticker (HALTED, or back to its session state)
  // at once, whoever leads the publishing, and tell the other instances, whose halt caches then
  // refresh instead of waiting for their expiry (so the leader's next tick agrees).
  const stopListening = market.onHaltChange((change) => {
    void publisher
      ?.publishTickerNow(change.symbol)
      .catch((error: unknown) => app.log.warn({ err: error }, 'stream: pushing a halt change failed'));
    const message: HaltMessage = { symbol: change.symbol, instance: instanceId };
    void app.pubsub.publish(topics.halt(), message).catch(() => undefined);
  });
  const unsubscribeHalts = await app.pubsub.subscribe(topics.halt(), (message) => {
    if ((message as HaltMessage).instance === instanceId) return;
    void market.halts.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'stream: refreshing halts failed'));
  });
  app.addHook('onClose', async () => {
    stopListening();
    await unsubscribeHalts();
  });
};
