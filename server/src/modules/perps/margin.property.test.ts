// The margin engine's bookkeeping, as a property: for any random sequence of opens, adds, partial
// closes, price moves, funding and liquidations (and margin moved in and out), each wallet's change
// equals realized P&L − fees − funding + transfers + what the insurance fund covered, and no user
// account ever goes below zero (the ledger's audit: every currency sums to zero).
import fc from 'fast-check';
import Decimal from 'decimal.js';
import type { PasarApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import { perpsOf } from './index';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
const START = Date.parse('2026-11-24T01:00:00Z');

type Step =
  | { kind: 'trade'; user: number; side: 'BUY' | 'SELL'; lots: number; leverage: number }
  | { kind: 'close'; user: number; part: number }
  | { kind: 'price'; move: number }
  | { kind: 'funding' }
  | { kind: 'deposit'; user: number; amount: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('trade' as const), user: fc.integer({ min: 0, max: 1 }), side: fc.constantFrom('BUY' as const, 'SELL' as const), lots: fc.integer({ min: 1, max: 8 }), leverage: fc.integer({ min: 2, max: 50 }) }),
  fc.record({ kind: fc.constant('close' as const), user: fc.integer({ min: 0, max: 1 }), part: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('price' as const), move: fc.integer({ min: -12, max: 12 }) }),
  fc.record({ kind: fc.constant('funding' as const) }),
  fc.record({ kind: fc.constant('deposit' as const), user: fc.integer({ min: 0, max: 1 }), amount: fc.integer({ min: 1, max: 200 }) }),
);

describe('margin engine bookkeeping (property)', () => {
  let t: TestApp;
  let app: PasarApp;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    app = t.app;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('wallet change = realized P&L − fees − funding + transfers + insured; no account below zero', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        run += 1;
        let now = START + run * 86_400_000;
        await app.market.clock.set(now, { frozen: true });
        let price = 20000;
        app.market.steer(BTC, { price: String(price) });
        const users = await Promise.all([verifiedUser(app, 'kyc'), verifiedUser(app, 'kyc')]);
        const ids = users.map((u) => u.userId);
        const transfers = ids.map(() => new Decimal(0));
        const booked = ids.map(() => new Decimal(0)); // Σ realized − fees − funding, from the position rows
        for (const [i, id] of ids.entries()) {
          await fund(app, perpAccount(id), '300', 'FX');
          transfers[i] = transfers[i]!.plus(300);
        }
        /** The position row's lifetime figures (reset when a position opens from flat). */
        const rowOf = async (id: string) => app.margin.settings('PERPS', id, PERP_BOOK, BTC);
        const figures = (r: Awaited<ReturnType<typeof rowOf>>) => new Decimal(r.realizedPnl).minus(r.feesPaid).minus(r.fundingPaid);
        const track = async (i: number, action: () => Promise<unknown>) => {
          const before = await rowOf(ids[i]!);
          const wasFlat = new Decimal(before.size).isZero();
          await action().catch((error: unknown) => {
            const code = (error as { code?: string }).code;
            if (!code) throw error; // refusals (1115, 4201, 4204, 4205, 3705) change nothing
          });
          const after = await rowOf(ids[i]!);
          if (after.version === before.version) return;
          const flatNow = new Decimal(after.size).isZero();
          // From flat the row starts over; otherwise its figures grew by this step.
          booked[i] = booked[i]!.plus(wasFlat && !flatNow ? figures(after) : figures(after).minus(figures(before)));
        };
        let n = 0;
        for (const s of steps) {
          n += 1;
          if (s.kind === 'trade') {
            await track(s.user, () =>
              perpsOf(app).service.place(ids[s.user]!, `p${run}-${n}`, s.side, { symbol: BTC, orderType: 'MARKET', quantity: (s.lots / 1000).toFixed(3), reduceOnly: false, leverage: s.leverage }, 'en'),
            );
          } else if (s.kind === 'close') {
            const p = await app.margin.position('PERPS', ids[s.user]!, PERP_BOOK, BTC);
            if (!p) continue;
            const q = new Decimal(p.quantity).times(s.part).div(4).toDecimalPlaces(3, Decimal.ROUND_DOWN);
            if (q.isZero()) continue;
            await track(s.user, () => perpsOf(app).service.close(ids[s.user]!, `c${run}-${n}`, { symbol: BTC, orderType: 'MARKET', quantity: q.toFixed() }, 'en'));
          } else if (s.kind === 'price') {
            price = Math.max(1000, Math.round(price * (1 + s.move / 100)));
            app.market.steer(BTC, { price: String(price) });
            // Liquidations (and margin calls) on the new mark.
            const befores = await Promise.all(ids.map(rowOf));
            await perpsOf(app).watcher.tick();
            await new Promise((r) => setImmediate(r));
            for (const [i, id] of ids.entries()) {
              const after = await rowOf(id);
              if (after.version !== befores[i]!.version) booked[i] = booked[i]!.plus(figures(after).minus(figures(befores[i]!)));
            }
          } else if (s.kind === 'funding') {
            now += 8 * 3_600_000;
            await app.market.clock.set(now, { frozen: true });
            app.market.steer(BTC, { price: String(price), since: now - 9 * 3_600_000 });
            const befores = await Promise.all(ids.map(rowOf));
            await perpsOf(app).watcher.fund(now);
            for (const [i, id] of ids.entries()) {
              const after = await rowOf(id);
              if (after.version !== befores[i]!.version) booked[i] = booked[i]!.plus(figures(after).minus(figures(befores[i]!)));
            }
          } else {
            await fund(app, perpAccount(ids[s.user]!), String(s.amount), 'FX');
            transfers[s.user] = transfers[s.user]!.plus(s.amount);
          }
        }
        for (const [i, id] of ids.entries()) {
          const wallet = new Decimal((await app.ledger.balance(perpAccount(id))).balance);
          // What the insurance fund paid for this user (memo of the fills and charges).
          let insured = new Decimal(0);
          for (const h of await app.ledger.history({ house: 'INSURANCE_FUND', currency: 'USDT' }, { limit: 1000 })) {
            const v = h.memo.insured;
            if (h.memo.userId === id && typeof v === 'string') insured = insured.plus(v);
          }
          expect(`${i}: ${wallet.toFixed()}`).toBe(`${i}: ${booked[i]!.plus(transfers[i]!).plus(insured).toFixed()}`);
          expect(wallet.gte(0)).toBe(true);
        }
        const audit = await app.ledger.audit();
        expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? 0).toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
        app.market.clearSteer(BTC);
      }),
      { numRuns: 6, seed: 12 },
    );
  }, 600_000);
});
