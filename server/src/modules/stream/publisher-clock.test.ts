// The market publisher on the market clock: trades are published from the market's now, and when
// the clock is set back (development) the streams start afresh instead of waiting for the market
// to pass the old marks.
import type { Trade } from '@pasar/shared/contract';
import { MarketClock } from '../../market/clock';
import { HaltRegistry } from '../../market/halts';
import { MarketRuntime } from '../../market/runtime';
import { MarketSimulator } from '../../market/simulator';
import { createMemoryPubSub, topics } from '../../pubsub';
import { MarketPublisher } from './publisher';
import { marketStreamSource } from './source';

const WALL = Date.parse('2026-11-25T10:00:00Z');

describe('the market publisher on the market clock', () => {
  it('publishes the trades of the market instant, and starts afresh when the clock is set back', async () => {
    const clock = new MarketClock({ wall: () => WALL, adjustable: true });
    const halts = new HaltRegistry({ openHalts: async () => [], halt: async () => { throw new Error('unused'); }, resume: async () => false }, 60_000, () => WALL);
    await halts.refresh();
    const market = new MarketRuntime(new MarketSimulator({ seed: 'pasar', now: () => clock.now() }), halts, clock);
    const pubsub = createMemoryPubSub();
    const received: Trade[][] = [];
    await pubsub.subscribe(topics.trades('AAPL'), (message) => received.push(message as Trade[]));
    const publisher = new MarketPublisher({ pubsub, source: marketStreamSource(market, () => market.now()), tickMs: 60_000 });
    await publisher.start();
    try {
      const at = (instant: string) => clock.set(Date.parse(instant), { frozen: true });
      await at('2026-11-30T10:00:00-05:00');
      await pubsub.publish(topics.streamInterest(), { instance: 'test', streams: [{ channel: 'trades', symbol: 'AAPL' }] });
      await at('2026-11-30T10:01:00-05:00');
      publisher.tick();
      await new Promise((resolve) => setImmediate(resolve));
      expect(received.length).toBeGreaterThan(0);
      const first = received.flat();
      expect(first.every((trade) => trade.t > Date.parse('2026-11-30T09:59:00-05:00') && trade.t <= Date.parse('2026-11-30T10:01:00-05:00'))).toBe(true);

      // Back ten days: new trades of that morning are published at once.
      received.length = 0;
      await at('2026-11-20T10:00:00-05:00');
      publisher.clockMoved();
      await at('2026-11-20T10:01:00-05:00');
      publisher.tick();
      await new Promise((resolve) => setImmediate(resolve));
      const again = received.flat();
      expect(again.length).toBeGreaterThan(0);
      expect(again.every((trade) => trade.t > Date.parse('2026-11-20T09:59:00-05:00') && trade.t <= Date.parse('2026-11-20T10:01:00-05:00'))).toBe(true);
    } finally {
      await publisher.stop();
      await pubsub.close();
    }
  });
});
