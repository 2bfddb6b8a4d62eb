// The position snapshot kept by fills equals a full replay of the fills, property-style: random
// buys and sells over a few symbols (some fills made before the snapshot existed, built on the
// first read; the rest kept by the fill listener as the engine calls it) leave every snapshot row
// equal to replaying all the person's fills with the average-cost method.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser } from '../../testing/auth-fixture';
import { replayFills } from './average-cost';
import { portfolioPositions } from './tables';
import { fundCash, recordFill, type TestFill } from './test-support';
import { createSnapshotRepo } from './snapshot';

const SETUP_TIMEOUT_MS = 120_000;
const SYMBOLS = ['BTC-IDR', 'ETH-IDR', 'SOL-IDR'] as const;
const PRICES: Record<(typeof SYMBOLS)[number], number> = { 'BTC-IDR': 1_500_000_000, 'ETH-IDR': 55_000_000, 'SOL-IDR': 2_400_000 };

/** One step: a buy of `units` (in 1e-6), or a sale of `share` of what is held; the price moves by `move` percent. */
const step = fc.record({ symbol: fc.constantFrom(...SYMBOLS), sell: fc.boolean(), units: fc.integer({ min: 1, max: 5_000 }), share: fc.integer({ min: 1, max: 100 }), move: fc.integer({ min: -20, max: 20 }) });

describe('the position snapshot equals a full replay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('after random fills, some made before the snapshot existed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), fc.nat({ max: 14 }), async (steps, before) => {
        const user = await signUpTestUser(t.app);
        await fundCash(t.app, user.userId, '100000000000');
        const held = new Map<string, Decimal>();
        let at = Date.parse('2026-11-01T00:00:00Z');
        for (const [i, s] of steps.entries()) {
          const price = new Decimal(PRICES[s.symbol]).times(100 + s.move).div(100).toDecimalPlaces(0);
          const have = held.get(s.symbol) ?? new Decimal(0);
          const quantity = s.sell ? have.times(s.share).div(100).toDecimalPlaces(6, Decimal.ROUND_DOWN) : new Decimal(s.units).div(1_000_000);
          if (quantity.lte(0)) continue;
          const amount = quantity.times(price).toDecimalPlaces(0, Decimal.ROUND_UP);
          const fee = amount.times('0.001').toDecimalPlaces(0, Decimal.ROUND_UP);
          const tax = s.sell ? amount.times('0.0021').toDecimalPlaces(0, Decimal.ROUND_DOWN) : new Decimal(0);
          const total = s.sell ? amount.minus(fee).minus(tax) : amount.plus(fee);
          const fill: TestFill = { symbol: s.symbol, side: s.sell ? 'SELL' : 'BUY', quantity: quantity.toFixed(), price: price.toFixed(), amount: amount.toFixed(), fee: fee.toFixed(), tax: tax.toFixed(), total: total.toFixed(), executedAt: new Date((at += 60_000)).toISOString() };
          // The first `before` fills predate the snapshot: no listener ran for them.
          await recordFill(t.app, user.userId, fill, 'CRYPTO', { listen: i >= before });
          held.set(s.symbol, s.sell ? have.minus(quantity) : have.plus(quantity));
        }
        await createSnapshotRepo(t.app.database.db, (id) => t.app.trading.fillsOf(id, {})).positions(user.userId);
        const replay = replayFills(await t.app.trading.fillsOf(user.userId, { market: 'CRYPTO' })).positions;
        const rows = await t.app.database.db.select().from(portfolioPositions).where(eq(portfolioPositions.userId, user.userId));
        const snapshot = Object.fromEntries(rows.map((r) => [r.symbol, [r.quantity, r.costBasis, r.realizedPnl].map((v) => new Decimal(v).toFixed())]));
        const replayed = Object.fromEntries([...replay].map(([symbol, p]) => [symbol, [p.quantity, p.costBasis, p.realizedPnl].map((v) => v.toFixed())]));
        expect(snapshot).toEqual(replayed);
      }),
      { numRuns: 12, seed: 20261127 },
    );
  }, 300_000);
});
