// The ledger (./api.ts): validates requests, nets them per account, and runs the statements of
// ./statements.ts. Design and reasons: docs/decisions/0011-ledger.md.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { PasarDb } from '../db/database';
import {
  HoldNotActive,
  InsufficientFunds,
  InvalidLedgerRequest,
  LedgerKeyConflict,
  type AccountBalance,
  type AccountRef,
  type Hold,
  type HoldRequest,
  type HistoryEntry,
  type HouseAccount,
  type Ledger,
  type LedgerOps,
  type Posting,
  type TransferRequest,
  type TransferResult,
} from './api';
import {
  accountKey,
  accountRefOf,
  canonical,
  checkKey,
  checkLabel,
  isUuid,
  legsHash,
  LedgerDecimal,
  parseAmount,
  shardForKey,
  shardOf,
  type AccountKey,
} from './refs';
import {
  applyHold,
  applyRelease,
  applyTransfer,
  execOn,
  lockHolds,
  selectAccountHolders,
  selectAudit,
  selectBalance,
  selectBalanceAt,
  selectHistory,
  selectHold,
  selectHouseBalance,
  selectHouseBalanceAt,
  selectMemos,
  selectTransfer,
  selectUserBalances,
  upsertAccounts,
  type AccountDelta,
  type BalanceRow,
  type CaptureRow,
  type Exec,
  type HoldRow,
  type TransferRow,
} from './statements';

export interface LedgerOptions {
  /** Account ids remembered by ref (accounts are never deleted, so an id never goes stale). */
  readonly accountCacheSize?: number;
  /** Attempts of a standalone operation that hits a deadlock or serialization failure. */
  readonly retries?: number;
  /**
   * House accounts spread over several rows, and how many: a transfer's legs to or from one of
   * them go to one row picked from the transfer's key. Their balance is the sum of the rows.
   */
  readonly houseShards?: Readonly<Partial<Record<HouseAccount, number>>>;
}

/** The app's busy house accounts: every fill of every market pays a fee and moves inventory. */
export const HOUSE_SHARDS: Readonly<Partial<Record<HouseAccount, number>>> = { FEES: 8, INVENTORY: 8 };

/** Where an operation runs: straight on the database (each statement commits) or inside a transaction. */
interface Scope {
  readonly exec: Exec;
  /** Several statements atomically: a new transaction when standalone, the current one otherwise. */
  atomically<T>(fn: (exec: Exec) => Promise<T>): Promise<T>;
  /** Account ids learned here; inside a transaction they are cached only after it commits. */
  remember(ref: string, id: string): void;
  lookup(ref: string): string | undefined;
}

/** Errors that mean "the request was refused" and leave a transaction usable. */
const REFUSALS = [InsufficientFunds, LedgerKeyConflict, HoldNotActive, InvalidLedgerRequest];
/** Set on a refusal mapped from a database error: that error aborted the transaction. */
const ABORTED = Symbol('ledger.aborted');
const isRefusal = (error: unknown) =>
  REFUSALS.some((type) => error instanceof type) && !(error as { [ABORTED]?: boolean })[ABORTED];

const RETRYABLE = new Set(['40P01', '40001']);
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error as { message?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    parts.push(String(e.message ?? ''), String(e.constraint ?? ''));
  }
  return parts.join(' ');
}

const HISTORY_LIMIT = { default: 50, max: 500 };

