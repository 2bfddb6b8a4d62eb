/** @jest-environment node */
// The ledger's rules, one by one, on PGlite (or PostgreSQL when DATABASE_URL is set).
import { sql } from 'drizzle-orm';
import { HoldNotActive, InsufficientFunds, InvalidLedgerRequest, LedgerKeyConflict, type TransferLeg } from './api';
import { house, newUserId, openLedger, snapshot, user, type LedgerFixture } from './test-support';

let f: LedgerFixture;
beforeAll(async () => {
  f = await openLedger();
});
afterAll(async () => {
  await f.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keys = 0;
const nextKey = (prefix = 'k') => `${prefix}:${++keys}`;

async function fund(userId: string, amount: string, currency = 'IDR', purpose: 'CASH' | 'USD_PALN' = 'CASH') {
  return f.ledger.transfer({
    key: nextKey('topup'),
    kind: 'TOPUP',
    legs: [{ from: house('PAYMENT_CLEARING', currency), to: user(userId, purpose, currency), amount }],
  });
}
const available = async (userId: string) => (await f.ledger.balance(user(userId))).available;

describe('transfer', () => {
  it('moves the amount and records one posting per account with its running balance', async () => {
    const u = newUserId();
    const first = await fund(u, '1000000');
    expect(first.replayed).toBe(false);
    expect(first.postings).toEqual([
      expect.objectContaining({ account: house('PAYMENT_CLEARING'), currency: 'IDR', amount: '-1000000' }),
      expect.objectContaining({ account: user(u), currency: 'IDR', amount: '1000000', balanceAfter: '1000000' }),
    ]);
    const fee = await f.ledger.transfer({
      key: nextKey(),
      kind: 'FEE',
      legs: [
        { from: user(u), to: house('FEES'), amount: '2500' },
        { from: user(u), to: house('TAX_PAYABLE'), amount: '500' },
      ],
      memo: { orderId: 'o-1' },
    });
    expect(fee.postings.find((p) => 'userId' in p.account)).toEqual(
      expect.objectContaining({ amount: '-3000', balanceAfter: '997000' }),
    );
    expect(fee.memo).toEqual({ orderId: 'o-1' });
    expect(await f.ledger.balance(user(u))).toEqual({
      account: user(u),
      currency: 'IDR',
      balance: '997000',
      held: '0',
      available: '997000',
    });
    expect((await f.ledger.transferByKey(fee.key))?.memo).toEqual({ orderId: 'o-1' });
    // Memos by transfer id: the known ones, an unknown id absent, a malformed one refused.
    const memos = await f.ledger.memosOf([fee.id, first.id, fee.id, newUserId()]);
    expect([...memos.entries()].sort(([a], [b]) => a.localeCompare(b))).toEqual(
      [[fee.id, { orderId: 'o-1' }], [first.id, first.memo]].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect((await f.ledger.memosOf([])).size).toBe(0);
    await expect(f.ledger.memosOf(['nope'])).rejects.toBeInstanceOf(InvalidLedgerRequest);
  });

  it('replays the same key: same transfer, replayed, nothing changes (legs compared canonically)', async () => {
    const u = newUserId();
    await fund(u, '100.00', 'USD', 'USD_PALN');
    const legs: TransferLeg[] = [
      { from: user(u, 'USD_PALN', 'USD'), to: house('FX', 'USD'), amount: '10.5' },
      { from: user(u, 'USD_PALN', 'USD'), to: house('FEES', 'USD'), amount: '0.25' },
    ];
    const key = nextKey('fx');
    const first = await f.ledger.transfer({ key, kind: 'FX', legs });
    const before = await snapshot(f);
    // Same legs in another order, amounts written differently: the same request.
    const again = await f.ledger.transfer({
      key,
      kind: 'FX',
      legs: [
        { from: user(u, 'USD_PALN', 'USD'), to: house('FEES', 'USD'), amount: '0.25' },
        { from: user(u, 'USD_PALN', 'USD'), to: house('FX', 'USD'), amount: '10.50' },
      ],
    });
    expect(again.replayed).toBe(true);
    expect(again.id).toBe(first.id);
    expect(again.createdAt).toEqual(first.createdAt);
    expect(new Set(again.postings.map((p) => `${p.accountId}=${p.amount}/${p.balanceAfter}`))).toEqual(
      new Set(first.postings.map((p) => `${p.accountId}=${p.amount}/${p.balanceAfter}`)),
    );
    expect(await snapshot(f)).toBe(before);
    expect((await f.ledger.balance(user(u, 'USD_PALN', 'USD'))).balance).toBe('89.25');
  });

  it('refuses the same key with different legs (LedgerKeyConflict) and changes nothing', async () => {
    const u = newUserId();
    const first = await fund(u, '50000');
    const before = await snapshot(f);
    const other = { key: first.key, kind: 'TOPUP', legs: [{ from: house('PAYMENT_CLEARING'), to: user(u), amount: '50001' }] };
    await expect(f.ledger.transfer(other)).rejects.toBeInstanceOf(LedgerKeyConflict);
    await expect(
      f.ledger.transfer({ ...other, legs: [{ from: house('PROMOTIONS'), to: user(u), amount: '50000' }] }),
    ).rejects.toBeInstanceOf(LedgerKeyConflict);
    expect(await snapshot(f)).toBe(before);
  });

  it('refuses malformed requests and changes nothing', async () => {
    const u = newUserId();
    await fund(u, '10000');
    const before = await snapshot(f);
    const leg = { from: user(u), to: house('FEES') };
    const bad: Array<Parameters<typeof f.ledger.transfer>[0]> = [
      { key: nextKey(), kind: 'X', legs: [] },
      { key: nextKey(), kind: 'X', legs: [{ ...leg, amount: '0' }] },
      { key: nextKey(), kind: 'X', legs: [{ ...leg, amount: '-5' }] },
      { key: nextKey(), kind: 'X', legs: [{ ...leg, amount: '1e3' }] },
      { key: nextKey(), kind: 'X', legs: [{ ...leg, amount: '10.5' }] }, // IDR is whole Rupiah
      { key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES', 'USD'), amount: '1' }] },
      { key: nextKey(), kind: 'X', legs: [{ from: user(u), to: user(u), amount: '1' }] },
      { key: nextKey(), kind: 'X', legs: [{ from: user('not-a-uuid'), to: house('FEES'), amount: '1' }] },
      { key: nextKey(), kind: 'X', legs: [{ from: { userId: u, purpose: 'NOPE' as 'CASH', currency: 'IDR' }, to: house('FEES'), amount: '1' }] },
      { key: nextKey(), kind: 'X', legs: [{ from: { house: 'NOPE' as 'FEES', currency: 'IDR' }, to: user(u), amount: '1' }] },
      { key: '', kind: 'X', legs: [{ ...leg, amount: '1' }] },
    ];
    for (const request of bad) {
      await expect(f.ledger.transfer(request)).rejects.toBeInstanceOf(InvalidLedgerRequest);
    }
    await expect(
      f.ledger.transfer({ key: nextKey(), kind: 'X', legs: [{ from: house('FX', 'USD'), to: user(u, 'USD_PALN', 'USD'), amount: '0.001' }] }),
    ).rejects.toBeInstanceOf(InvalidLedgerRequest);
    expect(await snapshot(f)).toBe(before);
  });

  it('refuses a transfer beyond the available balance and changes nothing; the key stays free', async () => {
    const u = newUserId();
    await fund(u, '10000');
    const before = await snapshot(f);
    const key = nextKey('cashout');
    const error = await f.ledger
      .transfer({
        key,
        kind: 'CASHOUT',
        legs: [
          { from: house('PAYMENT_CLEARING'), to: house('FEES'), amount: '1' },
          { from: user(u), to: house('BANK_PAYOUT'), amount: '10001' },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect((error as InsufficientFunds).account).toEqual(user(u));
    expect((error as InsufficientFunds).currency).toBe('IDR');
    expect(await snapshot(f)).toBe(before);
    expect(await f.ledger.transferByKey(key)).toBeNull();
    // A user may spend to exactly zero; the key was never used, so it works now.
    const done = await f.ledger.transfer({ key, kind: 'CASHOUT', legs: [{ from: user(u), to: house('BANK_PAYOUT'), amount: '10000' }] });
    expect(done.replayed).toBe(false);
    expect(await available(u)).toBe('0');
  });

  it('a replay still answers after the funds are gone', async () => {
    const u = newUserId();
    await fund(u, '5000');
    const request = { key: nextKey(), kind: 'CASHOUT', legs: [{ from: user(u), to: house('BANK_PAYOUT'), amount: '5000' }] };
    const first = await f.ledger.transfer(request);
    const again = await f.ledger.transfer(request);
    expect(again).toEqual(expect.objectContaining({ id: first.id, replayed: true }));
  });
});

describe('holds', () => {
  it('reserve funds: available drops, a hold or transfer beyond it is refused', async () => {
    const u = newUserId();
    await fund(u, '100000');
    const hold = await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '60000', reason: 'CASHOUT', ref: 'c-1' });
    expect(hold).toEqual(
      expect.objectContaining({ account: user(u), currency: 'IDR', amount: '60000', remaining: '60000', status: 'ACTIVE', reason: 'CASHOUT', ref: 'c-1' }),
    );
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '100000', held: '60000', available: '40000' }));
    const before = await snapshot(f);
    await expect(f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '40001', reason: 'ORDER' })).rejects.toBeInstanceOf(
      InsufficientFunds,
    );
    await expect(
      f.ledger.transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '40001' }] }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(f.ledger.hold({ key: nextKey('hold'), account: user(newUserId()), amount: '1', reason: 'ORDER' })).rejects.toBeInstanceOf(
      InsufficientFunds,
    );
    const untouched = await snapshot(f);
    expect(JSON.parse(untouched).accounts.filter((a: { balance: string }) => a.balance !== '0')).toEqual(
      JSON.parse(before).accounts.filter((a: { balance: string }) => a.balance !== '0'),
    );
    expect(JSON.parse(untouched).holds).toEqual(JSON.parse(before).holds);
  });

  it('replays a hold by key; the same key for another amount or account is a conflict', async () => {
    const u = newUserId();
    await fund(u, '100000');
    const request = { key: nextKey('hold'), account: user(u), amount: '30000', reason: 'ORDER' };
    const first = await f.ledger.hold(request);
    const before = await snapshot(f);
    expect(await f.ledger.hold({ ...request, amount: '30000' })).toEqual(first);
    await expect(f.ledger.hold({ ...request, amount: '30001' })).rejects.toBeInstanceOf(LedgerKeyConflict);
    await expect(f.ledger.hold({ ...request, account: user(u, 'FREE') })).rejects.toBeInstanceOf(LedgerKeyConflict);
    expect(await snapshot(f)).toBe(before);
    // Even once the funds are gone, the replay answers with the hold.
    await f.ledger.transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '70000' }] });
    expect((await f.ledger.hold(request)).id).toBe(first.id);
  });

  it('captures in full: the hold pays for the transfer, held and balance fall together', async () => {
    const u = newUserId();
    await fund(u, '100000');
    const hold = await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '100000', reason: 'CASHOUT' });
    expect(await available(u)).toBe('0');
    const request = {
      key: nextKey('cashout'),
      kind: 'CASHOUT',
      legs: [
        { from: user(u), to: house('BANK_PAYOUT'), amount: '97500' },
        { from: user(u), to: house('FEES'), amount: '2500' },
      ],
      captureHolds: [{ holdId: hold.id }],
    };
    const paid = await f.ledger.transfer(request);
    expect(paid.replayed).toBe(false);
    expect(await f.ledger.getHold(hold.id)).toEqual(expect.objectContaining({ status: 'CAPTURED', remaining: '0' }));
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '0', held: '0' }));
    // The retry replays instead of tripping over the hold it captured.
    const before = await snapshot(f);
    expect(await f.ledger.transfer(request)).toEqual(expect.objectContaining({ id: paid.id, replayed: true }));
    expect(await snapshot(f)).toBe(before);
    expect((await f.ledger.audit()).heldMismatch).toBe(0);
  });

  it('captures in parts, then releases the rest', async () => {
    const u = newUserId();
    await fund(u, '100000');
    const hold = await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '50000', reason: 'ORDER' });
    const fill = (amount: string, capture?: string) =>
      f.ledger.transfer({
        key: nextKey('fill'),
        kind: 'ORDER_FILL',
        legs: [{ from: user(u), to: house('INVENTORY'), amount }],
        captureHolds: [{ holdId: hold.id, ...(capture ? { amount: capture } : {}) }],
      });
    await fill('20000', '20000');
    expect(await f.ledger.getHold(hold.id)).toEqual(expect.objectContaining({ status: 'ACTIVE', remaining: '30000' }));
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '80000', held: '30000', available: '50000' }));
    // A capture may be paid partly from free funds: debit 25000, of which 10000 came from the hold.
    await fill('25000', '10000');
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '55000', held: '20000', available: '35000' }));
    // More than remains is refused.
    const before = await snapshot(f);
    await expect(fill('20001', '20001')).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await snapshot(f)).toBe(before);

    const released = await f.ledger.release(hold.id);
    expect(released).toEqual(expect.objectContaining({ status: 'RELEASED', remaining: '0', amount: '50000' }));
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '55000', held: '0', available: '55000' }));
    // Releasing again is a no-op; capturing a released hold is refused.
    const after = await snapshot(f);
    expect(await f.ledger.release(hold.id)).toEqual(released);
    await expect(fill('1')).rejects.toBeInstanceOf(HoldNotActive);
    expect(await snapshot(f)).toBe(after);
  });

  it('captures only against its own account, debited by at least the captured amount', async () => {
    const u = newUserId();
    const v = newUserId();
    await fund(u, '100000');
    await fund(v, '100000');
    const hold = await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '40000', reason: 'ORDER' });
    const before = await snapshot(f);
    const attempts = [
      // v's money cannot consume u's hold.
      { legs: [{ from: user(v), to: house('FEES'), amount: '40000' }], captureHolds: [{ holdId: hold.id }] },
      // u is debited less than the hold gives up.
      { legs: [{ from: user(u), to: house('FEES'), amount: '39999' }], captureHolds: [{ holdId: hold.id }] },
      // u is credited, not debited.
      { legs: [{ from: house('FEES'), to: user(u), amount: '40000' }], captureHolds: [{ holdId: hold.id }] },
      // No such hold.
      { legs: [{ from: user(u), to: house('FEES'), amount: '1' }], captureHolds: [{ holdId: newUserId() }] },
      { legs: [{ from: user(u), to: house('FEES'), amount: '1' }], captureHolds: [{ holdId: 'nope' }] },
    ];
    for (const attempt of attempts) {
      await expect(f.ledger.transfer({ key: nextKey(), kind: 'X', ...attempt })).rejects.toBeInstanceOf(HoldNotActive);
    }
    expect(await snapshot(f)).toBe(before);
  });

  it('release refuses a captured or unknown hold', async () => {
    const u = newUserId();
    await fund(u, '1000');
    const hold = await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '1000', reason: 'ORDER' });
    await f.ledger.transfer({
      key: nextKey(),
      kind: 'X',
      legs: [{ from: user(u), to: house('INVENTORY'), amount: '1000' }],
      captureHolds: [{ holdId: hold.id }],
    });
    await expect(f.ledger.release(hold.id)).rejects.toBeInstanceOf(HoldNotActive);
    await expect(f.ledger.release(newUserId())).rejects.toBeInstanceOf(HoldNotActive);
    await expect(f.ledger.release('nope')).rejects.toBeInstanceOf(HoldNotActive);
    expect(await f.ledger.getHold(newUserId())).toBeNull();
  });
});

