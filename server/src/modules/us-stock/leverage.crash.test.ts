// The 4x intraday close survives a real crash and a restart: a server process is killed with
// SIGKILL in the middle of the sweep that closes 4x positions before the US close (inside one
// position's closing fill: the margin engine's close order and its fill commit together); the server
// started again on the same data closes the rest, and a further restart changes nothing. Every
// position is closed exactly once (one closing fill transfer), its owner told once, the ledger
// audit clean. PGlite by default; PostgreSQL (a
// schema of its own) with DATABASE_URL, and Redis with REDIS_URL.
import { US_LEVERAGE_PATHS, UsLeverageOrderResult } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { createClockStore } from '../../market/clock-store';
import { call as httpCall, dataOf as httpData } from '../../testing/crash-server';
import { createCrashWorld, type CrashWorld } from '../../testing/crash-world';
import { expectAuditClean, fund } from '../fx-wallet/test-support';
import { walletAccount } from './leverage';
import { LEVERAGE_ENV, NY, call, dataOf, setClock, stockId, usTrader } from './test-support';

const USERS = 3;
const STOCKS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL'];
const KILL_AT = 6;
/** Wed 2 Dec 2026 15:50 New York: past the 4x cut-off (15:45), before the close. */
const CLOSE_AT = Date.parse('2026-12-02T20:50:00Z');
const CLOSED_NOTICE = 'Posisi intraday ditutup';
const SERVER_ENV = { US_LEVERAGE_SWEEP_SECONDS: '1' };

describe('the 4x intraday close: SIGKILL in the middle of the sweep, then restarts', () => {
  let world: CrashWorld;

  beforeAll(async () => {
    world = await createCrashWorld();
  });
  afterAll(() => world.close());

  const sweep = async (baseUrl: string) =>
    httpData<{ openPositions: number }>(await httpCall(baseUrl, 'POST', US_LEVERAGE_PATHS.adminSweep, { headers: { 'x-admin-token': world.env.ADMIN_TOKEN! } }), 'leverage sweep').openPositions;

  it('closes every 4x position exactly once and tells its owner once', async () => {
    const startedAt = Date.now();
    // The scene, set here: 4x positions opened at 10:00 New York.
    const positions = await world.inProcess(LEVERAGE_ENV, async (app) => {
      await setClock(app, NY.regular);
      const opened: { id: string; userId: string; symbol: string }[] = [];
      for (let u = 0; u < USERS; u += 1) {
        const user = await usTrader(app);
        await fund(app, walletAccount(user.userId, 'intraday'), '10000');
        for (const ticker of STOCKS) {
          const result = dataOf(UsLeverageOrderResult, await call(app, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: stockId(app, ticker), orderType: 'MARKET', leverage: 4, isIntradayLeverage: true, quantity: '2' }));
          opened.push({ id: result.position.id, userId: user.userId, symbol: ticker });
        }
      }
      return opened;
    });
    expect(positions).toHaveLength(USERS * STOCKS.length);
    // The clock at 15:50, stored for the servers to start with (an app here would sweep on the change).
    await world.withDatabase((database) => createClockStore(database.db).save({ at: CLOSE_AT, setAt: Date.now(), frozen: true }));
    const setupMs = Date.now() - startedAt;

    const state = () =>
      world.withDatabase(async (database) => {
        const rows = async <R>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as R[];
        return {
          closed: await rows<{ id: string; close_reason: string }>(sql`select position_id as id, close_reason from margin_position_history where market = 'USSTOCK_LEV'`),
          transfers: (
            await rows<{ user_id: string; symbol: string }>(
              sql`select memo->>'userId' as user_id, memo->>'symbol' as symbol from ledger_transfers where key like 'uslev-fill:%' and memo->>'reason' = 'INTRADAY_CLOSE'`,
            )
          ).map((r) => `${r.user_id}:${r.symbol}`),
          notices: await rows<{ user_id: string; n: number }>(sql`select user_id, count(*)::int as n from notifications where title = ${CLOSED_NOTICE} group by user_id`),
        };
      });

    // The first server's sweep dies in the KILL_AT-th position's closing fill (the only fills this server makes).
    const first = await world.start(SERVER_ENV, { killAt: { sql: 'insert into ledger_transfers', param: 'uslev-fill:', count: KILL_AT } });
    expect(await first.exited).toBe('SIGKILL');
    expect(first.output()).toContain(`kill-at: SIGKILL at statement ${KILL_AT}`);
    const afterCrash = await state();
    expect({ closed: afterCrash.closed.length, transfers: afterCrash.transfers.length }).toEqual({ closed: KILL_AT - 1, transfers: KILL_AT - 1 });
    // A notice is sent after its close committed (the sweep's delivery at the end of the pass), never before.
    expect(afterCrash.notices.reduce((sum, r) => sum + r.n, 0)).toBeLessThanOrEqual(KILL_AT - 1);

    // Started again on the same data: its sweep closes the rest.
    const second = await world.start(SERVER_ENV);
    expect(await sweep(second.baseUrl)).toBe(0);
    await second.stop('SIGTERM');

    // A restart: its sweeps find nothing left to close, and change nothing.
    const third = await world.start(SERVER_ENV);
    expect(await sweep(third.baseUrl)).toBe(0);
    expect(await sweep(third.baseUrl)).toBe(0);
    await third.stop('SIGTERM');

    const final = await state();
    expect(final.closed.map((r) => [r.id, r.close_reason]).sort()).toEqual(positions.map((p) => [p.id, 'INTRADAY_CLOSE']).sort());
    // One closing fill transfer per position (its memo names the owner and the stock).
    expect(final.transfers.sort()).toEqual(positions.map((p) => `${p.userId}:${p.symbol}`).sort());
    const users = [...new Set(positions.map((p) => p.userId))];
    expect(Object.fromEntries(final.notices.map((r) => [r.user_id, r.n]))).toEqual(Object.fromEntries(users.map((u) => [u, STOCKS.length])));

    await world.inProcess(LEVERAGE_ENV, async (app) => {
      await expectAuditClean(app);
      for (const userId of users) {
        const wallet = await app.ledger.balance(walletAccount(userId, 'intraday'));
        expect({ userId, held: new Decimal(wallet.held).toFixed(), positive: new Decimal(wallet.balance).gt(0) }).toEqual({ userId, held: '0', positive: true });
      }
    });
    console.log(`intraday close crash (${world.kind}): setup ${setupMs} ms, ${positions.length} positions, killed at close ${KILL_AT}; total ${Date.now() - startedAt} ms`);
  }, 240_000);
});
