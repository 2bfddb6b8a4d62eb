// Migration 20261125_0010_orders: crypto_orders / crypto_fills become the engine's `orders` /
// `fills` without losing or changing a row. A database is brought to the state before it, filled
// in the old shape (market, limit, stop, an OCO pair sharing a hold, partial and full fills, holds
// and the fills' ledger transfers keyed `crypto-fill:<orderId>:<n>`), then migrated; every order,
// fill, hold and ledger key is checked afterwards, and the old keys still replay.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrations, runMigrations } from '../db/migrate';
import { createLedger } from '../ledger/ledger';
import type { AccountRef, TransferLeg } from '../ledger/api';
import { openTestDatabase, type TestDatabase } from '../testing/database-fixture';

const BEFORE = '20261122_0009_crypto';
const THIS = '20261125_0010_orders';

type Row = Record<string, unknown>;

describe('migration 0010: one orders table and one fills table', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  }, 60_000);
  afterAll(() => t.cleanup());

  const rows = async (query: ReturnType<typeof sql>): Promise<Row[]> => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  };
  /** Every value as text, so both databases' drivers compare alike. */
  const asText = (list: Row[]): Row[] => list.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v === null ? null : String(v)])));

  it('keeps every order, fill, hold and ledger key; crypto fills replay under their old keys', async () => {
    const all = readMigrations();
    expect(all.map((m) => m.id)).toContain(THIS);
    await runMigrations(t.database, all.filter((m) => m.id <= BEFORE));
    const db = t.database.db;
    const ledger = createLedger(db);

    const alice = randomUUID();
    const bob = randomUUID();
    for (const [id, phone] of [
      [alice, '+6281100000001'],
      [bob, '+6281100000002'],
    ] as const) {
      await db.execute(sql`insert into users (id, phone, kyc_status) values (${id}, ${phone}, 'VERIFIED')`);
    }
    const cash = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
    const spot = (userId: string): AccountRef => ({ userId, currency: 'BTC', purpose: 'SPOT' });
    const house = (h: 'INVENTORY' | 'FEES' | 'PAYMENT_CLEARING', currency: string): AccountRef => ({ house: h, currency });
    await ledger.transfer({ key: `test-topup:${alice}`, kind: 'TOPUP', legs: [{ from: house('PAYMENT_CLEARING', 'IDR'), to: cash(alice), amount: '100000000' }] });
    await ledger.transfer({ key: `test-btc:${bob}`, kind: 'TEST_FUNDING', legs: [{ from: house('INVENTORY', 'BTC'), to: spot(bob), amount: '1' }] });

    // Old-shape rows: the columns of migration 0009 only.
    const insertOrder = async (o: {
      id: string;
      userId: string;
      side: 'BUY' | 'SELL';
      orderType: string;
      source?: string;
      quantity: string;
      limitPrice?: string | null;
      stopPrice?: string | null;
      status: string;
      exchangeStatus: string;
      isOpen: boolean;
      filledQuantity?: string;
      filledAmount?: string;
      fee?: string;
      total?: string;
      fillCount?: number;
      holdId?: string | null;
      holdAmount?: string | null;
      ocoGroupId?: string | null;
      ocoLeg?: string | null;
      triggeredAt?: Date | null;
      reason?: string | null;
      version?: number;
    }) => {
      await db.execute(sql`
        insert into crypto_orders (id, user_id, request_id, symbol, asset, side, order_type, source, input_type, quantity, exec_quantity,
          limit_price, stop_price, time_in_force, status, exchange_status, is_open, filled_quantity, filled_amount, fee, tax, total,
          fill_count, hold_id, hold_amount, oco_group_id, oco_leg, triggered_at, reason, version, created_at, updated_at)
        values (${o.id}, ${o.userId}, ${`req-${o.ocoGroupId ?? o.id}`}, 'BTC-IDR', 'BTC', ${o.side}, ${o.orderType}, ${o.source ?? 'ADVANCED'}, 'quantity',
          ${o.quantity}, ${o.orderType === 'MARKET' ? null : o.quantity}, ${o.limitPrice ?? null}, ${o.stopPrice ?? null}, 'GOOD_TILL_CANCEL',
          ${o.status}, ${o.exchangeStatus}, ${o.isOpen}, ${o.filledQuantity ?? '0'}, ${o.filledAmount ?? '0'}, ${o.fee ?? '0'}, '0', ${o.total ?? '0'},
          ${o.fillCount ?? 0}, ${o.holdId ?? null}, ${o.holdAmount ?? null}, ${o.ocoGroupId ?? null}, ${o.ocoLeg ?? null}, ${o.triggeredAt ?? null},
          ${o.reason ?? null}, ${o.version ?? 0}, ${new Date('2026-11-24T10:00:00.123Z')}, ${new Date('2026-11-24T10:05:00.456Z')})`);
    };
    const pendingFills: ReturnType<typeof sql>[] = [];
    const fillOf = async (orderId: string, userId: string, n: number, side: 'BUY' | 'SELL', quantity: string, price: string, amount: string, fee: string, total: string, holdId: string | null) => {
      const legs: TransferLeg[] =
        side === 'BUY'
          ? [
              { from: cash(userId), to: house('INVENTORY', 'IDR'), amount },
              { from: cash(userId), to: house('FEES', 'IDR'), amount: fee },
              { from: house('INVENTORY', 'BTC'), to: spot(userId), amount: quantity },
            ]
          : [
              { from: spot(userId), to: house('INVENTORY', 'BTC'), amount: quantity },
              { from: house('INVENTORY', 'IDR'), to: cash(userId), amount },
              { from: cash(userId), to: house('FEES', 'IDR'), amount: fee },
            ];
      const key = `crypto-fill:${orderId}:${n}`;
      const transfer = await ledger.transfer({
        key,
        kind: 'ORDER_FILL',
        legs,
        captureHolds: holdId ? [{ holdId, amount: side === 'BUY' ? total : quantity }] : [],
        memo: { orderId, symbol: 'BTC-IDR', side, quantity, price },
      });
      // Stored once the orders are (the fill references its order).
      pendingFills.push(sql`
        insert into crypto_fills (id, order_id, user_id, symbol, asset, side, quantity, price, amount, fee, tax, total, transfer_id, executed_at)
        values (${randomUUID()}, ${orderId}, ${userId}, 'BTC-IDR', 'BTC', ${side}, ${quantity}, ${price}, ${amount}, ${fee}, '0', ${total},
          ${transfer.id}, ${new Date(`2026-11-24T10:0${n}:00.000Z`)})`);
      return { key, legs, holdId, side, quantity, total, memo: { orderId, symbol: 'BTC-IDR', side, quantity, price } };
    };

    // A market buy, filled at once.
    const market = randomUUID();
    await insertOrder({ id: market, userId: alice, side: 'BUY', orderType: 'MARKET', source: 'INSTANT', quantity: '0.01', status: 'SUCCESS', exchangeStatus: 'SUCCESS', isOpen: false, filledQuantity: '0.01', filledAmount: '15000000', fee: '30000', total: '15030000', fillCount: 1 });
    const marketFill = await fillOf(market, alice, 1, 'BUY', '0.01', '1500000000', '15000000', '30000', '15030000', null);

    // A limit buy, partly filled (two fills), still resting on its hold.
    const limit = randomUUID();
    const limitHold = await ledger.hold({ key: `crypto-hold:${limit}`, account: cash(alice), amount: '30060000', reason: 'ORDER', ref: limit });
    const f1 = await fillOf(limit, alice, 1, 'BUY', '0.005', '1500000000', '7500000', '15000', '7515000', limitHold.id);
    const f2 = await fillOf(limit, alice, 2, 'BUY', '0.005', '1500000000', '7500000', '15000', '7515000', limitHold.id);
    await insertOrder({ id: limit, userId: alice, side: 'BUY', orderType: 'LIMIT', quantity: '0.02', limitPrice: '1500000000', status: 'PARTIALLY_FILLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', isOpen: true, filledQuantity: '0.01', filledAmount: '15000000', fee: '30000', total: '15030000', fillCount: 2, holdId: limitHold.id, holdAmount: '30060000', version: 2 });

    // An untriggered stop sell and a triggered, cancelled stop-limit (hold released).
    const stop = randomUUID();
    const stopHold = await ledger.hold({ key: `crypto-hold:${stop}`, account: spot(bob), amount: '0.1', reason: 'ORDER', ref: stop });
    await insertOrder({ id: stop, userId: bob, side: 'SELL', orderType: 'STOP', quantity: '0.1', stopPrice: '1400000000', status: 'PENDING', exchangeStatus: 'WAITING_TO_BE_SENT', isOpen: true, holdId: stopHold.id, holdAmount: '0.1' });
    const stopLimit = randomUUID();
    const stopLimitHold = await ledger.hold({ key: `crypto-hold:${stopLimit}`, account: spot(bob), amount: '0.05', reason: 'ORDER', ref: stopLimit });
    await ledger.release(stopLimitHold.id);
    await insertOrder({ id: stopLimit, userId: bob, side: 'SELL', orderType: 'STOP_LIMIT', quantity: '0.05', stopPrice: '1450000000', limitPrice: '1440000000', status: 'CANCELLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', isOpen: false, holdId: stopLimitHold.id, holdAmount: '0.05', triggeredAt: new Date('2026-11-24T10:03:00.789Z'), reason: 'USER', version: 2 });

    // An OCO sell pair sharing one hold: the take-profit filled once (partly), the stop-loss cancelled by it.
    const group = randomUUID();
    const tp = randomUUID();
    const sl = randomUUID();
    const ocoHold = await ledger.hold({ key: `crypto-hold:${group}`, account: spot(bob), amount: '0.2', reason: 'ORDER', ref: group });
    const f3 = await fillOf(tp, bob, 1, 'SELL', '0.05', '1600000000', '80000000', '160000', '79840000', ocoHold.id);
    await insertOrder({ id: tp, userId: bob, side: 'SELL', orderType: 'OCO', quantity: '0.2', limitPrice: '1600000000', status: 'PARTIALLY_FILLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE', isOpen: true, filledQuantity: '0.05', filledAmount: '80000000', fee: '160000', total: '79840000', fillCount: 1, holdId: ocoHold.id, holdAmount: '0.2', ocoGroupId: group, ocoLeg: 'TAKE_PROFIT', version: 1 });
    await insertOrder({ id: sl, userId: bob, side: 'SELL', orderType: 'OCO', quantity: '0.2', stopPrice: '1400000000', status: 'CANCELLED', exchangeStatus: 'WAITING_TO_BE_SENT', isOpen: false, holdId: ocoHold.id, holdAmount: '0.2', ocoGroupId: group, ocoLeg: 'STOP_LOSS', reason: 'OCO', version: 1 });

    for (const insert of pendingFills) await db.execute(insert);
    const ordersBefore = asText(await rows(sql`select * from crypto_orders order by id`));
    const fillsBefore = asText(await rows(sql`select * from crypto_fills order by id`));
    const holdsBefore = asText(await rows(sql`select * from ledger_holds order by key`));
    const transfersBefore = asText(await rows(sql`select * from ledger_transfers order by key`));
    const entriesBefore = asText(await rows(sql`select * from ledger_entries order by id`));
    expect(ordersBefore).toHaveLength(6);
    expect(fillsBefore).toHaveLength(4);

    const result = await runMigrations(t.database);
    expect(result.applied).toContain(THIS);

    // Every row as it was, column for column; the new columns say CRYPTO / IDR / nothing else.
    // Columns later migrations add: 0010's, then 0122's second hold (decision 0019).
    const NEW_ORDER_COLUMNS = ['market', 'currency', 'trading_hours', 'expires_at', 'leverage', 'hold2_id', 'hold2_amount'];
    const ordersAfter = asText(await rows(sql`select * from orders order by id`));
    expect(ordersAfter.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !NEW_ORDER_COLUMNS.includes(k))))).toEqual(ordersBefore);
    expect(ordersAfter.map((r) => NEW_ORDER_COLUMNS.map((c) => r[c]))).toEqual(ordersBefore.map(() => ['CRYPTO', 'IDR', null, null, null, null, null]));
    const fillsAfter = asText(await rows(sql`select * from fills order by id`));
    expect(fillsAfter.map(({ market: _m, currency: _c, ...rest }) => rest)).toEqual(fillsBefore);
    expect(fillsAfter.map((r) => [r.market, r.currency])).toEqual(fillsBefore.map(() => ['CRYPTO', 'IDR']));
    expect(asText(await rows(sql`select * from ledger_holds order by key`))).toEqual(holdsBefore);
    expect(asText(await rows(sql`select * from ledger_transfers order by key`))).toEqual(transfersBefore);
    expect(asText(await rows(sql`select * from ledger_entries order by id`))).toEqual(entriesBefore);
    const fillKeys = transfersBefore.map((r) => r.key).filter((k) => String(k).startsWith('crypto-fill:'));
    expect(fillKeys.sort()).toEqual([`crypto-fill:${market}:1`, `crypto-fill:${limit}:1`, `crypto-fill:${limit}:2`, `crypto-fill:${tp}:1`].sort());
    // The old tables are gone (nothing reads a copy).
    expect(await rows(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_name in ('crypto_orders', 'crypto_fills')`)).toEqual([]);

    // Replays under the old keys find the first movements and change nothing.
    const audit = await ledger.audit();
    for (const f of [marketFill, f1, f2, f3]) {
      const again = await ledger.transfer({
        key: f.key,
        kind: 'ORDER_FILL',
        legs: f.legs,
        captureHolds: f.holdId ? [{ holdId: f.holdId, amount: f.side === 'BUY' ? f.total : f.quantity }] : [],
        memo: f.memo,
      });
      expect({ key: f.key, replayed: again.replayed }).toEqual({ key: f.key, replayed: true });
    }
    const sameHold = await ledger.hold({ key: `crypto-hold:${limit}`, account: cash(alice), amount: '30060000', reason: 'ORDER', ref: limit });
    expect(sameHold.id).toBe(limitHold.id);
    expect(await ledger.audit()).toEqual(audit);
    expect(asText(await rows(sql`select * from ledger_entries order by id`))).toEqual(entriesBefore);

    // A row of another market must name its market and currency.
    await expect(
      db.execute(sql`insert into orders (id, user_id, request_id, symbol, asset, side, order_type, source, input_type, quantity, time_in_force, status, exchange_status, is_open)
        values (${randomUUID()}, ${alice}, 'x', 'AAPL', 'AAPL', 'BUY', 'LIMIT', 'ADVANCED', 'quantity', '1', 'GOOD_TILL_CANCEL', 'PENDING', 'PENDING', true)`),
    ).rejects.toThrow();
  });
});
