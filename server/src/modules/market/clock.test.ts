// GET/POST /api/admin/market/clock: the operator's way to put the market at an instant in
// development and tests (every market call then answers for it), shared with the other
// instances (stored: an instance started later has it; with REDIS_URL, a running instance hears
// a change made on another), and absent in production.
import { randomUUID } from 'node:crypto';
import { MARKET_PATHS, MarketClockView, MarketStatusResponse, successEnvelope, Ticker } from '@pasar/shared/contract';
import type { PasarApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { PRODUCTION_TEST_ENV } from '../../testing/auth-fixture';

const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;
const EARLY_CLOSE_MINUS_ONE = '2026-11-27T12:59:00-05:00';

describe('the market clock control', () => {
  let t: TestApp;
  const redis: Record<string, string> = REDIS_URL ? { REDIS_URL, REDIS_PREFIX: `pasar-test-${randomUUID()}:` } : {};
  beforeAll(async () => {
    t = await createTestApp({ env: redis });
  });
  afterEach(async () => {
    await t.app.market.clock.clear();
  });
  afterAll(() => t.close());

  const admin = (app: PasarApp) => ({ 'x-admin-token': app.adminToken });
  const setClock = (payload: unknown, app: PasarApp = t.app, headers: Record<string, string> = admin(app)) =>
    app.inject({ method: 'POST', url: MARKET_PATHS.adminClock, headers, payload: payload as object });
  const showClock = async (app: PasarApp = t.app) =>
    successEnvelope(MarketClockView).parse((await app.inject({ method: 'GET', url: MARKET_PATHS.adminClock, headers: admin(app) })).json()).data;
  const status = async (market: 'USSTOCK' | 'IDSS', app: PasarApp = t.app) =>
    successEnvelope(MarketStatusResponse).parse((await app.inject({ method: 'GET', url: `${MARKET_PATHS.status}?market=${market}` })).json()).data;

  it('puts the market at an instant: the status, tickers and app.market.now() answer for it', async () => {
    const response = await setClock({ at: EARLY_CLOSE_MINUS_ONE, frozen: true });
    expect(response.statusCode).toBe(200);
    const view = successEnvelope(MarketClockView).parse(response.json()).data;
    expect(view).toMatchObject({ set: true, frozen: true, at: '2026-11-27T17:59:00.000Z', now: '2026-11-27T17:59:00.000Z' });
    expect(t.app.market.now()).toBe(Date.parse(EARLY_CLOSE_MINUS_ONE));

    const us = await status('USSTOCK');
    expect(us).toMatchObject({ state: 'OPEN', now: '2026-11-27T17:59:00.000Z', earlyClose: true, nextChangeAt: '2026-11-27T18:00:00.000Z', nextState: 'POST_MARKET' });
    const aapl = successEnvelope(Ticker).parse((await t.app.inject({ method: 'GET', url: `${MARKET_PATHS.ticker}?symbol=AAPL` })).json()).data;
    expect(aapl.marketState).toBe('OPEN');

    // A minute later (set again, frozen): the early close has come.
    await setClock({ at: '2026-11-27T13:00:00-05:00', frozen: true });
    expect((await status('USSTOCK')).state).toBe('POST_MARKET');
    // Thanksgiving: closed all day.
    await setClock({ at: '2026-11-26T11:00:00-05:00', frozen: true });
    expect(await status('USSTOCK')).toMatchObject({ state: 'CLOSED', holiday: 'Thanksgiving Day' });

    const cleared = await setClock({ clear: true });
    expect(successEnvelope(MarketClockView).parse(cleared.json()).data).toMatchObject({ set: false, at: null, frozen: false });
    expect(Math.abs(t.app.market.now() - Date.now())).toBeLessThan(60_000);
  });

  it('starts a halt at the market instant: the halted symbol stays as it was then', async () => {
    await setClock({ at: '2026-11-30T11:00:00-05:00', frozen: true });
    const ticker = async () => successEnvelope(Ticker).parse((await t.app.inject({ method: 'GET', url: `${MARKET_PATHS.ticker}?symbol=MSFT` })).json()).data;
    const before = await ticker();
    const halted = await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminHalt, headers: admin(t.app), payload: { symbol: 'MSFT' } });
    expect(halted.json()).toMatchObject({ data: { halted: true, haltedAt: '2026-11-30T16:00:00.000Z' } });
    await setClock({ at: '2026-11-30T14:00:00-05:00', frozen: true });
    const after = await ticker();
    expect(after.marketState).toBe('HALTED');
    expect(after.price).toBe(before.price);
    await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminResume, headers: admin(t.app), payload: { symbol: 'MSFT' } });
    expect((await ticker()).marketState).toBe('OPEN');
  });

  it('runs on from the set instant unless frozen', async () => {
    await setClock({ at: EARLY_CLOSE_MINUS_ONE });
    const view = await showClock();
    expect(view.set).toBe(true);
    expect(view.frozen).toBe(false);
    const setting = t.app.market.clock.setting()!;
    // Running: now = at + (wall − setAt), never before the set instant.
    expect(t.app.market.now()).toBeGreaterThanOrEqual(setting.at);
    expect(Date.parse(view.at!)).toBe(Date.parse(EARLY_CLOSE_MINUS_ONE));
  });

  it('needs the operator token and a well-formed instant with an offset', async () => {
    expect((await setClock({ at: EARLY_CLOSE_MINUS_ONE }, t.app, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: MARKET_PATHS.adminClock })).statusCode).toBe(401);
    for (const payload of [
      {},
      { at: '2026-11-27 12:59' },
      { at: '2026-11-27T12:59:00' },
      { at: '2026-13-45T12:59:00Z' },
      { at: EARLY_CLOSE_MINUS_ONE, clear: true },
      { clear: false },
      { at: EARLY_CLOSE_MINUS_ONE, frozen: 'yes' },
    ]) {
      const response = await setClock(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', error_code: '002' });
    }
    expect(t.app.market.clock.setting()).toBeNull();
  });

  it('is stored: an instance started later is at the same instant', async () => {
    await setClock({ at: EARLY_CLOSE_MINUS_ONE, frozen: true });
    const later = await t.sibling(redis);
    expect(later.market.now()).toBe(Date.parse(EARLY_CLOSE_MINUS_ONE));
    expect((await status('USSTOCK', later)).nextChangeAt).toBe('2026-11-27T18:00:00.000Z');
  });

  // Only with Redis (the Postgres + Redis run): in-process buses are one per instance.
  if (REDIS_URL) {
    it('is shared over Redis: a change on one instance reaches a running other', async () => {
      const other = await t.sibling(redis);
      await setClock({ at: '2026-11-30T09:29:00-05:00', frozen: true }, other);
      await eventually(() => t.app.market.now() === Date.parse('2026-11-30T09:29:00-05:00'));
      await setClock({ clear: true }, other);
      await eventually(() => t.app.market.clock.setting() === null);
    });
  }

  it('does not exist in production, where the market is on the wall clock', async () => {
    const production = await t.sibling({ ...PRODUCTION_TEST_ENV, PASAR_MODE: 'production' });
    await setClock({ at: EARLY_CLOSE_MINUS_ONE, frozen: true });
    const post = await setClock({ at: EARLY_CLOSE_MINUS_ONE }, production);
    expect(post.statusCode).toBe(404);
    const get = await production.inject({ method: 'GET', url: MARKET_PATHS.adminClock, headers: admin(production) });
    expect(get.statusCode).toBe(404);
    // The stored development setting is not read by a production instance.
    expect(production.market.clock.adjustable).toBe(false);
    expect(Math.abs(production.market.now() - Date.now())).toBeLessThan(60_000);
  });
});

/** Waits for a message to cross the bus (polls the condition; fails after a generous bound). */
async function eventually(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition did not come true');
}
