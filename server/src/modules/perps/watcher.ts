// The perps watcher: on every cycle (MARGIN_WATCH_INTERVAL_MS, or a test's `tick()`), each perp's
// mark goes to the margin engine (liquidation, margin calls, TP/SL through the at-risk index), margin
// events whose notice has not gone out yet are notified, and
// when the market clock has passed a funding time (00:00, 08:00, 16:00 UTC) funding is applied to
// every position open at that time — on one instance at a time (a lease), and exactly once per
// position even so (ledger keys `perp:funding:<symbol>:<time>:<positionId>`). The index is rebuilt
// from the database now and then, so positions another instance changed are watched too.
import Decimal from 'decimal.js';
import type { PubSub } from '../../pubsub';
import type { MarketRuntime } from '../../market/runtime';
import { lastFundingTime } from '../../market/perp-marks';
import type { MarginEngineImpl } from '../../trading/margin/engine';
import { fundingPayment } from '../../trading/margin/math';

export const FUNDING_LEASE = 'perps.funding';
const REINDEX_EVERY = 30;

export interface PerpWatcherDeps {
  readonly market: MarketRuntime;
  readonly margin: MarginEngineImpl;
  readonly symbols: () => readonly string[];
  readonly pubsub: Pick<PubSub, 'acquireLease' | 'releaseLease'>;
  readonly instance: string;
  readonly intervalMs: number;
  readonly log?: { warn(obj: unknown, msg: string): void; info?(obj: unknown, msg: string): void };
}

export interface FundingReport {
  readonly fundingTime: number;
  readonly symbols: number;
  readonly applied: number;
  readonly replayed: number;
}

export interface PerpWatcher {
  /** One cycle now: marks, then funding if due. */
  tick(): Promise<FundingReport | null>;
  /** Applies funding of the funding time at or before `at` (default: the market clock now). */
  fund(at?: number): Promise<FundingReport>;
  start(): void;
  stop(): Promise<void>;
}

export function createPerpWatcher(deps: PerpWatcherDeps): PerpWatcher {
  const { market, margin } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<FundingReport | null> | null = null;
  let cycles = 0;
  let fundedUpTo = 0;

  async function fund(at: number = market.now()): Promise<FundingReport> {
    const fundingTime = lastFundingTime(at);
    let applied = 0;
    let replayed = 0;
    const symbols = deps.symbols();
    for (const symbol of symbols) {
      // The rate and mark as they were at the funding time (the feed answers as of any instant).
      const t = market.ticker(symbol, fundingTime);
      const rate = t.fundingRate ?? '0';
      const mark = t.markPrice ?? t.price;
      const result = await margin.charge('PERPS', symbol, `perp:funding:${symbol}:${fundingTime}`, 'PERP_FUNDING', (p) => ({
        // Only positions open at the funding time pay or receive it.
        amount: p.openedAt.getTime() > fundingTime ? '0' : fundingPayment(p.size, mark, rate).toFixed(),
        price: mark,
        rate,
      }));
      applied += result.applied;
      replayed += result.replayed;
    }
    return { fundingTime, symbols: symbols.length, applied, replayed };
  }

  async function cycle(): Promise<FundingReport | null> {
    const now = market.now();
    const symbols = deps.symbols();
    if (cycles % REINDEX_EVERY === 0) for (const s of symbols) await margin.refreshIndex('PERPS', s);
    cycles += 1;
    // Positions of fills committed since the last cycle are filed before their symbol's mark is read.
    await margin.fileChanges();
    for (const symbol of symbols) {
      if (margin.index.size('PERPS', symbol) === 0) continue;
      const t = market.ticker(symbol, now);
      await margin.onMark('PERPS', symbol, new Decimal(t.markPrice ?? t.price).toFixed(), now);
    }
    // Notices of margin events whose sending was cut short (a crash after the commit, a failing send).
    await margin.deliverNotices('PERPS');
    const due = lastFundingTime(now);
    if (due <= fundedUpTo) return null;
    // Held for ten cycles: a holder that died mid-sweep hands over soon; a sweep outliving its lease is still paid once.
    if (!(await deps.pubsub.acquireLease(FUNDING_LEASE, deps.instance, Math.max(5000, deps.intervalMs * 10)))) return null;
    const report = await fund(now);
    fundedUpTo = due;
    deps.log?.info?.({ fundingTime: new Date(report.fundingTime).toISOString(), applied: report.applied, replayed: report.replayed }, 'perps: funding applied');
    return report;
  }

  const tick = (): Promise<FundingReport | null> => {
    running ??= cycle()
      .catch((error: unknown) => {
        deps.log?.warn({ err: error }, 'perps: a watcher cycle failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    tick,
    fund,
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      timer = setInterval(() => void tick(), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await deps.pubsub.releaseLease(FUNDING_LEASE, deps.instance).catch(() => undefined);
    },
  };
}
