// Changes to orders inside ONE ledger transaction: every status change through the state table,
// every row update conditional on the version read under the row lock, fills as one ledger transfer
// each (key `crypto-fill:<orderId>:<n>`) with their ``fills` row, holds taken, captured and
// released with the orders that own them. The service and the matcher open the transaction; this
// records what changed so they can publish it after the commit.
import type { FeeRates } from '@pasar/shared/trading';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { AccountRef, InsufficientFunds, LedgerOps, TransferLeg } from '../../ledger/api';
import type { PasarDb } from '../../db/database';
import { INITIAL_ORDER_STATE, applyEvents, canApply, isOpen, next, type LevelFill, type OrderEvent } from '../../trading';
import { fillNumbers, type FillNumbers } from './fill-numbers';
import { groupNeeds, type CryptoSettings } from './order-plan';
import { shapeOf, stateOf } from './order-view';
import { createCryptoRepo, type CryptoRepo, type OrderChange } from './repo';
import type { FillRow, NewOrderRow, OrderRow } from './tables';

/** The row moved on since it was read (another instance, or a concurrent call): roll back. */
export class OrderChanged extends Error {
  constructor(readonly orderId: string) {
    super(`crypto order ${orderId} changed concurrently`);
    this.name = 'OrderChanged';
  }
}

export const cashOf = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
export const spotOf = (userId: string, asset: string): AccountRef => ({ userId, currency: asset, purpose: 'SPOT' });
export const holdAccountOf = (order: Pick<OrderRow, 'userId' | 'side' | 'asset'>): AccountRef =>
  order.side === 'BUY' ? cashOf(order.userId) : spotOf(order.userId, order.asset);

/** The ledger's refusals as the catalogue's codes: 9504 for crypto units, 1115 for IDR. */
export function ledgerCode(error: InsufficientFunds): '9504' | '1115' {
  return 'purpose' in error.account && error.account.purpose === 'SPOT' ? '9504' : '1115';
}

export type Ops = LedgerOps & { readonly db: PasarDb };

export class OrderTx {
  readonly repo: CryptoRepo;
  /** Orders as they are after this transaction, by id. */
  readonly changed = new Map<string, OrderRow>();
  /** Currencies whose balances this transaction changed, by user. */
  readonly balances = new Map<string, Set<string>>();
  readonly fills: FillRow[] = [];

  constructor(
    readonly ops: Ops,
    private readonly settings: CryptoSettings,
    private readonly rates: FeeRates,
  ) {
    this.repo = createCryptoRepo(ops.db);
  }

  touched(userId: string, ...currencies: string[]): void {
    let set = this.balances.get(userId);
    if (!set) this.balances.set(userId, (set = new Set()));
    for (const c of currencies) set.add(c);
  }

  record(row: OrderRow): OrderRow {
    this.changed.set(row.id, row);
    return row;
  }

  /** Moves the order through `events` (the state table decides) and applies `change` with it. */
  async transition(order: OrderRow, events: readonly OrderEvent[], change: OrderChange = {}): Promise<OrderRow> {
    let state = stateOf(order);
    for (const event of events) state = next(state, event);
    const updated = await this.repo.update(order.id, order.version, {
      ...change,
      status: state.status,
      exchangeStatus: state.exchangeStatus,
      isOpen: isOpen(state),
    });
    if (!updated) throw new OrderChanged(order.id);
    return this.record(updated);
  }

  /**
   * One fill of `levels`: one ledger transfer (capturing from the order's hold what it covers),
   * the fill row and the order's new figures; FILL when `complete`, else PARTIAL_FILL.
   */
  async fill(order: OrderRow, levels: readonly LevelFill[], complete: boolean): Promise<OrderRow> {
    const n = fillNumbers(order, levels, this.rates);
    await this.book(order, n);
    const updated = await this.transition(order, [complete ? 'FILL' : 'PARTIAL_FILL'], { ...n.after, fillCount: order.fillCount + 1 });
    if (!updated.isOpen) await this.settleHold([updated]);
    return updated;
  }

