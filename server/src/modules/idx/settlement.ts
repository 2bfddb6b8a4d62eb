// T+2 settlement of IDX sales: every settlement row due on or before today's Jakarta date (the
// market clock) moves its net proceeds from the seller's IDX_UNSETTLED account to CASH, where
// they may be withdrawn. One ledger transaction per row: the row claimed (marked settled under
// its row lock), the transfer (key idx-settle:<fill id>) of what is left of the proceeds (a buy may
// have spent some, decision 0019) commit together, so a row settles once however many instances
// or runs see it (a second run's claim finds the row settled). The schedule
// runs on the lease holder only; the operator's call and start-up run it too.
import { plain, TradingDecimal } from '@pasar/shared/trading';
import type { PasarDb } from '../../db/database';
import { schedulePeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { Ledger, LedgerOps } from '../../ledger/api';
import { idxCalendar } from '../../market/calendar';
import type { PubSub } from '../../pubsub/types';
import { idxRepoOf } from './repo';
import { activeHoldsOf, createOrdersRepo, holdAcross, type OrderRow } from '../../trading';
import { OrderChanged } from '../../trading/order-tx';
import { IDX_MARKET, idrCashOf, idxUnsettledOf } from './rules';

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

/**
 * What each settlement date will move, given the unsettled balance: the settlement runs the rows
 * earliest date first and moves min(row, what is left), so proceeds a buy spent come out of the
 * latest-settling rows; the earliest settle in full. Dates with nothing left are left out; the
 * amounts add up to the balance (when the rows cover it).
 */
export function unsettledLeftByDate(rows: readonly { settlementDate: string; amount: string }[], balance: string): { settlementDate: string; amount: string }[] {
  let left = TradingDecimal.max(new TradingDecimal(balance), 0);
  const byDate = new Map<string, TradingDecimal>();
  for (const row of [...rows].sort((a, b) => a.settlementDate.localeCompare(b.settlementDate))) {
    const moves = TradingDecimal.min(new TradingDecimal(row.amount), left);
    left = left.minus(moves);
    if (moves.gt(0)) byDate.set(row.settlementDate, (byDate.get(row.settlementDate) ?? new TradingDecimal(0)).plus(moves));
  }
  return [...byDate].map(([settlementDate, amount]) => ({ settlementDate, amount: plain(amount) }));
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
      const settledNow = await deps.ledger.transaction(async (ops) => {
        // Claimed first (the row lock orders concurrent runs: a second finds it settled).
        const repoTx = idxRepoOf(ops.db);
        if (!(await repoTx.claim(row.fillId, new Date(deps.now())))) return null;
        // A buy may have spent some of the proceeds before they settled (decision 0019): what is
        // left of them is what settles.
        const unsettled = idxUnsettledOf(row.userId);
        const left = TradingDecimal.min(new TradingDecimal(row.amount), TradingDecimal.max(new TradingDecimal((await ops.balance(unsettled)).balance), 0));
        if (!left.gt(0)) return left;
        const rehold = await releaseHeldProceeds(ops, row.userId, plain(left));
        const transfer = await ops.transfer({
          key: `idx-settle:${row.fillId}`,
          kind: 'IDX_SETTLEMENT',
          legs: [{ from: unsettled, to: idrCashOf(row.userId), amount: plain(left) }],
          memo: { fillId: row.fillId, symbol: row.symbol, tradeDate: row.tradeDate, settlementDate: row.settlementDate },
        });
        await rehold(`settle:${row.fillId}`);
        await repoTx.setTransfer(row.fillId, transfer.id);
        return left;
      });
      const done = settledNow !== null;
      progressed = true;
      if (done) {
        settled += 1;
        amount = amount.plus(settledNow);
        deps.settledFor?.(row.userId);
      }
    }
    if (!progressed) break;
  }
  return { settled, amount: plain(amount), date };
}

/**
 * When buys reserve some of the unsettled proceeds a settlement moves (their second hold, decision
 * 0019), the transfer out of IDX_UNSETTLED would be refused: release those buys' holds first and,
 * once the transfer is made, re-take each in full, cash first (the settled money is cash now),
 * then unsettled. Each buy stays exactly as reserved; the order rows are locked and updated at
 * their version (a concurrent fill rolls the run back, the next run settles the row).
 */
async function releaseHeldProceeds(ops: LedgerOps & { readonly db: PasarDb }, userId: string, amount: string): Promise<(key: string) => Promise<void>> {
  const unsettled = idxUnsettledOf(userId);
  if (new TradingDecimal((await ops.balance(unsettled)).available).gte(amount)) return async () => {};
  const orders = createOrdersRepo(ops.db);
  const moved: { order: OrderRow; needs: TradingDecimal }[] = [];
  const buys = (await orders.openOf(userId, IDX_MARKET)).filter((o) => o.side === 'BUY' && o.holdId !== null);
  for (const candidate of buys.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))) {
    const order = (await orders.lock(candidate.id)).find((o) => o.id === candidate.id);
    if (!order?.isOpen) continue;
    const holds = await activeHoldsOf(ops, order);
    if (!holds.some((h) => 'purpose' in h.account && h.account.purpose === 'IDX_UNSETTLED')) continue;
    let needs = new TradingDecimal(0);
    for (const hold of holds) {
      needs = needs.plus(hold.remaining);
      await ops.release(hold.id);
    }
    moved.push({ order, needs });
  }
  return async (key) => {
    for (const { order, needs } of moved) {
      const held = await holdAcross(ops, [idrCashOf(userId), unsettled], plain(needs), `idx-hold:${order.id}:${key}`, order.id);
      if (!(await orders.update(order.id, order.version, held))) throw new OrderChanged(order.id);
    }
  };
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
