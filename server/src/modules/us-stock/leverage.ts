// Leveraged US stock trading (CFD, long positions) on the leverage (2x) and intraday (4x) wallets
// (§7 leverage buy and sell, §5 rules; docs/decisions/0017). A position is a row here; its money is
// the ledger's: the margin (plus any unrealized loss) is a hold on the wallet, so what a withdrawal or
// a new position may take is the wallet's available balance. The ledger model is the margin
// engine's (decision 0016): P&L and financing settle against MARGIN_SETTLEMENT, a loss the wallet
// cannot pay comes from INSURANCE_FUND; commission to FEES, sell charges to TAX_PAYABLE. Every change runs in one ledger transaction with the position row locked and a ledger key
// per position version (or per financing day), so a sweep on two instances applies it once.
//
// The sweep (every US_LEVERAGE_SWEEP_SECONDS on the lease holder, and whenever the market clock
// moves): take-profit / stop-loss triggers, the 4x close before the regular close (early closes
// included), 2x financing per trading day held over a close, hold refresh, margin call (once per
// crossing) and liquidation (cross margin over the wallet), then the leveraged market's pass on the
// margin engine (USSTOCK_LEV positions: leverage-engine-sweep.ts). A closed market cannot fill a
// liquidation: it is marked pending and done at the next regular open (if still due); nor can a
// halted symbol fill any close: it waits for the halt to lift. A close never asks who the person is
// (identity, terms): it is the position's, not an order of theirs.
//
// Notices are the margin engine's events (`margin_events`, market USSTOCK): recorded in the
// transaction of what they report (the close, the margin call's flag, the pending mark), sent under
// the event's key (the notification centre sends a key once) and marked sent; every sweep sends
// those a crash or a failed send left unsent.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  type Language,
  type UsLeverageCloseReason,
  type UsLeverageOrderRequest,
  type UsLeverageOrderResult,
  type UsLeveragePosition,
  type UsLeveragePositionsResponse,
  type UsLeverageWallet,
  type UsLeverageWalletRisk,
} from '@pasar/shared/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { UsStockConfig } from '../../config';
import type { PasarDb } from '../../db/database';
import { AppError } from '../../http/app-error';
import { InsufficientFunds, LedgerKeyConflict, type AccountRef, type Ledger, type LedgerOps, type TransferLeg } from '../../ledger/api';
import type { OrderSpec, TradingEngine } from '../../trading';
import type { MarginEventRecord, MarginExposure, NoticeText } from '../../trading/margin/api';
import { marginEvents } from '../../trading/margin/tables';
import { US_MARKET, type createUsStockRules } from './rules';
import { usSessionAt } from './sessions';
import { cents, dailyFinancing, financingDays, initialMargin, intradayCutoff, liquidationPrice, pnlCents, regularCloseOf, unrealizedPnl, walletRisk } from './leverage-math';
import { usLeverageMarginCalls, usLeveragePositions, usLeverageRequests, type LeveragePositionRow } from './tables';
import { nyseCalendar } from '../../market/calendar';

type UsRules = ReturnType<typeof createUsStockRules>;
type Tx = LedgerOps & { readonly db: PasarDb };
const D = (v: Decimal.Value): Decimal => new Decimal(v);
const ZERO = new Decimal(0);

export const LEVERAGE_WALLET_OF = { 2: 'leverage', 4: 'intraday' } as const;
const PURPOSE = { leverage: 'USD_LEVERAGE', intraday: 'USD_INTRADAY' } as const;
export const walletAccount = (userId: string, wallet: UsLeverageWallet): AccountRef => ({ userId, currency: 'USD', purpose: PURPOSE[wallet] });
const house = (name: 'MARGIN_SETTLEMENT' | 'INSURANCE_FUND' | 'FEES' | 'TAX_PAYABLE'): AccountRef => ({ house: name, currency: 'USD' });

const TEXT = {
  tradingHours: { id: 'Order dengan leverage tidak memakai jam perdagangan', en: 'Leveraged orders omit trading hours' },
  intradayFlag: { id: 'Leverage 4x adalah intraday: isIntradayLeverage harus true (dan hanya untuk 4x)', en: 'Leverage 4x is intraday: isIntradayLeverage must be true (and only for 4x)' },
  marketOnly: { id: 'Beli dengan leverage hanya order market', en: 'A leverage buy is a market order' },
  sellTypes: { id: 'Jual dengan leverage: market, OCO, take profit atau stop loss', en: 'A leverage sell is market, OCO, take profit or stop loss' },
  regularOnly: { id: 'Order dengan leverage dieksekusi hanya di jam reguler', en: 'Leveraged orders execute in regular hours only' },
  intradayLate: { id: 'Posisi intraday 4x tidak dapat dibuka menjelang penutupan pasar', en: 'Intraday 4x positions cannot be opened this close to the market close' },
  gtmc: { id: 'Take profit dan stop loss 4x berlaku sampai pasar tutup (GOOD_TILL_MARKET_CLOSE)', en: '4x take profit and stop loss are GOOD_TILL_MARKET_CLOSE' },
  noPosition: { id: 'Tidak ada posisi leverage sebesar ini untuk dijual', en: 'No leveraged position this large to sell' },
  oneSize: { id: 'Isi jumlah saham atau nilai USD (salah satu)', en: 'Give either a quantity or a USD amount' },
  required: { id: 'Wajib diisi', en: 'Required' },
  above: { id: 'Harus di atas harga terakhir', en: 'Must be above the last price' },
  below: { id: 'Harus di bawah harga terakhir', en: 'Must be below the last price' },
} as const;
const refuse = (code: '3806' | '3803' | '1116' | '3704' | '9600' | '9601', path: string, text: { id: string; en: string }, language: Language) =>
  new AppError(code, { details: [{ path, message: text[language] }] });

