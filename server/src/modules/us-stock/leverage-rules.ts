// Leveraged US stock orders as a market of their own in the trading core (`USSTOCK_LEV`, decision
// 0017 step 2), and its plug-in for the margin engine (decision 0016): a CFD on the 2x wallet
// (`leverage`, USD_LEVERAGE) or the 4x wallet (`intraday`, USD_INTRADAY), long only, MARKET orders
// in regular hours against the US book with the US fees (commission; SEC/TAF on sells, collected by
// the engine after a loss from what is left). The order's leverage names its wallet (the engine's
// book). Fills are settled by the margin engine (position, margin hold, P&L, charges).
//
// A close the engine places (liquidation, take profit, stop loss, the 4x close before the regular
// close) is a reduce-only MARKET order with its reason: never refused for who the person is, nor
// for its size; while the market is out of regular session or the stock halted the engine does not
// liquidate (`mayLiquidateNow`), `closeAtMarket` places nothing for a halted stock, and a TP/SL
// waits for regular hours. The one close that runs outside regular hours is the late 4x close (no
// sweep ran between the cut-off and the close): it fills at the last price without charges, as a
// close the book cannot take does.
import type { Instrument } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import type { AccountRef } from '../../ledger/api';
import type { MarketRuntime } from '../../market/runtime';
import { ENGINE_CLOSE_REASONS, engineCloseSpec, isEngineClose, type MarketRules, type OrderPlan, type OrderRow, type OrderSpec } from '../../trading';
import type { BookWalkFilled } from '../../trading/book-walk';
import type { CloseReason, MarginEngine, MarginMarket } from '../../trading/margin/api';
import { marginFillOf } from '../../trading/margin/fill';
import type { UsStockConfig } from '../../config';
import { usTiers } from './leverage-math';
import { usSessionAt } from './sessions';
import type { createUsStockRules } from './rules';

type UsRules = ReturnType<typeof createUsStockRules>;
type Wallet = 'leverage' | 'intraday';

export const US_LEV_MARKET = 'USSTOCK_LEV' as const;
/** The leverage of each wallet (the margin engine's book). */
export const LEVERAGE_OF_WALLET: Readonly<Record<Wallet, 2 | 4>> = { leverage: 2, intraday: 4 };
const PURPOSE: Readonly<Record<Wallet, 'USD_LEVERAGE' | 'USD_INTRADAY'>> = { leverage: 'USD_LEVERAGE', intraday: 'USD_INTRADAY' };

export const isWallet = (book: string): book is Wallet => book === 'leverage' || book === 'intraday';
/** The wallet an order of this leverage trades on: 4 the intraday wallet, else the leverage wallet. */
export const walletOfLeverage = (leverage: string | number | null): Wallet => (Number(leverage) === 4 ? 'intraday' : 'leverage');
export const leverageWalletAccount = (userId: string, wallet: Wallet): AccountRef => ({ userId, currency: 'USD', purpose: PURPOSE[wallet] });
const house = (name: 'MARGIN_SETTLEMENT' | 'INSURANCE_FUND' | 'TAX_PAYABLE'): AccountRef => ({ house: name, currency: 'USD' });

/** An order row the engine placed to close a position (its reason is one of the engine's; a route never sets those). */
const isEngineCloseRow = (order: Partial<Pick<OrderRow, 'orderType' | 'reason'>>): boolean =>
  order.orderType === 'MARKET' && order.reason !== null && order.reason !== undefined && (ENGINE_CLOSE_REASONS as readonly string[]).includes(order.reason);

export interface UsLeverageRulesDeps {
  /** The cash market's rules: instruments, checks, the book walk with the US fees. */
  readonly cash: UsRules;
  readonly market: Pick<MarketRuntime, 'halts' | 'now'>;
  readonly margin: Pick<MarginEngine, 'settleFill'>;
  readonly settings: UsStockConfig['leverage'];
  /** The trading engine's place (closing positions at market: 4x close, TP/SL, liquidation). */
  readonly placeClose: (userId: string, requestId: string, spec: OrderSpec) => Promise<unknown>;
}

