// The ledger's SQL. Each write is ONE statement (data-modifying CTEs), so a standalone transfer is
// one round trip and atomic on its own; see docs/decisions/0011-ledger.md. Values travel as one
// jsonb parameter (the same on PGlite and node-postgres); numbers come back as text, times as
// epoch milliseconds, so both drivers give the same shapes.
import { sql, type SQL } from 'drizzle-orm';
import type { PasarDb } from '../db/database';
import { fixedStatement, runFixed, type FixedStatement } from '../db/prepared';
import type { AccountKey } from './refs';

/** Runs one statement on the database or on a transaction's connection. */
export interface Exec {
  <R extends Record<string, unknown>>(query: SQL): Promise<R[]>;
  /** A statement of fixed text, sent by name (db/prepared.ts). */
  fixed<R extends Record<string, unknown>>(statement: FixedStatement, params: readonly unknown[]): Promise<R[]>;
}

export const execOn = (db: PasarDb): Exec =>
  Object.assign(async <R extends Record<string, unknown>>(query: SQL) => (await db.execute<R>(query)).rows, {
    fixed: <R extends Record<string, unknown>>(statement: FixedStatement, params: readonly unknown[]) => runFixed<R>(db, statement, params),
  });

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * Creates the accounts that do not exist yet (race-safe: on conflict do nothing) and returns every
 * id by ref. A row another transaction inserted while this ran may be missing: read again.
 */
export async function upsertAccounts(exec: Exec, keys: readonly AccountKey[]): Promise<Map<string, string>> {
  // `shard` only for a spread house account's rows (other rows take its default, 0): the statement
  // then also runs on a schema from before the column (the orders migration's test).
  const spread = keys.some((k) => k.shard !== 0);
  const values = keys.map((k) => ({ ref: k.ref, user_id: k.userId, purpose: k.purpose, house: k.house, currency: k.currency, ...(spread ? { shard: k.shard } : {}) }));
  const rows = await exec<{ id: string; ref: string }>(sql`
    with v as (
      select * from jsonb_to_recordset(${json(values)})
        as v(ref text, user_id uuid, purpose text, house text, currency text${sql.raw(spread ? ', shard smallint' : '')})
    ),
    ins as (
      insert into ledger_accounts (ref, user_id, purpose, house, currency${sql.raw(spread ? ', shard' : '')})
      select ref, user_id, purpose, house, currency${sql.raw(spread ? ', shard' : '')} from v
      on conflict (ref) do nothing
      returning id, ref
    )
    select id::text as id, ref from ins
    union all
    select a.id::text, a.ref from ledger_accounts a join v on v.ref = a.ref`);
  const ids = new Map(rows.map((row) => [row.ref, row.id]));
  const missing = keys.filter((k) => !ids.has(k.ref)).map((k) => k.ref);
  if (missing.length > 0) {
    const again = await exec<{ id: string; ref: string }>(sql`
      select id::text as id, ref from ledger_accounts where ref in (select jsonb_array_elements_text(${json(missing)}))`);
    for (const row of again) ids.set(row.ref, row.id);
  }
  return ids;
}

export interface AccountDelta {
  readonly id: string;
  /** Change of balance (signed). */
  readonly d: string;
  /** Change of held (signed). */
  readonly h: string;
}

export interface CaptureRow {
  readonly id: string;
  readonly x: string;
}

export interface AppliedEntry extends Record<string, unknown> {
  readonly k: 'e' | 'b';
  readonly transfer_id: string | null;
  readonly created_ms: number | null;
  readonly account_id: string;
  readonly amount: string | null;
  readonly balance_after: string | null;
}

/**
 * The transfer in one statement: lock the accounts in one global order (user accounts by id, then
 * house accounts by id: the busiest rows, held the shortest), check the user accounts stay
 * funded (`bad`), insert the transfer unless its key exists, then apply balances, holds captured
 * and entries. Returns the entries ('e'), or the accounts short of funds ('b'), or nothing when
 * the key was already used.
 */
export function applyTransfer(
  exec: Exec,
  t: { key: string; kind: string; hash: string; memo: unknown; captures: readonly CaptureRow[] | null },
  deltas: readonly AccountDelta[],
): Promise<AppliedEntry[]> {
  return exec.fixed<AppliedEntry>(APPLY_TRANSFER, [
    JSON.stringify(deltas),
    t.key,
    t.kind,
    t.hash,
    JSON.stringify(t.memo),
    t.captures ? JSON.stringify(t.captures.map((c) => ({ holdId: c.id, amount: c.x }))) : null,
    JSON.stringify(t.captures ?? []),
  ]);
}

