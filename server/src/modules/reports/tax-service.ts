// Tax reports: a request queues a report (idempotent on the request id), a runner on any instance
// takes waiting reports one at a time (the repository's conditional claim, with a lease renewed at
// each progress mark: one instance per report, a lapsed one taken over), reads the period from the
// ledger and the fills, computes the figures, keeps the PDF and the CSV in the file storage and
// marks the report READY with its summary — or FAILED, which the person may retry.
import { randomUUID } from 'node:crypto';
import type { CreateTaxReportRequest, TaxReport, TaxReportSummary } from '@pasar/shared/contract';
import type Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { FileStorage, StoredFileContent } from '../../storage';
import { computeTaxFigures } from './tax-compute';
import type { TaxReportsConfig } from './tax-config';
import { taxCsvLines, taxPdf } from './tax-files';
import type { TaxRepo, TaxReportJob, TaxTransfer } from './tax-repo';

export interface TaxReportsDeps {
  readonly repo: TaxRepo;
  readonly storage: FileStorage;
  readonly identityOf: (userId: string) => Promise<{ name: string; nik: string | null; language: 'id' | 'en' }>;
  readonly usdIdr: (at: Date) => Decimal;
  readonly usdtIdr: (at: Date) => Decimal;
  readonly config: TaxReportsConfig;
  /** The wall clock of leases and of "a period that has not begun". */
  readonly now: () => Date;
  readonly log?: { warn(obj: unknown, msg: string): void };
}

export type TaxFileFormat = 'pdf' | 'csv';
const CONTENT_TYPES: Record<TaxFileFormat, string> = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' };

/** The storage key of a report's file. */
export const taxFileKey = (job: Pick<TaxReportJob, 'userId' | 'id'>, format: TaxFileFormat): string => `tax-reports/${job.userId}/${job.id}.${format}`;

