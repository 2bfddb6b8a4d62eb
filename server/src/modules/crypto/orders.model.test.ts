// Model-based: random sequences of place (every type, both sides, by quantity or amount), cancel,
// amend and ticks (prices and thin books, so orders fill partly), through the HTTP routes and the
// matcher. After every command: the ledger's audit is clean and every user's holds are exactly
// what their open orders hold. After every run: each order's published states follow the
// transition table (no state after a final one), no call answered 5xx, no execution failed, and
// every balance is the funding plus the fills.
import { CRYPTO_PATHS, cryptoOrderCancelPath, cryptoOrderPath, type CryptoOrder } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { topics } from '../../pubsub/topics';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { INITIAL_ORDER_STATE, ORDER_TRANSITIONS, isFinal, reachableStates, type OrderState } from '../../trading';
import { fund } from '../fx-wallet/test-support';
import { cryptoOf } from './index';
import { SETUP_TIMEOUT_MS, TEST_ENV, balance, call, cash, errorCodeOf, expectReconciled, ordersOf, spot, tickAt, trader } from './test-support';

const SYMBOL = 'BTC-IDR';
const MID = 1_500_000_000;
const STEP = 1_000_000;
const price = (offsetSteps: number) => String(MID + offsetSteps * STEP);

type Place = {
  t: 'place';
  u: number;
  side: 'BUY' | 'SELL';
  type: 'MARKET' | 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'OCO';
  byAmount: boolean;
  size: number;
  a: number;
  b: number;
};
type Command = Place | { t: 'cancel'; i: number } | { t: 'amend'; i: number; a: number; size: number } | { t: 'tick'; offset: number; depth: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('place' as const),
      u: fc.nat({ max: 1 }),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      type: fc.constantFrom('MARKET' as const, 'LIMIT' as const, 'STOP' as const, 'STOP_LIMIT' as const, 'OCO' as const),
      byAmount: fc.boolean(),
      size: fc.integer({ min: 1, max: 60 }),
      a: fc.integer({ min: 1, max: 60 }),
      b: fc.integer({ min: 1, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('amend' as const), i: fc.nat(), a: fc.integer({ min: -60, max: 60 }), size: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('tick' as const), offset: fc.integer({ min: -80, max: 80 }), depth: fc.integer({ min: 1, max: 30 }) }) },
);

/** The order request of a place command: prices on the side each type needs (stops wait, limits rest or cross). */
function body(c: Place): Record<string, string> {
  const size: Record<string, string> = c.byAmount
    ? { inputType: 'amount', amount: String(c.size * 100_000) }
    : { inputType: 'quantity', quantity: new Decimal(c.size).div(1000).toFixed() };
  const up = c.side === 'BUY' ? 1 : -1;
  switch (c.type) {
    case 'MARKET':
      return { orderType: 'MARKET', ...size };
    case 'LIMIT':
      return { orderType: 'LIMIT', ...size, limitPrice: price(-up * (c.a - 20)) };
    case 'STOP':
      return { orderType: 'STOP', ...size, stopPrice: price(up * c.a) };
    case 'STOP_LIMIT':
      return { orderType: 'STOP_LIMIT', ...size, stopPrice: price(up * c.a), limitPrice: price(up * (c.a + c.b - 20)) };
    case 'OCO':
      return { orderType: 'OCO', ...size, takeProfit: price(-up * c.a), stopLoss: price(up * c.b) };
  }
}

const ALLOWED_PLACE = new Set(['1115', '9504', '3704', '3705', '9600', '9601']);
const ALLOWED_AMEND = new Set(['1115', '9504', '002', '3704', '9600', '9601', '9605']);

const key = (s: OrderState) => `${s.status}/${s.exchangeStatus}`;
/** Whether `to` follows `from` by one or more events of the table. */
function follows(from: OrderState, to: OrderState): boolean {
  const seen = new Set([key(from)]);
  const queue = [from];
  while (queue.length > 0) {
    const s = queue.shift() as OrderState;
    for (const tr of ORDER_TRANSITIONS) {
      if (key(tr.from) !== key(s)) continue;
      if (key(tr.to) === key(to)) return true;
      if (!seen.has(key(tr.to))) {
        seen.add(key(tr.to));
        queue.push(tr.to);
      }
    }
  }
  return false;
}

