// Model-based: random sequences of place (every type, by quantity or USD amount, regular or
// extended hours, GOOD_TILL_CANCEL or GOOD_TILL_MARKET_CLOSE), cancel, amend, ticks and the market
// clock moving on (sessions change, orders expire at the close) through the HTTP routes and the
// engine's matcher. After every command the ledger's audit is clean and every open order's hold
// covers what it still needs; after the runs no call answered 5xx, no execution failed, and every
// balance is the funding plus the fills.
import { US_STOCK_PATHS, usStockOrderCancelPath, usStockOrderPath, type Order } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund } from '../fx-wallet/test-support';
import { sharesOf, usdOf } from './rules';
import { NY, SETUP_TIMEOUT_MS, TEST_ENV, call, errorCodeOf, expectReconciled, ordersOf, setClock, shares, stockId, usTick, usTrader, usd } from './test-support';

const MID = 270;
const price = (offsetCents: number) => new Decimal(MID).plus(new Decimal(offsetCents).div(100)).toFixed(2);

type Place = {
  t: 'place';
  u: number;
  side: 'BUY' | 'SELL';
  type: 'MARKET' | 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'OCO';
  byAmount: boolean;
  size: number;
  a: number;
  b: number;
  closeOnly: boolean;
  extended: boolean;
};
type Command = Place | { t: 'cancel'; i: number } | { t: 'amend'; i: number; a: number; size: number } | { t: 'tick'; offset: number } | { t: 'wait'; minutes: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('place' as const),
      u: fc.nat({ max: 1 }),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      type: fc.constantFrom('MARKET' as const, 'LIMIT' as const, 'STOP' as const, 'STOP_LIMIT' as const, 'OCO' as const),
      byAmount: fc.boolean(),
      size: fc.integer({ min: 1, max: 40 }),
      a: fc.integer({ min: 1, max: 300 }),
      b: fc.integer({ min: 1, max: 300 }),
      closeOnly: fc.boolean(),
      extended: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('amend' as const), i: fc.nat(), a: fc.integer({ min: -300, max: 300 }), size: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('tick' as const), offset: fc.integer({ min: -400, max: 400 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('wait' as const), minutes: fc.integer({ min: 10, max: 600 }) }) },
);

function body(c: Place, aapl: number): Record<string, unknown> {
  const size = c.byAmount ? { amount: String(c.size * 5) } : { quantity: new Decimal(c.size).div(10).toFixed() };
  const up = c.side === 'BUY' ? 1 : -1;
  const common = {
    stockId: aapl,
    ...size,
    timeInForce: c.closeOnly ? 'GOOD_TILL_MARKET_CLOSE' : 'GOOD_TILL_CANCEL',
    tradingHours: c.extended ? 'INCLUDE_EXTENDED_HOURS' : 'REGULAR_HOURS',
  };
  switch (c.type) {
    case 'MARKET':
      return { ...common, orderType: 'MARKET' };
    case 'LIMIT':
      return { ...common, orderType: 'LIMIT', unitPrice: price(-up * (c.a - 100)) };
    case 'STOP':
      return { ...common, orderType: 'STOP', stopPrice: price(up * c.a) };
    case 'STOP_LIMIT':
      return { ...common, orderType: 'STOP_LIMIT', stopPrice: price(up * c.a), unitPrice: price(up * (c.a + c.b - 100)) };
    case 'OCO':
      return { ...common, orderType: 'OCO', takeProfit: price(c.a), stopLoss: price(-c.b) };
  }
}

const ALLOWED_PLACE = new Set(['1117', '1116', '3704', '3705', '9600', '9601', '3801', '3803', '3806']);
const ALLOWED_AMEND = new Set(['1117', '1116', '002', '3704', '9600', '9601', '9605', '3801', '3803']);

