// The transaction reports' reading of the ledger (core: its tables are for reading and reports).
// A row is one ledger transfer with an entry on one of the person's accounts; every query is
// scoped by that person, so another person's transfer is simply not found. Product and type are
// computed in SQL from the service's classification rules (first match wins), so the filters and
// the rows use the one mapping. Pages are keyset pages on (created_at, id), newest first, read from
// each of the person's accounts' entries in that order (the index on entries' account, time and
// transfer), so a page costs about a page of entries per account, not the whole history.
import { sql, type SQL } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';

/** One classification rule: which transfers it matches, and the product and type it gives them. */
export interface ClassificationRule {
  readonly kind: string;
  /** The transfer key starts with this (the market's fill key prefix). */
  readonly keyPrefix?: string;
  /** The memo's `side`. */
  readonly side?: 'BUY' | 'SELL';
  /** The memo's `reason` is LIQUIDATION. */
  readonly liquidation?: boolean;
  readonly product: string;
  readonly type: string;
}

export interface TransferFilter {
  readonly product?: string;
  readonly type?: string;
  /** Inclusive lower bound. */
  readonly from?: Date;
  /** Exclusive upper bound. */
  readonly until?: Date;
  /** Part of the memo's symbol, case-insensitive. */
  readonly symbol?: string;
}

export interface Cursor {
  readonly at: Date;
  readonly id: string;
}

export interface TransferRow {
  readonly id: string;
  readonly kind: string;
  readonly product: string;
  readonly type: string;
  readonly symbol: string | null;
  readonly memo: Record<string, unknown>;
  readonly createdAt: Date;
}

export interface EntryRow {
  readonly transferId: string;
  readonly currency: string;
  readonly amount: string;
  readonly balanceAfter: string;
  /** The person's wallet, or null for the house's side. */
  readonly purpose: string | null;
  readonly house: string | null;
}

type RawTransfer = { id: string; kind: string; product: string; type: string; symbol: string | null; memo: Record<string, unknown> | string; created_at: Date | string };
type RawEntry = { transfer_id: string; currency: string; amount: string; balance_after: string; user_id: string | null; purpose: string | null; house: string | null };

const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const likeText = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function ruleMatch(rule: ClassificationRule): SQL {
  const parts: SQL[] = [sql`t.kind = ${rule.kind}`];
  if (rule.keyPrefix !== undefined) parts.push(sql`t.key like ${`${likeText(rule.keyPrefix)}%`}`);
  if (rule.side !== undefined) parts.push(sql`t.memo->>'side' = ${rule.side}`);
  if (rule.liquidation !== undefined) parts.push(rule.liquidation ? sql`t.memo->>'reason' = 'LIQUIDATION'` : sql`coalesce(t.memo->>'reason', '') <> 'LIQUIDATION'`);
  return sql.join(parts, sql` and `);
}

/** `case when <rule> then <value> … else <fallback> end` over the rules, first match wins. */
function caseOf(rules: readonly ClassificationRule[], pick: (rule: ClassificationRule) => string, fallback: string): SQL {
  if (rules.length === 0) return sql`${fallback}::text`;
  const whens = rules.map((rule) => sql`when ${ruleMatch(rule)} then ${pick(rule)}::text`);
  return sql`(case ${sql.join(whens, sql` `)} else ${fallback}::text end)`;
}

/** The product and type of a transfer `t` as SQL expressions (the tax reports share them). */
export function classificationSql(rules: readonly ClassificationRule[], fallback: { readonly product: string; readonly type: string }): { product: SQL; type: SQL } {
  return { product: caseOf(rules, (r) => r.product, fallback.product), type: caseOf(rules, (r) => r.type, fallback.type) };
}