describe('crypto orders, model-based', () => {
  let t: TestApp;
  let users: TestUser[];
  const funded = new Map<string, { idr: Decimal; btc: Decimal }>();
  const published = new Map<string, OrderState[]>();

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
    t.app.market.steer(SYMBOL, { price: String(MID) });
    users = [await trader(t.app), await trader(t.app)];
    for (const user of users) {
      funded.set(user.userId, { idr: new Decimal(0), btc: new Decimal(0) });
      await t.app.pubsub.subscribe(topics.user(user.userId, 'orders'), (message) => {
        const { order } = message as { order: CryptoOrder };
        published.set(order.id, [...(published.get(order.id) ?? []), { status: order.status, exchangeStatus: order.exchangeStatus }]);
      });
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    t.app.market.clearSteer(SYMBOL);
    await t.close();
  });

  /** Tops a user up to 300M IDR and 3 BTC (available), recording what was added. */
  async function topUp(user: TestUser): Promise<void> {
    const f = funded.get(user.userId)!;
    const idr = new Decimal((await balance(t.app, cash(user.userId))).available);
    if (idr.lt(300_000_000)) {
      const add = new Decimal(300_000_000).minus(idr).toFixed(0);
      await fund(t.app, cash(user.userId), add);
      f.idr = f.idr.plus(add);
    }
    const btc = new Decimal((await balance(t.app, spot(user.userId))).available);
    if (btc.lt(3)) {
      const add = new Decimal(3).minus(btc).toFixed();
      await fund(t.app, spot(user.userId), add, 'INVENTORY');
      f.btc = f.btc.plus(add);
    }
  }

  it(
    'never reaches an illegal transition; balances plus holds always reconcile with the ledger',
    async () => {
      const orderIds: { id: string; user: TestUser }[] = [];
      let serverErrors = 0;
      let failedExecutions = 0;
      const unexpected: string[] = [];

      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 14 }), async (commands) => {
          for (const user of users) await topUp(user);
          for (const c of commands) {
            if (c.t === 'place') {
              const user = users[c.u]!;
              const url = c.side === 'BUY' ? CRYPTO_PATHS.advancedBuy : CRYPTO_PATHS.advancedSell;
              const response = await call(t.app, user, 'POST', url, { symbol: SYMBOL, ...body(c) });
              if (response.statusCode >= 500) serverErrors++;
              else if (response.statusCode === 200) for (const o of ordersOf(response)) orderIds.push({ id: o.id, user });
              else if (!ALLOWED_PLACE.has(errorCodeOf(response))) unexpected.push(`place ${JSON.stringify(body(c))}: ${response.body}`);
            } else if (c.t === 'cancel' && orderIds.length > 0) {
              const { id, user } = orderIds[c.i % orderIds.length]!;
              const before = (await call(t.app, user, 'GET', cryptoOrderPath(id))).json() as { data: CryptoOrder };
              const response = await call(t.app, user, 'POST', cryptoOrderCancelPath(id));
              if (response.statusCode >= 500) serverErrors++;
              const open = before.data.status === 'PENDING' || before.data.status === 'PARTIALLY_FILLED';
              const expected = open ? 200 : 409;
              if (response.statusCode !== expected) unexpected.push(`cancel of ${before.data.status}: ${response.body}`);
              if (!open && errorCodeOf(response) !== (before.data.status === 'SUCCESS' ? '9603' : '9602')) unexpected.push(`cancel code: ${response.body}`);
            } else if (c.t === 'amend' && orderIds.length > 0) {
              const { id, user } = orderIds[c.i % orderIds.length]!;
              const before = ((await call(t.app, user, 'GET', cryptoOrderPath(id))).json() as { data: CryptoOrder }).data;
              const change: Record<string, string> =
                before.inputType === 'amount' ? { amount: String(c.size * 100_000) } : { quantity: new Decimal(c.size).div(1000).toFixed() };
              if (before.limitPrice) change.limitPrice = new Decimal(before.limitPrice).plus(c.a * STEP).toFixed();
              else if (before.stopPrice) change.stopPrice = new Decimal(before.stopPrice).plus(c.a * STEP).toFixed();
              const response = await call(t.app, user, 'PATCH', cryptoOrderPath(id), change);
              if (response.statusCode >= 500) serverErrors++;
              else if (response.statusCode !== 200 && !ALLOWED_AMEND.has(errorCodeOf(response))) unexpected.push(`amend ${JSON.stringify(change)}: ${response.body}`);
              const open = before.status === 'PENDING' || before.status === 'PARTIALLY_FILLED';
              if (!open && response.statusCode === 200) unexpected.push(`amended a ${before.status} order`);
            } else if (c.t === 'tick') {
              const report = await cryptoOf(t.app).matcher.tick([tickAt(SYMBOL, price(c.offset), { quantity: new Decimal(c.depth).div(1000).toFixed(), step: String(STEP / 4) })]);
              failedExecutions += report.failed;
            }
            await expectReconciled(t.app, users.map((u) => u.userId));
          }
          expect({ serverErrors, failedExecutions, unexpected }).toEqual({ serverErrors: 0, failedExecutions: 0, unexpected: [] });
        }),
        { numRuns: Number(process.env.MODEL_RUNS ?? 40) },
      );

      // Every published state is a pair the table reaches, each follows the one before it, and
      // nothing follows a final state.
      const valid = new Set(reachableStates().map(key));
      const illegal: string[] = [];
      for (const [id, states] of published) {
        if (!follows(INITIAL_ORDER_STATE, states[0]!)) illegal.push(`${id}: first state ${key(states[0]!)}`);
        states.forEach((s, i) => {
          if (!valid.has(key(s))) illegal.push(`${id}: unreachable ${key(s)}`);
          const prev = states[i - 1];
          if (prev && isFinal(prev)) illegal.push(`${id}: ${key(s)} after final ${key(prev)}`);
          else if (prev && key(prev) !== key(s) && !follows(prev, s)) illegal.push(`${id}: ${key(prev)} -> ${key(s)}`);
        });
      }
      expect(illegal).toEqual([]);
      // The runs reached the interesting states (enough runs make each of these all but certain).
      const reached = new Set([...published.values()].flat().map(key));
      // Only outcomes nearly every run reaches are required (prices follow the clock, so runs are not
      // reproducible); rarer ones (partial fills, rejections) have deterministic tests of their own.
      const outcomes = ['SUCCESS/SUCCESS', 'PENDING/ACCEPTED_FROM_EXCHANGE'];
      if (Number(process.env.MODEL_RUNS ?? 20) >= 20) expect(outcomes.filter((o) => !reached.has(o))).toEqual([]);
      expect([...reached].some((k) => k.startsWith('CANCELLED/'))).toBe(true);
      console.log(`model: ${published.size} orders, states reached: ${[...reached].sort().join(', ')}`);

      // Balances are the funding plus the fills, to the Rupiah and the unit.
      for (const user of users) {
        const rows = (await t.app.database.db.execute(sql`
          select coalesce(sum(case when side = 'BUY' then -total else total end), 0)::text as idr,
                 coalesce(sum(case when side = 'BUY' then quantity else -quantity end), 0)::text as btc
          from fills where user_id = ${user.userId}`)).rows[0] as { idr: string; btc: string };
        const f = funded.get(user.userId)!;
        expect({
          idr: (await balance(t.app, cash(user.userId))).balance,
          btc: (await balance(t.app, spot(user.userId))).balance,
        }).toEqual({ idr: f.idr.plus(rows.idr).toFixed(), btc: f.btc.plus(rows.btc).toFixed() });
      }
    },
    30 * 60_000,
  );
});