type NoticeKind = 'INTRADAY_CLOSE' | 'LIQUIDATION' | 'LIQUIDATION_PENDING' | 'LIQUIDATION_HALTED' | 'MARGIN_CALL' | 'TAKE_PROFIT' | 'STOP_LOSS';
const NOTICE: Record<NoticeKind, { title: { id: string; en: string }; body: (s: string) => { id: string; en: string } }> = {
  INTRADAY_CLOSE: {
    title: { id: 'Posisi intraday ditutup', en: 'Intraday position closed' },
    body: (s) => ({ id: `Posisi 4x ${s} ditutup otomatis sebelum pasar AS tutup.`, en: `Your 4x ${s} position was closed automatically before the US market close.` }),
  },
  LIQUIDATION: {
    title: { id: 'Posisi dilikuidasi', en: 'Position liquidated' },
    body: (s) => ({ id: `Posisi leverage ${s} dilikuidasi: rasio margin dompet mencapai 100%.`, en: `Your leveraged ${s} position was liquidated: the wallet's margin ratio reached 100%.` }),
  },
  LIQUIDATION_PENDING: {
    title: { id: 'Likuidasi menunggu pasar buka', en: 'Liquidation waits for the market open' },
    body: (s) => ({ id: `Rasio margin dompet ${s} mencapai 100% saat pasar AS tutup. Posisinya dilikuidasi saat pasar buka kecuali margin ditambah.`, en: `The ${s} wallet's margin ratio reached 100% while the US market is closed. Its positions are liquidated at the open unless margin is added.` }),
  },
  LIQUIDATION_HALTED: {
    title: { id: 'Likuidasi menunggu perdagangan dibuka kembali', en: 'Liquidation waits for trading to resume' },
    body: (s) => ({ id: `Perdagangan ${s} sedang dihentikan. Posisi leverage ${s} dilikuidasi saat perdagangan dibuka kembali kecuali margin ditambah.`, en: `Trading in ${s} is halted. Your leveraged ${s} position is liquidated when trading resumes unless margin is added.` }),
  },
  MARGIN_CALL: {
    title: { id: 'Margin call', en: 'Margin call' },
    body: (s) => ({ id: `Rasio margin dompet ${s} tinggi. Tambah dana atau kurangi posisi untuk menghindari likuidasi.`, en: `The ${s} wallet's margin ratio is high. Add funds or reduce positions to avoid liquidation.` }),
  },
  TAKE_PROFIT: {
    title: { id: 'Take profit tereksekusi', en: 'Take profit executed' },
    body: (s) => ({ id: `Take profit posisi leverage ${s} tereksekusi.`, en: `The take profit of your leveraged ${s} position executed.` }),
  },
  STOP_LOSS: {
    title: { id: 'Stop loss tereksekusi', en: 'Stop loss executed' },
    body: (s) => ({ id: `Stop loss posisi leverage ${s} tereksekusi.`, en: `The stop loss of your leveraged ${s} position executed.` }),
  },
};

const walletLabel = (wallet: UsLeverageWallet): string => (wallet === 'leverage' ? '2x' : '4x');
const isWalletName = (name: unknown): name is UsLeverageWallet => name === 'leverage' || name === 'intraday';

/**
 * What a notice names: the event's own subject; else the wallet (2x / 4x) for a wallet's event —
 * the engine's margin call per book carries the book as its symbol, its pending liquidation the
 * book in its details — else the stock.
 */
function subjectOf(kind: NoticeKind, event: MarginEventRecord): string {
  if (event.details.subject !== undefined) return String(event.details.subject);
  if (isWalletName(event.symbol)) return walletLabel(event.symbol);
  if (kind === 'LIQUIDATION_PENDING' && isWalletName(event.details.book)) return walletLabel(event.details.book);
  return event.symbol;
}

/**
 * The text of a US leverage margin event (registered with the margin engine, whose one delivery
 * loop sends every market's events); null for a kind that is not this module's.
 */
export function usLeverageNotice(event: MarginEventRecord): NoticeText | null {
  if (!(event.kind in NOTICE)) return null;
  const kind = event.kind as NoticeKind;
  const type = kind === 'MARGIN_CALL' ? 'MARGIN_CALL' : kind === 'LIQUIDATION' || kind === 'LIQUIDATION_PENDING' || kind === 'LIQUIDATION_HALTED' ? 'ACCOUNT_LIQUIDATION' : 'ORDER_FILLED';
  return { type, title: NOTICE[kind].title, body: NOTICE[kind].body(subjectOf(kind, event)) };
}

export interface UsLeverageDeps {
  readonly db: PasarDb;
  readonly ledger: Ledger;
  readonly engine: Pick<TradingEngine, 'estimate'>;
  readonly rules: UsRules;
  readonly settings: UsStockConfig['leverage'];
  /**
   * Sends the unsent USSTOCK margin events (the margin engine's one delivery loop, `deliverNotices`):
   * after a commit that recorded one, and every sweep for those a crash or a failed send left.
   */
  readonly deliverNotices: () => Promise<number>;
  /** The symbols halted now (read fresh once per sweep): nothing of theirs is closed until the halt lifts. */
  readonly haltedSymbols: () => Promise<ReadonlySet<string>>;
  readonly now: () => number;
  /** The leveraged market's pass on the margin engine (USSTOCK_LEV: 4x close, financing, holds, marks), once per sweep. */
  readonly engineSweep?: (now: number) => Promise<void>;
  readonly log?: { warn(obj: unknown, msg: string): void };
}

export type UsLeverageService = ReturnType<typeof createUsLeverageService>;

interface Fill {
  readonly quantity: Decimal;
  readonly price: Decimal;
  /** Commission and (sells) regulatory charges, USD. */
  readonly fee: Decimal;
  readonly tax: Decimal;
}

