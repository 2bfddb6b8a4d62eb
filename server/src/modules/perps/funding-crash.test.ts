// Funding survives a real crash: a server process is killed with SIGKILL in the middle of a
// funding sweep over many positions (inside one position's charge transaction), and the server
// started again on the same data completes the sweep. Every position open at the funding time is
// charged exactly once, at the funding time's mark and rate; the ledger audit is clean.
// PGlite by default; PostgreSQL (a schema of its own) with DATABASE_URL, and Redis with REDIS_URL.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createCrashWorld, type CrashWorld } from '../../testing/crash-world';
import { fund, verifiedUser } from '../fx-wallet/test-support';
import { fundingPayment, roundAgainstUser } from '../../trading/margin/math';
import { perpsOf } from './index';
import { perpAccount } from './rules';

const USERS = 4;
const KILL_AT = 15;
const ENV = { CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
const OPEN_AT = Date.parse('2026-11-23T15:00:00Z');
const FUNDING = Date.parse('2026-11-23T16:00:00Z');

interface ChargeRow {
  key: string;
  position_id: string;
  user_id: string;
  symbol: string;
  size: string;
  price: string;
  rate: string;
  amount: string;
}

describe('funding: SIGKILL in the middle of a sweep', () => {
  let world: CrashWorld;

  beforeAll(async () => {
    world = await createCrashWorld();
  });
  afterAll(() => world.close());

  it('the restarted server completes the sweep; every position is charged exactly once', async () => {
    const startedAt = Date.now();
    // The scene, set here: users with a long or short in every perp, the clock just past 16:00 UTC.
    const scene = await world.inProcess(ENV, async (app) => {
      await app.market.clock.set(OPEN_AT, { frozen: true });
      const symbols = app.market.instruments().filter((i) => i.kind === 'perps');
      const users: string[] = [];
      for (let u = 0; u < USERS; u += 1) {
        const user = await verifiedUser(app, 'kyc');
        users.push(user.userId);
        await fund(app, perpAccount(user.userId), '5000', 'FX');
        for (const [s, inst] of symbols.entries()) {
          // About 300 USDT of notional, in whole quantity steps.
          const price = new Decimal(app.market.ticker(inst.symbol, OPEN_AT).price);
          const quantity = new Decimal(300).div(price).div(inst.quantityStep).ceil().times(inst.quantityStep).toFixed();
          await perpsOf(app).service.place(user.userId, `open-${u}-${s}`, (u + s) % 2 === 0 ? 'BUY' : 'SELL', { symbol: inst.symbol, orderType: 'MARKET', quantity, reduceOnly: false, leverage: 10 }, 'en');
        }
      }
      await app.market.clock.set(FUNDING + 30_000, { frozen: true });
      const balances = await Promise.all(users.map(async (u) => new Decimal((await app.ledger.balance(perpAccount(u))).balance)));
      return { users, balances, symbols: symbols.map((i) => i.symbol) };
    });
    const positions = await world.withDatabase(async (database) => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from margin_positions where market = 'PERPS' and size <> 0`)).rows[0]!.n);
    expect(positions).toBe(USERS * scene.symbols.length);
    const setupMs = Date.now() - startedAt;

    // The first server funds on its first watcher cycle and dies in the KILL_AT-th charge's transaction.
    const first = await world.start({ MARGIN_WATCH_INTERVAL_MS: '50' }, { killAt: { sql: 'insert into "margin_charges"', param: 'perp:funding:', count: KILL_AT } });
    expect(await first.exited).toBe('SIGKILL');
    expect(first.output()).toContain(`kill-at: SIGKILL at statement ${KILL_AT}`);

    // What the killed process left: the charges it committed, and the sweep not marked complete.
    const left = await world.withDatabase(async (database) => {
      const rows = async <R>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as R[];
      return {
        charges: (await rows<{ n: number }>(sql`select count(*)::int as n from margin_charges where key like 'perp:funding:%'`))[0]!.n,
        transfers: (await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transfers where key like 'perp:funding:%'`))[0]!.n,
        complete: (await rows<{ n: number }>(sql`select count(*)::int as n from margin_charge_runs where completed_at is not null`))[0]!.n,
      };
    });
    expect(left).toEqual({ charges: KILL_AT - 1, transfers: KILL_AT - 1, complete: left.complete });
    expect(left.complete).toBeLessThan(scene.symbols.length);

    // Started again on the same data: its first cycle completes the funding.
    const restartAt = Date.now();
    const second = await world.start({ MARGIN_WATCH_INTERVAL_MS: '50', LOG_LEVEL: 'info' });
    const line = await second.waitForLine(/perps: funding applied/);
    const report = JSON.parse(line) as { applied: number; replayed: number };
    await second.stop('SIGTERM');
    const restartMs = Date.now() - restartAt;

    await world.inProcess(ENV, async (app) => {
      const db = app.database.db;
      const rows = async <R>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as R[];
      const scale = app.margin.marketOf('PERPS').scale;
      const charges = await rows<ChargeRow>(sql`select key, position_id, user_id, symbol, size::text, price::text, rate::text, amount::text from margin_charges where key like 'perp:funding:%'`);
      const open = await rows<{ id: string; symbol: string; size: string }>(sql`select id, symbol, size::text from margin_positions where market = 'PERPS' and size <> 0`);
      // One charge per position open at the funding time, under its key, at that time's mark and rate.
      expect(charges.map((c) => c.position_id).sort()).toEqual(open.map((p) => p.id).sort());
      expect(report).toEqual({ ...report, applied: open.length - (KILL_AT - 1), replayed: KILL_AT - 1 });
      for (const c of charges) {
        const at = app.market.ticker(c.symbol, FUNDING);
        const position = open.find((p) => p.id === c.position_id)!;
        const owed = roundAgainstUser(fundingPayment(position.size, at.markPrice as string, at.fundingRate as string), scale);
        expect({ key: c.key, size: new Decimal(c.size).toFixed(), price: c.price, rate: new Decimal(c.rate).toFixed(), amount: new Decimal(c.amount).toFixed() }).toEqual({
          key: `perp:funding:${c.symbol}:${FUNDING}:${c.position_id}`,
          size: new Decimal(position.size).toFixed(),
          price: c.price,
          rate: new Decimal(at.fundingRate as string).toFixed(),
          amount: owed.toFixed(),
        });
        expect(new Decimal(c.price).toFixed()).toBe(new Decimal(at.markPrice as string).toFixed());
      }
      // One ledger transfer per charge, and each wallet moved by exactly its charges.
      const transfers = await rows<{ key: string }>(sql`select key from ledger_transfers where key like 'perp:funding:%'`);
      expect(transfers.map((t) => t.key).sort()).toEqual(charges.map((c) => c.key).sort());
      for (const [i, userId] of scene.users.entries()) {
        const paid = charges.filter((c) => c.user_id === userId).reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
        const balance = new Decimal((await app.ledger.balance(perpAccount(userId))).balance);
        expect(`${userId}: ${scene.balances[i]!.minus(balance).toFixed()}`).toBe(`${userId}: ${paid.toFixed()}`);
      }
      const runs = await rows<{ n: number }>(sql`select count(*)::int as n from margin_charge_runs where key like ${`perp:funding:%:${FUNDING}`} and completed_at is not null`);
      expect(runs[0]!.n).toBe(scene.symbols.length);
      const audit = await app.ledger.audit();
      expect(Object.values(audit.sums).every((sum) => new Decimal(sum).isZero())).toBe(true);
      expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch }).toEqual({ negative: 0, held: 0 });
    });

    console.log(
      `funding crash (${world.kind}): setup ${setupMs} ms, ${positions} positions; killed at charge ${KILL_AT}; ` +
        `the restarted server applied ${report.applied} and replayed ${report.replayed} in ${restartMs} ms; total ${Date.now() - startedAt} ms`,
    );
  }, 240_000);
});
