// Price alerts end to end on the real app: the crossing rules (up, down, a jump across, a hovering
// price, repeating alerts re-arming only after the price went back), delivery once per crossing
// (two instances on one database, a restart between the crossing and its delivery), the live event,
// and every refusal with nothing changed.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, IDENTITY_PATHS, type DevInboxResponse, type NotificationPage, type PriceAlert, type PriceAlertsResponse } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { topics } from '../../pubsub/topics';
import { AlertEngine } from './engine';
import { alertEngineOf } from '.';
import { pricePaths } from './price-path';
import { createPriceAlertRepo } from './repo';
import { secondInstance } from '../../testing/second-instance';
import { call, dataOf, errorCodeOf, SETUP_TIMEOUT_MS, TEST_ENV, until } from './test-support';

const SYMBOL = 'BTC-IDR';
const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;
const WEBHOOK_SECRET = 'telegram-webhook-secret-for-alert-tests';

describe('price alerts', () => {
  let t: TestApp;
  let user: TestUser;
  let tick: string;
  const PRICE = '1500000000';
  const at = (ticks: number) => plain(new TradingDecimal(PRICE).plus(new TradingDecimal(tick).times(ticks)));

  beforeAll(async () => {
    const redis: Record<string, string> = REDIS_URL ? { REDIS_URL, REDIS_PREFIX: `pasar-test-${randomUUID()}:` } : {};
    t = await createTestApp({ env: { ...TEST_ENV, ...redis, TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    tick = t.app.market.instrument(SYMBOL)!.tickSize;
    t.app.market.steer(SYMBOL, { price: PRICE });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUpTestUser(t.app);
  });

  const engine = () => alertEngineOf(t.app);
  const create = (body: Record<string, unknown>, u: TestUser = user) => call(t.app, u, 'POST', '/api/price-alerts', { symbol: SYMBOL, ...body });
  const created = async (body: Record<string, unknown>) => dataOf<PriceAlert>(await create(body));
  const alertsOf = async (u: TestUser = user) => dataOf<PriceAlertsResponse>(await call(t.app, u, 'GET', '/api/price-alerts')).items;
  const notifications = async (u: TestUser = user) =>
    dataOf<NotificationPage>(await call(t.app, u, 'GET', '/api/notifications?type=PRICE_ALERT&size=50')).items;
  const ticks = async (...prices: string[]) => {
    let fired = 0;
    for (const last of prices) fired += (await engine().tick([{ symbol: SYMBOL, last }])).fired;
    return fired;
  };

  it('fires once when the price crosses up to the target, links to the asset, and is TRIGGERED after', async () => {
    const alert = await created({ targetPrice: at(10), direction: 'UP', note: 'take profit' });
    expect(alert).toMatchObject({ status: 'ACTIVE', direction: 'UP', priceAtCreation: PRICE, triggerCount: 0, createFromChart: false });
    expect(await ticks(at(5), at(9))).toBe(0);
    expect(await notifications()).toHaveLength(0);
    expect(await ticks(at(10))).toBe(1);
    expect(await ticks(at(12), at(3), at(10))).toBe(0);
    const [note] = await notifications();
    expect(note).toMatchObject({ type: 'PRICE_ALERT', link: { kind: 'ASSET', symbol: SYMBOL, assetType: 'CRYPTO', orderId: null } });
    expect(note!.body).toContain('take profit');
    expect(await notifications()).toHaveLength(1);
    const [after] = await alertsOf();
    expect(after).toMatchObject({ status: 'TRIGGERED', triggerCount: 1, lastTriggeredPrice: at(10) });
    expect(engine().has(alert.id)).toBe(false);
  });

  it('fires on a crossing down, and on a jump across the target between two ticks', async () => {
    await created({ targetPrice: at(-10), direction: 'DOWN' });
    await created({ targetPrice: at(20), direction: 'EITHER' });
    expect(await ticks(at(-9))).toBe(0);
    expect(await ticks(at(-11))).toBe(1); // down through -10 without touching it
    expect(await ticks(at(25))).toBe(1); // one jump from -11 to 25 across 20
    const items = await notifications();
    expect(items.map((n) => n.body).join(' ')).toMatch(/turun ke|fell to/);
    expect(items).toHaveLength(2);
  });

  it('an UP alert made below the price first waits for the price to go under it (no firing), then fires crossing up', async () => {
    await created({ targetPrice: at(-5), direction: 'UP' }); // target below: waits to go down (no fire), then up
    expect(await ticks(at(-6))).toBe(0);
    expect(await ticks(at(-5))).toBe(1);
  });

  it('a repeating alert fires once per crossing: a hovering price fires once, it re-arms only after moving back', async () => {
    const alert = await created({ targetPrice: at(10), direction: 'UP', repeating: true });
    expect(await ticks(at(10), at(10), at(11), at(10), at(10))).toBe(1);
    expect(await ticks(at(10), at(12))).toBe(0); // never went back below
    expect(await ticks(at(9))).toBe(0); // back below: re-armed, not fired
    expect(await ticks(at(10))).toBe(1);
    const [after] = await alertsOf();
    expect(after).toMatchObject({ id: alert.id, status: 'ACTIVE', triggerCount: 2 });
    expect(await notifications()).toHaveLength(2);
  });

  it('sends the live event on the private stream topic with the crossing', async () => {
    const seen: unknown[] = [];
    const stop = await t.app.pubsub.subscribe(topics.user(user.userId, 'notifications'), (m) => seen.push(m));
    try {
      const alert = await created({ targetPrice: at(-3), direction: 'EITHER' });
      await ticks(at(-3));
      await new Promise((r) => setImmediate(r));
      expect(seen).toEqual([
        expect.objectContaining({
          type: 'notification',
          notification: expect.objectContaining({ type: 'PRICE_ALERT' }),
          alert: expect.objectContaining({ alertId: alert.id, crossed: 'DOWN', price: at(-3), crossing: 1, targetPrice: at(-3) }),
        }),
      ]);
    } finally {
      await stop();
    }
  });

  it('follows the notification settings: Telegram on and in-app off sends the chat one message per crossing (development inbox)', async () => {
    const link = dataOf<{ url: string }>(await call(t.app, user, 'POST', ACCOUNT_PATHS.telegramDeeplink));
    const chatId = String(880000 + Math.floor(Math.random() * 100000));
    const linked = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.telegramWebhook,
      payload: { token: new URL(link.url).searchParams.get('start')!, chatId },
      headers: { 'x-telegram-webhook-secret': WEBHOOK_SECRET },
    });
    expect(linked.statusCode).toBe(200);
    dataOf(await call(t.app, user, 'PUT', ACCOUNT_PATHS.notificationSettings, { items: [{ type: 'PRICE_ALERT', inApp: false, email: false, telegram: true }] }));
    await created({ targetPrice: at(2), direction: 'UP' });
    expect(await ticks(at(3))).toBe(1);
    await engine().sweep();
    const inbox = ((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devInbox, query: { to: chatId } })).json() as { data: DevInboxResponse }).data.messages;
    const alerts = inbox.filter((m) => m.body.includes(SYMBOL) && m.channel === 'telegram');
    expect(alerts).toHaveLength(1);
    expect(await notifications()).toHaveLength(0);
  });

  it('two instances on one database and one bus: the index follows over pub/sub, a steer across the target delivers once', async () => {
    const symbol = 'ETH-IDR';
    const { app: other, close } = await secondInstance(t, TEST_ENV, { sameBus: true });
    try {
      const step = t.app.market.instrument(symbol)!.tickSize;
      const base = t.app.market.ticker(symbol).price;
      const near = (ticks: number) => plain(new TradingDecimal(base).plus(new TradingDecimal(step).times(ticks)));
      const steer = async (price: string) => {
        t.app.market.steer(symbol, { price });
        // The steer reaches the other instance over the bus (the stream module applies it there).
        await until(() => other.market.ticker(symbol).price === price, `the other instance sees ${symbol} at ${price}`);
      };
      // Both instances evaluate every symbol with alerts at its price now, at once; what this user's alert did.
      const both = async () => {
        await Promise.all([engine().tick(), alertEngineOf(other).tick()]);
        await Promise.all([engine().sweep(), alertEngineOf(other).sweep()]);
        return { crossings: (await alertsOf())[0]!.triggerCount, delivered: (await notifications()).length };
      };
      await steer(base);
      // Made on the first instance: the second takes it into its index from the bus, not by a reload.
      const alert = await created({ symbol, targetPrice: near(10), direction: 'UP', repeating: true });
      await until(() => alertEngineOf(other).has(alert.id), 'the other instance indexes the new alert');
      expect(await both()).toEqual({ crossings: 0, delivered: 0 });
      // Moved on the second instance: the first re-reads it (a tick at the old target no longer reaches it).
      dataOf(await call(other, user, 'PATCH', `/api/price-alerts/${alert.id}`, { targetPrice: near(20) }));
      const at = (app: typeof other, price: string) => alertEngineOf(app).hitsOf(symbol, price).some((r) => r.id === alert.id);
      await until(() => !at(t.app, near(10)) && at(t.app, near(20)), 'the first instance follows the moved target');
      expect(at(other, near(10))).toBe(false);
      // The steer across the target, evaluated by both instances at once: one crossing, one notification.
      await steer(near(25));
      expect(await both()).toEqual({ crossings: 1, delivered: 1 });
      expect(await both()).toEqual({ crossings: 1, delivered: 1 });
      expect(await notifications()).toEqual([expect.objectContaining({ type: 'PRICE_ALERT', link: expect.objectContaining({ symbol }) })]);
      expect((await alertsOf())[0]).toMatchObject({ id: alert.id, status: 'ACTIVE', lastTriggeredPrice: near(25) });
      // Both indexes hold the re-armed alert (waiting to go back down): back under and up again is one more.
      await steer(near(15));
      expect(await both()).toEqual({ crossings: 1, delivered: 1 });
      await steer(near(21));
      expect(await both()).toEqual({ crossings: 2, delivered: 2 });
      // Deleted on the first instance: the second drops it from its index.
      dataOf(await call(t.app, user, 'DELETE', `/api/price-alerts/${alert.id}`));
      await until(() => !alertEngineOf(other).has(alert.id), 'the other instance drops the deleted alert');
    } finally {
      t.app.market.clearSteer(symbol);
      await close();
    }
  });

  describe('between two evaluations', () => {
    const symbol = 'SOL-IDR';
    const START = Date.parse('2026-11-20T03:00:00Z');
    const priceAt = (at: number) => t.app.market.ticker(symbol, at).price;
    afterEach(() => t.app.market.clock.clear());

    /** A span from `from` in which the price rises above both ends (sampled each second): its end and the peak. */
    function spanWithPeak(): { from: number; peak: string; to: number } {
      for (let from = START; from < START + 3_600_000; from += 600_000) {
        const p = Array.from({ length: 121 }, (_, s) => Number(priceAt(from + s * 1000)));
        let j = 1;
        for (let s = 2; s < 120; s++) if (p[s]! > p[j]!) j = s;
        if (p[j]! <= p[0]!) continue;
        for (let k = j + 1; k <= 120; k++) if (p[k]! < p[j]!) return { from, peak: priceAt(from + j * 1000), to: from + k * 1000 };
      }
      throw new Error(`no rise and fall of ${symbol} found`);
    }

    it('the path since the last evaluation holds every high and low of the price in between', () => {
      const { pathOf, stop } = pricePaths(t.app.market);
      try {
        const { from, to } = spanWithPeak();
        const path = pathOf(symbol, from, to)!;
        expect(path.at(-1)).toEqual({ at: to, last: priceAt(to) });
        const values = [priceAt(from), ...path.map((p) => p.last)].map(Number);
        // Sampled every 250 ms, the price never leaves the path's range, and the path's extremes are prices it had.
        const sampled: number[] = [];
        for (let at = from; at <= to; at += 250) sampled.push(Number(priceAt(at)));
        expect(Math.max(...sampled)).toBeLessThanOrEqual(Math.max(...values));
        expect(Math.min(...sampled)).toBeGreaterThanOrEqual(Math.min(...values));
        expect(path.every((p, i) => p.at > from && p.at <= to && (i === 0 || p.at > path[i - 1]!.at))).toBe(true);
        // A span with a steer in it, or too long, is the price at its end only.
        expect(pathOf(symbol, from, from + 10 * 60_000)).toBeNull();
        t.app.market.steer(symbol, { price: priceAt(to), since: from });
        expect(pathOf(symbol, from, to)).toBeNull();
      } finally {
        t.app.market.clearSteer(symbol);
        stop();
      }
    });

    it('a price that crosses the target and comes back between two evaluations fires once; an alert made after the peak does not', async () => {
      const { from, peak, to } = spanWithPeak();
      await t.app.market.clock.set(from, { frozen: true });
      const before = await created({ symbol, targetPrice: peak, direction: 'UP' });
      await engine().tick();
      await t.app.market.clock.set(to, { frozen: true });
      // Made once the price came back down: the peak before it is not its crossing.
      const after = await created({ symbol, targetPrice: peak, direction: 'UP' });
      // Both evaluations read a price under the target: only the path between them reached it.
      expect([priceAt(from), priceAt(to)].every((p) => new TradingDecimal(p).lt(peak))).toBe(true);
      await engine().tick();
      await engine().tick();
      const byId = new Map((await alertsOf()).map((a) => [a.id, a]));
      expect(byId.get(before.id)).toMatchObject({ status: 'TRIGGERED', triggerCount: 1 });
      expect(new TradingDecimal(byId.get(before.id)!.lastTriggeredPrice!).gte(peak)).toBe(true);
      expect(byId.get(after.id)).toMatchObject({ status: 'ACTIVE', triggerCount: 0 });
      await engine().sweep();
      expect(await notifications()).toHaveLength(1);
    });
  });

  it('a crossing recorded before a restart is delivered once after it', async () => {
    const alert = await created({ targetPrice: at(4), direction: 'UP' });
    // An instance that records the crossing and dies before delivering it.
    const crashing = new AlertEngine({
      repo: createPriceAlertRepo(t.app.database.db),
      lastPrice: () => null,
      pubsub: t.app.pubsub,
      log: t.app.log,
      notify: () => Promise.reject(new Error('process died')),
      intervalMs: 0,
      now: () => new Date(t.app.market.now()),
    });
    await crashing.reload();
    expect((await crashing.tick([{ symbol: SYMBOL, last: at(4) }])).fired).toBe(1);
    expect(await notifications()).toHaveLength(0);
    // The next instance delivers it on start (its sweep), once, however often it sweeps.
    const restarted = await t.sibling(TEST_ENV);
    await alertEngineOf(restarted).sweep();
    await Promise.all([alertEngineOf(restarted).sweep(), engine().sweep()]);
    const items = await notifications();
    expect(items).toHaveLength(1);
    expect((await alertsOf())[0]).toMatchObject({ id: alert.id, status: 'TRIGGERED', triggerCount: 1 });
  });

  it('edits: a moved target re-arms against the price now; note, direction and repeating change', async () => {
    const alert = await created({ targetPrice: at(10), direction: 'UP' });
    await ticks(at(10));
    const moved = dataOf<PriceAlert>(await call(t.app, user, 'PATCH', `/api/price-alerts/${alert.id}`, { targetPrice: at(-10), direction: 'DOWN', note: 'dip', repeating: true }));
    expect(moved).toMatchObject({ status: 'ACTIVE', targetPrice: at(-10), direction: 'DOWN', note: 'dip', repeating: true, priceAtCreation: PRICE, triggerCount: 1 });
    expect(await ticks(at(-10))).toBe(1);
    const del = await call(t.app, user, 'DELETE', `/api/price-alerts/${alert.id}`);
    expect(dataOf(del)).toEqual({ deleted: true });
    expect(await alertsOf()).toHaveLength(0);
    expect(engine().has(alert.id)).toBe(false);
  });

  it('refuses a target off the tick (4101), at the price (4102), an unknown symbol (002), no login (401); nothing is made', async () => {
    const half = plain(new TradingDecimal(at(3)).plus(new TradingDecimal(tick).div(2)));
    expect(errorCodeOf(await create({ targetPrice: half }))).toBe('4101');
    expect(errorCodeOf(await create({ targetPrice: PRICE }))).toBe('4102');
    expect(errorCodeOf(await create({ symbol: 'NOPE-IDR', targetPrice: '1' }))).toBe('002');
    expect(errorCodeOf(await create({ targetPrice: at(3), direction: 'SIDEWAYS' }))).toBe('002');
    expect((await call(t.app, null, 'POST', '/api/price-alerts', { symbol: SYMBOL, targetPrice: at(3) })).statusCode).toBe(401);
    const alert = await created({ targetPrice: at(3) });
    expect(errorCodeOf(await call(t.app, user, 'PATCH', `/api/price-alerts/${alert.id}`, { targetPrice: PRICE }))).toBe('4102');
    expect(errorCodeOf(await call(t.app, user, 'PATCH', `/api/price-alerts/${alert.id}`, { targetPrice: half }))).toBe('4101');
    expect((await alertsOf()).map((a) => a.targetPrice)).toEqual([at(3)]);
  });

  it('refuses the alert past the limit (4103) and changes nothing', async () => {
    const { limits } = dataOf<PriceAlertsResponse>(await call(t.app, user, 'GET', '/api/price-alerts'));
    expect(limits.maxActive).toBe(5); // TEST_ENV's PRICE_ALERT_MAX_ACTIVE
    for (let i = 1; i <= limits.maxActive; i++) await created({ targetPrice: at(i) });
    const refused = await create({ targetPrice: at(-1) });
    expect(errorCodeOf(refused)).toBe('4103');
    expect(await alertsOf()).toHaveLength(limits.maxActive);
  });

  it("answers 404 with nothing revealed for another user's alert on every route, and changes nothing", async () => {
    const alert = await created({ targetPrice: at(6), note: 'mine' });
    const stranger = await signUpTestUser(t.app);
    const url = `/api/price-alerts/${alert.id}`;
    for (const [method, body] of [['GET', undefined], ['PATCH', { note: 'theirs' }], ['DELETE', undefined]] as const) {
      const answer = await call(t.app, stranger, method, url, body);
      expect(answer.statusCode).toBe(404);
      expect(errorCodeOf(answer)).toBe('003');
      expect(answer.body).not.toContain(alert.id);
    }
    expect(await alertsOf(stranger)).toEqual([]);
    expect(await alertsOf()).toEqual([expect.objectContaining({ id: alert.id, note: 'mine', status: 'ACTIVE' })]);
  });
});
