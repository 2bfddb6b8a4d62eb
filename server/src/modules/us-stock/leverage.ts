// Leveraged US stock trading (CFD, long positions) on the leverage (2x) and intraday (4x) wallets
// (§7 leverage buy and sell, §5 rules; docs/decisions/0017). The positions are the margin engine's
// (market USSTOCK_LEV, one per wallet and stock: the engine's book is the wallet): a buy or a sell is
// a MARKET order of that market through the trading core (`app.trading.place`), its fill settled by
// the engine (margin hold, P&L against MARGIN_SETTLEMENT, a loss the wallet cannot pay from
// INSURANCE_FUND, commission to FEES, SEC/TAF to TAX_PAYABLE); a take-profit / stop-loss sell sets the
// position's triggers (`app.margin.setTpSl`, a part of the position, lapsing at the close for 4x).
// This module keeps the §5 checks, the request memo (a replay answers the same, a changed body 042)
// and the wire's views (figures to the cent, against the person).
//
// The sweep (every US_LEVERAGE_SWEEP_SECONDS on the lease holder, whenever the market clock moves,
// and on the operator's call) is the leveraged market's pass on the engine (leverage-engine-sweep.ts):
// the 4x close before the regular close, 2x financing per trading day, the holds following the marks,
// then the marks (TP/SL, margin call once per crossing, liquidation; pending while the market is
// closed or the stock halted), its notices sent by the engine's one delivery loop in this module's
// words (`usLeverageNotice`).
import { isDeepStrictEqual } from 'node:util';
import {
  type Language,
  type Order,
  type UsLeverageCloseReason,
  type UsLeverageOrderRequest,
  type UsLeverageOrderResult,
  type UsLeveragePosition,
  type UsLeveragePositionsResponse,
  type UsLeverageWallet,
  type UsLeverageWalletRisk,
} from '@pasar/shared/contract';
import { and, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { UsStockConfig } from '../../config';
import type { PasarDb } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AccountRef, Ledger } from '../../ledger/api';
import type { OrderSpec, TradingEngine } from '../../trading';
import type { ClosedPosition, MarginEventRecord, NoticeText, PositionRow } from '../../trading/margin/api';
import type { MarginEngineImpl } from '../../trading/margin/engine';
import { type createUsStockRules } from './rules';
import { usSessionAt } from './sessions';
import { cents, intradayCutoff, liquidationPrice, pnlCents, regularCloseOf, unrealizedPnl, walletRisk } from './leverage-math';
import { US_LEV_MARKET } from './leverage-rules';
import { usLeverageRequests } from './tables';
import { nyseCalendar } from '../../market/calendar';

type UsRules = ReturnType<typeof createUsStockRules>;
const D = (v: Decimal.Value): Decimal => new Decimal(v);
const ZERO = new Decimal(0);

export const LEVERAGE_WALLET_OF = { 2: 'leverage', 4: 'intraday' } as const;
const PURPOSE = { leverage: 'USD_LEVERAGE', intraday: 'USD_INTRADAY' } as const;
export const walletAccount = (userId: string, wallet: UsLeverageWallet): AccountRef => ({ userId, currency: 'USD', purpose: PURPOSE[wallet] });
const WALLETS = ['leverage', 'intraday'] as const;

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
  readonly ledger: Pick<Ledger, 'balance' | 'transferByKey'>;
  readonly trading: Pick<TradingEngine, 'place'>;
  readonly margin: Pick<MarginEngineImpl, 'positions' | 'position' | 'setTpSl' | 'history' | 'pendingLiquidations' | 'openCount'>;
  readonly rules: UsRules;
  readonly settings: UsStockConfig['leverage'];
  readonly now: () => number;
  /** The leveraged market's pass on the margin engine (USSTOCK_LEV: 4x close, financing, holds, marks, notices). */
  readonly engineSweep: (now: number) => Promise<void>;
  readonly log?: { warn(obj: unknown, msg: string): void };
}

export type UsLeverageService = ReturnType<typeof createUsLeverageService>;

/** An open engine position in the US figures: long size, entry, leverage, at its mark. */
interface Open {
  readonly row: PositionRow;
  readonly quantity: Decimal;
  readonly mark: Decimal;
}

