// The margin engine's bookkeeping, as a property: for any random sequence of opens, adds, partial
// closes, price moves, funding and liquidations, deposits and withdrawals, in cross or isolated
// margin (isolated margin added and removed), each wallet's change equals realized P&L − fees −
// funding ± transfers + what the insurance fund covered, and no user account ever goes below zero
// (the ledger's audit: every currency sums to zero). The runs as a whole must have liquidated.
import { FX_WALLET_PATHS } from '@pasar/shared/contract';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { PasarApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import { perpsOf } from './index';
import { PERP_BOOK, perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
const START = Date.parse('2026-11-24T01:00:00Z');
/** Runs of the property (each a fresh scenario for the same two traders, from empty wallets): about half a second each on PGlite. */
const RUNS = 20;

type Mode = 'CROSS' | 'ISOLATED';
type Step =
  | { kind: 'trade'; user: number; side: 'BUY' | 'SELL'; lots: number; leverage: number }
  | { kind: 'close'; user: number; part: number }
  | { kind: 'price'; move: number }
  | { kind: 'funding' }
  | { kind: 'deposit'; user: number; amount: number }
  | { kind: 'withdraw'; user: number; amount: number }
  | { kind: 'margin'; user: number; direction: 'ADD' | 'REMOVE'; amount: number };

const user = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('trade' as const), user, side: fc.constantFrom('BUY' as const, 'SELL' as const), lots: fc.integer({ min: 1, max: 40 }), leverage: fc.integer({ min: 2, max: 50 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('close' as const), user, part: fc.integer({ min: 1, max: 4 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('price' as const), move: fc.integer({ min: -15, max: 15 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('funding' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), user, amount: fc.integer({ min: 1, max: 200 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), user, amount: fc.integer({ min: 1, max: 300 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('margin' as const), user, direction: fc.constantFrom('ADD' as const, 'REMOVE' as const), amount: fc.integer({ min: 1, max: 40 }) }), weight: 1 },
);
const scenario = fc.record({ modes: fc.tuple(fc.constantFrom<Mode>('CROSS', 'ISOLATED'), fc.constantFrom<Mode>('CROSS', 'ISOLATED')), steps: fc.array(step, { minLength: 4, maxLength: 14 }) });

describe('margin engine bookkeeping (property)', () => {
  let t: TestApp;
  let app: PasarApp;
  /** The two traders every run uses (each run starts them flat and measures from their balances then). */
  let traders: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    app = t.app;
    traders = await Promise.all([verifiedUser(app, 'kyc'), verifiedUser(app, 'kyc')]);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('wallet change = realized P&L − fees − funding ± transfers + insured, cross and isolated; no account below zero; some runs liquidate', async () => {
    let run = 0;
    const seen = { liquidated: { CROSS: 0, ISOLATED: 0 }, runsLiquidating: 0, withdrawals: 0, refusedWithdrawals: 0, flips: 0 };
    const ids = () => traders.map((u) => u.userId);
    /** What the insurance fund has paid for each user so far (memo of the fills and charges). */
    const insuredSoFar = async () => {
      const out = ids().map(() => new Decimal(0));
      for (const h of await app.ledger.history({ house: 'INSURANCE_FUND', currency: 'USDT' }, { limit: 1000 })) {
        const v = h.memo.insured;
        const i = ids().indexOf(String(h.memo.userId));
        if (i >= 0 && typeof v === 'string') out[i] = out[i]!.plus(v);
      }
      return out;
    };
    const liquidationsSoFar = async () =>
      Promise.all(
        ids().map(async (id) => Number((await app.database.db.execute<{ n: number | string }>(sql`select count(*) as n from margin_events where kind = 'LIQUIDATION' and user_id = ${id}`)).rows[0]!.n)),
      );
    const walletOf = async (id: string) => new Decimal((await app.ledger.balance(perpAccount(id))).balance);

    await fc.assert(
      fc.asyncProperty(scenario, async ({ modes, steps }) => {
        run += 1;
        let now = START + run * 86_400_000;
        await app.market.clock.set(now, { frozen: true });
        let price = 20000;
        app.market.steer(BTC, { price: String(price) });
        const userIds = ids();
        for (const [i, id] of userIds.entries()) await app.margin.setMarginMode('PERPS', id, PERP_BOOK, BTC, modes[i]!);
        // Each run starts from an empty wallet (what the last run left goes back to the house).
        for (const id of userIds) {
          const left = await walletOf(id);
          if (left.gt(0)) await app.ledger.transfer({ key: `property-reset:${run}:${id}`, kind: 'TEST_FUNDING', legs: [{ from: perpAccount(id), to: { house: 'FX', currency: 'USDT' }, amount: left.toFixed() }] });
        }
        const start = await Promise.all(userIds.map(walletOf));
        const insuredBefore = await insuredSoFar();
        const liquidationsBefore = await liquidationsSoFar();
        const transfers = userIds.map(() => new Decimal(0));
        const booked = userIds.map(() => new Decimal(0)); // Σ realized − fees − funding, from the position rows
        for (const [i, id] of userIds.entries()) {
          await fund(app, perpAccount(id), '150', 'FX');
          transfers[i] = transfers[i]!.plus(150);
        }
        /** The position row's lifetime figures (reset when a position opens from flat or flips through zero). */
        const rowOf = async (id: string) => app.margin.settings('PERPS', id, PERP_BOOK, BTC);
        const figures = (r: Awaited<ReturnType<typeof rowOf>>) => new Decimal(r.realizedPnl).minus(r.feesPaid).minus(r.fundingPaid);
        /** The ended lives' records of a person (margin_position_history), key → realized − fees − funding. */
        const livesOf = async (id: string) =>
          new Map(
            (
              await app.database.db.execute<{ key: string; realized_pnl: string; fees: string; funding: string }>(
                sql`select key, realized_pnl, fees, funding from margin_position_history where user_id = ${id}`,
              )
            ).rows.map((r) => [r.key, new Decimal(r.realized_pnl).minus(r.fees).minus(r.funding)] as const),
          );
        const track = async (i: number, action: () => Promise<unknown>) => {
          const before = await rowOf(userIds[i]!);
          const livesBefore = await livesOf(userIds[i]!);
          const wasFlat = new Decimal(before.size).isZero();
          await action().catch((error: unknown) => {
            const code = (error as { code?: string }).code;
            if (!code) throw error; // refusals (1115, 4201, 4204, 4205, 4206, 4208, 3705) change nothing
          });
          const after = await rowOf(userIds[i]!);
          if (after.version === before.version) return;
          const flatNow = new Decimal(after.size).isZero();
          if (!wasFlat && !flatNow && new Decimal(before.size).isNegative() !== new Decimal(after.size).isNegative()) {
            // A flip: the old life ended with its record (this fill's P&L and fee in it), the row started over.
            const ended = [...(await livesOf(userIds[i]!)).entries()].filter(([key]) => !livesBefore.has(key));
            expect(ended).toHaveLength(1);
            seen.flips += 1;
            booked[i] = booked[i]!.plus(ended[0]![1]).minus(figures(before)).plus(figures(after));
            return;
          }
          // From flat the row starts over; otherwise its figures grew by this step.
          booked[i] = booked[i]!.plus(wasFlat && !flatNow ? figures(after) : figures(after).minus(figures(before)));
        };
        /** A pass that may touch every position (a mark, funding): each row's figures grew by it. */
        const trackAll = async (action: () => Promise<unknown>) => {
          const befores = await Promise.all(userIds.map(rowOf));
          await action();
          for (const [i, id] of userIds.entries()) {
            const after = await rowOf(id);
            if (after.version !== befores[i]!.version) booked[i] = booked[i]!.plus(figures(after).minus(figures(befores[i]!)));
          }
        };
        let n = 0;
        for (const s of steps) {
          n += 1;
          if (s.kind === 'trade') {
            await track(s.user, () =>
              perpsOf(app).service.place(userIds[s.user]!, `p${run}-${n}`, s.side, { symbol: BTC, orderType: 'MARKET', quantity: (s.lots / 1000).toFixed(3), reduceOnly: false, leverage: s.leverage }, 'en'),
            );
          } else if (s.kind === 'close') {
            const p = await app.margin.position('PERPS', userIds[s.user]!, PERP_BOOK, BTC);
            if (!p) continue;
            const q = new Decimal(p.quantity).times(s.part).div(4).toDecimalPlaces(3, Decimal.ROUND_DOWN);
            if (q.isZero()) continue;
            await track(s.user, () => perpsOf(app).service.close(userIds[s.user]!, `c${run}-${n}`, { symbol: BTC, orderType: 'MARKET', quantity: q.toFixed() }, 'en'));
          } else if (s.kind === 'price') {
            price = Math.max(1000, Math.round(price * (1 + s.move / 100)));
            app.market.steer(BTC, { price: String(price) });
            // Liquidations (and margin calls) on the new mark.
            await trackAll(() => perpsOf(app).watcher.tick());
          } else if (s.kind === 'funding') {
            now += 8 * 3_600_000;
            await app.market.clock.set(now, { frozen: true });
            app.market.steer(BTC, { price: String(price), since: now - 9 * 3_600_000 });
            await trackAll(() => perpsOf(app).watcher.fund(now));
          } else if (s.kind === 'deposit') {
            await fund(app, perpAccount(userIds[s.user]!), String(s.amount), 'FX');
            transfers[s.user] = transfers[s.user]!.plus(s.amount);
          } else if (s.kind === 'withdraw') {
            // To the user's spot USDT, through the wallet's call: refused beyond what margin in use leaves.
            const before = await walletOf(userIds[s.user]!);
            const response = await app.inject({
              method: 'POST',
              url: FX_WALLET_PATHS.perpMarginWithdraw,
              payload: { target: 'USDT', amount: String(s.amount) },
              headers: { ...traders[s.user]!.headers, 'x-language-code': 'en', 'x-request-id': `w${run}-${n}` },
            });
            if (response.statusCode === 200) {
              transfers[s.user] = transfers[s.user]!.minus(s.amount);
              seen.withdrawals += 1;
            } else {
              expect(response.statusCode).toBeLessThan(500);
              expect((await walletOf(userIds[s.user]!)).toFixed()).toBe(before.toFixed());
              seen.refusedWithdrawals += 1;
            }
          } else {
            // Isolated margin moved in or out of a position: the wallet's balance does not change.
            await track(s.user, () => app.margin.adjustMargin('PERPS', userIds[s.user]!, PERP_BOOK, BTC, s.direction, String(s.amount), `m${run}-${n}`));
          }
        }
        const insuredAfter = await insuredSoFar();
        for (const [i, id] of userIds.entries()) {
          const change = (await walletOf(id)).minus(start[i]!);
          const insured = insuredAfter[i]!.minus(insuredBefore[i]!);
          expect(`${i} (${modes[i]}): ${change.toFixed()}`).toBe(`${i} (${modes[i]}): ${booked[i]!.plus(transfers[i]!).plus(insured).toFixed()}`);
        }
        const audit = await app.ledger.audit();
        expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? 0).toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
        const liquidated = (await liquidationsSoFar()).map((count, i) => count - liquidationsBefore[i]!);
        for (const [i, count] of liquidated.entries()) seen.liquidated[modes[i]!] += count;
        if (liquidated.some((count) => count > 0)) seen.runsLiquidating += 1;
        // The next run starts flat.
        for (const [i, id] of userIds.entries()) {
          if (await app.margin.position('PERPS', id, PERP_BOOK, BTC)) await perpsOf(app).service.close(id, `end${run}-${i}`, { symbol: BTC, orderType: 'MARKET' }, 'en');
        }
        app.market.clearSteer(BTC);
      }),
      { numRuns: RUNS, seed: 12 },
    );
    // The generated runs reached what the invariant is about: liquidations, isolated positions, withdrawals taken and refused, flips through zero.
    expect(run).toBe(RUNS);
    expect({
      runsLiquidating: seen.runsLiquidating >= 3,
      cross: seen.liquidated.CROSS > 0,
      isolated: seen.liquidated.ISOLATED > 0,
      withdrawn: seen.withdrawals > 0,
      refused: seen.refusedWithdrawals > 0,
      flipped: seen.flips > 0,
    }).toEqual({ runsLiquidating: true, cross: true, isolated: true, withdrawn: true, refused: true, flipped: true });
  }, 600_000);
});