// $1 the deltas, $2 key, $3 kind, $4 request hash, $5 memo, $6 the captures as the transfer keeps
// them (or null), $7 the holds to capture ({id, x}, maybe none).
const APPLY_TRANSFER = fixedStatement(
  'ledger_apply_transfer',
  `
    with v as (
      select * from rows from (jsonb_to_recordset($1::jsonb) as (id uuid, d numeric, h numeric)) with ordinality as v(id, d, h, n)
    ),
    cur as materialized (
      select a.id, a.currency, a.house is null as is_user, a.balance + v.d as nb, a.held + v.h as nh, v.d, v.n
      from ledger_accounts a join v on v.id = a.id
      order by a.house is not null, a.id
      for update of a
    ),
    bad as (
      select id from cur where is_user and (nb < 0 or nh < 0 or nb < nh)
    ),
    -- Inserted after every account is locked: its created_at orders entries per account.
    t as (
      insert into ledger_transfers (key, kind, request_hash, memo, captures)
      select $2::text, $3::text, $4::text, $5::jsonb, $6::jsonb
      where not exists (select 1 from bad)
      on conflict (key) do nothing
      returning id, created_at
    ),
    upd as (
      update ledger_accounts a set balance = cur.nb, held = cur.nh
      from cur where a.id = cur.id and exists (select 1 from t)
      returning a.id, a.currency, a.balance
    ),
    hu as (
      update ledger_holds hl set
        remaining = hl.remaining - c.x,
        captured = hl.captured + c.x,
        status = case when hl.remaining - c.x = 0 then 'CAPTURED' else 'ACTIVE' end,
        updated_at = date_trunc('milliseconds', clock_timestamp())
      from jsonb_to_recordset($7::jsonb) as c(id uuid, x numeric)
      where hl.id = c.id and exists (select 1 from t)
    ),
    e as (
      insert into ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
      select t.id, upd.id, upd.currency, cur.d, upd.balance, t.created_at
      from upd join cur on cur.id = upd.id cross join t
      -- Entry ids in the order the accounts first appear in the legs, whatever plan the join
      -- takes: a replay (entries by id) lists the postings as the first answer did.
      order by cur.n
      returning transfer_id, account_id, amount, balance_after
    )
    select 'e' as k, e.transfer_id::text as transfer_id, (extract(epoch from t.created_at) * 1000)::float8 as created_ms,
           e.account_id::text as account_id, e.amount::text as amount, e.balance_after::text as balance_after
    from e cross join t
    union all
    select 'b', null, null, bad.id::text, null, null from bad`,
);

export interface TransferRow extends Record<string, unknown> {
  readonly id: string;
  readonly key: string;
  readonly kind: string;
  readonly request_hash: string;
  readonly memo: Record<string, unknown> | string;
  readonly created_ms: number;
  readonly account_id: string | null;
  readonly currency: string | null;
  readonly amount: string | null;
  readonly balance_after: string | null;
  readonly user_id: string | null;
  readonly purpose: string | null;
  readonly house: string | null;
}

/** A stored transfer with its entries (one row per entry, in entry order). */
export function selectTransfer(exec: Exec, key: string): Promise<TransferRow[]> {
  return exec<TransferRow>(sql`
    select t.id::text as id, t.key, t.kind, t.request_hash, t.memo, ${ms('t.created_at')} as created_ms,
           e.account_id::text as account_id, e.currency, e.amount::text as amount, e.balance_after::text as balance_after,
           a.user_id::text as user_id, a.purpose, a.house
    from ledger_transfers t
    left join ledger_entries e on e.transfer_id = t.id
    left join ledger_accounts a on a.id = e.account_id
    where t.key = ${key}
    order by e.id`);
}

/** The memos of transfers by id (ids checked as uuids by the caller). */
export function selectMemos(exec: Exec, ids: readonly string[]): Promise<{ id: string; memo: unknown }[]> {
  return exec<{ id: string; memo: unknown }>(sql`
    select t.id::text as id, t.memo from ledger_transfers t where t.id = any(${`{${ids.join(',')}}`}::uuid[])`);
}

export interface HoldRow extends Record<string, unknown> {
  readonly id: string;
  readonly key: string;
  readonly account_id: string;
  readonly currency: string;
  readonly amount: string;
  readonly remaining: string;
  readonly status: 'ACTIVE' | 'CAPTURED' | 'RELEASED';
  readonly reason: string;
  readonly ref: string | null;
  readonly created_ms: number;
  readonly user_id: string | null;
  readonly purpose: string | null;
  readonly house: string | null;
}