describe('balances over time', () => {
  it('balanceAt gives the balance as it was at each moment', async () => {
    const u = newUserId();
    const start = new Date(Date.now() - 60_000);
    const a = await fund(u, '1000');
    await pause(5);
    const b = await f.ledger.transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '300' }] });
    await pause(5);
    const c = await fund(u, '50');
    const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);
    expect(await f.ledger.balanceAt(user(u), start)).toBe('0');
    expect(await f.ledger.balanceAt(user(u), ms(a.createdAt, -1))).toBe('0');
    expect(await f.ledger.balanceAt(user(u), a.createdAt)).toBe('1000');
    expect(await f.ledger.balanceAt(user(u), ms(b.createdAt, -1))).toBe('1000');
    expect(await f.ledger.balanceAt(user(u), b.createdAt)).toBe('700');
    expect(await f.ledger.balanceAt(user(u), c.createdAt)).toBe('750');
    expect(await f.ledger.balanceAt(user(u), new Date(Date.now() + 60_000))).toBe('750');
    expect(await f.ledger.balanceAt(user(newUserId()), new Date())).toBe('0');
  });

  it('history is newest first and pages back with `before`', async () => {
    const u = newUserId();
    const made = [];
    for (let i = 1; i <= 5; i++) {
      made.push(await fund(u, String(i * 100)));
      await pause(3);
    }
    const page1 = await f.ledger.history(user(u), { limit: 2 });
    expect(page1.map((e) => e.amount)).toEqual(['500', '400']);
    expect(page1.map((e) => e.balanceAfter)).toEqual(['1500', '1000']);
    expect(page1[0]).toEqual(expect.objectContaining({ transferId: made[4].id, kind: 'TOPUP', createdAt: made[4].createdAt, memo: {} }));
    const page2 = await f.ledger.history(user(u), { limit: 2, before: page1[1].createdAt });
    expect(page2.map((e) => e.amount)).toEqual(['300', '200']);
    const page3 = await f.ledger.history(user(u), { limit: 2, before: page2[1].createdAt });
    expect(page3.map((e) => e.amount)).toEqual(['100']);
    expect(await f.ledger.history(user(newUserId()))).toEqual([]);
  });

  it('userBalances lists the accounts a user has touched', async () => {
    const u = newUserId();
    await fund(u, '1000');
    await fund(u, '12.34', 'USD', 'USD_PALN');
    const balances = await f.ledger.userBalances(u);
    expect(balances.map((b) => [b.account, b.balance])).toEqual([
      [user(u), '1000'],
      [user(u, 'USD_PALN', 'USD'), '12.34'],
    ]);
    expect(await f.ledger.userBalances(newUserId())).toEqual([]);
    expect(await f.ledger.balance(user(newUserId(), 'PERP_MARGIN', 'USDT'))).toEqual(
      expect.objectContaining({ balance: '0', held: '0', available: '0' }),
    );
  });
});