export function createReportsRepo(db: PasarDb, rules: readonly ClassificationRule[], fallback: { readonly product: string; readonly type: string }) {
  const { product, type } = classificationSql(rules, fallback);
  const mine = (userId: string): SQL =>
    sql`exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transfer_id = t.id and a.user_id = ${userId}::uuid)`;

  /** The date range and the cursor, on an entry `e` (its time is its transfer's). */
  function onEntry(filter: TransferFilter, cursor: Cursor | null): SQL {
    const parts: SQL[] = [sql`true`];
    if (filter.from !== undefined) parts.push(sql`e.created_at >= ${filter.from.toISOString()}::timestamptz`);
    if (filter.until !== undefined) parts.push(sql`e.created_at < ${filter.until.toISOString()}::timestamptz`);
    if (cursor) parts.push(sql`(e.created_at, e.transfer_id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`);
    return sql.join(parts, sql` and `);
  }

  /** The product, type and symbol filters on a transfer `t`; null when there are none. */
  function onTransfer(filter: TransferFilter): SQL | null {
    const parts: SQL[] = [];
    if (filter.product !== undefined) parts.push(sql`${product} = ${filter.product}`);
    if (filter.type !== undefined) parts.push(sql`${type} = ${filter.type}`);
    if (filter.symbol) parts.push(sql`coalesce(t.memo->>'symbol', '') ilike ${`%${likeText(filter.symbol)}%`}`);
    return parts.length === 0 ? null : sql.join(parts, sql` and `);
  }

  const select = sql`select t.id, t.kind, ${product} as product, ${type} as type, t.memo->>'symbol' as symbol, t.memo, t.created_at from ledger_transfers t`;
  const toRow = (raw: RawTransfer): TransferRow => ({
    id: raw.id,
    kind: raw.kind,
    product: raw.product,
    type: raw.type,
    symbol: raw.symbol,
    memo: typeof raw.memo === 'string' ? (JSON.parse(raw.memo) as Record<string, unknown>) : raw.memo,
    createdAt: dateOf(raw.created_at),
  });

  return {
    /** Up to `limit` of the person's transfers after `cursor`, newest first. */
    async page(userId: string, filter: TransferFilter, cursor: Cursor | null, limit: number): Promise<TransferRow[]> {
      // Each account's first `limit` matching transfers, read from its entries newest first; the page
      // is the first `limit` of their union (a transfer in the page is among the first `limit` of
      // every account it touches). The transfer filters are a per-entry check (a subquery the planner
      // keeps in place), so the walk stays on the entries index and stops at `limit` matches instead
      // of the planner scanning every transfer for a filter it cannot estimate.
      const matches = onTransfer(filter);
      const kept = matches ? sql`exists (select 1 from ledger_transfers t where t.id = e.transfer_id and ${matches} offset 0)` : sql`true`;
      const result = await db.execute(sql`
        with page as (
          select distinct x.transfer_id from ledger_accounts a
          cross join lateral (
            select e.created_at, e.transfer_id from ledger_entries e
            where e.account_id = a.id and ${onEntry(filter, cursor)} and ${kept}
            order by e.created_at desc, e.transfer_id desc limit ${limit}
          ) x
          where a.user_id = ${userId}::uuid
        )
        ${select} where t.id in (select transfer_id from page) order by t.created_at desc, t.id desc limit ${limit}`);
      return rowsOf<RawTransfer>(result).map(toRow);
    },

    /** The person's transfer with this id, or null (another person's is not found). */
    async one(userId: string, id: string): Promise<TransferRow | null> {
      const result = await db.execute(sql`${select} where t.id = ${id}::uuid and ${mine(userId)}`);
      const [raw] = rowsOf<RawTransfer>(result);
      return raw ? toRow(raw) : null;
    },

    /**
     * The entries of these transfers on the person's accounts and on house accounts, oldest first
     * (another person's accounts are left out).
     */
    async entries(userId: string, transferIds: readonly string[]): Promise<EntryRow[]> {
      if (transferIds.length === 0) return [];
      const ids = sql.join(transferIds.map((id) => sql`${id}::uuid`), sql`, `);
      const result = await db.execute(sql`
        select e.transfer_id, e.currency, e.amount::text as amount, e.balance_after::text as balance_after, a.user_id, a.purpose, a.house
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transfer_id in (${ids}) and (a.user_id = ${userId}::uuid or a.house is not null)
        order by e.id`);
      return rowsOf<RawEntry>(result).map((raw) => ({
        transferId: raw.transfer_id,
        currency: raw.currency,
        amount: raw.amount,
        balanceAfter: raw.balance_after,
        purpose: raw.house === null ? raw.purpose : null,
        house: raw.house,
      }));
    },

    /** The symbols in the person's history, in order (at most `limit`). */
    async symbols(userId: string, limit: number): Promise<string[]> {
      const result = await db.execute(sql`
        select distinct t.memo->>'symbol' as symbol from ledger_transfers t
        where t.memo->>'symbol' is not null and ${mine(userId)} order by 1 limit ${limit}`);
      return rowsOf<{ symbol: string }>(result).map((r) => r.symbol);
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