export function createLedger(db: PasarDb, options: LedgerOptions = {}): Ledger {
  const cacheSize = options.accountCacheSize ?? 100_000;
  const retries = options.retries ?? 3;
  const houseShards = options.houseShards ?? {};
  /** The row of `key` a transfer keyed `transferKey` uses (user accounts and unspread houses: their only row). */
  const rowFor = (key: AccountKey, transferKey: string): AccountKey => {
    const shards = key.house ? (houseShards[key.house] ?? 1) : 1;
    return shards > 1 ? shardOf(key, shardForKey(transferKey, shards)) : key;
  };
  const cache = new Map<string, string>();
  const cacheAccount = (ref: string, id: string) => {
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(ref, id);
  };
  const rootExec = execOn(db);
  // Set while a ledger transaction runs: a call on the root ledger from inside it would run outside
  // the transaction (and wait forever on PGlite's single connection).
  const inTransaction = new AsyncLocalStorage<{ active: boolean }>();

  const rootScope: Scope = {
    exec: rootExec,
    atomically: (fn) => db.transaction((tx) => fn(execOn(tx as unknown as PasarDb))),
    remember: cacheAccount,
    lookup: (ref) => cache.get(ref),
  };

  async function standalone<T>(fn: (scope: Scope) => Promise<T>): Promise<T> {
    if (inTransaction.getStore()?.active) {
      throw new Error('ledger: inside ledger.transaction(), use the ops it passes, not app.ledger');
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn(rootScope);
      } catch (error) {
        const state = sqlState(error);
        if (attempt >= retries || !state || !RETRYABLE.has(state)) throw error;
      }
    }
  }

  const ops = (run: <T>(fn: (scope: Scope) => Promise<T>) => Promise<T>): LedgerOps => ({
    transfer: (request) => run((scope) => transfer(scope, request)),
    hold: (request) => run((scope) => hold(scope, request)),
    release: (holdId) => run((scope) => release(scope, holdId)),
    getHold: (holdId) => run((scope) => getHold(scope.exec, holdId)),
    balance: (account) => run((scope) => balance(scope.exec, account)),
    userBalances: (userId) => run((scope) => userBalances(scope.exec, userId)),
  });

  return {
    ...ops(standalone),

    async transaction(fn, options = {}) {
      if (inTransaction.getStore()?.active) {
        throw new Error('ledger: ledger.transaction() cannot nest; use the ops it passes');
      }
      const learned = new Map<string, string>();
      const marker = { active: true };
      try {
        const result = await inTransaction.run(marker, () =>
          db.transaction(async (tx) => {
            const txDb = tx as unknown as PasarDb;
            const exec = execOn(txDb);
            const scope: Scope = {
              exec,
              atomically: (work) => work(exec),
              remember: (ref, id) => learned.set(ref, id),
              lookup: (ref) => learned.get(ref) ?? cache.get(ref),
            };
            // A database error aborts the transaction; if `fn` swallowed it, COMMIT would silently
            // roll back. Remember it and fail the transaction instead.
            let failure: { error: unknown } | null = null;
            const guarded = async <T>(work: (s: Scope) => Promise<T>): Promise<T> => {
              try {
                return await work(scope);
              } catch (error) {
                if (!isRefusal(error)) failure ??= { error };
                throw error;
              }
            };
            const value = await fn({ ...ops(guarded), db: txDb });
            if (failure) throw (failure as { error: unknown }).error;
            // Same for the module's own swallowed errors: this fails on an aborted transaction
            // (as did `fn`'s own last statement, when it ends with one).
            if (!options.endsWithStatement) {
              await exec(sql`select 1`).catch((error: unknown) => {
                throw new Error('ledger: the transaction was aborted by an earlier error; nothing was committed', { cause: error });
              });
            }
            return value;
          }),
        );
        for (const [ref, id] of learned) cacheAccount(ref, id);
        return result;
      } finally {
        marker.active = false;
      }
    },

    balanceAt: (account, at) =>
      standalone(async (scope) => {
        const key = accountKey(account);
        const [row] = key.house
          ? await selectHouseBalanceAt(scope.exec, key.house, key.currency, at)
          : await selectBalanceAt(scope.exec, key.ref, at);
        return row ? canonical(row.balance_after) : '0';
      }),

    history: (account, options = {}) =>
      standalone(async (scope) => {
        const limit = Math.min(Math.max(Math.trunc(options.limit ?? HISTORY_LIMIT.default), 1), HISTORY_LIMIT.max);
        const key = accountKey(account);
        // A house account's entries over all of its rows (balanceAfter is then the row's).
        const house = key.house ? { house: key.house, currency: key.currency } : null;
        const rows = await selectHistory(scope.exec, key.ref, options.before ?? null, limit, house);
        return rows.map(
          (row): HistoryEntry => ({
            transferId: row.transfer_id,
            kind: row.kind,
            amount: canonical(row.amount),
            balanceAfter: canonical(row.balance_after),
            createdAt: new Date(row.created_ms),
            memo: jsonObject(row.memo),
          }),
        );
      }),

    accountHolders: ({ after, limit }) =>
      standalone(async (scope) => {
        if (after !== undefined && !isUuid(after)) throw new InvalidLedgerRequest(`invalid user id ${JSON.stringify(after)}`);
        return (await selectAccountHolders(scope.exec, after ?? null, limit)).map((row) => row.user_id);
      }),

    transferByKey: (key) =>
      standalone(async (scope) => {
        const rows = await selectTransfer(scope.exec, checkKey(key));
        return rows.length > 0 ? transferResult(rows, false) : null;
      }),

    memosOf: (transferIds) =>
      standalone(async (scope) => {
        const ids = [...new Set(transferIds)];
        const bad = ids.find((id) => !isUuid(id));
        if (bad !== undefined) throw new InvalidLedgerRequest(`invalid transfer id ${JSON.stringify(bad)}`);
        if (ids.length === 0) return new Map();
        return new Map((await selectMemos(scope.exec, ids)).map((row) => [row.id, jsonObject(row.memo)]));
      }),

    audit: () =>
      standalone(async (scope) => {
        const row = await selectAudit(scope.exec);
        const sums = jsonObject(row.sums) as Record<string, string>;
        return {
          sums: Object.fromEntries(Object.entries(sums).map(([currency, total]) => [currency, canonical(String(total))])),
          negativeUserAccounts: Number(row.negative),
          heldMismatch: Number(row.mismatch),
        };
      }),
  };

  async function resolveAccounts(scope: Scope, keys: readonly AccountKey[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const missing: AccountKey[] = [];
    for (const key of keys) {
      const id = scope.lookup(key.ref);
      if (id) ids.set(key.ref, id);
      else if (!missing.some((m) => m.ref === key.ref)) missing.push(key);
    }
    if (missing.length > 0) {
      const found = await upsertAccounts(scope.exec, missing);
      for (const key of missing) {
        const id = found.get(key.ref);
        if (!id) throw new Error(`ledger: account ${key.ref} could not be created`);
        ids.set(key.ref, id);
        scope.remember(key.ref, id);
      }
    }
    return ids;
  }

  async function transfer(scope: Scope, request: TransferRequest): Promise<TransferResult> {
    const key = checkKey(request?.key);
    const kind = checkLabel(request.kind, 'kind');
    if (!Array.isArray(request.legs) || request.legs.length === 0) throw new InvalidLedgerRequest('a transfer needs at least one leg');
    const legs = request.legs.map((leg, i) => {
      const from = accountKey(leg.from);
      const to = accountKey(leg.to);
      if (from.currency !== to.currency) {
        throw new InvalidLedgerRequest(`leg ${i}: ${from.ref} and ${to.ref} are in different currencies`);
      }
      if (from.ref === to.ref) throw new InvalidLedgerRequest(`leg ${i}: from and to are the same account`);
      return { from, to, amount: parseAmount(leg.amount, from.currency, `leg ${i} amount`) };
    });
    const memo = request.memo ?? {};
    if (typeof memo !== 'object' || memo === null || Array.isArray(memo)) throw new InvalidLedgerRequest('memo must be an object');
    const hash = legsHash(legs);
    const captures = request.captureHolds ?? [];
    const seen = new Set<string>();
    for (const capture of captures) {
      if (!isUuid(capture?.holdId)) throw new HoldNotActive(String(capture?.holdId));
      if (seen.has(capture.holdId.toLowerCase())) throw new InvalidLedgerRequest(`hold ${capture.holdId} captured twice`);
      seen.add(capture.holdId.toLowerCase());
    }

    // Net per account, in order of first appearance; `debit` is what the legs take out of it.
    const accounts = new Map<string, { key: AccountKey; d: LedgerDecimal; h: LedgerDecimal; debit: LedgerDecimal }>();
    const entry = (k: AccountKey) => {
      let a = accounts.get(k.ref);
      if (!a) accounts.set(k.ref, (a = { key: k, d: new LedgerDecimal(0), h: new LedgerDecimal(0), debit: new LedgerDecimal(0) }));
      return a;
    };
    // A house account spread over rows is netted on this transfer's row (the hash above is of the accounts as asked).
    for (const leg of legs) {
      const from = entry(rowFor(leg.from, key));
      from.d = from.d.minus(leg.amount);
      from.debit = from.debit.plus(leg.amount);
      const to = entry(rowFor(leg.to, key));
      to.d = to.d.plus(leg.amount);
    }
    const ids = await resolveAccounts(scope, [...accounts.values()].map((a) => a.key));
    const byId = new Map([...accounts.values()].map((a) => [ids.get(a.key.ref) as string, a]));

    const replayOr = async (exec: Exec, otherwise: () => never): Promise<TransferResult> => {
      const rows = await selectTransfer(exec, key);
      if (rows.length === 0) otherwise();
      if (rows[0].request_hash !== hash) throw new LedgerKeyConflict(key);
      return transferResult(rows, true);
    };

    const apply = async (exec: Exec, captured: CaptureRow[] | null): Promise<TransferResult> => {
      const deltas: AccountDelta[] = [...byId].map(([id, a]) => ({ id, d: a.d.toFixed(), h: a.h.toFixed() }));
      let rows;
      try {
        rows = await applyTransfer(exec, { key, kind, hash, memo, captures: captured }, deltas);
      } catch (error) {
        // The statement checks funds itself; the CHECK constraint is the database's last word.
        if (sqlState(error) !== '23514' || !/ledger_accounts_user_funds/.test(String(errorText(error)))) throw error;
        const short = [...byId.values()].find((a) => a.key.isUser && (a.d.lt(0) || a.h.gt(0))) ?? [...byId.values()][0];
        throw Object.assign(new InsufficientFunds(short.key.account, short.key.currency), { [ABORTED]: true, cause: error });
      }
      const short = rows.find((row) => row.k === 'b');
      if (short) {
        return replayOr(exec, () => {
          throw new InsufficientFunds(byId.get(short.account_id)?.key.account as AccountRef, byId.get(short.account_id)?.key.currency ?? '');
        });
      }
      if (rows.length === 0) {
        return replayOr(exec, () => {
          throw new Error(`ledger: transfer ${key} vanished`);
        });
      }
      const entryOf = new Map(rows.map((row) => [row.account_id, row]));
      const postings = [...byId].map(([id, a]): Posting => {
        const row = entryOf.get(id);
        if (!row) throw new Error(`ledger: transfer ${key} has no entry for ${a.key.ref}`);
        return {
          account: a.key.account,
          accountId: id,
          currency: a.key.currency,
          amount: canonical(row.amount as string),
          balanceAfter: canonical(row.balance_after as string),
        };
      });
      return {
        id: rows[0].transfer_id as string,
        key,
        kind,
        createdAt: new Date(rows[0].created_ms as number),
        postings,
        memo,
        replayed: false,
      };
    };

    if (captures.length === 0) return apply(scope.exec, null);

    return scope.atomically(async (exec) => {
      // A replay must not trip over its own, already captured, holds.
      const existing = await selectTransfer(exec, key);
      if (existing.length > 0) {
        if (existing[0].request_hash !== hash) throw new LedgerKeyConflict(key);
        return transferResult(existing, true);
      }
      const holds = new Map((await lockHolds(exec, [...seen])).map((row) => [row.id, row]));
      const captured: CaptureRow[] = [];
      const capturedPer = new Map<string, LedgerDecimal>();
      for (const capture of captures) {
        const id = capture.holdId.toLowerCase();
        const row = holds.get(id);
        if (!row || row.status !== 'ACTIVE') {
          return replayOr(exec, () => {
            throw new HoldNotActive(capture.holdId);
          });
        }
        const remaining = new LedgerDecimal(row.remaining);
        const x = capture.amount === undefined ? remaining : parseAmount(capture.amount, row.currency, `capture of hold ${id}`);
        if (x.gt(remaining)) throw new InsufficientFunds(accountRefOf(row), row.currency);
        const account = byId.get(row.account_id);
        if (!account) throw new HoldNotActive(capture.holdId);
        const total = (capturedPer.get(row.account_id) ?? new LedgerDecimal(0)).plus(x);
        if (total.gt(account.debit)) throw new HoldNotActive(capture.holdId);
        capturedPer.set(row.account_id, total);
        captured.push({ id, x: x.toFixed() });
      }
      for (const [accountId, total] of capturedPer) {
        const account = byId.get(accountId);
        if (account) account.h = account.h.minus(total);
      }
      return apply(exec, captured);
    });
  }

  async function hold(scope: Scope, request: HoldRequest): Promise<Hold> {
    const key = checkKey(request?.key);
    const account = accountKey(request.account);
    const amount = parseAmount(request.amount, account.currency);
    const reason = checkLabel(request.reason, 'reason');
    const ref = request.ref ?? null;
    if (ref !== null && (typeof ref !== 'string' || ref.length > 256)) throw new InvalidLedgerRequest('ref must be a string');
    const accountId = (await resolveAccounts(scope, [account])).get(account.ref) as string;

    const existing = async (otherwise: () => never): Promise<Hold> => {
      const [row] = await selectHold(scope.exec, { key });
      if (!row) otherwise();
      if (row.account_id !== accountId || !new LedgerDecimal(row.amount).eq(amount)) throw new LedgerKeyConflict(key);
      return holdOf(row);
    };
    const rows = await applyHold(scope.exec, { key, accountId, currency: account.currency, amount: amount.toFixed(), reason, ref });
    const placed = rows.find((row) => row.k === 'h');
    if (placed) return holdOf(placed as HoldRow);
    if (rows.length > 0) {
      return existing(() => {
        throw new InsufficientFunds(account.account, account.currency);
      });
    }
    return existing(() => {
      throw new Error(`ledger: hold ${key} vanished`);
    });
  }

  async function release(scope: Scope, holdId: string): Promise<Hold> {
    if (!isUuid(holdId)) throw new HoldNotActive(String(holdId));
    const [row] = await applyRelease(scope.exec, holdId);
    if (!row || row.prev === 'CAPTURED') throw new HoldNotActive(holdId);
    return holdOf(row);
  }

  async function getHold(exec: Exec, holdId: string): Promise<Hold | null> {
    if (!isUuid(holdId)) return null;
    const [row] = await selectHold(exec, { id: holdId });
    return row ? holdOf(row) : null;
  }

  async function balance(exec: Exec, account: AccountRef): Promise<AccountBalance> {
    const key = accountKey(account);
    // A house account's rows (shards) summed.
    const [row] = key.house ? await selectHouseBalance(exec, key.house, key.currency) : await selectBalance(exec, key.ref);
    return row ? balanceOf(row) : { account: key.account, currency: key.currency, balance: '0', held: '0', available: '0' };
  }

  async function userBalances(exec: Exec, userId: string): Promise<AccountBalance[]> {
    if (!isUuid(userId)) throw new InvalidLedgerRequest(`invalid user id ${JSON.stringify(userId)}`);
    return (await selectUserBalances(exec, userId)).map(balanceOf);
  }
}