describe('transaction', () => {
  it("commits the module's writes and the ledger's together, or neither", async () => {
    const u = newUserId();
    await fund(u, '10000');
    const { db } = f.testDatabase.database;
    await db.execute(sql`create table if not exists ledger_test_orders (id text primary key)`);

    await f.ledger.transaction(async (ops) => {
      await ops.db.execute(sql`insert into ledger_test_orders (id) values ('kept')`);
      await ops.transfer({ key: nextKey(), kind: 'ORDER_FILL', legs: [{ from: user(u), to: house('INVENTORY'), amount: '1000' }] });
    });
    const before = await snapshot(f);
    await expect(
      f.ledger.transaction(async (ops) => {
        await ops.db.execute(sql`insert into ledger_test_orders (id) values ('lost')`);
        await ops.transfer({ key: nextKey(), kind: 'ORDER_FILL', legs: [{ from: user(u), to: house('INVENTORY'), amount: '1000' }] });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await snapshot(f)).toBe(before);
    const ids = (await db.execute<{ id: string }>(sql`select id from ledger_test_orders order by id`)).rows.map((r) => r.id);
    expect(ids).toEqual(['kept']);
    expect(await available(u)).toBe('9000');
  });

  it('a refusal inside leaves the transaction usable; the root ledger is refused inside', async () => {
    const u = newUserId();
    await fund(u, '5000');
    const result = await f.ledger.transaction(async (ops) => {
      const refused = await ops
        .transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '5001' }] })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(InsufficientFunds);
      await expect(f.ledger.balance(user(u))).rejects.toThrow(/use the ops/);
      const hold = await ops.hold({ key: nextKey('hold'), account: user(u), amount: '2000', reason: 'ORDER' });
      return ops.transfer({
        key: nextKey(),
        kind: 'X',
        legs: [{ from: user(u), to: house('FEES'), amount: '5000' }],
        captureHolds: [{ holdId: hold.id }],
      });
    });
    expect(result.replayed).toBe(false);
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '0', held: '0' }));
  });

  it('fails the transaction when a database error inside was swallowed', async () => {
    const u = newUserId();
    await fund(u, '100');
    const before = await snapshot(f);
    await expect(
      f.ledger.transaction(async (ops) => {
        await ops.transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '50' }] });
        await ops.db.execute(sql`select 1/0`).catch(() => undefined); // the module's own error: its business
        return 'done';
      }),
    ).rejects.toThrow();
    expect(await snapshot(f)).toBe(before);
  });

  it('a transaction that ends with its own statement (endsWithStatement) commits without a check of the ledger, and fails all the same after a swallowed error', async () => {
    const u = newUserId();
    await fund(u, '100');
    const before = await snapshot(f);
    await expect(
      f.ledger.transaction(
        async (ops) => {
          await ops.transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '50' }] });
          await ops.db.execute(sql`select 1/0`).catch(() => undefined);
          await ops.db.execute(sql`select 2`);
          return 'done';
        },
        { endsWithStatement: true },
      ),
    ).rejects.toThrow();
    expect(await snapshot(f)).toBe(before);
    const done = await f.ledger.transaction(
      async (ops) => {
        await ops.transfer({ key: nextKey(), kind: 'X', legs: [{ from: user(u), to: house('FEES'), amount: '50' }] });
        await ops.db.execute(sql`select 2`);
        return 'done';
      },
      { endsWithStatement: true },
    );
    expect(done).toBe('done');
    expect((await f.ledger.balance(user(u))).balance).toBe('50');
  });
});