export interface UsLeverageRules extends MarketRules {
  readonly marginMarket: MarginMarket;
}

export function createUsLeverageRules(deps: UsLeverageRulesDeps): UsLeverageRules {
  const { cash, market, settings } = deps;
  const regularNow = (): boolean => usSessionAt(market.now()) === 'REGULAR';
  /** The cash rules see a leveraged order as a regular-hours order at 1x (they refuse leverage, 3805). */
  const asCash = (spec: OrderSpec): OrderSpec => ({ ...spec, leverage: '1', tradingHours: 'REGULAR_HOURS', reduceOnly: undefined, reason: undefined });

  /** The late close: the whole size at the last price, no charges. */
  function atLastPrice(spec: OrderSpec, inst: Instrument): BookWalkFilled {
    const price = cash.lastPrice(inst.symbol);
    const quantity = spec.quantity as string;
    return { ok: true, side: spec.side, fills: [{ price, quantity }], quantity, base: '0', fee: '0', tax: '0', total: '0', averagePrice: price, bestPrice: price, worstPrice: price };
  }

  function plan(spec: OrderSpec, inst: Instrument, context: Parameters<MarketRules['plan']>[2]): OrderPlan {
    if (spec.orderType !== 'MARKET') throw new AppError('3806', { details: [{ path: 'orderType', message: context.language === 'id' ? 'Order dengan leverage hanya order market' : 'Leveraged orders are market orders' }] });
    const keep = (p: OrderPlan): OrderPlan => ({ ...p, spec: { ...p.spec, leverage: spec.leverage, reduceOnly: spec.reduceOnly, reason: spec.reason }, hold: null });
    if (!isEngineClose(spec)) return keep(cash.plan(asCash(spec), inst, { ...context, queued: false }));
    if (spec.quantity === undefined || !(Number(spec.quantity) > 0)) throw new AppError('002', { details: [{ path: 'quantity', message: context.language === 'id' ? 'harus di atas 0' : 'must be above 0' }] });
    // An engine close: the book walk in regular hours; outside them, or when the book cannot take
    // it (depth, band, the minimum), the last price without charges. Never refused.
    if (regularNow()) {
      try {
        return keep(cash.plan(asCash(spec), inst, { ...context, queued: false }));
      } catch {
        // falls through to the last price
      }
    }
    const walk = atLastPrice(spec, inst);
    return {
      spec,
      asset: inst.symbol,
      execQuantity: null,
      legs: [{ ocoLeg: null, limitPrice: null, stopPrice: null }],
      hold: null,
      walk,
      estimate: { price: walk.averagePrice, quantity: walk.quantity, base: walk.base, fee: '0', tax: '0', total: '0', worstPrice: walk.worstPrice },
    };
  }

  const marginMarket: MarginMarket = {
    market: US_LEV_MARKET,
    currency: 'USD',
    scale: 2,
    keyPrefix: 'cfd',
    account: (userId, book) => leverageWalletAccount(userId, isWallet(book) ? book : 'leverage'),
    settlementAccount: () => house('MARGIN_SETTLEMENT'),
    insuranceAccount: () => house('INSURANCE_FUND'),
    // A position's leverage is its wallet's, whatever the perps' default.
    defaultLeverage: (_symbol, book) => LEVERAGE_OF_WALLET[isWallet(book) ? book : 'leverage'],
    tiers: (_symbol, book) => usTiers(LEVERAGE_OF_WALLET[isWallet(book) ? book : 'leverage'], settings.maintenanceOfInitialPercent),
    fees: () => ({ maker: cash.fees.commissionRate, taker: cash.fees.commissionRate }),
    markPrice: (symbol) => {
      try {
        return cash.lastPrice(symbol);
      } catch {
        return null;
      }
    },
    // A closed session or a halted stock cannot fill a liquidation: it waits (one notice) for the first mark that can.
    mayLiquidateNow: (symbol, now) => usSessionAt(now) === 'REGULAR' && !market.halts.isHalted(symbol),
    // Why it waits, in the notice: the halt (when trading resumes) in regular hours, else the closed session (at the open).
    pendingKind: (symbol, now) => (usSessionAt(now) === 'REGULAR' && market.halts.isHalted(symbol) ? 'LIQUIDATION_HALTED' : 'LIQUIDATION_PENDING'),
    async closeAtMarket(request) {
      // Nor a TP/SL, a 4x close or a cross liquidation's other position while the stock is halted;
      // and a TP/SL executes in regular hours only. The position stays in the at-risk index, so the
      // first mark that may fill it closes it if still due.
      if ((request.reason === 'TAKE_PROFIT' || request.reason === 'STOP_LOSS') && !regularNow()) return;
      await market.halts.fresh();
      if (market.halts.isHalted(request.symbol)) return;
      await deps.placeClose(
        request.userId,
        request.requestId,
        engineCloseSpec(request, { tradingHours: 'REGULAR_HOURS', leverage: String(LEVERAGE_OF_WALLET[isWallet(request.book) ? request.book : 'leverage']) }),
      );
    },
    marginCallScope: 'BOOK',
    holdsUnrealizedLoss: true,
    keptMarginRounding: 'UP',
    closeEvents: true,
    longOnly: true,
    marginCallPercent: Number(settings.marginCallPercent),
  };

  return {
    market: US_LEV_MARKET,
    keys: { fill: 'uslev-fill', hold: 'uslev-hold' },
    currency: 'USD',
    marginMarket,
    instrument: (symbol) => cash.instrument(symbol),
    assertMayTrade: (userId) => cash.assertMayTrade(userId),
    assertOrdersOn: () => cash.assertOrdersOn(),
    /** Halts (3701), product flags (3702/3703); an engine close waits out halts in `closeAtMarket` instead. */
    async assertTradable(request) {
      if (isEngineClose(request.spec)) return;
      await cash.assertTradable({ ...request, spec: asCash(request.spec) });
    },
    plan,
    planAmend() {
      throw new AppError('9605');
    },
    pricePrecision: () => 4,
    fillNumbers(order, levels) {
      const n = cash.fillNumbers(order, levels);
      // The late close (an engine close outside regular hours) pays no charges.
      if (!isEngineCloseRow(order) || regularNow()) return n;
      return { ...n, fee: '0', tax: '0', total: n.amount, after: { ...n.after, fee: order.fee, tax: order.tax, total: plain(new TradingDecimal(order.total).plus(n.amount)) } };
    },
    holdNeeds: () => '0',
    walk: (order, book, inst) => cash.walk(order, book, inst),
    holdAccount: (order) => leverageWalletAccount(order.userId, 'leverage'),
    fillLegs: () => [],
    settleFill: (ops, order, n, key) =>
      deps.margin.settleFill(
        ops,
        marginFillOf(US_LEV_MARKET, walletOfLeverage(order.leverage), order, n, key, {
          charges: n.tax,
          reason: isEngineCloseRow(order) ? (order.reason as CloseReason) : null,
        }),
      ),
    fillCurrencies: () => ['USD'],
    insufficientCode: () => '1117',
    // Regular hours only (3801 closed, 3803 extended hours); an engine close executes whenever it is placed (the late 4x close).
    marketOrderAt: (_inst, spec, now) => {
      const session = usSessionAt(now);
      if (session === 'REGULAR' || (spec.orderType !== undefined && isEngineClose({ orderType: spec.orderType, reduceOnly: spec.reduceOnly, reason: spec.reason }))) return 'EXECUTE';
      return { refuse: session === 'CLOSED' ? '3801' : '3803' };
    },
    mayMatch: () => false,
    expiresAt: () => null,
  };
}
