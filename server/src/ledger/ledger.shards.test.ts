/** @jest-environment node */
// House accounts spread over several rows (`houseShards`): fills racing from several pools land
// on different FEES and INVENTORY rows, the account's balance (now and at a time) and history are
// over all of its rows, replays land on the same row, and the ledger's invariants hold: every
// currency sums to zero, no user account goes below zero or below its holds.
import { sql } from 'drizzle-orm';
import { InsufficientFunds, LedgerKeyConflict, type Ledger, type TransferRequest } from './api';
import { createLedger } from './ledger';
import { house, newUserId, openPooledLedgers, user, type LedgerFixture } from './test-support';

const POOLS = 3;
const SHARDS = { FEES: 4, INVENTORY: 4 } as const;
let f: LedgerFixture & { ledgers: Ledger[] };
let ledgers: Ledger[];

beforeAll(async () => {
  // Retries off: a deadlock between rows of one house account would surface here.
  f = await openPooledLedgers(POOLS, { retries: 1, houseShards: SHARDS });
  ledgers = f.ledgers;
});
afterAll(async () => {
  await f.close();
});

const ledger = () => ledgers[0] as Ledger;
const via = (i: number) => ledgers[i % ledgers.length] as Ledger;
const rows = async <T>(query: ReturnType<typeof sql>) => (await f.testDatabase.database.db.execute(query)).rows as T[];

async function funded(amount: string): Promise<string> {
  const u = newUserId();
  await ledger().transfer({ key: `topup:${u}`, kind: 'TOPUP', legs: [{ from: house('PAYMENT_CLEARING'), to: user(u), amount }] });
  return u;
}

/** A buy's fill: IDR to the inventory and to fees, BTC from the inventory. */
const fill = (key: string, userId: string): TransferRequest => ({
  key,
  kind: 'ORDER_FILL',
  legs: [
    { from: user(userId), to: house('INVENTORY'), amount: '9990' },
    { from: user(userId), to: house('FEES'), amount: '10' },
    { from: house('INVENTORY', 'BTC'), to: user(userId, 'SPOT', 'BTC'), amount: '0.0001' },
  ],
});

async function expectInvariants(): Promise<void> {
  const audit = await ledger().audit();
  expect(Object.values(audit.sums).every((sum) => sum === '0')).toBe(true);
  expect([audit.negativeUserAccounts, audit.heldMismatch]).toEqual([0, 0]);
  // Every row's balance is the sum of its entries.
  const drift = await rows<{ ref: string }>(
    sql`select a.ref from ledger_accounts a where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`,
  );
  expect(drift).toEqual([]);
}

describe('house accounts spread over several rows', () => {
  it('spreads racing fills over the rows; the balance, the balance at a time and the history are the sum of them', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => funded('1000000')));
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => via(i).transfer(fill(`spread:${i}`, users[i % users.length] as string))));
    expect(results.every((r) => !r.replayed)).toBe(true);
    // The postings name the account asked for, whichever row took it.
    expect(results[0]?.postings.map((p) => p.account)).toContainEqual(house('FEES'));

    const feeRows = await rows<{ shard: number; balance: string }>(
      sql`select shard, balance::text as balance from ledger_accounts where house = 'FEES' and currency = 'IDR' order by shard`,
    );
    expect(feeRows.length).toBeGreaterThan(1);
    expect(feeRows.every((row) => row.shard >= 0 && row.shard < SHARDS.FEES)).toBe(true);
    expect(await ledger().balance(house('FEES'))).toEqual(expect.objectContaining({ balance: '400', held: '0', available: '400' }));
    expect((await ledger().balance(house('INVENTORY'))).balance).toBe('399600');
    expect((await ledger().balance(house('INVENTORY', 'BTC'))).balance).toBe('-0.004');

    expect(await ledger().balanceAt(house('FEES'), before)).toBe('0');
    expect(await ledger().balanceAt(house('FEES'), new Date(Date.now() + 1000))).toBe('400');
    const history = await ledger().history(house('FEES'), { limit: 500 });
    expect(history).toHaveLength(40);
    expect(history.every((entry) => entry.amount === '10')).toBe(true);
    for (const u of users) expect((await ledger().balance(user(u))).balance).toBe('950000');
    await expectInvariants();
  });

  it('replays a transfer on the row it first took; other legs under its key are a conflict', async () => {
    const u = await funded('100000');
    const first = await ledger().transfer(fill('replay:1', u));
    const fees = await ledger().balance(house('FEES'));
    const again = await via(1).transfer(fill('replay:1', u));
    expect(again.replayed).toBe(true);
    expect(again.postings.map((p) => [p.accountId, p.amount])).toEqual(first.postings.map((p) => [p.accountId, p.amount]));
    expect(await ledger().balance(house('FEES'))).toEqual(fees);
    await expect(
      ledger().transfer({ ...fill('replay:1', u), legs: [{ from: user(u), to: house('FEES'), amount: '11' }] }),
    ).rejects.toBeInstanceOf(LedgerKeyConflict);
    await expectInvariants();
  });

  it('never takes a user below zero: of ten racing fills that the balance covers three times, three pass', async () => {
    const u = await funded('30000');
    const settled = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => via(i).transfer(fill(`short:${u}:${i}`, u))));
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(settled.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientFunds)).toHaveLength(7);
    expect(await ledger().balance(user(u))).toEqual(expect.objectContaining({ balance: '0', held: '0' }));
    await expectInvariants();
  });

  it('a ledger without spread rows reads the same account: its balance is still the sum of every row', async () => {
    const plain = createLedger(f.testDatabase.database.db);
    const total = await ledger().balance(house('FEES'));
    expect(await plain.balance(house('FEES'))).toEqual(total);
    const u = await funded('10000');
    await plain.transfer({ key: `plain:${u}`, kind: 'FEE', legs: [{ from: user(u), to: house('FEES'), amount: '5' }] });
    expect((await ledger().balance(house('FEES'))).balance).toBe(String(Number(total.balance) + 5));
    await expectInvariants();
  });
});