function jsonObject(value: unknown): Record<string, unknown> {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

function transferResult(rows: readonly TransferRow[], replayed: boolean): TransferResult {
  const first = rows[0];
  return {
    id: first.id,
    key: first.key,
    kind: first.kind,
    createdAt: new Date(first.created_ms),
    memo: jsonObject(first.memo),
    replayed,
    postings: rows
      .filter((row) => row.account_id !== null)
      .map((row) => ({
        account: accountRefOf(row as { user_id: string | null; purpose: string | null; house: string | null; currency: string }),
        accountId: row.account_id as string,
        currency: row.currency as string,
        amount: canonical(row.amount as string),
        balanceAfter: canonical(row.balance_after as string),
      })),
  };
}

function holdOf(row: HoldRow): Hold {
  return {
    id: row.id,
    key: row.key,
    account: accountRefOf(row),
    currency: row.currency,
    amount: canonical(row.amount),
    remaining: canonical(row.remaining),
    status: row.status,
    reason: row.reason,
    ref: row.ref,
    createdAt: new Date(row.created_ms),
  };
}

function balanceOf(row: BalanceRow): AccountBalance {
  const balance = new LedgerDecimal(row.balance);
  const held = new LedgerDecimal(row.held);
  return {
    account: accountRefOf(row),
    currency: row.currency,
    balance: balance.toFixed(),
    held: held.toFixed(),
    available: balance.minus(held).toFixed(),
  };
}