describe('the database itself', () => {
  const raw = <T>(text: string) =>
    f.testDatabase.database.withRawTransaction(async (tx) => (await tx.query(text)) as unknown as T);

  it('refuses to edit or delete entries and transfers', async () => {
    const u = newUserId();
    const t = await fund(u, '777');
    await expect(raw(`update ledger_entries set amount = amount + 1 where transfer_id = '${t.id}'`)).rejects.toThrow(/not allowed/);
    await expect(raw(`delete from ledger_entries where transfer_id = '${t.id}'`)).rejects.toThrow(/not allowed/);
    await expect(raw(`update ledger_transfers set kind = 'OTHER' where id = '${t.id}'`)).rejects.toThrow(/not allowed/);
    await expect(raw(`delete from ledger_transfers where id = '${t.id}'`)).rejects.toThrow(/not allowed/);
    await expect(raw(`truncate ledger_entries cascade`)).rejects.toThrow(/not allowed/);
    await expect(raw(`delete from ledger_accounts where user_id = '${u}'`)).rejects.toThrow(/not allowed/);
    expect((await f.ledger.transferByKey(t.key))?.postings.map((p) => p.amount)).toEqual(['-777', '777']);
  });

  it('refuses a user balance below zero or below its holds', async () => {
    const u = newUserId();
    await fund(u, '1000');
    await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '600', reason: 'ORDER' });
    const where = `where user_id = '${u}'`;
    await expect(raw(`update ledger_accounts set balance = -1 ${where}`)).rejects.toThrow(/ledger_accounts_user_funds/);
    await expect(raw(`update ledger_accounts set balance = 599 ${where}`)).rejects.toThrow(/ledger_accounts_user_funds/);
    await expect(raw(`update ledger_accounts set held = -1 ${where}`)).rejects.toThrow(/ledger_accounts_user_funds/);
    expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '1000', held: '600' }));
  });

  it('refuses, with the statement that writes it, a transfer that does not balance or has no entries', async () => {
    const u = newUserId();
    const t = await fund(u, '1000');
    const account = t.postings[1].accountId;
    await expect(
      raw(`with t as (insert into ledger_transfers (key, kind, request_hash) values ('forged', 'X', 'x') returning id)
           insert into ledger_entries (transfer_id, account_id, currency, amount, balance_after)
           select t.id, '${account}', 'IDR', 5, 1005 from t`),
    ).rejects.toThrow(/does not balance/);
    await expect(raw(`insert into ledger_transfers (key, kind, request_hash) values ('empty', 'X', 'x')`)).rejects.toThrow(/no entries/);
    // Adding an entry to an old transfer unbalances it.
    await expect(
      raw(`insert into ledger_entries (transfer_id, account_id, currency, amount, balance_after)
           select '${t.id}', id, 'IDR', 1, 1 from ledger_accounts where ref = 'house:FEES:IDR'`),
    ).rejects.toThrow(/does not balance/);
    expect(await f.ledger.transferByKey('forged')).toBeNull();
  });

  it('refuses to change a hold after it is done, or its amount', async () => {
    const u = newUserId();
    await fund(u, '1000');
    const hold = await f.ledger.hold({ key: nextKey('hold'), account: user(u), amount: '100', reason: 'ORDER' });
    await expect(raw(`update ledger_holds set amount = 5 where id = '${hold.id}'`)).rejects.toThrow(/cannot change/);
    await f.ledger.release(hold.id);
    await expect(raw(`update ledger_holds set status = 'ACTIVE', remaining = 100 where id = '${hold.id}'`)).rejects.toThrow(/cannot change/);
    await expect(raw(`delete from ledger_holds where id = '${hold.id}'`)).rejects.toThrow(/never deleted/);
  });

  it('audit is clean after all of the above, and notices tampering with house accounts', async () => {
    expect(await f.ledger.audit()).toEqual({ sums: { IDR: '0', USD: '0' }, negativeUserAccounts: 0, heldMismatch: 0 });
    // House accounts are exempt from the CHECK, so only the audit can catch this.
    await raw(`update ledger_accounts set balance = balance + 1, held = 3 where ref = 'house:FEES:IDR'`);
    expect(await f.ledger.audit()).toEqual({ sums: { IDR: '1', USD: '0' }, negativeUserAccounts: 0, heldMismatch: 1 });
  });
});