export function createUsLeverageService(deps: UsLeverageDeps) {
  const { db, ledger, rules, settings, margin } = deps;
  const mmPercent = settings.maintenanceOfInitialPercent;

  const mark = (symbol: string): Decimal => D(rules.lastPrice(symbol));
  const stockIdOf = (symbol: string): number => rules.instrument(symbol).id;
  const figuresOf = (o: Open) => ({ quantity: o.quantity, entryPrice: o.row.entryPrice, leverage: o.row.leverage, mark: o.mark });

  // ---- views ----

  async function openOf(userId: string, wallet: UsLeverageWallet): Promise<Open[]> {
    const rows = await margin.positions(US_LEV_MARKET, userId, wallet);
    return rows.map((row) => ({ row, quantity: D(row.size).abs(), mark: mark(row.symbol) })).sort((a, b) => a.row.openedAt.getTime() - b.row.openedAt.getTime());
  }

  async function riskOf(userId: string, wallet: UsLeverageWallet, open: readonly Open[]) {
    const collateral = D((await ledger.balance(walletAccount(userId, wallet))).balance);
    return { collateral, risk: walletRisk(collateral, open.map(figuresOf), mmPercent) };
  }

  /** The positions whose liquidation waits (the engine recorded it for their current version, the wallet still at or above 100 %). */
  async function pendingOf(open: readonly Open[], ratio: Decimal): Promise<Set<string>> {
    if (open.length === 0 || ratio.lt(100)) return new Set();
    return margin.pendingLiquidations(US_LEV_MARKET, open.map((o) => o.row));
  }

  function openView(o: Open, wallet: UsLeverageWallet, others: readonly Open[], collateral: Decimal, pending: boolean): UsLeveragePosition {
    const { row } = o;
    const rest = walletRisk(collateral, others.map(figuresOf), mmPercent);
    const figures = figuresOf(o);
    const liq = liquidationPrice(figures, collateral.plus(rest.unrealizedPnl).minus(rest.maintenanceMargin), mmPercent);
    const cutoff = wallet === 'intraday' ? intradayCutoff(row.openedAt.getTime(), settings.intradayCloseMinutes) : null;
    return {
      id: row.id,
      stockId: stockIdOf(row.symbol),
      symbol: row.symbol,
      wallet,
      leverage: row.leverage,
      status: 'OPEN',
      quantity: o.quantity.toFixed(),
      entryPrice: D(row.entryPrice).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(),
      markPrice: o.mark.toFixed(),
      notional: cents(o.quantity.times(o.mark), false).toFixed(2),
      margin: D(row.margin).toFixed(2),
      unrealizedPnl: pnlCents(unrealizedPnl(figures, o.mark)).toFixed(2),
      liquidationPrice: liq.toFixed(2),
      takeProfit: row.takeProfit === null ? null : D(row.takeProfit).toFixed(),
      stopLoss: row.stopLoss === null ? null : D(row.stopLoss).toFixed(),
      triggerQuantity: row.triggerQuantity === null ? null : D(row.triggerQuantity).toFixed(),
      triggersExpireAt: row.triggersExpireAt?.toISOString() ?? null,
      realizedPnl: D(row.realizedPnl).toFixed(2),
      fees: D(row.feesPaid).toFixed(2),
      financing: D(row.fundingPaid).toFixed(2),
      liquidationPending: pending,
      openedAt: row.openedAt.toISOString(),
      closedAt: null,
      closeReason: null,
      autoCloseAt: cutoff === null ? null : new Date(cutoff).toISOString(),
    };
  }

  /** A closed position (the engine's history row): its size is in the row, the wire's quantity reads 0 as before. */
  function closedView(h: ClosedPosition): UsLeveragePosition {
    return {
      id: h.positionId,
      stockId: stockIdOf(h.symbol),
      symbol: h.symbol,
      wallet: h.book === 'intraday' ? 'intraday' : 'leverage',
      leverage: h.leverage,
      status: 'CLOSED',
      quantity: '0',
      entryPrice: D(h.entryPrice).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(),
      markPrice: D(h.closePrice).toFixed(),
      notional: '0.00',
      margin: '0.00',
      unrealizedPnl: '0.00',
      liquidationPrice: '0.00',
      takeProfit: null,
      stopLoss: null,
      triggerQuantity: null,
      triggersExpireAt: null,
      realizedPnl: D(h.realizedPnl).toFixed(2),
      fees: D(h.fees).toFixed(2),
      financing: D(h.funding).toFixed(2),
      liquidationPending: false,
      openedAt: h.openedAt.toISOString(),
      closedAt: h.closedAt.toISOString(),
      closeReason: (h.closeReason === 'REDUCE_ONLY' ? 'USER' : h.closeReason) as UsLeverageCloseReason,
      autoCloseAt: null,
    };
  }

  /** The wallet's views (all its open positions). */
  async function walletViews(userId: string, wallet: UsLeverageWallet) {
    const open = await openOf(userId, wallet);
    const { collateral, risk } = await riskOf(userId, wallet, open);
    const pending = await pendingOf(open, risk.marginRatioPercent);
    const items = open.map((o) => openView(o, wallet, open.filter((x) => x !== o), collateral, pending.has(o.row.id)));
    return { items, collateral, risk };
  }

  /** The position of a wallet and stock after a call: open, else its newest history row. */
  async function positionAfter(userId: string, wallet: UsLeverageWallet, symbol: string): Promise<UsLeveragePosition> {
    const { items } = await walletViews(userId, wallet);
    const open = items.find((p) => p.symbol === symbol);
    if (open) return open;
    const [closed] = (await margin.history(US_LEV_MARKET, userId, { book: wallet, limit: 20 })).filter((h) => h.symbol === symbol);
    if (!closed) throw new Error(`no leveraged ${symbol} position in ${wallet}`);
    return closedView(closed);
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

  /** The MARKET order of the leveraged market (the order's leverage names the wallet); its one order. */
  async function placeMarket(userId: string, requestId: string, side: 'BUY' | 'SELL', symbol: string, leverage: 2 | 4, size: { quantity?: string | undefined; amount?: string | undefined }, language: Language): Promise<Order> {
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
      leverage: String(leverage),
    };
    const { orders } = await deps.trading.place(US_LEV_MARKET, userId, `uslev:${requestId}`, spec, language);
    return orders[0]!;
  }

  /** The answer's fill from the order; its realized P&L from the engine's fill transfers (`uslev-fill:<order>:<n>`). */
  async function fillOf(order: Order): Promise<NonNullable<UsLeverageOrderResult['fill']>> {
    let pnl = ZERO;
    for (let n = 1; ; n += 1) {
      const transfer = await ledger.transferByKey(`uslev-fill:${order.id}:${n}`);
      if (!transfer) break;
      pnl = pnl.plus(String(transfer.memo.realizedPnl ?? 0));
    }
    const quantity = D(order.filledQuantity);
    const price = D(order.averagePrice ?? 0);
    return {
      side: order.side,
      quantity: quantity.toFixed(),
      price: price.toFixed(),
      amount: cents(order.filledAmount, order.side === 'BUY').toFixed(2),
      commission: D(order.fee).toFixed(2),
      realizedPnl: pnl.toFixed(2),
    };
  }

  async function buy(userId: string, requestId: string, body: UsLeverageOrderRequest, symbol: string, language: Language): Promise<UsLeverageOrderResult> {
    const wallet = LEVERAGE_WALLET_OF[body.leverage];
    const order = await placeMarket(userId, requestId, 'BUY', symbol, body.leverage, { quantity: body.quantity, amount: body.amount }, language);
    return { fill: await fillOf(order), position: await positionAfter(userId, wallet, symbol) };
  }

  async function sell(userId: string, requestId: string, body: UsLeverageOrderRequest, symbol: string, language: Language, now: number): Promise<UsLeverageOrderResult> {
    const wallet = LEVERAGE_WALLET_OF[body.leverage];
    const position = await margin.position(US_LEV_MARKET, userId, wallet, symbol);
    const held = position ? D(position.size).abs() : ZERO;
    const triggers = triggersOf(body);
    const last = mark(symbol);
    // §5: a TP/SL OCO sell floors its amount to cents; the quantity it covers is at the last price.
    const quantity =
      body.quantity !== undefined
        ? D(body.quantity)
        : D(triggers ? cents(body.amount!, false) : body.amount!).div(last).toDecimalPlaces(rules.settings.quantityPrecision, Decimal.ROUND_DOWN);
    if (quantity.lte(0)) throw refuse('3704', body.quantity !== undefined ? 'quantity' : 'amount', TEXT.noPosition, language);
    if (quantity.gt(held)) throw refuse('1116', body.quantity !== undefined ? 'quantity' : 'amount', TEXT.noPosition, language);
    if (triggers) {
      if (body.orderType === 'OCO' && (triggers.takeProfit === undefined || triggers.stopLoss === undefined)) throw refuse('3806', triggers.takeProfit === undefined ? 'takeProfit' : 'stopLoss', TEXT.required, language);
      if (triggers.takeProfit === undefined && triggers.stopLoss === undefined) throw refuse('3806', body.orderSubType === 'TAKE_PROFIT' ? 'unitPrice' : 'stopPrice', TEXT.required, language);
      if (triggers.takeProfit !== undefined && !D(triggers.takeProfit).gt(last)) throw refuse('9600', 'takeProfit', TEXT.above, language);
      if (triggers.stopLoss !== undefined && !D(triggers.stopLoss).lt(last)) throw refuse('9601', 'stopLoss', TEXT.below, language);
      const close = body.timeInForce === 'GOOD_TILL_MARKET_CLOSE' ? regularCloseOf(nyseCalendar.localDate(now)) : null;
      await margin.setTpSl(US_LEV_MARKET, userId, wallet, symbol, triggers.takeProfit ?? null, triggers.stopLoss ?? null, {
        quantity: quantity.toFixed(),
        expiresAt: close === null || close <= now ? null : new Date(close),
      });
      return { fill: null, position: await positionAfter(userId, wallet, symbol) };
    }
    const order = await placeMarket(userId, requestId, 'SELL', symbol, body.leverage, { quantity: quantity.toFixed() }, language);
    return { fill: await fillOf(order), position: await positionAfter(userId, wallet, symbol) };
  }

  return {
    async place(side: 'BUY' | 'SELL', userId: string, requestId: string, body: UsLeverageOrderRequest, language: Language): Promise<UsLeverageOrderResult> {
      const [earlier] = await db.select().from(usLeverageRequests).where(and(eq(usLeverageRequests.userId, userId), eq(usLeverageRequests.requestId, requestId)));
      const memo = JSON.parse(JSON.stringify({ side, ...body })) as unknown;
      if (earlier) {
        if (!isDeepStrictEqual(earlier.body, memo)) throw new AppError('042');
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
      const answer = side === 'BUY' ? await buy(userId, requestId, body, inst.symbol, language) : await sell(userId, requestId, body, inst.symbol, language, now);
      // The memo of what was asked and answered: a replay answers the same, a changed body 042 (the
      // order itself is keyed by the request id, so a race of the same request places it once).
      const [stored] = await db.insert(usLeverageRequests).values({ userId, requestId, body: memo, answer }).onConflictDoNothing().returning();
      if (stored) return answer;
      const [winner] = await db.select().from(usLeverageRequests).where(and(eq(usLeverageRequests.userId, userId), eq(usLeverageRequests.requestId, requestId)));
      if (winner && !isDeepStrictEqual(winner.body, memo)) throw new AppError('042');
      return (winner?.answer as UsLeverageOrderResult | undefined) ?? answer;
    },

    async positions(userId: string, scope: 'open' | 'history'): Promise<UsLeveragePositionsResponse> {
      const wallets: UsLeverageWalletRisk[] = [];
      const items: UsLeveragePosition[] = [];
      for (const wallet of WALLETS) {
        const v = await walletViews(userId, wallet);
        wallets.push({
          wallet,
          collateral: v.collateral.toFixed(2),
          unrealizedPnl: pnlCents(v.risk.unrealizedPnl).toFixed(2),
          maintenanceMargin: cents(v.risk.maintenanceMargin, true).toFixed(2),
          marginRatioPercentage: v.risk.marginRatioPercent.toFixed(2),
        });
        if (scope === 'open') items.push(...v.items);
      }
      if (scope === 'history') items.push(...(await margin.history(US_LEV_MARKET, userId, { limit: 100 })).map(closedView));
      return { items, wallets };
    },

    /** Shares of the user's intraday (4x) position in a stock that may be sold. */
    async intradayQuantity(userId: string, symbol: string): Promise<string> {
      const position = await margin.position(US_LEV_MARKET, userId, 'intraday', symbol);
      return position ? D(position.size).abs().toFixed() : '0';
    },

    /** One pass of the leveraged market on the engine (safe to run on several instances at once). */
    async sweep(): Promise<{ openPositions: number }> {
      await deps.engineSweep(deps.now());
      return { openPositions: await margin.openCount(US_LEV_MARKET) };
    },
  };
}
