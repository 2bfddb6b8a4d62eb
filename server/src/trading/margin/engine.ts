// The margin engine (api.ts): one-way positions of every margined market, their margin as ledger
// holds, fills settled in the trading engine's transaction (settleFill), liquidation and margin
// calls on the mark price through the at-risk index, and charges (funding, financing) applied once
// per position under ledger keys. Decision: docs/decisions/0016-margin-engine.md.
import { randomUUID } from 'node:crypto';
import type Decimal from 'decimal.js';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { NotificationType } from '@pasar/shared/contract';
import type { PasarDb } from '../../db/database';
import { InsufficientFunds, type AccountRef, type Ledger, type LedgerOps, type TransferLeg, type TransferResult } from '../../ledger/api';
import { AppError } from '../../http/app-error';
import type { Market } from '../order-model';
import type { ChargeResult, ClosedPosition, CloseReason, MarginEngine, NoticeRenderer, MarginExposure, MarginFill, MarginMarket, PositionRow, PositionView, TriggerOptions } from './api';
import {
  applyFill,
  bankruptcyPrice,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  MarginDecimal,
  marginRatioPercent,
  maxLeverageFor,
  roundAgainstUser,
  roundDown,
  roundUp,
  tierFor,
  unrealizedPnl,
} from './math';
import { RiskIndex, triggersOf } from './risk-index';
import { orders } from '../tables';
import { marginChargeRuns, marginCharges, marginEvents, marginPositionHistory, marginPositions, type MarginPositionRow } from './tables';

type Ops = LedgerOps & { readonly db: PasarDb };
const D = (v: Decimal.Value): MarginDecimal => new MarginDecimal(v);
const str = (v: MarginDecimal): string => v.toFixed();
/** Margin events notified per pass (more wait for the next). */
const NOTICES_PER_PASS = 100;
/** Passes after which a fill's position that never showed its version (rolled back) stops being awaited. */
const FILING_TRIES = 100;
const FILING_RETRY_MS = 20;

/** A charge's figures for one position: amount > 0 is paid by the user, < 0 received. */
export interface ChargeFigures {
  readonly amount: string;
  readonly price: string;
  readonly rate: string;
}

export interface MarginNotice {
  /** Sent once under this key (the margin event's): a notice sent again after a crash is not doubled. */
  readonly key: string;
  readonly type: NotificationType;
  readonly title: { readonly id: string; readonly en: string };
  readonly body: { readonly id: string; readonly en: string };
}

export interface MarginEngineDeps {
  readonly db: PasarDb;
  readonly ledger: Ledger;
  readonly now: () => number;
  /** Margin ratio (percent) at which MARGIN_CALL is sent, once per crossing (a market may set its own). */
  readonly marginCallPercent: number;
  /** Leverage of a symbol before the user sets one (capped by the first tier). */
  readonly defaultLeverage: number;
  readonly notify?: (userId: string, notice: MarginNotice) => Promise<unknown>;
  /** A position changed (after the commit): the private `balances` event. */
  readonly changed?: (userId: string, market: MarginMarket) => void;
  readonly log?: { warn(obj: unknown, msg: string): void };
}

export interface MarginEngineImpl extends MarginEngine {
  /** The user's settings row of a symbol (created flat with the defaults). */
  settings(market: Market, userId: string, book: string, symbol: string): Promise<PositionRow>;
  setMarginMode(market: Market, userId: string, book: string, symbol: string, mode: 'CROSS' | 'ISOLATED'): Promise<PositionRow>;
  adjustMargin(market: Market, userId: string, book: string, symbol: string, direction: 'ADD' | 'REMOVE', amount: string, requestId: string): Promise<PositionView>;
  /** Sets (a value), clears (null) or keeps (undefined) the triggers; `options` a partial quantity and an expiry (perps: neither, the whole position, never). */
  setTpSl(market: Market, userId: string, book: string, symbol: string, tp: string | null | undefined, sl: string | null | undefined, options?: TriggerOptions): Promise<PositionView>;
  /** Rebuilds the at-risk index of a symbol from the database (start, and now and then for other instances' changes). */
  refreshIndex(market: Market, symbol: string): Promise<number>;
  readonly index: RiskIndex;
  /** The funding/financing payments of a user (newest first). */
  charges(market: Market, userId: string, symbol: string | undefined, page: number, size: number): Promise<(typeof marginCharges.$inferSelect)[]>;
  /** A full-scan evaluation of every open position of a symbol (what the index avoids; the benchmark compares). */
  scanAtRisk(market: Market, symbol: string, mark: string): Promise<string[]>;
  /** Files in the index the positions of fills committed since (each mark does this first). */
  fileChanges(): Promise<void>;
  /** Sends the notices of margin events not yet notified (oldest first); how many went out. */
  deliverNotices(market: Market): Promise<number>;
  /** Of these positions, the ids whose current version has a waiting liquidation recorded (`liq-pending:<id>:v<version>`). */
  pendingLiquidations(market: Market, positions: readonly Pick<PositionRow, 'id' | 'version'>[]): Promise<Set<string>>;
  /** How many positions of a market are open. */
  openCount(market: Market): Promise<number>;
}