  /**
   * A market order that fills at once: stored already filled (PLACE, SEND, FILL through the table),
   * then its one transfer and fill row. One statement fewer than storing it and then filling it.
   */
  async placeFilled(row: Omit<NewOrderRow, 'status' | 'exchangeStatus' | 'isOpen'> & { id: string }, levels: readonly LevelFill[]): Promise<OrderRow> {
    const zero = { filledQuantity: '0', filledAmount: '0', fee: '0', tax: '0', total: '0' };
    const n = fillNumbers({ side: row.side, ...zero }, levels, this.rates);
    const state = applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'FILL');
    const [inserted] = await this.repo.insertOrders([
      { ...row, ...n.after, fillCount: 1, status: state.status, exchangeStatus: state.exchangeStatus, isOpen: isOpen(state) },
    ]);
    const order = this.record(inserted as OrderRow);
    await this.book({ ...order, ...zero, fillCount: 0 }, n);
    return order;
  }

  /** The ledger transfer of fill `n` of `order` (its (fillCount + 1)th) and its ``fills` row. */
  private async book(order: OrderRow, n: FillNumbers): Promise<void> {
    const user = order.userId;
    const cash = cashOf(user);
    const spot = spotOf(user, order.asset);
    const inventory = (currency: string): AccountRef => ({ house: 'INVENTORY', currency });
    const positive = (v: string) => new TradingDecimal(v).gt(0);
    const legs: TransferLeg[] = [];
    if (order.side === 'BUY') {
      if (positive(n.amount)) legs.push({ from: cash, to: inventory('IDR'), amount: n.amount });
      if (positive(n.fee)) legs.push({ from: cash, to: { house: 'FEES', currency: 'IDR' }, amount: n.fee });
      if (positive(n.tax)) legs.push({ from: cash, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: n.tax });
      legs.push({ from: inventory(order.asset), to: spot, amount: n.quantity });
    } else {
      legs.push({ from: spot, to: inventory(order.asset), amount: n.quantity });
      if (positive(n.amount)) legs.push({ from: inventory('IDR'), to: cash, amount: n.amount });
      if (positive(n.fee)) legs.push({ from: cash, to: { house: 'FEES', currency: 'IDR' }, amount: n.fee });
      if (positive(n.tax)) legs.push({ from: cash, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: n.tax });
    }
    // Capture what the hold covers; anything beyond it (a stop that gapped past its band) comes
    // from the available balance, or the transfer is refused.
    const captureHolds: { holdId: string; amount: string }[] = [];
    if (order.holdId) {
      const hold = await this.ops.getHold(order.holdId);
      if (hold && hold.status === 'ACTIVE') {
        const wanted = new TradingDecimal(order.side === 'BUY' ? n.total : n.quantity);
        const take = TradingDecimal.min(wanted, hold.remaining);
        if (take.gt(0)) captureHolds.push({ holdId: hold.id, amount: plain(take) });
      }
    }
    const transfer = await this.ops.transfer({
      key: `crypto-fill:${order.id}:${order.fillCount + 1}`,
      kind: 'ORDER_FILL',
      legs,
      captureHolds,
      memo: { orderId: order.id, symbol: order.symbol, side: order.side, quantity: n.quantity, price: n.price },
    });
    // The key is new for every fill of a row at this version: a replay means the row is stale.
    if (transfer.replayed) throw new OrderChanged(order.id);
    const fill = await this.repo.insertFill({
      orderId: order.id,
      userId: user,
      symbol: order.symbol,
      asset: order.asset,
      side: order.side,
      quantity: n.quantity,
      price: n.price,
      amount: n.amount,
      fee: n.fee,
      tax: n.tax,
      total: n.total,
      transferId: transfer.id,
    });
    this.fills.push(fill);
    this.touched(user, 'IDR', order.asset);
  }

  /** Cancels the open ones of `orders` (an order and its OCO sibling) and releases their hold. */
  async cancel(orders: readonly OrderRow[], reason: string): Promise<OrderRow[]> {
    const out: OrderRow[] = [];
    for (const order of orders) {
      if (!order.isOpen) continue;
      out.push(await this.transition(order, ['CANCEL'], { reason }));
    }
    await this.settleHold(out);
    return out;
  }

  /** Ends an open order that cannot execute (REJECT when the table allows it, else FAIL) and releases its hold. */
  async refuse(order: OrderRow, reason: string): Promise<OrderRow> {
    const event: OrderEvent = canApply(stateOf(order), 'REJECT') ? 'REJECT' : 'FAIL';
    const updated = await this.transition(order, [event], { reason });
    await this.settleHold([updated]);
    return updated;
  }

  /** Releases the hold of orders that are over, unless an open OCO sibling still uses it. */
  async settleHold(orders: readonly OrderRow[]): Promise<void> {
    const seen = new Set<string>();
    for (const order of orders) {
      const holdId = order.holdId;
      if (!holdId || seen.has(holdId)) continue;
      seen.add(holdId);
      const sharing = order.ocoGroupId ? await this.repo.group(order.ocoGroupId) : [order];
      if (sharing.some((o) => o.isOpen && o.holdId === holdId)) continue;
      const hold = await this.ops.getHold(holdId);
      if (hold?.status === 'ACTIVE') {
        await this.ops.release(holdId);
        this.touched(order.userId, hold.currency);
      }
    }
  }

  /**
   * Makes the hold of a group (an order, or the open legs of an OCO) exactly what it still needs:
   * releases the old one and takes a new one in the same transaction (hold amounts never change).
   * Throws InsufficientFunds when the new amount is not available.
   */
  async rehold(legs: readonly OrderRow[], key: string): Promise<{ holdId: string; amount: string } | null> {
    const open = legs.filter((o) => o.isOpen);
    const first = open[0];
    if (!first) return null;
    const needs = groupNeeds(open.map(shapeOf), this.settings, this.rates);
    const current = first.holdId ? await this.ops.getHold(first.holdId) : null;
    if (current?.status === 'ACTIVE' && new TradingDecimal(current.remaining).eq(needs)) return { holdId: current.id, amount: current.amount };
    if (current?.status === 'ACTIVE') await this.ops.release(current.id);
    this.touched(first.userId, first.side === 'BUY' ? 'IDR' : first.asset);
    if (!new TradingDecimal(needs).gt(0)) return null;
    const hold = await this.ops.hold({ key, account: holdAccountOf(first), amount: needs, reason: 'ORDER', ref: first.ocoGroupId ?? first.id });
    return { holdId: hold.id, amount: hold.amount };
  }
}
