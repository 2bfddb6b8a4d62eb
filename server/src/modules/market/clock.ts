// The market clock's admin rules (development and tests only; the routes do not exist in
// production) over `app.market.clock`, and its sharing: a change made on one instance is stored
// by it and announced on the bus; every other instance re-reads the stored setting.
import { randomUUID } from 'node:crypto';
import type { AdminClockBody, MarketClockView } from '@pasar/shared/contract';
import type { MarketClock } from '../../market/clock';
import { topics, type PubSub } from '../../pubsub';

const iso = (ms: number): string => new Date(ms).toISOString();

export function clockView(clock: MarketClock): MarketClockView {
  const s = clock.setting();
  return { now: iso(clock.now()), set: s !== null, at: s ? iso(s.at) : null, setAt: s ? iso(s.setAt) : null, frozen: s?.frozen ?? false };
}

/** Sets the clock to the body's instant (running or frozen), or clears it. */
export async function applyClock(clock: MarketClock, body: AdminClockBody): Promise<MarketClockView> {
  if ('clear' in body) await clock.clear();
  else await clock.set(Date.parse(body.at), { frozen: body.frozen === true });
  return clockView(clock);
}

interface ClockMessage {
  readonly instance: string;
}

/**
 * Announces this instance's clock changes and applies the others'. Returns the stop function.
 * `onError` hears a failed announcement or re-read.
 */
export async function shareClock(clock: MarketClock, pubsub: PubSub, onError: (error: unknown) => void): Promise<() => Promise<void>> {
  const instance = randomUUID();
  const stopListening = clock.onChange((_setting, origin) => {
    if (origin !== 'local') return;
    const message: ClockMessage = { instance };
    pubsub.publish(topics.clock(), message).catch(onError);
  });
  const unsubscribe = await pubsub.subscribe(topics.clock(), (raw) => {
    if ((raw as ClockMessage | null)?.instance === instance) return;
    clock.reload().catch(onError);
  });
  return async () => {
    stopListening();
    await unsubscribe();
  };
}