const holdColumnsText = (h: string) => `${h}.id::text as id, ${h}.key, ${h}.account_id::text as account_id, ${h}.currency, ${h}.amount::text as amount,
    ${h}.remaining::text as remaining, ${h}.status, ${h}.reason, ${h}.ref,
    (extract(epoch from ${h}.created_at) * 1000)::float8 as created_ms,
    a.user_id::text as user_id, a.purpose, a.house`;
const holdColumns = (h: string) => sql.raw(holdColumnsText(h));

/**
 * Places a hold in one statement: lock the account, check it can reserve `amount`, insert the hold
 * unless its key exists, raise `held`. Returns the hold ('h'), the account if short ('b'), or
 * nothing when the key was already used.
 */
export function applyHold(
  exec: Exec,
  h: { key: string; accountId: string; currency: string; amount: string; reason: string; ref: string | null },
): Promise<Array<(HoldRow & { k: 'h' }) | { k: 'b'; id: string }>> {
  return exec.fixed(APPLY_HOLD, [h.key, h.accountId, h.currency, h.amount, h.reason, h.ref]);
}

// $1 key, $2 account id, $3 currency, $4 amount, $5 reason, $6 ref (or null).
const APPLY_HOLD = fixedStatement(
  'ledger_apply_hold',
  `
    with cur as materialized (
      select a.id, a.house is null as is_user, a.balance, a.held + $4::numeric as nh
      from ledger_accounts a where a.id = $2::uuid
      for update
    ),
    bad as (
      select id from cur where is_user and (nh < 0 or balance < nh)
    ),
    ins as (
      insert into ledger_holds (key, account_id, currency, amount, remaining, status, reason, ref)
      select $1::text, $2::uuid, $3::text, $4::numeric, $4::numeric, 'ACTIVE', $5::text, $6::text
      from cur where not exists (select 1 from bad)
      on conflict (key) do nothing
      returning *
    ),
    upd as (
      update ledger_accounts a set held = cur.nh from cur where a.id = cur.id and exists (select 1 from ins)
    )
    select 'h' as k, ${holdColumnsText('ins')} from ins join ledger_accounts a on a.id = ins.account_id
    union all
    select 'b', bad.id::text, null, null, null, null, null, null, null, null, null::float8, null, null, null from bad`,
);

export function selectHold(exec: Exec, where: { id: string } | { key: string }): Promise<HoldRow[]> {
  const condition = 'id' in where ? sql`h.id = ${where.id}::uuid` : sql`h.key = ${where.key}`;
  return exec<HoldRow>(sql`
    select ${holdColumns('h')} from ledger_holds h join ledger_accounts a on a.id = h.account_id where ${condition}`);
}

/** Locks the holds a transfer captures (holds before accounts, always) and returns them. */
export function lockHolds(exec: Exec, ids: readonly string[]): Promise<HoldRow[]> {
  return exec<HoldRow>(sql`
    select ${holdColumns('h')} from ledger_holds h join ledger_accounts a on a.id = h.account_id
    where h.id in (select (jsonb_array_elements_text(${json(ids)}))::uuid)
    order by h.id
    for update of h`);
}

/**
 * Releases what remains of an ACTIVE hold in one statement (hold row locked first, then the
 * account). Returns the hold after the call with its status before (`prev`), or nothing.
 */
export function applyRelease(exec: Exec, holdId: string): Promise<Array<HoldRow & { prev: string }>> {
  return exec.fixed(APPLY_RELEASE, [holdId]);
}

// $1 the hold's id.
const APPLY_RELEASE = fixedStatement(
  'ledger_apply_release',
  `
    with h as materialized (
      select * from ledger_holds where id = $1::uuid for update
    ),
    uh as (
      update ledger_holds hl set remaining = 0, status = 'RELEASED', updated_at = date_trunc('milliseconds', clock_timestamp())
      from h where hl.id = h.id and h.status = 'ACTIVE'
      returning hl.*
    ),
    ua as (
      update ledger_accounts a set held = a.held - h.remaining from h where a.id = h.account_id and h.status = 'ACTIVE'
    )
    select (select status from h) as prev, ${holdColumnsText('uh')} from uh join ledger_accounts a on a.id = uh.account_id
    union all
    select h.status, ${holdColumnsText('h')} from h join ledger_accounts a on a.id = h.account_id
    where not exists (select 1 from uh)`,
);

export interface BalanceRow extends Record<string, unknown> {
  readonly id: string;
  readonly currency: string;
  readonly balance: string;
  readonly held: string;
  readonly user_id: string | null;
  readonly purpose: string | null;
  readonly house: string | null;
}