/** [from, until) of a report's period, in the calendar at `offset`. */
export function periodBounds(period: { year: number; month: number | null }, offset: string): { from: Date; until: Date } {
  const at = (year: number, month: number) => new Date(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01T00:00:00${offset}`);
  if (period.month === null) return { from: at(period.year, 1), until: at(period.year + 1, 1) };
  return { from: at(period.year, period.month), until: period.month === 12 ? at(period.year + 1, 1) : at(period.year, period.month + 1) };
}

export function viewOf(job: TaxReportJob): TaxReport {
  return {
    id: job.id,
    period: job.period,
    year: job.year,
    month: job.month,
    status: job.status,
    progress: job.progress,
    summary: job.status === 'READY' ? (job.summary as TaxReportSummary | null) : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}

export function createTaxReportsService(deps: TaxReportsDeps) {
  const { repo, storage, config } = deps;
  const runner = randomUUID();
  const leaseUntil = () => new Date(deps.now().getTime() + config.leaseSeconds * 1000);
  let running: Promise<number> | null = null;

  /** Generates one claimed report; throws what failed. */
  async function generate(job: TaxReportJob): Promise<TaxReportSummary> {
    const { until } = periodBounds(job, config.periodOffset);
    const mark = async (percent: number) => {
      if (!(await repo.progress(job.id, runner, percent, leaseUntil()))) throw new Error('the report was taken over by another runner');
    };
    // The period read a month at a time, so a long history shows progress as it goes.
    const transfers: TaxTransfer[] = [];
    const months = job.month === null ? 12 : 1;
    for (let i = 0; i < months; i++) {
      const part = periodBounds({ year: job.year, month: job.month ?? i + 1 }, config.periodOffset);
      transfers.push(...(await repo.transfers(job.userId, part.from, part.until)));
      await mark(Math.round(((i + 1) / months) * 60));
    }
    const [fills, splits, balancesAtEnd, person] = await Promise.all([
      repo.fills(job.userId, until),
      repo.splits(job.userId, until),
      repo.balancesAt(job.userId, until),
      deps.identityOf(job.userId),
    ]);
    await mark(75);
    // The rates of the period's end, or of now for a period still running.
    const end = new Date(Math.min(until.getTime(), deps.now().getTime()));
    const figures = computeTaxFigures(
      { transfers, fills, splits, balancesAtEnd, periodEnd: end },
      { ...config, usdIdr: deps.usdIdr, usdtIdr: deps.usdtIdr },
    );
    const document = {
      figures,
      language: job.language,
      person: { name: person.name, nik: person.nik },
      period: { kind: job.period, year: job.year, month: job.month },
      generatedAt: deps.now(),
      offset: config.periodOffset,
      rowsPerPage: config.pdfRowsPerPage,
    };
    await storage.put(taxFileKey(job, 'csv'), Buffer.from(taxCsvLines(document).join(''), 'utf8'), CONTENT_TYPES.csv);
    await mark(85);
    await storage.put(taxFileKey(job, 'pdf'), await taxPdf(document), CONTENT_TYPES.pdf);
    return figures.summary;
  }

  /** Runs waiting reports until none waits; how many it finished (READY or FAILED). */
  async function drain(): Promise<number> {
    let finished = 0;
    for (;;) {
      const job = await repo.claim(runner, deps.now(), leaseUntil());
      if (!job) return finished;
      try {
        const summary = await generate(job);
        await repo.finish(job.id, runner, { status: 'READY', summary: summary as unknown as Record<string, unknown> });
      } catch (error) {
        deps.log?.warn({ err: error, report: job.id }, 'tax report generation failed');
        await repo.finish(job.id, runner, { status: 'FAILED', failure: error instanceof Error ? error.message : String(error) });
      }
      finished += 1;
    }
  }

  /** Runs the waiting reports now (joining a run in progress). */
  function runPending(): Promise<number> {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  /** Starts a run without waiting; its failures are logged (a report left waiting is taken later). */
  const kick = (): void => {
    void runPending().catch((err: unknown) => deps.log?.warn({ err }, 'tax report runner failed'));
  };

  async function mineOr404(userId: string, id: string): Promise<TaxReportJob> {
    const job = await repo.mine(userId, id);
    if (!job) throw new AppError('003');
    return job;
  }

  return {
    runPending,

    /** Waits for a run in progress (the app's close: no report is left half written by this instance). */
    async idle(): Promise<void> {
      await running?.catch(() => undefined);
    },

    /** Queues a report of the person's period (the same request id again returns the first). */
    async request(userId: string, requestId: string, body: CreateTaxReportRequest): Promise<TaxReport> {
      const month = body.period === 'MONTH' ? (body.month ?? null) : null;
      const { from } = periodBounds({ year: body.year, month }, config.periodOffset);
      if (from.getTime() > deps.now().getTime()) throw new AppError('4503');
      const { language } = await deps.identityOf(userId);
      const job = await repo.create({ id: randomUUID(), userId, requestId, period: body.period, year: body.year, month, language });
      if (job.status === 'QUEUED') kick();
      return viewOf(job);
    },

    async list(userId: string): Promise<TaxReport[]> {
      return (await repo.list(userId, config.listMax)).map(viewOf);
    },

    async one(userId: string, id: string): Promise<TaxReport> {
      return viewOf(await mineOr404(userId, id));
    },

    /** A FAILED report of the person queued again; 003 for another's id, 4502 when it has not failed. */
    async retry(userId: string, id: string): Promise<TaxReport> {
      const job = await repo.requeue(userId, id);
      if (!job) {
        await mineOr404(userId, id);
        throw new AppError('4502');
      }
      kick();
      return viewOf(job);
    },

    /** A READY report's kept file; 003 for another's id, 4501 while it is not READY. */
    async file(userId: string, id: string, format: TaxFileFormat): Promise<StoredFileContent & { filename: string }> {
      const job = await mineOr404(userId, id);
      if (job.status !== 'READY') throw new AppError('4501');
      const stored = await storage.get(taxFileKey(job, format));
      if (!stored) throw new AppError('4501');
      const name = job.month === null ? `${job.year}` : `${job.year}-${String(job.month).padStart(2, '0')}`;
      return { ...stored, filename: `tax-report-${name}.${format}` };
    },
  };
}

export type TaxReportsService = ReturnType<typeof createTaxReportsService>;
