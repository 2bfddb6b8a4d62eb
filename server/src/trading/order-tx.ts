// Changes to orders inside ONE ledger transaction, for every market: every status change through
// the state table, every row update conditional on the version read under the row lock, fills as
// one ledger transfer each (key `<rules.keys.fill>:<orderId>:<n>`, legs from the market's rules)
// with their `fills` row, holds taken, captured and released with the orders that own them. The
// engine and the matcher open the transaction; this records what changed so they can publish it
// after the commit.
import { TradingDecimal, plain } from '@pasar/shared/trading';
import type { LedgerOps, TransferResult } from '../ledger/api';
import type { PasarDb } from '../db/database';
import type { LevelFill } from './book-walk';
import type { FillListener } from './engine-api';
import type { CapturedPart, FillNumbers, MarketRules } from './market-rules';
import type { Market } from './order-model';
import { INITIAL_ORDER_STATE, applyEvents, canApply, isOpen, next, type OrderEvent } from './order-states';
import { shapeOf, stateOf } from './order-view';
import { completeOrderRow, createOrdersRepo, type OrdersRepo } from './repo';
import { NO_HOLD, activeHoldsOf, holdAccountsOf, holdAcross, splitAcross, type HeldParts } from './split-hold';
import type { FillRow, NewOrderRow, OrderChange, OrderRow } from './tables';

/** The row moved on since it was read (another instance, or a concurrent call): roll back. */
export class OrderChanged extends Error {
  constructor(readonly orderId: string) {
    super(`order ${orderId} changed concurrently`);
    this.name = 'OrderChanged';
  }
}

export type Ops = LedgerOps & { readonly db: PasarDb };

export class OrderTx {
  readonly repo: OrdersRepo;
  /** Orders as they are after this transaction, by id. */
  readonly changed = new Map<string, OrderRow>();
  /** Currencies whose balances this transaction changed, by user. */
  readonly balances = new Map<string, Set<string>>();
  readonly fills: FillRow[] = [];

  constructor(
    readonly ops: Ops,
    private readonly rulesOf: (market: Market) => MarketRules,
    private readonly fillListeners: readonly FillListener[] = [],
  ) {
    this.repo = createOrdersRepo(ops.db);
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
    const n = this.rulesOf(order.market).fillNumbers(order, levels);
    await this.book(order, n);
    const updated = await this.transition(order, [complete ? 'FILL' : 'PARTIAL_FILL'], { ...n.after, fillCount: order.fillCount + 1 });
    if (!updated.isOpen) await this.settleHold([updated]);
    return updated;
  }