describe('US stock orders, model-based', () => {
  let t: TestApp;
  let users: TestUser[];
  let aapl: number;
  let now: number = NY.regular;
  const funded = new Map<string, { usd: Decimal; aapl: Decimal }>();

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    t.app.market.steer('AAPL', { price: String(MID) });
    aapl = stockId(t.app, 'AAPL');
    users = [await usTrader(t.app), await usTrader(t.app)];
    for (const user of users) funded.set(user.userId, { usd: new Decimal(0), aapl: new Decimal(0) });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    t.app.market.clearSteer('AAPL');
    await t.close();
  });

  /** Tops a user up to $2,000 and 5 AAPL available, recording what was added. */
  async function topUp(user: TestUser): Promise<void> {
    const f = funded.get(user.userId)!;
    const cash = new Decimal((await usd(t.app, user.userId)).available);
    if (cash.lt(2000)) {
      const add = new Decimal(2000).minus(cash).toFixed(2);
      await fund(t.app, usdOf(user.userId), add);
      f.usd = f.usd.plus(add);
    }
    const held = new Decimal((await shares(t.app, user.userId, 'AAPL')).available);
    if (held.lt(5)) {
      const add = new Decimal(5).minus(held).toFixed();
      await fund(t.app, sharesOf(user.userId, 'AAPL'), add, 'INVENTORY');
      f.aapl = f.aapl.plus(add);
    }
  }

  it(
    'keeps the ledger reconciled after every place, cancel, amend, tick and expiry',
    async () => {
      const orderIds: { id: string; user: TestUser }[] = [];
      let serverErrors = 0;
      let failedExecutions = 0;
      const unexpected: string[] = [];
      const reached = new Set<string>();

      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 12 }), async (commands) => {
          now = NY.regular;
          await setClock(t.app, now);
          for (const user of users) await topUp(user);
          for (const c of commands) {
            if (c.t === 'place') {
              const user = users[c.u]!;
              const response = await call(t.app, user, 'POST', c.side === 'BUY' ? US_STOCK_PATHS.buy : US_STOCK_PATHS.sell, body(c, aapl));
              if (response.statusCode >= 500) serverErrors++;
              else if (response.statusCode === 200) for (const o of ordersOf(response)) orderIds.push({ id: o.id, user });
              else if (!ALLOWED_PLACE.has(errorCodeOf(response)) && !(errorCodeOf(response) === '3802' && c.extended)) unexpected.push(`place ${JSON.stringify(body(c, aapl))}: ${response.body}`);
            } else if (c.t === 'cancel' && orderIds.length > 0) {
              const { id, user } = orderIds[c.i % orderIds.length]!;
              const before = ((await call(t.app, user, 'GET', usStockOrderPath(id))).json() as { data: Order }).data;
              const response = await call(t.app, user, 'PUT', usStockOrderCancelPath(id), { stockId: aapl });
              if (response.statusCode >= 500) serverErrors++;
              const open = before.status === 'PENDING' || before.status === 'PARTIALLY_FILLED';
              if (response.statusCode !== (open ? 200 : 409)) unexpected.push(`cancel of ${before.status}: ${response.body}`);
            } else if (c.t === 'amend' && orderIds.length > 0) {
              const { id, user } = orderIds[c.i % orderIds.length]!;
              const before = ((await call(t.app, user, 'GET', usStockOrderPath(id))).json() as { data: Order }).data;
              const change: Record<string, string> = before.inputType === 'amount' ? { amount: String(c.size * 5) } : { quantity: new Decimal(c.size).div(10).toFixed() };
              if (before.limitPrice) change.unitPrice = new Decimal(before.limitPrice).plus(new Decimal(c.a).div(100)).toFixed(2);
              else if (before.stopPrice) change.stopPrice = new Decimal(before.stopPrice).plus(new Decimal(c.a).div(100)).toFixed(2);
              const response = await call(t.app, user, 'PATCH', usStockOrderPath(id), change);
              if (response.statusCode >= 500) serverErrors++;
              else if (response.statusCode !== 200 && !ALLOWED_AMEND.has(errorCodeOf(response))) unexpected.push(`amend ${JSON.stringify(change)}: ${response.body}`);
              const open = before.status === 'PENDING' || before.status === 'PARTIALLY_FILLED';
              if (!open && response.statusCode === 200) unexpected.push(`amended a ${before.status} order`);
            } else if (c.t === 'tick') {
              const report = await t.app.trading.matcher.tick([usTick('AAPL', price(c.offset), '3')]);
              failedExecutions += report.failed;
            } else if (c.t === 'wait') {
              now += c.minutes * 60_000;
              await setClock(t.app, now);
              const report = await t.app.trading.matcher.tick([usTick('AAPL', price(0), '3')]);
              failedExecutions += report.failed;
            }
            await expectReconciled(t.app, users.map((u) => u.userId));
          }
          expect({ serverErrors, failedExecutions, unexpected }).toEqual({ serverErrors: 0, failedExecutions: 0, unexpected: [] });
        }),
        { numRuns: Number(process.env.MODEL_RUNS ?? 15) },
      );

      for (const { id, user } of orderIds) {
        const o = ((await call(t.app, user, 'GET', usStockOrderPath(id))).json() as { data: Order }).data;
        reached.add(`${o.status}${o.reason === 'EXPIRED' ? '/EXPIRED' : ''}`);
      }
      console.log(`us model: ${orderIds.length} orders, outcomes: ${[...reached].sort().join(', ')}`);
      expect(reached.has('SUCCESS')).toBe(true);

      // Balances are the funding plus the fills, to the cent and the share.
      for (const user of users) {
        const rows = (await t.app.database.db.execute(sql`
          select coalesce(sum(case when side = 'BUY' then -total else total end), 0)::text as usd,
                 coalesce(sum(case when side = 'BUY' then quantity else -quantity end), 0)::text as aapl
          from fills where user_id = ${user.userId} and market = 'USSTOCK'`)).rows[0] as { usd: string; aapl: string };
        const f = funded.get(user.userId)!;
        expect({ usd: (await usd(t.app, user.userId)).balance, aapl: (await shares(t.app, user.userId, 'AAPL')).balance }).toEqual({
          usd: f.usd.plus(rows.usd).toFixed(),
          aapl: f.aapl.plus(rows.aapl).toFixed(),
        });
      }
    },
    30 * 60_000,
  );
});
