// Corporate actions of the market data feed applied to US holdings (PALN wallet), each once:
// - a cash dividend pays the shares held at the start of its ex-date (04:00 New York) × the
//   amount per share, to the cent (down), on its pay date, net of US withholding: the treaty rate
//   (15 %) with the US-stock declaration (W-8BEN) verified, the statutory rate (30 %) without;
//   the withheld part goes to TAX_PAYABLE;
// - a split ("4:1") adds shares: held × (4/1 − 1), from the house inventory. The quantity is
//   multiplied and the cost basis kept, so the average cost is divided (the position view reads
//   these rows).
// Each (action, holder) lands in ONE ledger transaction with its row: the ledger key
// (us-dividend:<action>:<user>, us-split:<action>:<user>) makes a repeat a no-op and the row's
// primary key records it, whatever runs it and however often. One instance runs the job at a
// time (a lease), every `corporateActionsJobMinutes` and at start.
import type { CorporateAction } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { Ledger } from '../../ledger/api';
import { nyseCalendar } from '../../market/calendar';
import { zonedTime } from '../../market/calendar/time';
import type { PubSub } from '../../pubsub';
import type { UsStockConfig } from '../../config';
import { sharesOf, usdOf } from './rules';
import type { UsStockRepo } from './repo';
import { usStockCorporateActions } from './tables';
import { schedulePeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';

const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
export const CORPORATE_ACTIONS_LEASE = 'us-stock.corporate-actions';

export interface CorporateActionsDeps {
  readonly ledger: Ledger;
  readonly repo: UsStockRepo;
  /** The feed: a stock's dividends and splits known on `today` (New York date). */
  readonly actions: (symbol: string, today: string) => readonly CorporateAction[];
  readonly settings: Pick<UsStockConfig, 'dividendWithholdingRate' | 'dividendWithholdingNoDeclarationRate'>;
  /** The user's US-stock declaration status (`app.identity`). */
  readonly gssStatus: (userId: string) => Promise<string | null>;
  /** The market clock. */
  readonly now: () => number;
}

export interface CorporateActionsRun {
  readonly dividends: number;
  readonly splits: number;
}

/** "4:1" -> 4; "3:2" -> 1.5. */
export const splitFactor = (ratio: string): TradingDecimal => {
  const [to, from] = ratio.split(':');
  return D(to ?? '1').div(from ?? '1');
};

/** Applies every due action not yet applied to every holder; returns what it applied this time. */
export async function applyCorporateActions(deps: CorporateActionsDeps): Promise<CorporateActionsRun> {
  const { ledger, repo, settings } = deps;
  const today = nyseCalendar.localDate(deps.now());
  let dividends = 0;
  let splits = 0;
  for (const symbol of await repo.heldSymbols()) {
    const due = deps
      .actions(symbol, today)
      .filter((a) => a.exDate <= today && (a.type === 'SPLIT' ? a.ratio !== null : a.amount !== null && a.payDate !== null && a.payDate <= today))
      .sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
    if (due.length === 0) continue;
    const holders = await repo.holdersOf(symbol);
    const applied = await repo.appliedIds(symbol, due.map((a) => a.id));
    for (const action of due) {
      // Entitlement: the shares held when the ex-date's trading began.
      const exStart = zonedTime(action.exDate, '04:00', nyseCalendar.timeZone);
      for (const holder of holders) {
        if (applied.has(`${action.id}|${holder.userId}`) || holder.firstAt.getTime() >= exStart) continue;
        const entitled = D(await ledger.balanceAt(sharesOf(holder.userId, symbol), new Date(exStart)));
        const landed = action.type === 'SPLIT' ? await applySplit(deps, action, holder.userId, entitled) : await applyDividend(action, holder.userId, entitled);
        if (landed && action.type === 'SPLIT') splits += 1;
        if (landed && action.type === 'DIVIDEND') dividends += 1;
      }
    }
  }
  return { dividends, splits };

  async function applyDividend(action: CorporateAction, userId: string, entitled: TradingDecimal): Promise<boolean> {
    const perShare = D(action.amount as string);
    const gross = entitled.times(perShare).toDecimalPlaces(2, TradingDecimal.ROUND_DOWN);
    const declared = (await deps.gssStatus(userId)) === 'VERIFIED';
    const rate = D(declared ? settings.dividendWithholdingRate : settings.dividendWithholdingNoDeclarationRate);
    const withholding = gross.times(rate).toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP);
    const net = gross.minus(withholding);
    return ledger.transaction(async (ops) => {
      let transferId: string | null = null;
      if (gross.gt(0)) {
        const legs = [];
        if (net.gt(0)) legs.push({ from: { house: 'INVENTORY' as const, currency: 'USD' }, to: usdOf(userId), amount: plain(net) });
        if (withholding.gt(0)) legs.push({ from: { house: 'INVENTORY' as const, currency: 'USD' }, to: { house: 'TAX_PAYABLE' as const, currency: 'USD' }, amount: plain(withholding) });
        const transfer = await ops.transfer({
          key: `us-dividend:${action.id}:${userId}`,
          kind: 'DIVIDEND',
          legs,
          memo: { symbol: action.symbol, actionId: action.id, exDate: action.exDate, perShare: plain(perShare), quantity: plain(entitled), gross: plain(gross), withholdingRate: plain(rate), withholding: plain(withholding) },
        });
        transferId = transfer.id;
      }
      const rows = await ops.db
        .insert(usStockCorporateActions)
        .values({
          actionId: action.id,
          userId,
          symbol: action.symbol,
          type: 'DIVIDEND',
          exDate: action.exDate,
          entitledQuantity: plain(entitled),
          perShare: plain(perShare),
          gross: plain(gross),
          withholdingRate: plain(rate),
          withholding: plain(withholding),
          net: plain(net),
          transferId,
        })
        .onConflictDoNothing()
        .returning({ actionId: usStockCorporateActions.actionId });
      return rows.length > 0 && gross.gt(0);
    });
  }

  async function applySplit(d: CorporateActionsDeps, action: CorporateAction, userId: string, entitled: TradingDecimal): Promise<boolean> {
    const ratio = action.ratio as string;
    const added = entitled.times(splitFactor(ratio).minus(1));
    return d.ledger.transaction(async (ops) => {
      let transferId: string | null = null;
      if (added.gt(0)) {
        const transfer = await ops.transfer({
          key: `us-split:${action.id}:${userId}`,
          kind: 'SPLIT',
          legs: [{ from: { house: 'INVENTORY', currency: action.symbol }, to: sharesOf(userId, action.symbol), amount: plain(added) }],
          memo: { symbol: action.symbol, actionId: action.id, exDate: action.exDate, ratio, quantity: plain(entitled) },
        });
        transferId = transfer.id;
      }
      const rows = await ops.db
        .insert(usStockCorporateActions)
        .values({ actionId: action.id, userId, symbol: action.symbol, type: 'SPLIT', exDate: action.exDate, entitledQuantity: plain(entitled), sharesAdded: plain(added), ratio, transferId })
        .onConflictDoNothing()
        .returning({ actionId: usStockCorporateActions.actionId });
      return rows.length > 0 && added.gt(0);
    });
  }
}

/** Runs the job every `minutes` (and now) on the one instance holding the lease. */
export function scheduleCorporateActions(
  deps: CorporateActionsDeps & { readonly pubsub: Pick<PubSub, 'acquireLease' | 'releaseLease'>; readonly instance: string; readonly log?: { warn(obj: unknown, msg: string): void } },
  minutes: number,
): PeriodicJob {
  return schedulePeriodicJob({
    minutes,
    run: () => applyCorporateActions(deps),
    failure: 'us-stock corporate actions run failed',
    log: deps.log,
    lease: { name: CORPORATE_ACTIONS_LEASE, instance: deps.instance, pubsub: deps.pubsub },
  });
}
