// T+2 settlement of IDX sales: every settlement row due on or before today's Jakarta date (the
// market clock) moves its net proceeds from the seller's IDX_UNSETTLED account to CASH, where
// they may be withdrawn. One ledger transaction per row: the transfer (key idx-settle:<fill id>)
// and the row marked settled commit together, so a row settles once however many instances or
// runs see it (a second run's transfer replays and its mark finds the row settled). The schedule
// runs on the lease holder only; the operator's call and start-up run it too.
import { plain, TradingDecimal } from '@pasar/shared/trading';
import type { PasarDb } from '../../db/database';
import { schedulePeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { Ledger } from '../../ledger/api';
import { idxCalendar } from '../../market/calendar';
import type { PubSub } from '../../pubsub/types';
import { idxRepoOf } from './repo';
import { idrCashOf, idxUnsettledOf } from './rules';

export const IDX_SETTLEMENT_LEASE = 'idx-settlement';

export interface SettlementDeps {
  readonly ledger: Pick<Ledger, 'transaction'>;
  readonly db: PasarDb;
  readonly now: () => number;
  /** Told of each user whose cash a run changed (the `balances` channel). */
  readonly settledFor?: (userId: string) => void;
}

export interface SettlementRun {
  readonly settled: number;
  readonly amount: string;
  readonly date: string;
}

/** Settles every due row now; the rows this run settled and their total. */
export async function runSettlement(deps: SettlementDeps): Promise<SettlementRun> {
  const date = idxCalendar.localDate(deps.now());
  const repo = idxRepoOf(deps.db);
  let settled = 0;
  let amount = new TradingDecimal(0);
  for (;;) {
    const due = await repo.due(date);
    if (due.length === 0) break;
    let progressed = false;
    for (const row of due) {
      const done = await deps.ledger.transaction(async (ops) => {
        const transfer = await ops.transfer({
          key: `idx-settle:${row.fillId}`,
          kind: 'IDX_SETTLEMENT',
          legs: [{ from: idxUnsettledOf(row.userId), to: idrCashOf(row.userId), amount: row.amount }],
          memo: { fillId: row.fillId, symbol: row.symbol, tradeDate: row.tradeDate, settlementDate: row.settlementDate },
        });
        return idxRepoOf(ops.db).markSettled(row.fillId, transfer.id, new Date(deps.now()));
      });
      progressed = true;
      if (done) {
        settled += 1;
        amount = amount.plus(row.amount);
        deps.settledFor?.(row.userId);
      }
    }
    if (!progressed) break;
  }
  return { settled, amount: plain(amount), date };
}

/** Runs the settlement every `minutes` (and now) on the one instance holding the lease. */
export function scheduleSettlement(
  deps: SettlementDeps & { readonly pubsub: Pick<PubSub, 'acquireLease' | 'releaseLease'>; readonly instance: string; readonly log?: { warn(obj: unknown, msg: string): void } },
  minutes: number,
): PeriodicJob {
  return schedulePeriodicJob({
    minutes,
    run: () => runSettlement(deps),
    failure: 'idx settlement run failed',
    log: deps.log,
    lease: { name: IDX_SETTLEMENT_LEASE, instance: deps.instance, pubsub: deps.pubsub },
  });
}
