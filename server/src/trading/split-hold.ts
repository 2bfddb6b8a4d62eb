// A hold over one or two accounts in order (`MarketRules.holdAccounts`): what the first account
// has available, then the rest from the second (IDX buys: cash first, then unsettled sale
// proceeds). An order keeps the first part's hold in `holdId` and the second's in `hold2Id`; a
// fill captures them in that order, the end of an order releases both.
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { AccountRef, Hold, LedgerOps } from '../ledger/api';
import type { CapturedPart, MarketRules } from './market-rules';
import type { OrderRow } from './tables';

/** An order's hold columns. */
export interface HeldParts {
  readonly holdId: string | null;
  readonly holdAmount: string | null;
  readonly hold2Id: string | null;
  readonly hold2Amount: string | null;
}

export const NO_HOLD: HeldParts = { holdId: null, holdAmount: null, hold2Id: null, hold2Amount: null };

/** The accounts an order reserves from, in order (one unless the market names more). */
export const holdAccountsOf = (rules: MarketRules, order: Pick<OrderRow, 'userId' | 'side' | 'asset'>): readonly AccountRef[] =>
  rules.holdAccounts?.(order) ?? [rules.holdAccount(order)];

/**
 * Reserves `amount` from `accounts` in order: all of it from the only account, else what the first
 * has available and the rest from the second (key `<key>:2`). Throws InsufficientFunds when the
 * second cannot cover the rest. Nothing is held for a zero amount.
 */
export async function holdAcross(ops: LedgerOps, accounts: readonly AccountRef[], amount: string, key: string, ref: string): Promise<HeldParts> {
  const holds: Hold[] = [];
  for (const [i, part] of (await splitAcross(ops, accounts, amount)).entries()) {
    holds.push(await ops.hold({ key: i === 0 ? key : `${key}:2`, account: part.account, amount: part.amount, reason: 'ORDER', ref }));
  }
  return partsOf(holds);
}

/**
 * How `amount` is taken from `accounts` in order: all from the only account, else what the first
 * has available and the rest from the second (which the ledger refuses when it is short). Empty
 * parts are left out. Also what a fill without a hold (a market order filled at once) pays from.
 */
export async function splitAcross(ops: Pick<LedgerOps, 'balance'>, accounts: readonly AccountRef[], amount: string): Promise<CapturedPart[]> {
  const [first, second] = accounts;
  if (!first) throw new Error('no hold account');
  const want = new TradingDecimal(amount);
  if (!want.gt(0)) return [];
  if (!second) return [{ account: first, amount: plain(want) }];
  const available = TradingDecimal.max(new TradingDecimal((await ops.balance(first)).available), 0);
  const fromFirst = TradingDecimal.min(want, available);
  const rest = want.minus(fromFirst);
  const parts: CapturedPart[] = [];
  if (fromFirst.gt(0)) parts.push({ account: first, amount: plain(fromFirst) });
  if (rest.gt(0)) parts.push({ account: second, amount: plain(rest) });
  return parts;
}

function partsOf(holds: readonly Hold[]): HeldParts {
  const [a, b] = holds;
  return { holdId: a?.id ?? null, holdAmount: a?.amount ?? null, hold2Id: b?.id ?? null, hold2Amount: b?.amount ?? null };
}

/** The active holds of an order, in capture order. */
export async function activeHoldsOf(ops: Pick<LedgerOps, 'getHold'>, order: Pick<OrderRow, 'holdId' | 'hold2Id'>): Promise<Hold[]> {
  const out: Hold[] = [];
  for (const id of [order.holdId, order.hold2Id]) {
    if (!id) continue;
    const hold = await ops.getHold(id);
    if (hold?.status === 'ACTIVE') out.push(hold);
  }
  return out;
}
