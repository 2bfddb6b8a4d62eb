// The tax reports' tables and reads. The report jobs are this module's table (`tax_reports`); the
// figures are read from the core's ledger (transfers, entries, accounts) and the engine's fills,
// every read scoped by the person. A job is taken by a conditional update (QUEUED, or RUNNING with
// a lapsed lease), so two instances never run the same report at once.
import { sql, type SQL } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { classificationSql, type ClassificationRule } from './repo';

export type TaxReportStatus = 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED';

export interface TaxReportJob {
  readonly id: string;
  readonly userId: string;
  readonly requestId: string;
  readonly period: 'YEAR' | 'MONTH';
  readonly year: number;
  readonly month: number | null;
  readonly language: 'id' | 'en';
  readonly status: TaxReportStatus;
  readonly progress: number;
  readonly attempts: number;
  readonly summary: Record<string, unknown> | null;
  readonly failure: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

/** One ledger transfer of the person in the period, with its classification and legs. */
export interface TaxTransfer {
  readonly id: string;
  readonly kind: string;
  readonly product: string;
  readonly type: string;
  readonly memo: Record<string, unknown>;
  readonly createdAt: Date;
  /** The person's legs (purpose set) and the house's (house set); another person's are left out. */
  readonly entries: readonly { readonly currency: string; readonly amount: string; readonly purpose: string | null; readonly house: string | null }[];
}

/** A fill of an ORDER_FILL transfer (the markets the average cost replays). */
export interface TaxFill {
  readonly id: string;
  readonly transferId: string;
  readonly market: string;
  readonly symbol: string;
  readonly asset: string;
  readonly currency: string;
  readonly side: string;
  readonly quantity: string;
  readonly price: string;
  readonly amount: string;
  readonly fee: string;
  readonly tax: string;
  readonly total: string;
  readonly executedAt: Date;
}

/** A split that added shares to one of the person's accounts. */
export interface TaxSplit {
  readonly symbol: string;
  readonly shares: string;
  readonly at: Date;
}

/** The balance of one of the person's accounts at an instant. */
export interface TaxBalance {
  readonly currency: string;
  readonly purpose: string;
  readonly balance: string;
}

const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const jsonOf = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value as Record<string, unknown>);

type RawJob = {
  id: string; user_id: string; request_id: string; period: 'YEAR' | 'MONTH'; year: number; month: number | null; language: string;
  status: TaxReportStatus; progress: number; attempts: number; summary: unknown; failure: string | null; created_at: Date | string; finished_at: Date | string | null;
};
const JOB_COLUMNS = sql.raw('id, user_id, request_id, period, year, month, language, status, progress, attempts, summary, failure, created_at, finished_at');
const jobOf = (raw: RawJob): TaxReportJob => ({
  id: raw.id,
  userId: raw.user_id,
  requestId: raw.request_id,
  period: raw.period,
  year: Number(raw.year),
  month: raw.month === null ? null : Number(raw.month),
  language: raw.language === 'en' ? 'en' : 'id',
  status: raw.status,
  progress: Number(raw.progress),
  attempts: Number(raw.attempts),
  summary: jsonOf(raw.summary),
  failure: raw.failure,
  createdAt: dateOf(raw.created_at),
  finishedAt: raw.finished_at === null ? null : dateOf(raw.finished_at),
});

