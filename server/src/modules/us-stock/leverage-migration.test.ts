// Migration 20261128_1100_us_leverage_on_engine: the open rows of `us_leverage_positions` become the
// margin engine's USSTOCK_LEV positions (same id, figures, triggers and ledger hold), with what the
// old sweep had done carried over (financing days charged, a wallet's margin call, a pending
// liquidation's notice sent; an unsent US notice goes out as the leveraged market's); closed rows
// become its history rows, and the old tables are gone. A database is brought to the state before
// it, filled in the old shape, then migrated.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrations, runMigrations } from '../../db/migrate';
import { createLedger } from '../../ledger/ledger';
import type { AccountRef } from '../../ledger/api';
import { openTestDatabase, type TestDatabase } from '../../testing/database-fixture';

const THIS = '20261128_1100_us_leverage_on_engine';

type Row = Record<string, unknown>;

describe('migration: US leveraged positions onto the margin engine', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  }, 60_000);
  afterAll(() => t.cleanup());

  const rows = async (query: ReturnType<typeof sql>): Promise<Row[]> => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  /** Every value as text, so both databases' drivers compare alike. */
  const asText = (list: Row[]): Row[] =>
    list.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])));

  it('carries every open position with its hold, financing days, margin call and pending notice, every closed one as history; drops the old tables', async () => {
    const all = readMigrations();
    expect(all.map((m) => m.id)).toContain(THIS);
    // Every other migration first (the ledger's own included, so this ledger code seeds the old
    // shape), then this one: it reads and changes only the leverage and margin tables.
    await runMigrations(t.database, all.filter((m) => m.id !== THIS));
    const db = t.database.db;
    const ledger = createLedger(db);

    const alice = randomUUID();
    await db.execute(sql`insert into users (id, phone, kyc_status) values (${alice}, '+6281100000091', 'VERIFIED')`);
    const wallet: AccountRef = { userId: alice, currency: 'USD', purpose: 'USD_LEVERAGE' };
    const settlement: AccountRef = { house: 'MARGIN_SETTLEMENT', currency: 'USD' };
    await ledger.transfer({ key: `test-fund:${alice}`, kind: 'TEST_FUNDING', legs: [{ from: settlement, to: wallet, amount: '1000' }] });

    const open = randomUUID();
    const closed = randomUUID();
    const hold = await ledger.hold({ key: `uslev:hold:${open}:3`, account: wallet, amount: '412.50', reason: 'US_LEVERAGE_MARGIN', ref: open });
    const financed = await ledger.transfer({
      key: `uslev:fin:${open}:2026-12-02`,
      kind: 'US_LEVERAGE_FINANCING',
      legs: [{ from: wallet, to: settlement, amount: '0.12' }],
      memo: { positionId: open, day: '2026-12-02', charge: '0.12', insured: '0.00' },
    });
    // The old shape: the columns of migration 20261126_0160 only.
    await db.execute(sql`
      insert into us_leverage_positions (id, user_id, wallet, symbol, leverage, status, quantity, entry_price, margin, hold_id, hold_seq, version,
        take_profit, stop_loss, trigger_quantity, triggers_expire_at, realized_pnl, fees, financing, financed_through, liquidation_pending, opened_at)
      values (${open}, ${alice}, 'leverage', 'AAPL', 2, 'OPEN', 4, 200.125, 400.25, ${hold.id}, 3, 7,
        220, 180, 2, null, 5.5, 0.25, 0.12, '2026-12-02', true, '2026-12-02T15:00:00Z')`);
    await db.execute(sql`
      insert into us_leverage_positions (id, user_id, wallet, symbol, leverage, status, quantity, entry_price, margin, version, realized_pnl, fees, opened_at, closed_at, close_reason, close_price)
      values (${closed}, ${alice}, 'intraday', 'MSFT', 4, 'CLOSED', 0, 300, 0, 2, -3, 0.1, '2026-12-01T15:00:00Z', '2026-12-01T20:45:00Z', 'INTRADAY_CLOSE', 298)`);
    // The closed position's last close: its transfer's memo has the size it closed.
    await ledger.transfer({
      key: `uslev:intraday_close:${closed}:v1`,
      kind: 'US_LEVERAGE_CLOSE',
      legs: [{ from: wallet, to: settlement, amount: '3' }],
      memo: { positionId: closed, reason: 'INTRADAY_CLOSE', quantity: '1.5', price: '298', pnl: '-3.00' },
    });
    await db.execute(sql`insert into us_leverage_margin_calls (user_id, wallet, called_at) values (${alice}, 'leverage', now())`);
    await db.execute(sql`insert into margin_events (key, kind, market, user_id, symbol, details) values (${`uslev:margin_call:${alice}`}, 'MARGIN_CALL', 'USSTOCK', ${alice}, 'leverage', '{"subject":"2x"}')`);

    expect((await runMigrations(t.database, all)).applied).toEqual([THIS]);

    expect(
      asText(
        await rows(sql`select id, market, user_id, book, symbol, size::text, entry_price::text, leverage, margin_mode, margin::text, hold_id, realized_pnl::text, fees_paid::text,
          funding_paid::text, take_profit::text, stop_loss::text, trigger_quantity::text, version, margin_called, (extract(epoch from opened_at) * 1000)::bigint as opened_ms from margin_positions where user_id = ${alice}`),
      ),
    ).toEqual([
      {
        id: open, market: 'USSTOCK_LEV', user_id: alice, book: 'leverage', symbol: 'AAPL', size: '4', entry_price: '200.125', leverage: '2', margin_mode: 'CROSS', margin: '400.25',
        hold_id: hold.id, realized_pnl: '5.5', fees_paid: '0.25', funding_paid: '0.12', take_profit: '220', stop_loss: '180', trigger_quantity: '2', version: '7',
        margin_called: 'true', opened_ms: String(Date.parse('2026-12-02T15:00:00Z')),
      },
    ]);
    // The closed one is the engine's history (what the wire's history lists), with the size its last close closed.
    expect(
      asText(
        await rows(sql`select key, position_id, market, book, symbol, side, size::text, leverage, entry_price::text, close_price::text, close_reason, realized_pnl::text, fees::text, funding::text
          from margin_position_history where user_id = ${alice}`),
      ),
    ).toEqual([
      {
        key: `uslev:closed:${closed}`, position_id: closed, market: 'USSTOCK_LEV', book: 'intraday', symbol: 'MSFT', side: 'LONG', size: '1.5', leverage: '4', entry_price: '300',
        close_price: '298', close_reason: 'INTRADAY_CLOSE', realized_pnl: '-3', fees: '0.1', funding: '0',
      },
    ]);
    // The hold is the same ledger hold, still active: the engine releases it by id at the next change.
    expect((await ledger.getHold(hold.id))?.status).toBe('ACTIVE');
    // Wednesday's financing is the engine's charge of that day (its run key names the symbol and the day): not charged again.
    expect(asText(await rows(sql`select key, run_key, position_id, market, kind, amount::text, transfer_id from margin_charges where user_id = ${alice}`))).toEqual([
      { key: `cfd:financing:AAPL:2026-12-02:${open}`, run_key: 'cfd:financing:AAPL:2026-12-02', position_id: open, market: 'USSTOCK_LEV', kind: 'CFD_FINANCING', amount: '0.12', transfer_id: financed.id },
    ]);
    // The pending liquidation was told: the engine's event of that position version, already sent; the unsent US notice is the leveraged market's.
    expect(asText(await rows(sql`select key, kind, market, notified_at is not null as sent from margin_events where user_id = ${alice} order by key`))).toEqual([
      { key: `liq-pending:${open}:v7`, kind: 'LIQUIDATION_PENDING', market: 'USSTOCK_LEV', sent: 'true' },
      { key: `uslev:margin_call:${alice}`, kind: 'MARGIN_CALL', market: 'USSTOCK_LEV', sent: 'false' },
    ]);
    expect(asText(await rows(sql`select to_regclass('us_leverage_positions') as positions, to_regclass('us_leverage_margin_calls') as calls`))).toEqual([{ positions: null, calls: null }]);
  });
});