export function createMarginEngine(deps: MarginEngineDeps): MarginEngineImpl {
  const { db, ledger } = deps;
  const markets = new Map<Market, MarginMarket>();
  const renderers = new Map<string, NoticeRenderer>();
  const index = new RiskIndex();

  const marketOf = (market: Market): MarginMarket => {
    const m = markets.get(market);
    if (!m) throw new Error(`no margined market ${market}`);
    return m;
  };
  /** The margin ratio (percent) at which a market's positions are margin-called: its own, else the engine's. */
  const callPercent = (m: MarginMarket): number => m.marginCallPercent ?? deps.marginCallPercent;
  const toRow = (r: MarginPositionRow): PositionRow => ({ ...r, takeProfit: r.takeProfit ?? null, stopLoss: r.stopLoss ?? null, triggerQuantity: r.triggerQuantity ?? null, triggersExpireAt: r.triggersExpireAt ?? null });
  const where = (market: Market, userId: string, book: string, symbol: string) =>
    and(eq(marginPositions.market, market), eq(marginPositions.userId, userId), eq(marginPositions.book, book), eq(marginPositions.symbol, symbol));

  async function ensureRow(on: PasarDb, m: MarginMarket, userId: string, book: string, symbol: string): Promise<void> {
    const first = m.tiers(symbol, book)[0];
    const leverage = m.defaultLeverage?.(symbol, book) ?? Math.min(deps.defaultLeverage, first?.maxLeverage ?? 1);
    await on
      .insert(marginPositions)
      .values({
        id: randomUUID(), market: m.market, userId, book, symbol, size: '0', entryPrice: '0', leverage, marginMode: 'CROSS', margin: '0',
        realizedPnl: '0', feesPaid: '0', fundingPaid: '0', version: 0, marginCalled: false, openedAt: new Date(deps.now()), updatedAt: new Date(deps.now()),
      })
      .onConflictDoNothing();
  }

  async function lockRow(ops: Ops, m: MarginMarket, userId: string, book: string, symbol: string): Promise<PositionRow> {
    await ensureRow(ops.db, m, userId, book, symbol);
    const [row] = await ops.db.select().from(marginPositions).where(where(m.market, userId, book, symbol)).for('update');
    return toRow(row as MarginPositionRow);
  }

  /** The wallet the cross positions share: balance − isolated margins; and the other cross positions' MM and uPnL. */
  interface CrossContext {
    readonly walletBalance: MarginDecimal;
    readonly crossMaintenance: MarginDecimal;
    readonly crossPnl: MarginDecimal;
  }

  function figures(m: MarginMarket, row: PositionRow, cross: CrossContext | null, markNow?: string): PositionView {
    const size = D(row.size);
    const mark = D(markNow ?? m.markPrice(row.symbol) ?? row.entryPrice);
    const notional = size.abs().times(mark);
    const tiers = m.tiers(row.symbol, row.book);
    const tier = tierFor(tiers, notional);
    const mm = maintenanceMargin(tiers, notional);
    const im = initialMargin(notional, row.leverage);
    const upnl = unrealizedPnl(size, row.entryPrice, mark);
    let lp: MarginDecimal | null = null;
    let bp: MarginDecimal | null = null;
    let ratio: MarginDecimal;
    if (size.isZero()) {
      ratio = D(0);
    } else if (row.marginMode === 'ISOLATED' || !cross) {
      lp = liquidationPrice({ size, entryPrice: row.entryPrice, walletBalance: row.margin, tiers });
      bp = bankruptcyPrice(size, row.entryPrice, row.margin);
      ratio = marginRatioPercent(mm, D(row.margin).plus(upnl));
    } else {
      const otherMm = cross.crossMaintenance.minus(mm);
      const otherPnl = cross.crossPnl.minus(upnl);
      lp = liquidationPrice({ size, entryPrice: row.entryPrice, walletBalance: cross.walletBalance, otherMaintenance: otherMm, otherUnrealizedPnl: otherPnl, tiers });
      bp = bankruptcyPrice(size, row.entryPrice, cross.walletBalance.minus(otherMm).plus(otherPnl));
      ratio = marginRatioPercent(cross.crossMaintenance, cross.walletBalance.plus(cross.crossPnl));
    }
    const p = m.scale;
    const price = (v: MarginDecimal | null) => (v === null ? null : v.toDecimalPlaces(8, MarginDecimal.ROUND_HALF_UP).toFixed());
    return {
      ...row,
      side: size.isNegative() ? 'SHORT' : 'LONG',
      quantity: str(size.abs()),
      markPrice: str(mark),
      notional: roundDown(notional, p).toFixed(),
      unrealizedPnl: upnl.toDecimalPlaces(p, MarginDecimal.ROUND_DOWN).toFixed(),
      initialMargin: roundUp(im, p).toFixed(),
      maintenanceMargin: roundUp(mm, p).toFixed(),
      maintenanceMarginRate: tier.maintenanceMarginRate,
      tier: tier.tier,
      liquidationPrice: price(lp),
      bankruptcyPrice: price(bp),
      marginRatioPercentage: ratio.toDecimalPlaces(2, MarginDecimal.ROUND_UP).toFixed(2),
      roePercent: im.isZero() ? '0.00' : upnl.div(D(row.margin).gt(0) ? row.margin : im).times(100).toDecimalPlaces(2, MarginDecimal.ROUND_DOWN).toFixed(2),
    };
  }

  async function crossContext(m: MarginMarket, userId: string, book: string, rows: readonly PositionRow[], on: Pick<LedgerOps, 'balance'> = ledger): Promise<CrossContext> {
    const balance = D((await on.balance(m.account(userId, book))).balance);
    let isolated = D(0);
    let crossMaintenance = D(0);
    let crossPnl = D(0);
    for (const r of rows) {
      if (D(r.size).isZero()) continue;
      if (r.marginMode === 'ISOLATED') {
        isolated = isolated.plus(r.margin);
        continue;
      }
      const mark = D(m.markPrice(r.symbol) ?? r.entryPrice);
      crossMaintenance = crossMaintenance.plus(maintenanceMargin(m.tiers(r.symbol, r.book), D(r.size).abs().times(mark)));
      crossPnl = crossPnl.plus(unrealizedPnl(r.size, r.entryPrice, mark));
    }
    return { walletBalance: balance.minus(isolated), crossMaintenance, crossPnl };
  }

  async function openRows(market: Market, userId: string, book?: string, on: PasarDb = db): Promise<PositionRow[]> {
    const rows = await on
      .select()
      .from(marginPositions)
      .where(and(eq(marginPositions.market, market), eq(marginPositions.userId, userId), ne(marginPositions.size, '0'), ...(book ? [eq(marginPositions.book, book)] : [])));
    return rows.map(toRow);
  }

  async function views(market: Market, userId: string, book?: string): Promise<PositionView[]> {
    const m = marketOf(market);
    const rows = await openRows(market, userId, book);
    const books = [...new Set(rows.map((r) => r.book))];
    const contexts = new Map<string, CrossContext>();
    for (const b of books) contexts.set(b, await crossContext(m, userId, b, rows.filter((r) => r.book === b)));
    return rows.map((r) => figures(m, r, contexts.get(r.book) ?? null)).sort((a, b) => a.symbol.localeCompare(b.symbol));
  }

  function reindex(m: MarginMarket, view: PositionView): void {
    index.put(m.market, view.symbol, view.id, D(view.size).isZero() ? [] : triggersOf(view, callPercent(m)));
  }

  /** Re-reads a user's positions after a change and re-files them in the index. */
  async function afterChange(m: MarginMarket, userId: string, book: string): Promise<void> {
    try {
      const all = await db.select().from(marginPositions).where(and(eq(marginPositions.market, m.market), eq(marginPositions.userId, userId), eq(marginPositions.book, book)));
      const rows = all.map(toRow);
      const context = await crossContext(m, userId, book, rows);
      for (const r of rows) reindex(m, figures(m, r, context));
    } catch (error) {
      deps.log?.warn({ err: error }, 'margin: re-indexing a position failed');
    }
    deps.changed?.(userId, m);
  }

  /**
   * Positions a fill changed inside a transaction not (yet) known to have committed: a read before
   * its commit would file the old position (or none) in the index. Each is re-filed once its row
   * shows the fill's version; one whose version never shows (a rolled-back fill) is dropped after
   * FILING_TRIES passes, its old figures still filed. Passes run on a short timer and before every
   * mark (`fileChanges`), so a mark after an order call's answer sees its position.
   */
  const unfiled = new Map<string, { m: MarginMarket; userId: string; book: string; version: number; tries: number }>();
  let filing: Promise<void> | null = null;
  let filingTimer: NodeJS.Timeout | null = null;

  function scheduleFiling(delayMs: number): void {
    if (filingTimer) return;
    filingTimer = setTimeout(() => {
      filingTimer = null;
      void fileChanges();
    }, delayMs);
    filingTimer.unref();
  }

  async function filingPass(): Promise<void> {
    const due = new Map<string, { m: MarginMarket; userId: string; book: string }>();
    for (const [id, p] of [...unfiled]) {
      const [r] = await db.select({ version: marginPositions.version }).from(marginPositions).where(eq(marginPositions.id, id));
      if (r && r.version >= p.version) {
        unfiled.delete(id);
        due.set(`${p.m.market}:${p.userId}:${p.book}`, p);
      } else if ((p.tries += 1) >= FILING_TRIES) unfiled.delete(id);
    }
    for (const p of due.values()) await afterChange(p.m, p.userId, p.book);
  }

  async function fileChanges(): Promise<void> {
    // One pass at a time; a caller arriving during a pass waits for it and runs its own (its fill may be newer).
    while (filing) await filing;
    if (unfiled.size === 0) return;
    filing = filingPass()
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'margin: filing changed positions failed'))
      .finally(() => {
        filing = null;
      });
    await filing;
    if (unfiled.size > 0) scheduleFiling(FILING_RETRY_MS);
  }

  /** A transfer that moves nothing net (the house to itself and back): a fill with no fee and no P&L still has its ledger record. */
  const markerLegs = (m: MarginMarket): TransferLeg[] => {
    const unit = D(1).div(D(10).pow(m.scale)).toFixed();
    return [
      { from: m.settlementAccount(), to: m.insuranceAccount(), amount: unit },
      { from: m.insuranceAccount(), to: m.settlementAccount(), amount: unit },
    ];
  };

  /**
   * The user pays `fee` and `loss` (≥ 0) or receives `gain` (≥ 0) from what is available; what
   * the user cannot pay of a loss (or, with `lossCap`, more than it) comes from the insurance fund
   * (a user account never below 0).
   */
  function settlementLegs(
    m: MarginMarket,
    account: AccountRef,
    available: MarginDecimal,
    fee: MarginDecimal,
    pnl: MarginDecimal,
    lossCap?: MarginDecimal,
    charges: MarginDecimal = D(0),
  ): { legs: TransferLeg[]; fee: MarginDecimal; insured: MarginDecimal; charges: MarginDecimal } {
    const legs: TransferLeg[] = [];
    let left = MarginDecimal.max(0, available);
    const feePaid = MarginDecimal.min(fee, left);
    left = left.minus(feePaid);
    if (feePaid.gt(0)) legs.push({ from: account, to: { house: 'FEES', currency: m.currency }, amount: str(feePaid) });
    let insured = D(0);
    if (pnl.gt(0)) legs.push({ from: m.settlementAccount(), to: account, amount: str(pnl) });
    if (pnl.lt(0)) {
      const loss = pnl.neg();
      const paid = MarginDecimal.min(loss, left, lossCap ?? loss);
      insured = loss.minus(paid);
      if (paid.gt(0)) legs.push({ from: account, to: m.settlementAccount(), amount: str(paid) });
      if (insured.gt(0)) legs.push({ from: m.insuranceAccount(), to: m.settlementAccount(), amount: str(insured) });
      left = left.minus(paid);
    }
    // Charges (US sells: SEC/TAF) come last, from what is left with the gain: what is not there is not collected.
    const chargesPaid = MarginDecimal.min(charges, left.plus(MarginDecimal.max(pnl, 0)));
    if (chargesPaid.gt(0)) legs.push({ from: account, to: m.chargesAccount?.() ?? { house: 'TAX_PAYABLE', currency: m.currency }, amount: str(chargesPaid) });
    return { legs, fee: feePaid, insured, charges: chargesPaid };
  }

  async function releaseHold(ops: Ops, holdId: string | null): Promise<void> {
    if (!holdId) return;
    const hold = await ops.getHold(holdId);
    if (hold?.status === 'ACTIVE') await ops.release(holdId);
  }

  /** Holds `amount` as the position's margin (at most what is available when `capped`); the hold's id and amount. */
  async function holdMargin(ops: Ops, m: MarginMarket, row: PositionRow, account: AccountRef, amount: MarginDecimal, capped: boolean): Promise<{ holdId: string | null; margin: MarginDecimal }> {
    let want = amount;
    if (capped) want = MarginDecimal.min(want, roundDown((await ops.balance(account)).available, m.scale));
    if (!want.gt(0)) return { holdId: null, margin: D(0) };
    const hold = await ops.hold({ key: `${m.keyPrefix}:margin:${row.id}:v${row.version + 1}`, account, amount: str(want), reason: 'MARGIN', ref: row.id });
    return { holdId: hold.id, margin: want };
  }

  const engine: MarginEngineImpl = {
    index,

    register(market) {
      markets.set(market.market, market);
    },

    marketOf,

    tellsCloses: (market) => markets.get(market)?.closeEvents === true,

    positions: (market, userId, book) => views(market, userId, book),

    async position(market, userId, book, symbol) {
      const all = await views(market, userId, book);
      return all.find((p) => p.symbol === symbol) ?? null;
    },

    async settings(market, userId, book, symbol) {
      const m = marketOf(market);
      await ensureRow(db, m, userId, book, symbol);
      const [row] = await db.select().from(marginPositions).where(where(market, userId, book, symbol));
      return toRow(row as MarginPositionRow);
    },

    async settleFill(ops, given: MarginFill): Promise<TransferResult> {
      const m = marketOf(given.market);
      // Why the order was placed (a market that does not say: the order's own reason; a person's reduce-only order is theirs).
      let fill = given;
      if (fill.reason === null) {
        const [order] = await ops.db.select({ reason: orders.reason }).from(orders).where(eq(orders.id, fill.orderId));
        const reason = order?.reason;
        if (reason === 'LIQUIDATION' || reason === 'TAKE_PROFIT' || reason === 'STOP_LOSS' || reason === 'INTRADAY_CLOSE') fill = { ...fill, reason };
      }
      const account = m.account(fill.userId, fill.book);
      const row = await lockRow(ops, m, fill.userId, fill.book, fill.symbol);
      const signed = fill.side === 'BUY' ? D(fill.quantity) : D(fill.quantity).neg();
      const out = applyFill(row.size, row.entryPrice, signed, fill.price);
      const oldSize = D(row.size);
      // A long-only market (US CFDs): a sell never takes a position below zero (two sells racing past the caller's check).
      if (m.longOnly && out.size.isNegative()) throw new AppError('1116');
      const oldMargin = D(row.margin);
      // The new margin: an increase adds the opened part's IM; a reduce keeps its share; a flip starts over.
      let target: MarginDecimal;
      let increases = false;
      if (out.size.isZero()) target = D(0);
      else if (out.closed.isZero()) {
        target = oldMargin.plus(roundUp(initialMargin(out.opened.times(fill.price), row.leverage), m.scale));
        increases = true;
      } else if (out.opened.isZero()) {
        const kept = oldMargin.times(out.size.abs()).div(oldSize.abs());
        target = m.keptMarginRounding === 'UP' ? roundUp(kept, m.scale) : roundDown(kept, m.scale);
      }
      else {
        target = roundUp(initialMargin(out.opened.times(fill.price), row.leverage), m.scale);
        increases = true;
      }
      const fee = roundUp(fill.fee, m.scale);
      const charges = roundUp(fill.charges ?? '0', m.scale);
      const pnl = roundAgainstUser(out.realizedPnl.neg(), m.scale).neg();

      await releaseHold(ops, row.holdId);
      // The order's hold: what this fill uses of it is captured (freed for the transfer and the new margin).
      const captureHolds: { holdId: string; amount: string }[] = [];
      let captured = D(0);
      if (fill.orderHoldId) {
        const hold = await ops.getHold(fill.orderHoldId);
        if (hold?.status === 'ACTIVE') {
          const opened = out.opened.gt(0) ? roundUp(initialMargin(out.opened.times(fill.price), row.leverage), m.scale) : D(0);
          captured = MarginDecimal.min(D(hold.remaining), fee.plus(opened));
          if (captured.gt(0)) captureHolds.push({ holdId: hold.id, amount: str(captured) });
        }
      }
      const available = D((await ops.balance(account)).available).plus(captured);
      // Isolated: a loss is paid from the position's margin alone (past it, by the insurance fund),
      // and the margin a partly closed position keeps shrinks by what it paid.
      const isolated = row.marginMode === 'ISOLATED';
      const settled = settlementLegs(m, account, available, fee, pnl, isolated ? oldMargin : undefined, charges);
      if (isolated && pnl.lt(0) && !increases && !out.size.isZero()) target = MarginDecimal.min(target, oldMargin.minus(pnl.neg().minus(settled.insured)));
      // The ledger captures of a hold only what the transfer debits the account: the captured part
      // that becomes the position's margin goes to settlement and back (net nothing), freed for the
      // margin hold taken below.
      const debited = settled.legs.filter((l) => l.from === account).reduce((sum, l) => sum.plus(l.amount), D(0));
      if (captured.gt(debited)) {
        const unit = str(captured.minus(debited));
        settled.legs.push({ from: account, to: m.settlementAccount(), amount: unit }, { from: m.settlementAccount(), to: account, amount: unit });
      }
      const transfer = await ops.transfer({
        key: fill.key,
        kind: 'MARGIN_FILL',
        legs: settled.legs.length > 0 ? settled.legs : markerLegs(m),
        captureHolds,
        memo: { userId: fill.userId, orderId: fill.orderId, symbol: fill.symbol, side: fill.side, quantity: fill.quantity, price: fill.price, realizedPnl: str(pnl), fee: str(settled.fee), insured: str(settled.insured), reason: fill.reason, ...(charges.gt(0) ? { charges: str(settled.charges), unpaidCharges: str(charges.minus(settled.charges)) } : {}) },
      });
      if (transfer.replayed) return transfer;
      const held = await holdMargin(ops, m, row, account, target, !increases);
      const closed = out.size.isZero();
      // The old position ended (closed, or flipped through zero): its record, in this fill's transaction.
      const ended = !oldSize.isZero() && out.closed.eq(oldSize.abs());
      const flipped = ended && !closed;
      if (ended) {
        await ops.db
          .insert(marginPositionHistory)
          .values({
            key: fill.key, positionId: row.id, market: m.market, userId: row.userId, book: row.book, symbol: row.symbol, side: oldSize.gt(0) ? 'LONG' : 'SHORT',
            size: str(oldSize.abs()), leverage: row.leverage, entryPrice: row.entryPrice, closePrice: fill.price, closeReason: fill.reason ?? 'USER',
            realizedPnl: str(D(row.realizedPnl).plus(pnl)), fees: str(D(row.feesPaid).plus(settled.fee).plus(settled.charges)), funding: row.fundingPaid, openedAt: row.openedAt, closedAt: new Date(deps.now()),
          })
          .onConflictDoNothing();
      }
      // Triggers end with the position, or once one of them executed (a partial TP/SL leaves the rest without them);
      // a partial trigger never covers more than is left.
      const triggerSpent = closed || fill.reason === 'TAKE_PROFIT' || fill.reason === 'STOP_LOSS';
      const triggerQuantity = row.triggerQuantity !== null && D(row.triggerQuantity).gt(out.size.abs()) ? str(out.size.abs()) : row.triggerQuantity;
      await ops.db
        .update(marginPositions)
        .set({
          size: str(out.size),
          entryPrice: str(closed ? D(0) : out.entryPrice),
          margin: str(held.margin),
          holdId: held.holdId,
          realizedPnl: str(D(row.realizedPnl).plus(pnl)),
          feesPaid: str(D(row.feesPaid).plus(settled.fee).plus(settled.charges)),
          version: row.version + 1,
          marginCalled: closed ? false : row.marginCalled,
          takeProfit: triggerSpent ? null : row.takeProfit,
          stopLoss: triggerSpent ? null : row.stopLoss,
          triggerQuantity: triggerSpent ? null : triggerQuantity,
          triggersExpireAt: triggerSpent ? null : row.triggersExpireAt,
          ...(oldSize.isZero() ? { openedAt: new Date(deps.now()), fundingPaid: '0', realizedPnl: str(pnl), feesPaid: str(settled.fee.plus(settled.charges)) } : {}),
          // A flip through zero ends the old position (its record above has this fill's P&L and fee)
          // and starts a new one from nothing, as an open from flat does.
          ...(flipped ? { openedAt: new Date(deps.now()), fundingPaid: '0', realizedPnl: '0', feesPaid: '0' } : {}),
          updatedAt: new Date(deps.now()),
        })
        .where(eq(marginPositions.id, row.id));
      if (m.closeEvents && (fill.reason === 'TAKE_PROFIT' || fill.reason === 'STOP_LOSS' || fill.reason === 'INTRADAY_CLOSE')) {
        // A market that tells of its other engine closes (US: the 4x close, TP/SL): one event per closing order.
        await ops.db
          .insert(marginEvents)
          .values({ key: `close:${fill.orderId}`, kind: fill.reason, market: m.market, userId: fill.userId, symbol: fill.symbol, details: { size: row.size, price: fill.price, orderId: fill.orderId } })
          .onConflictDoNothing();
      }
      if (fill.reason === 'LIQUIDATION') {
        // Recorded with the liquidation's fill (one event per liquidation order, however many fills): its notice cannot be lost.
        await ops.db
          .insert(marginEvents)
          .values({ key: `liq:${fill.orderId}`, kind: 'LIQUIDATION', market: m.market, userId: fill.userId, symbol: fill.symbol, details: { size: row.size, mark: m.markPrice(fill.symbol) ?? fill.price, price: fill.price, orderId: fill.orderId } })
          .onConflictDoNothing();
      }
      // Re-filed in the index once this transaction has committed (its version is visible).
      unfiled.set(row.id, { m, userId: fill.userId, book: fill.book, version: row.version + 1, tries: 0 });
      scheduleFiling(0);
      return transfer;
    },

    async setLeverage(market, userId, book, symbol, leverage) {
      const m = marketOf(market);
      const tiers = m.tiers(symbol, book);
      const result = await ledger.transaction(async (ops) => {
        const row = await lockRow(ops, m, userId, book, symbol);
        const size = D(row.size);
        const mark = D(m.markPrice(symbol) ?? row.entryPrice);
        const notional = size.abs().times(mark);
        const max = maxLeverageFor(tiers, notional);
        if (!Number.isInteger(leverage) || leverage < 1 || leverage > max) {
          throw new AppError('4204', { details: [{ path: 'leverage', message: `1-${max}` }] });
        }
        if (size.isZero() || leverage === row.leverage) {
          await ops.db.update(marginPositions).set({ leverage, version: row.version + 1, updatedAt: new Date(deps.now()) }).where(eq(marginPositions.id, row.id));
          return null;
        }
        // The position's margin must carry the new leverage: IM at the entry price.
        const needed = roundUp(initialMargin(size.abs().times(row.entryPrice), leverage), m.scale);
        const account = m.account(userId, book);
        let margin = D(row.margin);
        let holdId = row.holdId;
        if (needed.gt(margin)) {
          // More margin (a lower leverage): taken from what is available, else refused.
          const available = D((await ops.balance(account)).available);
          if (needed.minus(margin).gt(available)) throw new AppError('4202');
          await releaseHold(ops, row.holdId);
          const held = await holdMargin(ops, m, row, account, needed, false);
          margin = held.margin;
          holdId = held.holdId;
        } else if (row.marginMode === 'CROSS') {
          // A higher leverage on cross frees margin down to the new IM.
          await releaseHold(ops, row.holdId);
          const held = await holdMargin(ops, m, row, account, needed, false);
          margin = held.margin;
          holdId = held.holdId;
        } else {
          // Isolated: the held margin stays; refused when it no longer covers maintenance at the mark.
          const mm = maintenanceMargin(tiers, notional);
          if (margin.plus(unrealizedPnl(size, row.entryPrice, mark)).lte(mm)) throw new AppError('4202');
        }
        await ops.db.update(marginPositions).set({ leverage, margin: str(margin), holdId, version: row.version + 1, updatedAt: new Date(deps.now()) }).where(eq(marginPositions.id, row.id));
        return row.id;
      });
      await afterChange(m, userId, book);
      void result;
      return engine.position(market, userId, book, symbol);
    },

    async setMarginMode(market, userId, book, symbol, mode) {
      const m = marketOf(market);
      await ledger.transaction(async (ops) => {
        const row = await lockRow(ops, m, userId, book, symbol);
        if (row.marginMode === mode) return;
        if (!D(row.size).isZero()) throw new AppError('4207');
        await ops.db.update(marginPositions).set({ marginMode: mode, version: row.version + 1, updatedAt: new Date(deps.now()) }).where(eq(marginPositions.id, row.id));
      });
      return engine.settings(market, userId, book, symbol);
    },

    async adjustMargin(market, userId, book, symbol, direction, amount, requestId) {
      const m = marketOf(market);
      const value = D(amount);
      await ledger.transaction(async (ops) => {
        const row = await lockRow(ops, m, userId, book, symbol);
        if (D(row.size).isZero()) throw new AppError('4206');
        if (row.marginMode !== 'ISOLATED') throw new AppError('4208');
        const account = m.account(userId, book);
        const margin = D(row.margin);
        let target: MarginDecimal;
        if (direction === 'ADD') {
          if (value.gt((await ops.balance(account)).available)) throw new InsufficientFunds(account, m.currency);
          target = margin.plus(value);
        } else {
          // What may leave: margin above the IM at the mark (and above maintenance with the loss).
          const mark = D(m.markPrice(symbol) ?? row.entryPrice);
          const notional = D(row.size).abs().times(mark);
          const im = roundUp(initialMargin(notional, row.leverage), m.scale);
          const loss = MarginDecimal.min(0, unrealizedPnl(row.size, row.entryPrice, mark)).neg();
          const removable = margin.minus(MarginDecimal.max(im, maintenanceMargin(m.tiers(symbol, book), notional).plus(loss)));
          if (value.gt(removable)) throw new AppError('4208', { details: [{ path: 'amount', message: `max ${roundDown(MarginDecimal.max(0, removable), m.scale).toFixed()}` }] });
          target = margin.minus(value);
        }
        await releaseHold(ops, row.holdId);
        const hold = target.gt(0) ? await ops.hold({ key: `${m.keyPrefix}:margin:${row.id}:r:${requestId}`, account, amount: str(target), reason: 'MARGIN', ref: row.id }) : null;
        await ops.db.update(marginPositions).set({ margin: str(target), holdId: hold?.id ?? null, version: row.version + 1, updatedAt: new Date(deps.now()) }).where(eq(marginPositions.id, row.id));
      });
      await afterChange(m, userId, book);
      return (await engine.position(market, userId, book, symbol)) as PositionView;
    },

    async setTpSl(market, userId, book, symbol, tp, sl, options) {
      const m = marketOf(market);
      await ledger.transaction(async (ops) => {
        const row = await lockRow(ops, m, userId, book, symbol);
        const size = D(row.size);
        if (size.isZero()) throw new AppError('4206');
        const mark = D(m.markPrice(symbol) ?? row.entryPrice);
        const long = size.gt(0);
        // A take-profit lies beyond the mark in the position's favour, a stop-loss against it.
        if (tp && (long ? D(tp).lte(mark) : D(tp).gte(mark))) throw new AppError('4209', { details: [{ path: 'takeProfit', message: mark.toFixed() }] });
        if (sl && (long ? D(sl).gte(mark) : D(sl).lte(mark))) throw new AppError('4209', { details: [{ path: 'stopLoss', message: mark.toFixed() }] });
        await ops.db
          .update(marginPositions)
          .set({
            ...(tp !== undefined ? { takeProfit: tp } : {}),
            ...(sl !== undefined ? { stopLoss: sl } : {}),
            ...(options?.quantity !== undefined ? { triggerQuantity: options.quantity === null ? null : str(MarginDecimal.min(options.quantity, size.abs())) } : {}),
            ...(options?.expiresAt !== undefined ? { triggersExpireAt: options.expiresAt } : {}),
            version: row.version + 1,
            updatedAt: new Date(deps.now()),
          })
          .where(eq(marginPositions.id, row.id));
      });
      await afterChange(m, userId, book);
      return (await engine.position(market, userId, book, symbol)) as PositionView;
    },

    async history(market, userId, options) {
      const rows = await db
        .select()
        .from(marginPositionHistory)
        .where(and(eq(marginPositionHistory.market, market), eq(marginPositionHistory.userId, userId), ...(options?.book ? [eq(marginPositionHistory.book, options.book)] : [])))
        .orderBy(sql`${marginPositionHistory.closedAt} desc, ${marginPositionHistory.key} desc`)
        .limit(options?.limit ?? 100);
      return rows.map((r): ClosedPosition => ({ ...r, closeReason: r.closeReason as CloseReason }));
    },

    async holdLosses(market, userId, book) {
      const m = marketOf(market);
      if (!m.holdsUnrealizedLoss) return 0;
      const rows = await db
        .select()
        .from(marginPositions)
        .where(and(eq(marginPositions.market, market), ne(marginPositions.size, '0'), ...(userId ? [eq(marginPositions.userId, userId)] : []), ...(book ? [eq(marginPositions.book, book)] : [])));
      let changed = 0;
      for (const raw of rows) {
        const row = toRow(raw);
        const loss = MarginDecimal.max(0, unrealizedPnl(row.size, row.entryPrice, m.markPrice(row.symbol) ?? row.entryPrice).neg());
        const want = D(row.margin).plus(roundUp(loss, m.scale));
        const current = row.holdId ? D((await ledger.getHold(row.holdId))?.remaining ?? 0) : D(0);
        if (want.eq(current)) continue;
        const done = await ledger.transaction(async (ops) => {
          const [locked] = await ops.db.select().from(marginPositions).where(eq(marginPositions.id, row.id)).for('update');
          if (!locked || locked.version !== row.version || locked.holdId !== row.holdId) return false;
          await releaseHold(ops, row.holdId);
          const account = m.account(row.userId, row.book);
          const amount = MarginDecimal.min(want, roundDown((await ops.balance(account)).available, m.scale));
          const hold = amount.gt(0) ? await ops.hold({ key: `${m.keyPrefix}:margin:${row.id}:v${row.version}:loss:${randomUUID()}`, account, amount: str(amount), reason: 'MARGIN', ref: row.id }) : null;
          await ops.db.update(marginPositions).set({ holdId: hold?.id ?? null }).where(eq(marginPositions.id, row.id));
          return true;
        });
        if (done) changed += 1;
      }
      return changed;
    },

    registerNotices(market, render) {
      renderers.set(market, render);
    },

    async exposure(market, userId, book): Promise<MarginExposure> {
      if (!markets.has(market)) return { positionMargin: '0', unrealizedPnl: '0', maintenanceMargin: '0', notional: '0' };
      const all = await views(market, userId, book);
      const sum = (f: (p: PositionView) => string) => all.reduce((acc, p) => acc.plus(f(p)), D(0)).toFixed();
      // The P&L at the marks, summed exactly and rounded against the user (a loss up, a gain down).
      const pnl = all.reduce((acc, p) => acc.plus(unrealizedPnl(p.size, p.entryPrice, p.markPrice)), D(0));
      return {
        positionMargin: sum((p) => p.margin),
        unrealizedPnl: roundAgainstUser(pnl.neg(), marketOf(market).scale).neg().toFixed(),
        maintenanceMargin: sum((p) => p.maintenanceMargin),
        notional: sum((p) => p.notional),
      };
    },

    async refreshIndex(market, symbol) {
      const m = marketOf(market);
      const rows = (await db.select().from(marginPositions).where(and(eq(marginPositions.market, market), eq(marginPositions.symbol, symbol), ne(marginPositions.size, '0')))).map(toRow);
      index.clear(market, symbol);
      // Cross positions need their wallet: one balance read per user and book.
      const contexts = new Map<string, CrossContext>();
      for (const r of rows) {
        let context: CrossContext | null = null;
        if (r.marginMode === 'CROSS') {
          const k = `${r.userId}:${r.book}`;
          context = contexts.get(k) ?? null;
          if (!context) {
            context = await crossContext(m, r.userId, r.book, await openRows(market, r.userId, r.book));
            contexts.set(k, context);
          }
        }
        reindex(m, figures(m, r, context));
      }
      return rows.length;
    },

    async scanAtRisk(market, symbol, mark) {
      const m = marketOf(market);
      const rows = (await db.select().from(marginPositions).where(and(eq(marginPositions.market, market), eq(marginPositions.symbol, symbol), ne(marginPositions.size, '0')))).map(toRow);
      const out: string[] = [];
      for (const r of rows) {
        const notional = D(r.size).abs().times(mark);
        const mm = maintenanceMargin(m.tiers(symbol, r.book), notional);
        const ratio = marginRatioPercent(mm, D(r.margin).plus(unrealizedPnl(r.size, r.entryPrice, mark)));
        if (ratio.gte(callPercent(m))) out.push(r.id);
      }
      return out;
    },

    fileChanges,

    async onMark(market, symbol, mark, now) {
      const m = marketOf(market);
      await fileChanges();
      const ids = index.candidates(market, symbol, Number(mark));
      for (const id of ids) {
        try {
          await evaluate(m, id, now);
        } catch (error) {
          deps.log?.warn({ err: error, positionId: id }, 'margin: evaluating a position at risk failed');
        }
      }
      if (ids.length > 0) await engine.deliverNotices(market);
    },

    async deliverNotices(market) {
      if (!deps.notify) return 0;
      const due = await db
        .select()
        .from(marginEvents)
        .where(and(isNull(marginEvents.notifiedAt), eq(marginEvents.market, market)))
        .orderBy(asc(marginEvents.createdAt))
        .limit(NOTICES_PER_PASS);
      let sent = 0;
      for (const event of due) {
        if (!(await notice(event))) continue;
        await db.update(marginEvents).set({ notifiedAt: new Date(deps.now()) }).where(and(eq(marginEvents.key, event.key), isNull(marginEvents.notifiedAt)));
        sent += 1;
      }
      return sent;
    },

    async pendingLiquidations(market, positions) {
      if (positions.length === 0) return new Set();
      const keyOf = (p: Pick<PositionRow, 'id' | 'version'>) => `liq-pending:${p.id}:v${p.version}`;
      const found = await db.select({ key: marginEvents.key }).from(marginEvents).where(and(eq(marginEvents.market, market), inArray(marginEvents.key, positions.map(keyOf))));
      const keys = new Set(found.map((f) => f.key));
      return new Set(positions.filter((p) => keys.has(keyOf(p))).map((p) => p.id));
    },

    async openCount(market) {
      const [row] = await db.select({ n: count() }).from(marginPositions).where(and(eq(marginPositions.market, market), ne(marginPositions.size, '0')));
      return Number(row?.n ?? 0);
    },

    async charge(market, symbol, key, kind, figuresOf) {
      const m = marketOf(market);
      await db.insert(marginChargeRuns).values({ key, market, symbol, kind }).onConflictDoNothing();
      const [run] = await db.select().from(marginChargeRuns).where(eq(marginChargeRuns.key, key));
      if (run?.completedAt) return { positions: run.positions, applied: 0, replayed: run.positions };
      const ids = (await db.select({ id: marginPositions.id }).from(marginPositions).where(and(eq(marginPositions.market, market), eq(marginPositions.symbol, symbol), ne(marginPositions.size, '0')))).map((r) => r.id);
      let applied = 0;
      let replayed = 0;
      // One mark for the whole sweep (the caller's figures carry the price the charge uses).
      const mark = m.markPrice(symbol) ?? undefined;
      for (const id of ids) {
        const done = await chargeOne(m, id, key, kind, figuresOf, mark);
        if (done === 'applied') applied += 1;
        if (done === 'replayed') replayed += 1;
      }
      await db.update(marginChargeRuns).set({ completedAt: new Date(deps.now()), positions: ids.length, applied: sql`${marginChargeRuns.applied} + ${applied}` }).where(eq(marginChargeRuns.key, key));
      return { positions: ids.length, applied, replayed };
    },

    async charges(market, userId, symbol, page, size) {
      return db
        .select()
        .from(marginCharges)
        .where(and(eq(marginCharges.market, market), eq(marginCharges.userId, userId), ...(symbol ? [eq(marginCharges.symbol, symbol)] : [])))
        .orderBy(sql`${marginCharges.chargedAt} desc, ${marginCharges.key} desc`)
        .limit(size + 1)
        .offset((page - 1) * size);
    },
  };

  /** One position's charge under `${key}:${positionId}` (its own transaction): applied, replayed or skipped. */
  async function chargeOne(m: MarginMarket, id: string, key: string, kind: string, figuresOf: (p: PositionView) => ChargeFigures, mark?: string): Promise<'applied' | 'replayed' | 'skipped'> {
    const result = await ledger.transaction(async (ops) => {
      const [raw] = await ops.db.select().from(marginPositions).where(eq(marginPositions.id, id)).for('update');
      if (!raw || D(raw.size).isZero()) return 'skipped' as const;
      const row = toRow(raw);
      const chargeKey = `${key}:${row.id}`;
      const existing = await ops.db.select({ key: marginCharges.key }).from(marginCharges).where(eq(marginCharges.key, chargeKey));
      if (existing.length > 0) return 'replayed' as const;
      const view = figures(m, row, null, mark);
      const f = figuresOf(view);
      const amount = roundAgainstUser(f.amount, m.scale);
      if (amount.isZero()) return 'skipped' as const;
      const account = m.account(row.userId, row.book);
      let legs: TransferLeg[];
      let insured = D(0);
      let margin = D(row.margin);
      let holdId = row.holdId;
      if (amount.lt(0)) {
        legs = [{ from: m.settlementAccount(), to: account, amount: str(amount.neg()) }];
      } else {
        // Paid from what is available first, then from the position's margin; the rest by the insurance fund.
        const free = D((await ops.balance(account)).available);
        const fromMargin = MarginDecimal.min(margin, MarginDecimal.max(0, amount.minus(free)));
        if (fromMargin.gt(0)) {
          await releaseHold(ops, row.holdId);
          margin = margin.minus(fromMargin);
          holdId = null;
        }
        const settled = settlementLegs(m, account, free.plus(fromMargin), D(0), amount.neg());
        legs = settled.legs;
        insured = settled.insured;
      }
      const transfer = await ops.transfer({ key: chargeKey, kind, legs, memo: { userId: row.userId, positionId: row.id, symbol: row.symbol, price: f.price, rate: f.rate, size: row.size, insured: str(insured) } });
      if (transfer.replayed) return 'replayed' as const;
      if (holdId === null && margin.gt(0)) {
        const hold = await ops.hold({ key: `${chargeKey}:margin`, account, amount: str(margin), reason: 'MARGIN', ref: row.id });
        holdId = hold.id;
      }
      await ops.db.insert(marginCharges).values({
        key: chargeKey, runKey: key, positionId: row.id, market: m.market, userId: row.userId, symbol: row.symbol, kind, size: row.size, price: f.price, rate: f.rate, amount: str(amount), chargedAt: new Date(deps.now()), transferId: transfer.id,
      });
      await ops.db
        .update(marginPositions)
        .set({ fundingPaid: str(D(row.fundingPaid).plus(amount)), margin: str(margin), holdId, version: row.version + 1, updatedAt: new Date(deps.now()) })
        .where(eq(marginPositions.id, row.id));
      return { userId: row.userId, book: row.book } as const;
    });
    if (typeof result === 'string') return result;
    // A charge moves no trigger of consequence (the next re-index catches a margin it took): only announce it.
    deps.changed?.(result.userId, m);
    return 'applied';
  }

  /** An at-risk candidate: liquidate, margin-call, clear a margin call, or trigger its TP/SL. */
  async function evaluate(m: MarginMarket, id: string, now: number): Promise<void> {
    const [raw] = await db.select().from(marginPositions).where(eq(marginPositions.id, id));
    if (!raw || D(raw.size).isZero()) {
      index.remove(m.market, raw?.symbol ?? '', id);
      return;
    }
    const row = toRow(raw);
    const rows = row.marginMode === 'CROSS' ? await openRows(m.market, row.userId, row.book) : [row];
    const context = row.marginMode === 'CROSS' ? await crossContext(m, row.userId, row.book, rows) : null;
    const view = figures(m, row, context);
    const ratio = D(view.marginRatioPercentage);
    const mark = D(view.markPrice);
    const long = D(row.size).gt(0);
    const closeSide = long ? 'SELL' : 'BUY';
    if (ratio.gte(100)) {
      // Cross: every cross position of the wallet goes; isolated: this one.
      const targets = row.marginMode === 'CROSS' ? rows.filter((r) => r.marginMode === 'CROSS') : [row];
      if (!m.mayLiquidateNow(row.symbol, now)) {
        await liquidateLater(m, row, targets, view, now);
        return;
      }
      // Each close's fill records the LIQUIDATION event (settleFill); its notice goes out from there.
      for (const t of targets) {
        // Another position of the wallet whose own stock cannot fill a close now (US: halted) waits,
        // told once (its pending event, its market's kind); the first mark that may fill it liquidates it if still due.
        if (t.id !== row.id && !m.mayLiquidateNow(t.symbol, now)) {
          await liquidateLater(m, t, [t], view, now);
          continue;
        }
        const requestId = `liq:${t.id}:v${t.version}`;
        await m.closeAtMarket({ userId: t.userId, book: t.book, symbol: t.symbol, side: D(t.size).gt(0) ? 'SELL' : 'BUY', quantity: str(D(t.size).abs()), requestId, reason: 'LIQUIDATION' });
      }
      return;
    }
    if (m.marginCallScope === 'BOOK' && row.marginMode === 'CROSS') {
      await bookMarginCall(m, row, view, ratio.gte(callPercent(m)));
    } else if (ratio.gte(callPercent(m)) && !row.marginCalled) {
      // The crossing and its event commit together (the notice is sent from the event); the flag
      // makes it one event per crossing, so the key need only be new (a frozen clock and an
      // unchanged position version cross again after a recovery).
      await db.transaction(async (tx) => {
        const [called] = await tx
          .update(marginPositions)
          .set({ marginCalled: true })
          .where(and(eq(marginPositions.id, row.id), eq(marginPositions.marginCalled, false)))
          .returning({ id: marginPositions.id });
        if (called) {
          await tx.insert(marginEvents).values({ key: `call:${row.id}:${randomUUID()}`, kind: 'MARGIN_CALL', market: m.market, userId: row.userId, symbol: row.symbol, details: { ratio: view.marginRatioPercentage, mark: view.markPrice } }).onConflictDoNothing();
        }
      });
      reindex(m, { ...view, marginCalled: true });
    } else if (ratio.lt(callPercent(m)) && row.marginCalled) {
      await db.update(marginPositions).set({ marginCalled: false }).where(and(eq(marginPositions.id, row.id), eq(marginPositions.marginCalled, true)));
      reindex(m, { ...view, marginCalled: false });
    }
    const tp = row.takeProfit ? D(row.takeProfit) : null;
    const sl = row.stopLoss ? D(row.stopLoss) : null;
    const hitTp = tp !== null && (long ? mark.gte(tp) : mark.lte(tp));
    const hitSl = sl !== null && (long ? mark.lte(sl) : mark.gte(sl));
    if (!hitTp && !hitSl) return;
    // Lapsed triggers (a US 4x TP/SL at the regular close) never execute: cleared instead.
    if (row.triggersExpireAt !== null && row.triggersExpireAt.getTime() <= now) {
      await db
        .update(marginPositions)
        .set({ takeProfit: null, stopLoss: null, triggerQuantity: null, triggersExpireAt: null })
        .where(and(eq(marginPositions.id, row.id), eq(marginPositions.version, row.version)));
      reindex(m, { ...view, takeProfit: null, stopLoss: null });
      return;
    }
    const reason = hitTp ? 'TAKE_PROFIT' : 'STOP_LOSS';
    const quantity = row.triggerQuantity === null ? D(row.size).abs() : MarginDecimal.min(row.triggerQuantity, D(row.size).abs());
    await m.closeAtMarket({ userId: row.userId, book: row.book, symbol: row.symbol, side: closeSide, quantity: str(quantity), requestId: `${hitTp ? 'tp' : 'sl'}:${row.id}:v${row.version}`, reason });
  }

  /**
   * A margin call over a wallet (scope 'BOOK'): one MARGIN_CALL per user, book and crossing, its
   * event's symbol the book. The wallet's open rows are locked together; the event is recorded only
   * when none of them was called (a position opened into a called wallet is marked without a new
   * one), and falling back below the threshold clears them all.
   */
  async function bookMarginCall(m: MarginMarket, row: PositionRow, view: PositionView, above: boolean): Promise<void> {
    if (above === row.marginCalled) return;
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: marginPositions.id, marginCalled: marginPositions.marginCalled })
        .from(marginPositions)
        .where(and(eq(marginPositions.market, m.market), eq(marginPositions.userId, row.userId), eq(marginPositions.book, row.book), ne(marginPositions.size, '0')))
        .for('update');
      if (above && !rows.some((r) => r.marginCalled)) {
        await tx.insert(marginEvents).values({ key: `call:${row.userId}:${row.book}:${randomUUID()}`, kind: 'MARGIN_CALL', market: m.market, userId: row.userId, symbol: row.book, details: { ratio: view.marginRatioPercentage, mark: view.markPrice, book: row.book } });
      }
      await tx
        .update(marginPositions)
        .set({ marginCalled: above })
        .where(and(eq(marginPositions.market, m.market), eq(marginPositions.userId, row.userId), eq(marginPositions.book, row.book), ne(marginPositions.size, '0')));
    });
    await afterChange(m, row.userId, row.book);
  }

  /**
   * Due but the market cannot fill a liquidation now (a closed US session): nothing is closed at a
   * stale price. The positions stay in the index, so the first mark at which `mayLiquidateNow` holds
   * liquidates them (if the ratio is still at or above 100 % then). The person is told once per
   * position version (`liq-pending:<id>:v<version>` events; margin added bumps the version): one
   * ACCOUNT_LIQUIDATION "at the next opportunity unless margin is added" per wallet and crossing.
   */
  async function liquidateLater(m: MarginMarket, row: PositionRow, targets: readonly PositionRow[], view: PositionView, now: number): Promise<void> {
    // The evaluated position's event carries the wallet's one notice; the others are recorded as told.
    const kind = m.pendingKind?.(row.symbol, now) ?? 'LIQUIDATION_PENDING';
    await db
      .insert(marginEvents)
      .values(
        targets.map((t) => ({
          key: `liq-pending:${t.id}:v${t.version}`, kind, market: m.market, userId: t.userId, symbol: t.symbol,
          details: { size: t.size, mark: view.markPrice, ratio: view.marginRatioPercentage, book: t.book },
          notifiedAt: t.id === row.id ? null : new Date(deps.now()),
        })),
      )
      .onConflictDoNothing();
  }

  /** The engine's text for its own event kinds (a market's renderer may have its own first). */
  function engineText(event: typeof marginEvents.$inferSelect): Omit<MarginNotice, 'key'> {
    const { symbol } = event;
    const figure = String((event.kind === 'LIQUIDATION' ? event.details.mark : event.details.ratio) ?? '');
    if (event.kind === 'LIQUIDATION_PENDING') {
      return {
        type: 'ACCOUNT_LIQUIDATION',
        title: { id: 'Likuidasi menunggu pasar buka', en: 'Liquidation waits for the market to open' },
        body: {
          id: `Rasio margin ${symbol} mencapai ${figure}% saat pasar tutup. Posisi dilikuidasi saat pasar buka kecuali margin ditambah.`,
          en: `The margin ratio of ${symbol} reached ${figure}% while the market is closed. The position is liquidated when the market opens unless margin is added.`,
        },
      };
    }
    if (event.kind === 'MARGIN_CALL') {
      return {
        type: 'MARGIN_CALL',
        title: { id: 'Peringatan margin', en: 'Margin call' },
        body: { id: `Rasio margin ${symbol} mencapai ${figure}%. Tambah margin atau kurangi posisi agar tidak dilikuidasi.`, en: `The margin ratio of ${symbol} reached ${figure}%. Add margin or reduce the position to avoid liquidation.` },
      };
    }
    return {
      type: 'ACCOUNT_LIQUIDATION',
      title: { id: 'Posisi dilikuidasi', en: 'Position liquidated' },
      body: { id: `Posisi ${symbol} Anda ditutup oleh likuidasi pada harga mark ${figure}.`, en: `Your ${symbol} position was closed by liquidation at mark price ${figure}.` },
    };
  }

  /** Sends an event's notice under its key; false when the send failed (the next pass tries again). */
  async function notice(event: typeof marginEvents.$inferSelect): Promise<boolean> {
    if (!deps.notify) return true;
    const text = renderers.get(event.market)?.(event) ?? engineText(event);
    try {
      await deps.notify(event.userId, { key: `margin:${event.key}`, ...text });
      return true;
    } catch (error) {
      deps.log?.warn({ err: error, event: event.key }, 'margin: sending a notification failed');
      return false;
    }
  }

  return engine;
}