const balanceColumns = sql.raw(
  `a.id::text as id, a.currency, a.balance::text as balance, a.held::text as held, a.user_id::text as user_id, a.purpose, a.house`,
);

export function selectBalance(exec: Exec, ref: string): Promise<BalanceRow[]> {
  return exec<BalanceRow>(sql`select ${balanceColumns} from ledger_accounts a where a.ref = ${ref}`);
}

/** A house account's balance: the sum of its rows (shards), as one row with the first row's id (its ref sorts first). */
export function selectHouseBalance(exec: Exec, house: string, currency: string): Promise<BalanceRow[]> {
  return exec<BalanceRow>(sql`
    select (array_agg(a.id order by a.ref))[1]::text as id, a.currency, sum(a.balance)::text as balance, sum(a.held)::text as held,
           null::text as user_id, null::text as purpose, a.house
    from ledger_accounts a where a.house = ${house} and a.currency = ${currency}
    group by a.house, a.currency`);
}

export function selectUserBalances(exec: Exec, userId: string): Promise<BalanceRow[]> {
  return exec<BalanceRow>(sql`
    select ${balanceColumns} from ledger_accounts a where a.user_id = ${userId}::uuid order by a.purpose, a.currency`);
}

/** User ids holding an account, in id order, after `after` (a page). */
export function selectAccountHolders(exec: Exec, after: string | null, limit: number): Promise<Array<{ user_id: string }>> {
  return exec(sql`
    select distinct a.user_id::text as user_id from ledger_accounts a
    where a.user_id is not null ${after ? sql`and a.user_id > ${after}::uuid` : sql``}
    order by 1 limit ${limit}`);
}

export function selectBalanceAt(exec: Exec, ref: string, at: Date): Promise<Array<{ balance_after: string }>> {
  return exec(sql`
    select e.balance_after::text as balance_after
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.ref = ${ref} and e.created_at <= ${at.toISOString()}::timestamptz
    order by e.created_at desc, e.id desc
    limit 1`);
}

/** A house account's balance at `at`: the sum over its rows (shards) of each row's last balance then. */
export function selectHouseBalanceAt(exec: Exec, house: string, currency: string, at: Date): Promise<Array<{ balance_after: string }>> {
  return exec(sql`
    select coalesce(sum(last.balance_after), 0)::text as balance_after
    from ledger_accounts a
    cross join lateral (
      select e.balance_after from ledger_entries e
      where e.account_id = a.id and e.created_at <= ${at.toISOString()}::timestamptz
      order by e.created_at desc, e.id desc
      limit 1
    ) last
    where a.house = ${house} and a.currency = ${currency}`);
}

export interface HistoryRow extends Record<string, unknown> {
  readonly transfer_id: string;
  readonly kind: string;
  readonly amount: string;
  readonly balance_after: string;
  readonly created_ms: number;
  readonly memo: Record<string, unknown> | string;
}

/** An account's entries, newest first; a house account's (`house`) over all of its rows. */
export function selectHistory(
  exec: Exec,
  ref: string,
  before: Date | null,
  limit: number,
  house: { readonly house: string; readonly currency: string } | null = null,
): Promise<HistoryRow[]> {
  return exec<HistoryRow>(sql`
    select e.transfer_id::text as transfer_id, t.kind, e.amount::text as amount, e.balance_after::text as balance_after,
           ${ms('e.created_at')} as created_ms, t.memo
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transfers t on t.id = e.transfer_id
    where ${house ? sql`a.house = ${house.house} and a.currency = ${house.currency}` : sql`a.ref = ${ref}`}
      and (${before ? before.toISOString() : null}::timestamptz is null or e.created_at < ${before ? before.toISOString() : null}::timestamptz)
    order by e.created_at desc, e.id desc
    limit ${limit}`);
}

/** The three invariants in one statement (one snapshot). */
export async function selectAudit(
  exec: Exec,
): Promise<{ sums: Record<string, string> | string; negative: number; mismatch: number }> {
  const [row] = await exec<{ sums: Record<string, string> | string; negative: number; mismatch: number }>(sql`
    select
      (select coalesce(jsonb_object_agg(currency, total), '{}'::jsonb)
         from (select currency, sum(balance)::text as total from ledger_accounts group by currency) s) as sums,
      (select count(*)::int from ledger_accounts
         where house is null and (balance < 0 or held < 0 or balance < held)) as negative,
      (select count(*)::int from ledger_accounts a
         left join (select account_id, sum(remaining) as r from ledger_holds where status = 'ACTIVE' group by account_id) h
           on h.account_id = a.id
         where a.held <> coalesce(h.r, 0)) as mismatch`);
  return row;
}
