/** @jest-environment node */
// Random sequences of deposits, transfers between users and purposes, holds, captures (cashouts),
// releases and replays, checked against a simple model. After every run: each currency sums to
// zero, no user account is negative, held matches the active holds, the balances are the model's,
// and replaying every earlier request with its key changes nothing.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { HoldNotActive, InsufficientFunds, type AccountRef, type HoldRequest, type TransferRequest } from './api';
import { house, openLedger, snapshot, type LedgerFixture } from './test-support';

let f: LedgerFixture;
beforeAll(async () => {
  f = await openLedger();
});
afterAll(async () => {
  await f.close();
});

const USERS = 3;
/** Each user's accounts in the test: two IDR purposes and one USD wallet. */
const SLOTS = [
  { purpose: 'CASH', currency: 'IDR', scale: 0 },
  { purpose: 'FREE', currency: 'IDR', scale: 0 },
  { purpose: 'USD_PALN', currency: 'USD', scale: 2 },
] as const;

/** Amounts in minor units (Rupiah, cents): exact integers in the model. */
const text = (minor: number, scale: number) =>
  scale === 0 ? String(minor) : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const minor = (value: string, scale: number) => new Decimal(value).times(10 ** scale).toNumber();

type Command =
  | { t: 'deposit'; u: number; s: number; n: number }
  | { t: 'move'; u1: number; s1: number; u2: number; s2: number; n: number }
  | { t: 'hold'; u: number; s: number; n: number }
  | { t: 'capture'; i: number; part: boolean; n: number; extra: number }
  | { t: 'release'; i: number }
  | { t: 'replay'; i: number };

const user = fc.nat({ max: USERS - 1 });
const slot = fc.nat({ max: SLOTS.length - 1 });
const size = fc.nat({ max: 1_000_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), u: user, s: slot, n: size }),
  fc.record({ t: fc.constant('move' as const), u1: user, s1: slot, u2: user, s2: slot, n: size }),
  fc.record({ t: fc.constant('hold' as const), u: user, s: slot, n: size }),
  fc.record({ t: fc.constant('capture' as const), i: fc.nat(), part: fc.boolean(), n: size, extra: fc.nat({ max: 3_000 }) }),
  fc.record({ t: fc.constant('release' as const), i: fc.nat() }),
  fc.record({ t: fc.constant('replay' as const), i: fc.nat() }),
);

interface ModelHold {
  id: string;
  account: string;
  slot: number;
  remaining: number;
  status: 'ACTIVE' | 'CAPTURED' | 'RELEASED';
}
type Keyed = { kind: 'transfer'; request: TransferRequest; id: string } | { kind: 'hold'; request: HoldRequest; id: string };