export function createUsLeverageService(deps: UsLeverageDeps) {
  const { db, ledger, rules, settings } = deps;
  const mmPercent = settings.maintenanceOfInitialPercent;

  const mark = (symbol: string): Decimal => D(rules.lastPrice(symbol));
  const stockIdOf = (symbol: string): number => rules.instrument(symbol).id;

  /** A market fill priced now (the US rules' book walk, fees and charges) of `quantity` or `amount`. */
  function priced(side: 'BUY' | 'SELL', symbol: string, size: { quantity?: string; amount?: string }, language: Language): Fill {
    const spec: OrderSpec = {
      source: 'ADVANCED',
      side,
      symbol,
      orderType: 'MARKET',
      inputType: size.quantity !== undefined ? 'quantity' : 'amount',
      quantity: size.quantity,
      amount: size.amount,
      timeInForce: 'GOOD_TILL_CANCEL',
      tradingHours: 'REGULAR_HOURS',
      leverage: '1',
    };
    const e = deps.engine.estimate(US_MARKET, spec, language).estimate;
    return { quantity: D(e.quantity), price: D(e.price), fee: D(e.fee), tax: D(e.tax) };
  }

  /** A forced close (intraday, trigger, liquidation): the book walk in regular hours, else the last price without charges. */
  function forcedFill(pos: LeveragePositionRow, quantity: Decimal, now: number): Fill {
    if (usSessionAt(now) === 'REGULAR') {
      try {
        return { ...priced('SELL', pos.symbol, { quantity: quantity.toFixed() }, 'en'), quantity };
      } catch (error) {
        deps.log?.warn({ err: error, position: pos.id }, 'leverage: a forced close could not walk the book; closing at the last price');
      }
    }
    return { quantity, price: mark(pos.symbol), fee: ZERO, tax: ZERO };
  }

  async function lockOpen(tx: Tx, id: string): Promise<LeveragePositionRow | null> {
    const [row] = await tx.db.select().from(usLeveragePositions).where(eq(usLeveragePositions.id, id)).for('update');
    return row && row.status === 'OPEN' ? row : null;
  }

  /** Replaces the position's hold with one of `amount` (capped at what the wallet has); returns the hold id (null: none). */
  async function rehold(tx: Tx, pos: LeveragePositionRow, amount: Decimal): Promise<{ holdId: string | null; holdSeq: number }> {
    if (pos.holdId) await tx.release(pos.holdId);
    const account = walletAccount(pos.userId, pos.wallet);
    const available = D((await tx.balance(account)).available);
    const want = Decimal.min(amount, available);
    if (want.lte(0)) return { holdId: null, holdSeq: pos.holdSeq };
    const seq = pos.holdSeq + 1;
    const hold = await tx.hold({ key: `uslev:hold:${pos.id}:${seq}`, account, amount: cents(want, false), reason: 'US_LEVERAGE_MARGIN', ref: pos.id });
    return { holdId: hold.id, holdSeq: seq };
  }

  /**
   * Sells `fill.quantity` of the position at `fill.price`: P&L against MARGIN_SETTLEMENT, a loss the
   * wallet cannot pay from INSURANCE_FUND, charges collected up to what is left (an unpaid charge is
   * not collected), the rest of the margin held again.
   */
  async function realize(tx: Tx, pos: LeveragePositionRow, fill: Fill, key: string, reason: UsLeverageCloseReason, now: number) {
    const account = walletAccount(pos.userId, pos.wallet);
    if (pos.holdId) await tx.release(pos.holdId);
    const available = D((await tx.balance(account)).available);
    const pnl = pnlCents(fill.quantity.times(fill.price.minus(pos.entryPrice)));
    const gain = Decimal.max(pnl, 0);
    let room = available.plus(gain);
    const take = (want: Decimal): Decimal => {
      const got = Decimal.min(want, Decimal.max(room, 0));
      room = room.minus(got);
      return got;
    };
    const loss = take(Decimal.max(pnl.negated(), 0));
    const fee = take(fill.fee);
    const tax = take(fill.tax);
    const legs: TransferLeg[] = [];
    const insured = Decimal.max(pnl.negated(), 0).minus(loss);
    if (gain.gt(0)) legs.push({ from: house('MARGIN_SETTLEMENT'), to: account, amount: gain });
    if (loss.gt(0)) legs.push({ from: account, to: house('MARGIN_SETTLEMENT'), amount: loss });
    if (insured.gt(0)) legs.push({ from: house('INSURANCE_FUND'), to: house('MARGIN_SETTLEMENT'), amount: insured });
    if (fee.gt(0)) legs.push({ from: account, to: house('FEES'), amount: fee });
    if (tax.gt(0)) legs.push({ from: account, to: house('TAX_PAYABLE'), amount: tax });
    const unpaidCharges = fill.fee.plus(fill.tax).minus(fee).minus(tax);
    if (legs.length > 0) {
      await tx.transfer({
        key,
        kind: 'US_LEVERAGE_CLOSE',
        legs,
        memo: { positionId: pos.id, reason, quantity: fill.quantity.toFixed(), price: fill.price.toFixed(), pnl: pnl.toFixed(2), insured: insured.toFixed(2), unpaidCharges: unpaidCharges.toFixed(2) },
      });
    }
    const rest = D(pos.quantity).minus(fill.quantity);
    const closing = rest.lte(0);
    const margin = closing ? ZERO : cents(D(pos.margin).times(rest).div(pos.quantity), true);
    const hold = closing ? { holdId: null, holdSeq: pos.holdSeq } : await rehold(tx, { ...pos, holdId: null }, margin);
    const [after] = await tx.db
      .update(usLeveragePositions)
      .set({
        quantity: closing ? '0' : rest.toFixed(),
        margin: margin.toFixed(2),
        ...hold,
        version: pos.version + 1,
        realizedPnl: D(pos.realizedPnl).plus(pnl).toFixed(2),
        fees: D(pos.fees).plus(fee).plus(tax).toFixed(2),
        ...(closing
          ? { status: 'CLOSED' as const, closedAt: new Date(now), closeReason: reason, closePrice: fill.price.toFixed(), takeProfit: null, stopLoss: null, triggerQuantity: null, triggersExpireAt: null, liquidationPending: false }
          : {}),
        ...(!closing && pos.triggerQuantity !== null && D(pos.triggerQuantity).gt(rest) ? { triggerQuantity: rest.toFixed() } : {}),
      })
      .where(eq(usLeveragePositions.id, pos.id))
      .returning();
    return { position: after!, fill: { side: 'SELL' as const, quantity: fill.quantity.toFixed(), price: fill.price.toFixed(), amount: cents(fill.quantity.times(fill.price), false).toFixed(2), commission: fill.fee.toFixed(2), realizedPnl: pnl.toFixed(2) } };
  }

  // ---- views ----

  async function walletRows(userId: string, wallet: UsLeverageWallet): Promise<LeveragePositionRow[]> {
    return db
      .select()
      .from(usLeveragePositions)
      .where(and(eq(usLeveragePositions.userId, userId), eq(usLeveragePositions.wallet, wallet), eq(usLeveragePositions.status, 'OPEN')))
      .orderBy(asc(usLeveragePositions.openedAt));
  }

  async function riskOf(userId: string, wallet: UsLeverageWallet, rows: readonly LeveragePositionRow[]) {
    const collateral = D((await ledger.balance(walletAccount(userId, wallet))).balance);
    const figures = rows.map((r) => ({ quantity: r.quantity, entryPrice: r.entryPrice, leverage: r.leverage, mark: mark(r.symbol) }));
    return { collateral, figures, risk: walletRisk(collateral, figures, mmPercent) };
  }

  function viewOf(row: LeveragePositionRow, context: { collateral: Decimal; figures: readonly { quantity: string; entryPrice: string; leverage: number; mark: Decimal }[] } | null): UsLeveragePosition {
    const open = row.status === 'OPEN';
    const m = open ? mark(row.symbol) : D(row.closePrice ?? row.entryPrice);
    const pnl = open ? unrealizedPnl(row, m) : ZERO;
    let liq = ZERO;
    if (open && context) {
      const others = context.figures.filter((f) => !(f.quantity === row.quantity && f.entryPrice === row.entryPrice && f.leverage === row.leverage && f.mark.eq(m)));
      const rest = walletRisk(context.collateral, others, mmPercent);
      liq = liquidationPrice(row, context.collateral.plus(rest.unrealizedPnl).minus(rest.maintenanceMargin), mmPercent);
    }
    const cutoff = row.wallet === 'intraday' && open ? intradayCutoff(row.openedAt.getTime(), settings.intradayCloseMinutes) : null;
    return {
      id: row.id,
      stockId: stockIdOf(row.symbol),
      symbol: row.symbol,
      wallet: row.wallet,
      leverage: row.leverage,
      status: row.status,
      quantity: D(row.quantity).toFixed(),
      entryPrice: D(row.entryPrice).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(),
      markPrice: m.toFixed(),
      notional: cents(D(row.quantity).times(m), false).toFixed(2),
      margin: D(row.margin).toFixed(2),
      unrealizedPnl: pnlCents(pnl).toFixed(2),
      liquidationPrice: liq.toFixed(2),
      takeProfit: row.takeProfit === null ? null : D(row.takeProfit).toFixed(),
      stopLoss: row.stopLoss === null ? null : D(row.stopLoss).toFixed(),
      triggerQuantity: row.triggerQuantity === null ? null : D(row.triggerQuantity).toFixed(),
      triggersExpireAt: row.triggersExpireAt?.toISOString() ?? null,
      realizedPnl: D(row.realizedPnl).toFixed(2),
      fees: D(row.fees).toFixed(2),
      financing: D(row.financing).toFixed(2),
      liquidationPending: row.liquidationPending,
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      closeReason: (row.closeReason as UsLeverageCloseReason | null) ?? null,
      autoCloseAt: cutoff === null ? null : new Date(cutoff).toISOString(),
    };
  }

  async function positionView(row: LeveragePositionRow): Promise<UsLeveragePosition> {
    if (row.status !== 'OPEN') return viewOf(row, null);
    const { collateral, figures } = await riskOf(row.userId, row.wallet, await walletRows(row.userId, row.wallet));
    return viewOf(row, { collateral, figures });
  }

  // ---- placing ----

  function assertLeverageRules(side: 'BUY' | 'SELL', body: UsLeverageOrderRequest, language: Language): void {
    if (body.tradingHours !== undefined) throw refuse('3806', 'tradingHours', TEXT.tradingHours, language);
    if ((body.leverage === 4) !== body.isIntradayLeverage) throw refuse('3806', 'isIntradayLeverage', TEXT.intradayFlag, language);
    const sizes = [body.quantity, body.amount].filter((v) => v !== undefined).length;
    if (sizes !== 1) throw refuse('3806', 'quantity', TEXT.oneSize, language);
    if (side === 'BUY' && (body.orderType !== 'MARKET' || body.orderSubType !== 'NORMAL')) throw refuse('3806', 'orderType', TEXT.marketOnly, language);
    if (side === 'SELL' && triggersOf(body) === null && body.orderType !== 'MARKET') throw refuse('3806', 'orderType', TEXT.sellTypes, language);
    if (side === 'SELL' && triggersOf(body) !== null && body.leverage === 4 && body.timeInForce !== 'GOOD_TILL_MARKET_CLOSE') throw refuse('3806', 'timeInForce', TEXT.gtmc, language);
  }

  /** The take-profit / stop-loss a sell sets (OCO both, TAKE_PROFIT a LIMIT at unitPrice, STOP_LOSS a STOP at stopPrice); null for a market sell. */
  function triggersOf(body: UsLeverageOrderRequest): { takeProfit?: string | undefined; stopLoss?: string | undefined } | null {
    if (body.orderType === 'OCO') return { takeProfit: body.takeProfit, stopLoss: body.stopLoss };
    if (body.orderType === 'LIMIT' && body.orderSubType === 'TAKE_PROFIT') return { takeProfit: body.unitPrice };
    if (body.orderType === 'STOP' && body.orderSubType === 'STOP_LOSS') return { stopLoss: body.stopPrice };
    return null;
  }

  function assertRegular(now: number, language: Language): void {
    const session = usSessionAt(now);
    if (session === 'CLOSED') throw new AppError('3801');
    if (session !== 'REGULAR') throw refuse('3803', 'orderType', TEXT.regularOnly, language);
  }

  async function openOf(tx: Tx | null, userId: string, wallet: UsLeverageWallet, symbol: string): Promise<LeveragePositionRow | null> {
    const query = (tx?.db ?? db)
      .select()
      .from(usLeveragePositions)
      .where(and(eq(usLeveragePositions.userId, userId), eq(usLeveragePositions.wallet, wallet), eq(usLeveragePositions.symbol, symbol), eq(usLeveragePositions.status, 'OPEN')));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  async function buy(tx: Tx, userId: string, requestId: string, body: UsLeverageOrderRequest, symbol: string, language: Language, now: number): Promise<UsLeverageOrderResult> {
    const wallet = LEVERAGE_WALLET_OF[body.leverage];
    const fill = priced('BUY', symbol, { quantity: body.quantity, amount: body.amount }, language);
    const existing = await openOf(tx, userId, wallet, symbol);
    const add = initialMargin(fill.quantity, fill.price, body.leverage);
    const account = walletAccount(userId, wallet);
    if (fill.fee.gt(0)) {
      await tx.transfer({ key: `uslev:${userId}:${requestId}`, kind: 'US_LEVERAGE_OPEN', legs: [{ from: account, to: house('FEES'), amount: fill.fee }], memo: { symbol, quantity: fill.quantity.toFixed(), price: fill.price.toFixed() } });
    }
    const quantity = D(existing?.quantity ?? 0).plus(fill.quantity);
    const entry = existing ? D(existing.quantity).times(existing.entryPrice).plus(fill.quantity.times(fill.price)).div(quantity).toDecimalPlaces(8, Decimal.ROUND_HALF_UP) : fill.price;
    const margin = D(existing?.margin ?? 0).plus(add);
    const base: LeveragePositionRow = existing ?? {
      id: randomUUID(),
      userId,
      wallet,
      symbol,
      leverage: body.leverage,
      status: 'OPEN',
      quantity: '0',
      entryPrice: '0',
      margin: '0',
      holdId: null,
      holdSeq: 0,
      version: 0,
      takeProfit: null,
      stopLoss: null,
      triggerQuantity: null,
      triggersExpireAt: null,
      realizedPnl: '0',
      fees: '0',
      financing: '0',
      financedThrough: null,
      liquidationPending: false,
      openedAt: new Date(now),
      closedAt: null,
      closeReason: null,
      closePrice: null,
    };
    if (!existing) await tx.db.insert(usLeveragePositions).values(base);
    // The whole margin must be free in the wallet (else 1117): the hold is not capped here.
    if (base.holdId) await tx.release(base.holdId);
    const seq = base.holdSeq + 1;
    const hold = await tx.hold({ key: `uslev:hold:${base.id}:${seq}`, account, amount: margin, reason: 'US_LEVERAGE_MARGIN', ref: base.id });
    const [after] = await tx.db
      .update(usLeveragePositions)
      .set({ quantity: quantity.toFixed(), entryPrice: entry.toFixed(), margin: margin.toFixed(2), holdId: hold.id, holdSeq: seq, version: base.version + 1, fees: D(base.fees).plus(fill.fee).toFixed(2) })
      .where(eq(usLeveragePositions.id, base.id))
      .returning();
    return {
      fill: { side: 'BUY', quantity: fill.quantity.toFixed(), price: fill.price.toFixed(), amount: cents(fill.quantity.times(fill.price), true).toFixed(2), commission: fill.fee.toFixed(2), realizedPnl: '0.00' },
      position: viewOf(after!, null),
    };
  }

  async function sell(tx: Tx, userId: string, requestId: string, body: UsLeverageOrderRequest, symbol: string, language: Language, now: number): Promise<UsLeverageOrderResult> {
    const wallet = LEVERAGE_WALLET_OF[body.leverage];
    const pos = await openOf(tx, userId, wallet, symbol);
    const triggers = triggersOf(body);
    const last = mark(symbol);
    // §5: a TP/SL OCO sell floors its amount to cents; the quantity it covers is at the last price.
    const quantity =
      body.quantity !== undefined
        ? D(body.quantity)
        : D(triggers ? cents(body.amount!, false) : body.amount!).div(last).toDecimalPlaces(rules.settings.quantityPrecision, Decimal.ROUND_DOWN);
    if (quantity.lte(0)) throw refuse('3704', body.quantity !== undefined ? 'quantity' : 'amount', TEXT.noPosition, language);
    if (!pos || quantity.gt(pos.quantity)) throw refuse('1116', body.quantity !== undefined ? 'quantity' : 'amount', TEXT.noPosition, language);
    if (triggers) {
      if (body.orderType === 'OCO' && (triggers.takeProfit === undefined || triggers.stopLoss === undefined)) throw refuse('3806', triggers.takeProfit === undefined ? 'takeProfit' : 'stopLoss', TEXT.required, language);
      if (triggers.takeProfit === undefined && triggers.stopLoss === undefined) throw refuse('3806', body.orderSubType === 'TAKE_PROFIT' ? 'unitPrice' : 'stopPrice', TEXT.required, language);
      if (triggers.takeProfit !== undefined && !D(triggers.takeProfit).gt(last)) throw refuse('9600', 'takeProfit', TEXT.above, language);
      if (triggers.stopLoss !== undefined && !D(triggers.stopLoss).lt(last)) throw refuse('9601', 'stopLoss', TEXT.below, language);
      const close = body.timeInForce === 'GOOD_TILL_MARKET_CLOSE' ? regularCloseOf(nyseCalendar.localDate(now)) : null;
      const [after] = await tx.db
        .update(usLeveragePositions)
        .set({
          takeProfit: triggers.takeProfit ?? null,
          stopLoss: triggers.stopLoss ?? null,
          triggerQuantity: quantity.toFixed(),
          triggersExpireAt: close === null || close <= now ? null : new Date(close),
          version: pos.version + 1,
        })
        .where(eq(usLeveragePositions.id, pos.id))
        .returning();
      return { fill: null, position: viewOf(after!, null) };
    }
    const fill = priced('SELL', symbol, { quantity: quantity.toFixed() }, language);
    const done = await realize(tx, pos, { ...fill, quantity }, `uslev:${userId}:${requestId}`, 'USER', now);
    return { fill: done.fill, position: viewOf(done.position, null) };
  }

  // ---- the sweep ----

  interface NoticeEvent {
    readonly key: string;
    readonly kind: NoticeKind;
    readonly userId: string;
    readonly symbol: string;
    /** What the text names: the stock, or the wallet ('2x', '4x'). */
    readonly subject: string;
  }

  /** Records a notice as a margin event in the transaction of what it reports (so a crash cannot lose it). */
  async function record(on: PasarDb, event: NoticeEvent): Promise<NoticeEvent> {
    await on
      .insert(marginEvents)
      .values({ key: event.key, kind: event.kind, market: US_MARKET, userId: event.userId, symbol: event.symbol, details: { subject: event.subject } })
      .onConflictDoNothing();
    return event;
  }

  /** Sends what is unsent (this notice and any a crash or a failed send left); a failure waits for the next sweep. */
  async function deliverUnsent(): Promise<void> {
    try {
      await deps.deliverNotices();
    } catch (error) {
      deps.log?.warn({ err: error }, 'leverage: sending notifications failed');
    }
  }

  /**
   * Closes the whole of an open position for the sweep, once per version, its notice recorded with
   * it (under the close's ledger key); sends the notice after the commit.
   */
  async function forceClose(id: string, reason: 'INTRADAY_CLOSE' | 'LIQUIDATION', now: number): Promise<LeveragePositionRow | null> {
    const done = await ledger.transaction(async (tx) => {
      const pos = await lockOpen(tx, id);
      if (!pos) return null;
      const key = `uslev:${reason.toLowerCase()}:${pos.id}:v${pos.version}`;
      const closed = await realize(tx, pos, forcedFill(pos, D(pos.quantity), now), key, reason, now);
      return { position: closed.position, notice: await record(tx.db, { key, kind: reason, userId: pos.userId, symbol: pos.symbol, subject: pos.symbol }) };
    });
    if (done) await deliverUnsent();
    return done?.position ?? null;
  }

  async function sweepPosition(row: LeveragePositionRow, now: number, regular: boolean, halted: boolean): Promise<void> {
    // 4x: closed before the regular close of its trading day (early closes included); a halted stock's once the halt lifts.
    if (row.wallet === 'intraday') {
      const cutoff = intradayCutoff(row.openedAt.getTime(), settings.intradayCloseMinutes);
      if (cutoff !== null && now >= cutoff) {
        if (!halted) await forceClose(row.id, 'INTRADAY_CLOSE', now);
        return;
      }
    }
    // Triggers: expired at their close; else hit at the mark in regular hours.
    if (row.triggersExpireAt && row.triggersExpireAt.getTime() <= now) {
      await db.update(usLeveragePositions).set({ takeProfit: null, stopLoss: null, triggerQuantity: null, triggersExpireAt: null }).where(and(eq(usLeveragePositions.id, row.id), eq(usLeveragePositions.version, row.version)));
    } else if (regular && !halted && row.triggerQuantity !== null) {
      const m = mark(row.symbol);
      const hit = row.takeProfit !== null && m.gte(row.takeProfit) ? 'TAKE_PROFIT' : row.stopLoss !== null && m.lte(row.stopLoss) ? 'STOP_LOSS' : null;
      if (hit) {
        const after = await ledger.transaction(async (tx) => {
          const pos = await lockOpen(tx, row.id);
          if (!pos || pos.triggerQuantity === null) return null;
          const q = Decimal.min(pos.triggerQuantity, pos.quantity);
          const key = `uslev:${hit.toLowerCase()}:${pos.id}:v${pos.version}`;
          const done = await realize(tx, pos, forcedFill(pos, q, now), key, hit, now);
          if (done.position.status === 'OPEN') await tx.db.update(usLeveragePositions).set({ takeProfit: null, stopLoss: null, triggerQuantity: null, triggersExpireAt: null }).where(eq(usLeveragePositions.id, pos.id));
          return { position: done.position, notice: await record(tx.db, { key, kind: hit, userId: pos.userId, symbol: pos.symbol, subject: pos.symbol }) };
        });
        if (after) await deliverUnsent();
        if (after?.position.status === 'CLOSED') return;
      }
    }
    // 2x: one financing charge per trading day held over its regular close.
    if (row.wallet === 'leverage') {
      for (const day of financingDays(row.openedAt.getTime(), row.financedThrough, now)) await chargeFinancing(row.id, day);
    }
  }

  async function chargeFinancing(id: string, day: string): Promise<void> {
    await ledger.transaction(async (tx) => {
      const pos = await lockOpen(tx, id);
      if (!pos || (pos.financedThrough !== null && pos.financedThrough >= day)) return;
      const charge = dailyFinancing(pos, settings.financingDailyPercent);
      const account = walletAccount(pos.userId, pos.wallet);
      // Financing is owed before the margin: the hold gives way, then takes back what is left.
      if (pos.holdId) await tx.release(pos.holdId);
      const available = D((await tx.balance(account)).available);
      // As the engine's charges: what the wallet cannot pay comes from the insurance fund.
      const paid = Decimal.min(charge, Decimal.max(available, 0));
      const insured = charge.minus(paid);
      const legs: TransferLeg[] = [];
      if (paid.gt(0)) legs.push({ from: account, to: house('MARGIN_SETTLEMENT'), amount: paid });
      if (insured.gt(0)) legs.push({ from: house('INSURANCE_FUND'), to: house('MARGIN_SETTLEMENT'), amount: insured });
      if (legs.length > 0) await tx.transfer({ key: `uslev:fin:${pos.id}:${day}`, kind: 'US_LEVERAGE_FINANCING', legs, memo: { positionId: pos.id, day, charge: charge.toFixed(2), insured: insured.toFixed(2) } });
      const hold = await rehold(tx, { ...pos, holdId: null }, D(pos.margin));
      await tx.db.update(usLeveragePositions).set({ financedThrough: day, financing: D(pos.financing).plus(paid).toFixed(2), ...hold, version: pos.version + 1 }).where(eq(usLeveragePositions.id, pos.id));
    });
  }

  /** Cross margin over one wallet: hold refresh, margin call once per crossing, liquidation (pending while the market is closed). */
  async function sweepWallet(userId: string, wallet: UsLeverageWallet, now: number, regular: boolean, halted: ReadonlySet<string>): Promise<void> {
    const rows = await walletRows(userId, wallet);
    if (rows.length === 0) {
      await db.delete(usLeverageMarginCalls).where(and(eq(usLeverageMarginCalls.userId, userId), eq(usLeverageMarginCalls.wallet, wallet)));
      return;
    }
    const { risk } = await riskOf(userId, wallet, rows);
    const ratio = risk.marginRatioPercent;
    if (ratio.gte(100) || rows.some((r) => r.liquidationPending)) {
      if (regular) {
        if (ratio.gte(100)) {
          // A halted stock's position waits (pending, one notice), liquidated at the first sweep after the halt lifts if still due.
          for (const row of rows) {
            if (halted.has(row.symbol)) await markPending(userId, wallet, { id: row.id, kind: 'LIQUIDATION_HALTED', symbol: row.symbol, subject: row.symbol });
            else await forceClose(row.id, 'LIQUIDATION', now);
          }
          return;
        }
        // Recovered before the open (margin added, price back): nothing to liquidate.
        await db.update(usLeveragePositions).set({ liquidationPending: false }).where(and(eq(usLeveragePositions.userId, userId), eq(usLeveragePositions.wallet, wallet), eq(usLeveragePositions.status, 'OPEN')));
      } else if (!rows.every((r) => r.liquidationPending)) {
        await markPending(userId, wallet, { id: null, kind: 'LIQUIDATION_PENDING', symbol: wallet, subject: walletLabel(wallet) });
      }
    }
    if (ratio.gte(settings.marginCallPercent)) {
      // The crossing and its notice commit together; the row makes it one per crossing, so the key need only be new.
      const called = await db.transaction(async (tx) => {
        const inserted = await tx.insert(usLeverageMarginCalls).values({ userId, wallet, calledAt: new Date(now) }).onConflictDoNothing().returning();
        return inserted.length > 0 ? record(tx, { key: `uslev:call:${userId}:${wallet}:${randomUUID()}`, kind: 'MARGIN_CALL', userId, symbol: wallet, subject: walletLabel(wallet) }) : null;
      });
      if (called) await deliverUnsent();
    } else {
      await db.delete(usLeverageMarginCalls).where(and(eq(usLeverageMarginCalls.userId, userId), eq(usLeverageMarginCalls.wallet, wallet)));
    }
    // Holds follow the marks: margin plus the unrealized loss, so withdrawals and new positions cannot take it.
    for (const row of rows) {
      const want = D(row.margin).plus(Decimal.max(pnlCents(unrealizedPnl(row, mark(row.symbol))).negated(), 0));
      const current = row.holdId ? D((await ledger.getHold(row.holdId))?.remaining ?? 0) : ZERO;
      if (want.eq(current)) continue;
      await ledger.transaction(async (tx) => {
        const pos = await lockOpen(tx, row.id);
        if (!pos || pos.version !== row.version) return;
        const hold = await rehold(tx, pos, want);
        await tx.db.update(usLeveragePositions).set(hold).where(eq(usLeveragePositions.id, pos.id));
      });
    }
  }

  /**
   * Marks a wallet's open positions (or one, `id`) liquidation-pending; the first marking records
   * its notice in the same transaction and sends it.
   */
  async function markPending(userId: string, wallet: UsLeverageWallet, what: { id: string | null; kind: 'LIQUIDATION_PENDING' | 'LIQUIDATION_HALTED'; symbol: string; subject: string }): Promise<void> {
    const notice = await db.transaction(async (tx) => {
      const marked = await tx
        .update(usLeveragePositions)
        .set({ liquidationPending: true })
        .where(and(eq(usLeveragePositions.userId, userId), eq(usLeveragePositions.wallet, wallet), eq(usLeveragePositions.status, 'OPEN'), eq(usLeveragePositions.liquidationPending, false), ...(what.id ? [eq(usLeveragePositions.id, what.id)] : [])))
        .returning({ id: usLeveragePositions.id });
      return marked.length > 0 ? record(tx, { key: `uslev:${what.kind.toLowerCase()}:${userId}:${wallet}:${randomUUID()}`, kind: what.kind, userId, symbol: what.symbol, subject: what.subject }) : null;
    });
    if (notice) await deliverUnsent();
  }

  return {
    async place(side: 'BUY' | 'SELL', userId: string, requestId: string, body: UsLeverageOrderRequest, language: Language): Promise<UsLeverageOrderResult> {
      const [earlier] = await db.select().from(usLeverageRequests).where(and(eq(usLeverageRequests.userId, userId), eq(usLeverageRequests.requestId, requestId)));
      const memo = { side, ...body };
      if (earlier) {
        if (!isDeepStrictEqual(earlier.body, JSON.parse(JSON.stringify(memo)))) throw new AppError('042');
        return earlier.answer as UsLeverageOrderResult;
      }
      assertLeverageRules(side, body, language);
      await rules.assertMayTrade(userId);
      const inst = rules.byStockId(body.stockId);
      await rules.assertTradable({ userId, instrument: inst, language, amending: false, spec: { source: 'ADVANCED', side, symbol: inst.symbol, orderType: 'MARKET', inputType: 'quantity', timeInForce: 'GOOD_TILL_CANCEL', tradingHours: 'REGULAR_HOURS', leverage: '1' } });
      const now = deps.now();
      const triggers = side === 'SELL' && triggersOf(body) !== null;
      if (!triggers) assertRegular(now, language);
      if (side === 'BUY' && body.leverage === 4) {
        const cutoff = intradayCutoff(now, settings.intradayCloseMinutes);
        if (cutoff === null || now >= cutoff) throw refuse('3806', 'leverage', TEXT.intradayLate, language);
      }
      try {
        const answer = await ledger.transaction(async (tx) => {
          const result = side === 'BUY' ? await buy(tx, userId, requestId, body, inst.symbol, language, now) : await sell(tx, userId, requestId, body, inst.symbol, language, now);
          await tx.db.insert(usLeverageRequests).values({ userId, requestId, body: memo, answer: result });
          return result;
        });
        return { ...answer, position: await positionView((await db.select().from(usLeveragePositions).where(eq(usLeveragePositions.id, answer.position.id)))[0]!) };
      } catch (error) {
        if (error instanceof InsufficientFunds) throw new AppError('1117', { cause: error });
        if (error instanceof LedgerKeyConflict) throw new AppError('042', { cause: error });
        throw error;
      }
    },

    async positions(userId: string, scope: 'open' | 'history'): Promise<UsLeveragePositionsResponse> {
      const wallets: UsLeverageWalletRisk[] = [];
      const items: UsLeveragePosition[] = [];
      for (const wallet of ['leverage', 'intraday'] as const) {
        const rows = await walletRows(userId, wallet);
        const context = await riskOf(userId, wallet, rows);
        wallets.push({
          wallet,
          collateral: context.collateral.toFixed(2),
          unrealizedPnl: pnlCents(context.risk.unrealizedPnl).toFixed(2),
          maintenanceMargin: cents(context.risk.maintenanceMargin, true).toFixed(2),
          marginRatioPercentage: context.risk.marginRatioPercent.toFixed(2),
        });
        if (scope === 'open') items.push(...rows.map((r) => viewOf(r, context)));
      }
      if (scope === 'history') {
        const rows = await db
          .select()
          .from(usLeveragePositions)
          .where(and(eq(usLeveragePositions.userId, userId), eq(usLeveragePositions.status, 'CLOSED')))
          .orderBy(desc(usLeveragePositions.closedAt))
          .limit(100);
        items.push(...rows.map((r) => viewOf(r, null)));
      }
      return { items, wallets };
    },

    /**
     * What a wallet's open positions take from it, as the margin engine's exposure (registered as
     * `app.margin.exposure('USSTOCK', user, wallet)`): their margin (held on the wallet), unrealized
     * P&L, maintenance margin and notional at the marks now. Another book has none.
     */
    async exposure(userId: string, book: string): Promise<MarginExposure> {
      if (book !== 'leverage' && book !== 'intraday') return { positionMargin: '0.00', unrealizedPnl: '0.00', maintenanceMargin: '0.00', notional: '0.00' };
      const rows = await walletRows(userId, book);
      const figures = rows.map((r) => ({ quantity: r.quantity, entryPrice: r.entryPrice, leverage: r.leverage, mark: mark(r.symbol) }));
      const risk = walletRisk(0, figures, mmPercent);
      const sum = (f: (r: LeveragePositionRow, i: number) => Decimal.Value) => rows.reduce((acc, r, i) => acc.plus(f(r, i)), ZERO);
      return {
        positionMargin: sum((r) => r.margin).toFixed(2),
        unrealizedPnl: pnlCents(risk.unrealizedPnl).toFixed(2),
        maintenanceMargin: cents(risk.maintenanceMargin, true).toFixed(2),
        notional: sum((r, i) => cents(D(r.quantity).times(figures[i]!.mark), false)).toFixed(2),
      };
    },

    /** Shares of the user's intraday (4x) position in a stock that may be sold. */
    async intradayQuantity(userId: string, symbol: string): Promise<string> {
      const row = await openOf(null, userId, 'intraday', symbol);
      return row ? D(row.quantity).toFixed() : '0';
    },

    /** One pass over every open position (safe to run on several instances at once). */
    async sweep(): Promise<{ openPositions: number }> {
      const now = deps.now();
      const regular = usSessionAt(now) === 'REGULAR';
      const halted = await deps.haltedSymbols();
      const rows = await db.select().from(usLeveragePositions).where(eq(usLeveragePositions.status, 'OPEN')).orderBy(asc(usLeveragePositions.openedAt));
      const wallets = new Map<string, { userId: string; wallet: UsLeverageWallet }>();
      for (const row of rows) {
        try {
          await sweepPosition(row, now, regular, halted.has(row.symbol));
        } catch (error) {
          deps.log?.warn({ err: error, position: row.id }, 'leverage sweep: a position failed');
        }
        wallets.set(`${row.userId}:${row.wallet}`, { userId: row.userId, wallet: row.wallet });
      }
      for (const { userId, wallet } of wallets.values()) {
        try {
          await sweepWallet(userId, wallet, now, regular, halted);
        } catch (error) {
          deps.log?.warn({ err: error, userId, wallet }, 'leverage sweep: a wallet failed');
        }
      }
      await deliverUnsent();
      try {
        await deps.engineSweep?.(now);
      } catch (error) {
        deps.log?.warn({ err: error }, 'leverage sweep: the margin engine pass failed');
      }
      const open = await db.select({ id: usLeveragePositions.id }).from(usLeveragePositions).where(eq(usLeveragePositions.status, 'OPEN'));
      return { openPositions: open.length };
    },
  };
}
