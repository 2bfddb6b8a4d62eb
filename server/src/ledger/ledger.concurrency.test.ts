/** @jest-environment node */
// Requests racing for one balance. On PostgreSQL (DATABASE_URL) they come from several pools at
// once; on PGlite they are issued concurrently through its one connection. Both must give the same
// counts. Retries are off: a deadlock would surface as an error here.
import { randomUUID } from 'node:crypto';
import { HoldNotActive, InsufficientFunds, type Ledger } from './api';
import { house, openPooledLedgers, user, type LedgerFixture } from './test-support';

const POOLS = 4;
let f: LedgerFixture & { ledgers: Ledger[] };
let ledgers: Ledger[];

beforeAll(async () => {
  f = await openPooledLedgers(POOLS, { retries: 1 });
  ledgers = f.ledgers;
});
afterAll(async () => {
  await f.close();
});

/** The i-th request goes through the i-th pool (round robin). */
const via = (i: number) => ledgers[i % ledgers.length];
const settle = <T>(work: Array<Promise<T>>) => Promise.allSettled(work);
const failures = (results: PromiseSettledResult<unknown>[], type: new (...args: never[]) => Error) =>
  results.filter((r) => r.status === 'rejected' && r.reason instanceof type).length;
const fulfilled = <T>(results: PromiseSettledResult<T>[]) =>
  results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

async function funded(amount: string): Promise<string> {
  const u = randomUUID();
  await f.ledger.transfer({ key: `topup:${u}`, kind: 'TOPUP', legs: [{ from: house('PAYMENT_CLEARING'), to: user(u), amount }] });
  return u;
}

async function expectAuditClean() {
  expect(await f.ledger.audit()).toEqual({ sums: { IDR: '0' }, negativeUserAccounts: 0, heldMismatch: 0 });
}

it('100 concurrent transfers of 15,000 from 1,000,000: exactly 66 pass, 34 are refused', async () => {
  const u = await funded('1000000');
  const results = await settle(
    Array.from({ length: 100 }, (_, i) =>
      via(i).transfer({ key: `spend:${u}:${i}`, kind: 'ORDER_FILL', legs: [{ from: user(u), to: house('INVENTORY'), amount: '15000' }] }),
    ),
  );
  expect(fulfilled(results)).toHaveLength(66);
  expect(failures(results, InsufficientFunds)).toBe(34);
  expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '10000', held: '0' }));
  // The running balances of the 66 entries are 985,000 down to 10,000, each exactly once.
  const after = fulfilled(results).map((r) => Number(r.postings.find((p) => 'userId' in p.account)?.balanceAfter));
  expect(after.sort((a, b) => b - a)).toEqual(Array.from({ length: 66 }, (_, i) => 985_000 - 15_000 * i));
  await expectAuditClean();
});

it('100 concurrent holds of 15,000, then captures racing their replays and releases racing captures', async () => {
  const u = await funded('1000000');
  const placed = await settle(
    Array.from({ length: 100 }, (_, i) => via(i).hold({ key: `hold:${u}:${i}`, account: user(u), amount: '15000', reason: 'CASHOUT' })),
  );
  const holds = fulfilled(placed);
  expect(holds).toHaveLength(66);
  expect(failures(placed, InsufficientFunds)).toBe(34);
  expect(await f.ledger.balance(user(u))).toEqual(expect.objectContaining({ balance: '1000000', held: '990000', available: '10000' }));

  const cashout = (holdId: string, key: string, i: number) =>
    via(i).transfer({
      key,
      kind: 'CASHOUT',
      legs: [{ from: user(u), to: house('BANK_PAYOUT'), amount: '15000' }],
      captureHolds: [{ holdId }],
    });
  const firstHalf = holds.slice(0, 33);
  const secondHalf = holds.slice(33);
  const [replays, races] = await Promise.all([
    // Each capture sent twice at once with the same key (a client retry): applied once.
    settle(firstHalf.flatMap((h, i) => [cashout(h.id, `cashout:${h.id}`, i), cashout(h.id, `cashout:${h.id}`, i + 1)])),
    // Each remaining hold released and captured at once: exactly one of the two wins.
    settle<unknown>(secondHalf.flatMap((h, i) => [via(i).release(h.id), cashout(h.id, `cashout:${h.id}`, i + 1)])),
  ]);
  expect(replays.every((r) => r.status === 'fulfilled')).toBe(true);
  const applied = fulfilled(replays);
  expect(new Set(applied.map((r) => r.id)).size).toBe(33);
  expect(applied.filter((r) => !r.replayed)).toHaveLength(33);

  let captured = 33;
  for (let i = 0; i < secondHalf.length; i++) {
    const [release, capture] = [races[2 * i], races[2 * i + 1]];
    const wins = [release, capture].filter((r) => r.status === 'fulfilled').length;
    expect(wins).toBe(1);
    const loser = [release, capture].find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(HoldNotActive);
    if (capture.status === 'fulfilled') captured++;
  }
  expect(await f.ledger.balance(user(u))).toEqual(
    expect.objectContaining({ balance: String(1_000_000 - 15_000 * captured), held: '0' }),
  );
  await expectAuditClean();
});

it('transfers in opposite directions between two users do not deadlock', async () => {
  const a = await funded('100000');
  const b = await funded('100000');
  const results = await settle(
    Array.from({ length: 60 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      return via(i).transfer({
        key: `swap:${a}:${i}`,
        kind: 'TRANSFER',
        // Two legs touching both accounts and a house account, in an order that differs by direction.
        legs: [
          { from: user(from), to: user(to), amount: '1000' },
          { from: user(to), to: house('FEES'), amount: '1' },
        ],
      });
    }),
  );
  const rejected = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
  expect(rejected).toEqual([]);
  expect((await f.ledger.balance(user(a))).balance).toBe('99970');
  expect((await f.ledger.balance(user(b))).balance).toBe('99970');
  await expectAuditClean();
});

it('the same transfer sent 10 times at once is applied once', async () => {
  const u = await funded('50000');
  const request = { key: `once:${u}`, kind: 'CASHOUT', legs: [{ from: user(u), to: house('BANK_PAYOUT'), amount: '30000' }] };
  const results = await settle(Array.from({ length: 10 }, (_, i) => via(i).transfer(request)));
  const done = fulfilled(results);
  expect(done).toHaveLength(10);
  expect(new Set(done.map((r) => r.id)).size).toBe(1);
  expect(done.filter((r) => !r.replayed)).toHaveLength(1);
  expect((await f.ledger.balance(user(u))).balance).toBe('20000');
  await expectAuditClean();
});