  /**
   * A market order that fills at once: stored already filled (PLACE, SEND, FILL through the table)
   * with its one transfer and fill row. A market that books its fills itself (no settleFill, no
   * afterFill) makes the transfer first and then stores the order and its fill row in ONE statement
   * (`repo.insertFilled`); the others store the order first, as their settlement may read it.
   */
  async placeFilled(row: Omit<NewOrderRow, 'status' | 'exchangeStatus' | 'isOpen'> & { id: string }, levels: readonly LevelFill[]): Promise<OrderRow> {
    const rules = this.rulesOf(row.market);
    const zero = { filledQuantity: '0', filledAmount: '0', fee: '0', tax: '0', total: '0' };
    const n = rules.fillNumbers({ side: row.side, orderType: row.orderType, reason: row.reason ?? null, ...zero }, levels);
    const state = applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'FILL');
    const filled = { ...row, ...n.after, fillCount: 1, status: state.status, exchangeStatus: state.exchangeStatus, isOpen: isOpen(state) };
    if (rules.settleFill || rules.afterFill) {
      const [inserted] = await this.repo.insertOrders([filled]);
      const order = this.record(inserted as OrderRow);
      await this.book({ ...order, ...zero, fillCount: 0 }, n);
      return order;
    }
    const stored = completeOrderRow(filled);
    // The transfer as `book` makes it for the order before its fill (its key is the order's first fill).
    const transfer = await this.transfer({ ...stored, ...zero, fillCount: 0, version: 0, createdAt: new Date(0), updatedAt: new Date(0) }, n);
    const { order, fill } = await this.repo.insertFilled(stored, { ...figuresOf(n), transferId: transfer.id });
    this.record(order);
    await this.filledRow(order, fill);
    return order;
  }

  /** The ledger transfer of fill `n` of `order` (its (fillCount + 1)th) and its `fills` row. */
  private async book(order: OrderRow, n: FillNumbers): Promise<void> {
    const transfer = await this.transfer(order, n);
    const fill = await this.repo.insertFill({
      market: order.market,
      orderId: order.id,
      userId: order.userId,
      symbol: order.symbol,
      asset: order.asset,
      currency: order.currency,
      side: order.side,
      ...figuresOf(n),
      transferId: transfer.id,
    });
    await this.filledRow(order, fill);
  }

  /** The ledger transfer of fill `n` of `order` (its (fillCount + 1)th), or the market's own settlement. */
  private async transfer(order: OrderRow, n: FillNumbers): Promise<TransferResult> {
    const rules = this.rulesOf(order.market);
    // Capture what the hold covers; anything beyond it (a stop that gapped past its band) comes
    // from the available balance, or the transfer is refused.
    // An order with two holds (`holdAccounts`) captures from the first, then the second.
    const captureHolds: { holdId: string; amount: string }[] = [];
    const captured: CapturedPart[] = [];
    if (!rules.settleFill) {
      let wanted = new TradingDecimal(order.side === 'BUY' ? n.total : n.quantity);
      for (const hold of await activeHoldsOf(this.ops, order)) {
        const take = TradingDecimal.min(wanted, hold.remaining);
        if (!take.gt(0)) continue;
        captureHolds.push({ holdId: hold.id, amount: plain(take) });
        captured.push({ account: hold.account, amount: plain(take) });
        wanted = wanted.minus(take);
      }
      // A buy filled without a hold (a market order at once) pays from the market's accounts in order.
      const accounts = holdAccountsOf(rules, order);
      if (order.side === 'BUY' && captured.length === 0 && accounts.length > 1) captured.push(...(await splitAcross(this.ops, accounts, n.total)));
    }
    const key = `${rules.keys.fill}:${order.id}:${order.fillCount + 1}`;
    // A margined market settles its fills itself (the margin engine: position, margin hold, P&L).
    const transfer = rules.settleFill
      ? await rules.settleFill(this.ops, order, n, key)
      : await this.ops.transfer({
          key,
          kind: 'ORDER_FILL',
          legs: rules.fillLegs(order, n, captured),
          captureHolds,
          memo: { orderId: order.id, symbol: order.symbol, side: order.side, quantity: n.quantity, price: n.price },
        });
    // The key is new for every fill of a row at this version: a replay means the row is stale.
    if (transfer.replayed) throw new OrderChanged(order.id);
    return transfer;
  }

  /** What follows every fill row in its transaction: the market's afterFill, the fill listeners. */
  private async filledRow(order: OrderRow, fill: FillRow): Promise<void> {
    const rules = this.rulesOf(order.market);
    this.fills.push(fill);
    if (rules.afterFill) await rules.afterFill(this.ops, order, fill);
    for (const listener of this.fillListeners) await listener(this.ops, fill);
    this.touched(order.userId, ...rules.fillCurrencies(order));
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
      for (const hold of await activeHoldsOf(this.ops, order)) {
        await this.ops.release(hold.id);
        this.touched(order.userId, hold.currency);
      }
    }
  }

  /**
   * Makes the hold of a group (an order, or the open legs of an OCO) exactly what it still needs:
   * releases the old one and takes a new one in the same transaction (hold amounts never change).
   * Throws InsufficientFunds when the new amount is not available.
   */
  async rehold(legs: readonly OrderRow[], key: string): Promise<HeldParts> {
    const open = legs.filter((o) => o.isOpen);
    const first = open[0];
    if (!first) return NO_HOLD;
    const rules = this.rulesOf(first.market);
    const needs = rules.holdNeeds(open.map(shapeOf));
    const current = await activeHoldsOf(this.ops, first);
    const remaining = current.reduce((sum, h) => sum.plus(h.remaining), new TradingDecimal(0));
    if (current.length > 0 && remaining.eq(needs)) return first;
    for (const hold of current) await this.ops.release(hold.id);
    const accounts = holdAccountsOf(rules, first);
    for (const account of accounts) this.touched(first.userId, account.currency);
    return holdAcross(this.ops, accounts, needs, key, first.ocoGroupId ?? first.id);
  }
}

/** A fill row's figures from its numbers. */
const figuresOf = (n: FillNumbers) => ({ quantity: n.quantity, price: n.price, amount: n.amount, fee: n.fee, tax: n.tax, total: n.total });
