// The stream module: GET /api/stream (the WebSocket hub, with the users' private channels) and
// the market publisher, over the pub/sub bus (`app.pubsub`), the market feed (`app.market`) and
// the identity service (`app.identity`). Registered under `/api`.
import type { FastifyPluginAsync } from 'fastify';
import type { SteerState } from '../../market/runtime';
import { topics } from '../../pubsub';
import { identityAuthenticator } from './auth';
import { marketStreamSource } from './source';
import { wireStreams } from './wiring';

/** A halt or resume announced on the bus by the instance that handled it. */
interface HaltMessage {
  readonly symbol: string;
  readonly instance: string;
}

/** A steer set (or cleared: null) on one instance, applied as is by the others. */
interface SteerMessage {
  readonly symbol: string;
  readonly instance: string;
  readonly steer: SteerState | null;
}

export const streamModule: FastifyPluginAsync = async (app) => {
  const { market } = app;
  const { publisher, instanceId } = await wireStreams(app, {
    pubsub: app.pubsub,
    source: marketStreamSource(market, () => market.now()),
    conflateMs: app.config.stream.conflateMs,
    pingMs: app.config.stream.pingMs,
    tickMs: app.config.market.tickMs,
    authenticate: identityAuthenticator(app.identity),
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

  // A steer (development): the same, except that the other instances take the steer from the
  // message (it lives in memory only). `applying` keeps their echo off the bus.
  let applying = false;
  const stopSteerListening = market.onSteerChange((change) => {
    void publisher
      ?.publishTickerNow(change.symbol)
      .catch((error: unknown) => app.log.warn({ err: error }, 'stream: pushing a steer failed'));
    if (applying) return;
    const message: SteerMessage = { symbol: change.symbol, instance: instanceId, steer: change.steer };
    void app.pubsub.publish(topics.steer(), message).catch(() => undefined);
  });
  const unsubscribeSteers = await app.pubsub.subscribe(topics.steer(), (raw) => {
    const message = raw as SteerMessage;
    if (message.instance === instanceId || typeof message.symbol !== 'string' || app.config.mode === 'production') return;
    applying = true;
    try {
      if (message.steer) market.steer(message.symbol, { price: message.steer.price, since: message.steer.since, until: message.steer.until });
      else market.clearSteer(message.symbol);
    } catch (error) {
      app.log.warn({ err: error }, 'stream: applying a steer failed');
    } finally {
      applying = false;
    }
  });
  // The market clock set or cleared (development; here or on another instance): streams restart
  // from the market's new now.
  const stopClockListening = market.clock.onChange(() => publisher?.clockMoved());
  app.addHook('onClose', async () => {
    stopClockListening();
    stopListening();
    stopSteerListening();
    await unsubscribeHalts();
    await unsubscribeSteers();
  });
};