export function createTaxRepo(db: PasarDb, rules: readonly ClassificationRule[], fallback: { readonly product: string; readonly type: string }) {
  const { product, type } = classificationSql(rules, fallback);
  const one = async (query: SQL): Promise<TaxReportJob | null> => {
    const [raw] = rowsOf<RawJob>(await db.execute(query));
    return raw ? jobOf(raw) : null;
  };

  return {
    /** Records a QUEUED report, or returns the one this request already made (same user and request id). */
    async create(job: { id: string; userId: string; requestId: string; period: 'YEAR' | 'MONTH'; year: number; month: number | null; language: string }): Promise<TaxReportJob> {
      await db.execute(sql`
        insert into tax_reports (id, user_id, request_id, period, year, month, language, status)
        values (${job.id}::uuid, ${job.userId}::uuid, ${job.requestId}, ${job.period}, ${job.year}, ${job.month}, ${job.language}, 'QUEUED')
        on conflict (user_id, request_id) do nothing`);
      const found = await one(sql`select ${JOB_COLUMNS} from tax_reports where user_id = ${job.userId}::uuid and request_id = ${job.requestId}`);
      if (!found) throw new Error('tax report row missing after insert');
      return found;
    },

    /** The person's report with this id, or null (another person's is not found). */
    mine: (userId: string, id: string): Promise<TaxReportJob | null> =>
      one(sql`select ${JOB_COLUMNS} from tax_reports where id = ${id}::uuid and user_id = ${userId}::uuid`),

    async list(userId: string, limit: number): Promise<TaxReportJob[]> {
      const result = await db.execute(sql`select ${JOB_COLUMNS} from tax_reports where user_id = ${userId}::uuid order by created_at desc, id desc limit ${limit}`);
      return rowsOf<RawJob>(result).map(jobOf);
    },

    /**
     * Takes the oldest report waiting (QUEUED, or RUNNING whose runner's lease lapsed) for `runner`
     * until `leaseUntil`; null when none waits. One conditional update: two runners never take one.
     */
    async claim(runner: string, now: Date, leaseUntil: Date): Promise<TaxReportJob | null> {
      for (;;) {
        const [candidate] = rowsOf<{ id: string }>(
          await db.execute(sql`
            select id from tax_reports
            where status = 'QUEUED' or (status = 'RUNNING' and lease_until < ${now.toISOString()}::timestamptz)
            order by created_at, id limit 1`),
        );
        if (!candidate) return null;
        const taken = await one(sql`
          update tax_reports set status = 'RUNNING', runner = ${runner}, lease_until = ${leaseUntil.toISOString()}::timestamptz,
            progress = 0, attempts = attempts + 1, failure = null, updated_at = now()
          where id = ${candidate.id}::uuid
            and (status = 'QUEUED' or (status = 'RUNNING' and lease_until < ${now.toISOString()}::timestamptz))
          returning ${JOB_COLUMNS}`);
        if (taken) return taken;
      }
    },

    /** Records progress while `runner` still holds the report; false when it lost it. */
    async progress(id: string, runner: string, percent: number, leaseUntil: Date): Promise<boolean> {
      const result = await db.execute(sql`
        update tax_reports set progress = ${percent}, lease_until = ${leaseUntil.toISOString()}::timestamptz, updated_at = now()
        where id = ${id}::uuid and runner = ${runner} and status = 'RUNNING' returning id`);
      return rowsOf(result).length === 1;
    },

    async finish(id: string, runner: string, outcome: { status: 'READY'; summary: Record<string, unknown> } | { status: 'FAILED'; failure: string }): Promise<boolean> {
      const summary = outcome.status === 'READY' ? JSON.stringify(outcome.summary) : null;
      const failure = outcome.status === 'FAILED' ? outcome.failure : null;
      const result = await db.execute(sql`
        update tax_reports set status = ${outcome.status}, progress = ${outcome.status === 'READY' ? 100 : sql`progress`},
          summary = ${summary}::jsonb, failure = ${failure}, lease_until = null, finished_at = now(), updated_at = now()
        where id = ${id}::uuid and runner = ${runner} and status = 'RUNNING' returning id`);
      return rowsOf(result).length === 1;
    },

    /** A FAILED report of the person back to QUEUED; null when it is not theirs or not FAILED. */
    requeue: (userId: string, id: string): Promise<TaxReportJob | null> =>
      one(sql`
        update tax_reports set status = 'QUEUED', progress = 0, failure = null, runner = null, finished_at = null, updated_at = now()
        where id = ${id}::uuid and user_id = ${userId}::uuid and status = 'FAILED'
        returning ${JOB_COLUMNS}`),

    /** The person's ledger transfers in [from, until), oldest first, each with its legs. */
    async transfers(userId: string, from: Date, until: Date): Promise<TaxTransfer[]> {
      const result = await db.execute(sql`
        with mine as (
          select distinct e.transfer_id from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.user_id = ${userId}::uuid and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${until.toISOString()}::timestamptz
        )
        select t.id, t.kind, ${product} as product, ${type} as type, t.memo, t.created_at,
          coalesce(json_agg(json_build_object('currency', e.currency, 'amount', e.amount::text, 'purpose', case when a.house is null then a.purpose end, 'house', a.house) order by e.id)
            filter (where e.id is not null), '[]') as entries
        from ledger_transfers t join mine m on m.transfer_id = t.id
        left join ledger_entries e on e.transfer_id = t.id
        left join ledger_accounts a on a.id = e.account_id and (a.user_id = ${userId}::uuid or a.house is not null)
        where a.id is not null or e.id is null
        group by t.id
        order by t.created_at, t.id`);
      return rowsOf<{ id: string; kind: string; product: string; type: string; memo: unknown; created_at: Date | string; entries: unknown }>(result).map((raw) => ({
        id: raw.id,
        kind: raw.kind,
        product: raw.product,
        type: raw.type,
        memo: jsonOf(raw.memo) ?? {},
        createdAt: dateOf(raw.created_at),
        entries: (typeof raw.entries === 'string' ? JSON.parse(raw.entries) : raw.entries) as TaxTransfer['entries'],
      }));
    },

    /** The person's fills of ORDER_FILL transfers before `until`, oldest first (the average cost needs them all). */
    async fills(userId: string, until: Date): Promise<TaxFill[]> {
      const result = await db.execute(sql`
        select f.id, f.transfer_id, f.market, f.symbol, f.asset, f.currency, f.side, f.quantity::text as quantity, f.price::text as price,
          f.amount::text as amount, f.fee::text as fee, f.tax::text as tax, f.total::text as total, f.executed_at
        from fills f join ledger_transfers t on t.id = f.transfer_id
        where f.user_id = ${userId}::uuid and f.executed_at < ${until.toISOString()}::timestamptz and t.kind = 'ORDER_FILL'
        order by f.executed_at, f.id`);
      return rowsOf<Record<string, string | Date>>(result).map((raw) => ({
        id: raw.id as string,
        transferId: raw.transfer_id as string,
        market: raw.market as string,
        symbol: raw.symbol as string,
        asset: raw.asset as string,
        currency: raw.currency as string,
        side: raw.side as string,
        quantity: raw.quantity as string,
        price: raw.price as string,
        amount: raw.amount as string,
        fee: raw.fee as string,
        tax: raw.tax as string,
        total: raw.total as string,
        executedAt: dateOf(raw.executed_at as Date | string),
      }));
    },

    /** Shares the person's splits added before `until` (a SPLIT transfer's entry on a share account), oldest first. */
    async splits(userId: string, until: Date): Promise<TaxSplit[]> {
      const result = await db.execute(sql`
        select e.currency as symbol, e.amount::text as shares, e.created_at from ledger_entries e
        join ledger_accounts a on a.id = e.account_id join ledger_transfers t on t.id = e.transfer_id
        where a.user_id = ${userId}::uuid and t.kind = 'SPLIT' and e.created_at < ${until.toISOString()}::timestamptz and e.amount > 0
        order by e.created_at, e.id`);
      return rowsOf<{ symbol: string; shares: string; created_at: Date | string }>(result).map((r) => ({ symbol: r.symbol, shares: r.shares, at: dateOf(r.created_at) }));
    },

    /** Every account of the person with what it held just before `at` (the last entry's balance), not zero. */
    async balancesAt(userId: string, at: Date): Promise<TaxBalance[]> {
      const result = await db.execute(sql`
        select a.currency, a.purpose, last.balance_after::text as balance
        from ledger_accounts a
        cross join lateral (
          select e.balance_after from ledger_entries e
          where e.account_id = a.id and e.created_at < ${at.toISOString()}::timestamptz
          order by e.created_at desc, e.id desc limit 1
        ) last
        where a.user_id = ${userId}::uuid and last.balance_after <> 0
        order by a.purpose, a.currency`);
      return rowsOf<TaxBalance>(result);
    },
  };
}

export type TaxRepo = ReturnType<typeof createTaxRepo>;