async function run(commands: Command[]): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const users = Array.from({ length: USERS }, () => randomUUID());
  const ref = (u: number, s: number): AccountRef => ({ userId: users[u], purpose: SLOTS[s].purpose, currency: SLOTS[s].currency });
  const name = (u: number, s: number) => `${u}/${s}`;
  const balance = new Map<string, number>();
  const held = new Map<string, number>();
  const get = (m: Map<string, number>, k: string) => m.get(k) ?? 0;
  const available = (k: string) => get(balance, k) - get(held, k);
  const holds: ModelHold[] = [];
  const done: Keyed[] = [];
  let seq = 0;
  const key = (what: string) => `${what}:${run}:${++seq}`;
  // The audit is global: compare with the start of the run, so a failed run does not make every
  // later (shrinking) run fail too. The last test checks the whole database is clean.
  const auditBefore = await f.ledger.audit();

  // Runs a request the model expects to succeed (true) or to fail with `refusal`.
  async function expectOutcome<T>(work: Promise<T>, ok: boolean, refusal: typeof InsufficientFunds | typeof HoldNotActive) {
    if (ok) return work;
    await expect(work).rejects.toBeInstanceOf(refusal);
    return null;
  }

  for (const c of commands) {
    switch (c.t) {
      case 'deposit': {
        const { scale } = SLOTS[c.s];
        const amount = 1 + (c.n % 500_000);
        const request = {
          key: key('topup'),
          kind: 'TOPUP',
          legs: [{ from: house('PAYMENT_CLEARING', SLOTS[c.s].currency), to: ref(c.u, c.s), amount: text(amount, scale) }],
        };
        const result = await f.ledger.transfer(request);
        balance.set(name(c.u, c.s), get(balance, name(c.u, c.s)) + amount);
        done.push({ kind: 'transfer', request, id: result.id });
        break;
      }
      case 'move': {
        // Same currency on both sides: IDR purposes among themselves, USD to another user's USD.
        const s2 = SLOTS[c.s1].currency === 'USD' ? 2 : c.s2 % 2;
        const u2 = c.u2 === c.u1 && s2 === c.s1 ? (c.u1 + 1) % USERS : c.u2;
        const from = name(c.u1, c.s1);
        const to = name(u2, s2);
        const amount = 1 + (c.n % 300_000);
        const request = { key: key('move'), kind: 'TRANSFER', legs: [{ from: ref(c.u1, c.s1), to: ref(u2, s2), amount: text(amount, SLOTS[c.s1].scale) }] };
        const ok = available(from) >= amount;
        const result = await expectOutcome(f.ledger.transfer(request), ok, InsufficientFunds);
        if (result) {
          balance.set(from, get(balance, from) - amount);
          balance.set(to, get(balance, to) + amount);
          done.push({ kind: 'transfer', request, id: result.id });
        }
        break;
      }
      case 'hold': {
        const account = name(c.u, c.s);
        const amount = 1 + (c.n % 300_000);
        const request = { key: key('hold'), account: ref(c.u, c.s), amount: text(amount, SLOTS[c.s].scale), reason: 'ORDER' };
        const ok = available(account) >= amount;
        const result = await expectOutcome(f.ledger.hold(request), ok, InsufficientFunds);
        if (result) {
          held.set(account, get(held, account) + amount);
          holds.push({ id: result.id, account, slot: c.s, remaining: amount, status: 'ACTIVE' });
          done.push({ kind: 'hold', request, id: result.id });
        }
        break;
      }
      case 'capture': {
        if (holds.length === 0) break;
        const hold = holds[c.i % holds.length];
        const { scale, currency } = SLOTS[hold.slot];
        const active = hold.status === 'ACTIVE';
        const captured = active ? (c.part ? 1 + (c.n % hold.remaining) : hold.remaining) : 1 + (c.n % 1000);
        const debit = captured + c.extra;
        const [u, s] = hold.account.split('/').map(Number);
        const request: TransferRequest = {
          key: key('cashout'),
          kind: 'CASHOUT',
          legs: [{ from: ref(u, s), to: house('BANK_PAYOUT', currency), amount: text(debit, scale) }],
          captureHolds: [{ holdId: hold.id, ...(c.part ? { amount: text(captured, scale) } : {}) }],
        };
        // The hold covers `captured` of the debit; the rest must be available.
        const ok = active && available(hold.account) >= c.extra;
        const result = await expectOutcome(f.ledger.transfer(request), ok, active ? InsufficientFunds : HoldNotActive);
        if (result) {
          balance.set(hold.account, get(balance, hold.account) - debit);
          held.set(hold.account, get(held, hold.account) - captured);
          hold.remaining -= captured;
          if (hold.remaining === 0) hold.status = 'CAPTURED';
          done.push({ kind: 'transfer', request, id: result.id });
        }
        break;
      }
      case 'release': {
        if (holds.length === 0) break;
        const hold = holds[c.i % holds.length];
        const result = await expectOutcome(f.ledger.release(hold.id), hold.status !== 'CAPTURED', HoldNotActive);
        if (result && hold.status === 'ACTIVE') {
          held.set(hold.account, get(held, hold.account) - hold.remaining);
          hold.remaining = 0;
          hold.status = 'RELEASED';
        }
        if (result) expect(result).toEqual(expect.objectContaining({ status: 'RELEASED', remaining: '0' }));
        break;
      }
      case 'replay': {
        if (done.length === 0) break;
        await expectReplayChangesNothing(done[c.i % done.length]);
        break;
      }
    }
  }

  // The invariants: this run broke none of them.
  const audit = await f.ledger.audit();
  for (const [currency, total] of Object.entries(audit.sums)) expect([currency, total]).toEqual([currency, auditBefore.sums[currency] ?? '0']);
  expect(audit.negativeUserAccounts).toBe(auditBefore.negativeUserAccounts);
  expect(audit.heldMismatch).toBe(auditBefore.heldMismatch);
  // The ledger agrees with the model.
  for (let u = 0; u < USERS; u++) {
    for (let s = 0; s < SLOTS.length; s++) {
      const b = await f.ledger.balance(ref(u, s));
      expect([minor(b.balance, SLOTS[s].scale), minor(b.held, SLOTS[s].scale)]).toEqual([
        get(balance, name(u, s)),
        get(held, name(u, s)),
      ]);
    }
  }
  for (const hold of holds) {
    const stored = await f.ledger.getHold(hold.id);
    expect([stored?.status, minor(stored?.remaining ?? '-1', SLOTS[hold.slot].scale)]).toEqual([hold.status, hold.remaining]);
  }
  // Every earlier request, replayed with its key, changes nothing.
  const before = await snapshot(f);
  for (const request of done) await expectReplayChangesNothing(request, false);
  expect(await snapshot(f)).toBe(before);
}

async function expectReplayChangesNothing(keyed: Keyed, compare = true): Promise<void> {
  const before = compare ? await snapshot(f) : '';
  if (keyed.kind === 'transfer') {
    const again = await f.ledger.transfer(keyed.request);
    expect([again.id, again.replayed]).toEqual([keyed.id, true]);
  } else {
    expect((await f.ledger.hold(keyed.request)).id).toBe(keyed.id);
  }
  if (compare) expect(await snapshot(f)).toBe(before);
}

it('keeps every invariant over random sequences of requests and replays', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), (commands) => run(commands)),
    { numRuns: 25 },
  );
});

it('leaves the whole ledger clean: every currency sums to zero, no negative user account, held = active holds', async () => {
  const audit = await f.ledger.audit();
  expect(Object.keys(audit.sums).sort()).toEqual(['IDR', 'USD']);
  expect(audit).toEqual({ sums: { IDR: '0', USD: '0' }, negativeUserAccounts: 0, heldMismatch: 0 });
});
