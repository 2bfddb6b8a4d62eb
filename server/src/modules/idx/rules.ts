// The Indonesian stock market's rules for the trading engine (decision 0019): whole lots of 100
// shares, the price grid by band and the day's auto-rejection band (market/idx-rules.ts, the one
// tick function), Jakarta sessions with the two call auctions (sessions.ts), limit orders and the
// market order defined as a limit at the best opposite price, day and GTC orders, configurable
// broker fees with the final tax on sales (the §9 fee math), and T+2: bought shares are the
// buyer's at once, a sale's proceeds land in IDX_UNSETTLED with a settlement row (settlement.ts
// moves them to CASH two IDX trading days later).
import type { ErrorCode, Instrument, Language, OrderBook, ProductInfo } from '@pasar/shared/contract';
import { IDX_LOT_SIZE } from '@pasar/shared/contract';
import { TradingDecimal, chargesForBase, plain } from '@pasar/shared/trading';
import type { IdxConfig } from '../../config';
import { AppError } from '../../http/app-error';
import type { AccountRef, InsufficientFunds, TransferLeg } from '../../ledger/api';
import { idxBand, idxTickSize, isOnIdxGrid } from '../../market/idx-rules';
import type { MarketRuntime } from '../../market/runtime';
import { walkBook, type AmendRequest, type BookWalkResult, type MarketRules, type OrderChange, type OrderPlan, type OrderShape, type OrderSpec } from '../../trading';
import { fillNumbers } from '../crypto/fill-numbers';
import { idxRepoOf } from './repo';
import { auctionPrice, type AuctionOrder } from './auction';
import { acceptsOrders, auctionDueAt, fillTradeDateOf, idxExpiryOf, idxSessionAt, isContinuous, settlementDate } from './sessions';
import { idxRatesOf } from './settings';

export const IDX_MARKET = 'IDSS' as const;
const D = (v: string | TradingDecimal): TradingDecimal => new TradingDecimal(v);
const positive = (v: string) => D(v).gt(0);

/** IDR cash (the main wallet), a stock's shares, and the unsettled proceeds of sales. */
export const idrCashOf = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
export const idxSharesOf = (userId: string, code: string): AccountRef => ({ userId, currency: code, purpose: 'IDX' });
export const idxUnsettledOf = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'IDX_UNSETTLED' });

export interface IdxRulesDeps {
  readonly market: Pick<MarketRuntime, 'instrument' | 'instruments' | 'ticker' | 'orderBook' | 'halts' | 'now'>;
  readonly settings: IdxConfig;
  /** The user's identity check status (VERIFIED opens trading). */
  readonly kycStatus: (userId: string) => Promise<string | null>;
  /** 018 until the trading terms are accepted. */
  readonly assertTermsAccepted: (userId: string) => Promise<void>;
  /** Halts (with their reason) and the buy/sell flags as the market module computes them. */
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
}

type Text = Readonly<Record<Language, string>>;
const MESSAGES = {
  required: { id: 'wajib diisi untuk order limit', en: 'is required for a limit order' },
  unused: { id: 'tidak dipakai oleh order market', en: 'is not used by a market order' },
  notSupported: { id: 'saham Indonesia menerima order limit dan market', en: 'Indonesian stocks take limit and market orders' },
  lot: { id: 'harus kelipatan 100 lembar (1 lot)', en: 'must be a whole number of lots (100 shares)' },
  filled: { id: 'harus lebih besar dari yang sudah terisi', en: 'must be more than what has already filled' },
} satisfies Record<string, Text>;

const invalid = (path: string, message: Text, language: Language): AppError => new AppError('002', { details: [{ path, message: message[language] }] });

/** The day's [ARB, ARA] limits of a stock from its previous close. */
export function bandOf(previousClose: string | number): { low: number; high: number } {
  return idxBand(Number(previousClose));
}

/** Refusals of a price: off the grid (3902), outside the band (3903). Null when it is fine. */
export function priceRefusal(price: string, band: { low: number; high: number }): ErrorCode | null {
  if (!/^\d+$/.test(price) || !isOnIdxGrid(Number(price))) return '3902';
  const p = Number(price);
  if (p < band.low || p > band.high) return '3903';
  return null;
}

/** A quantity in shares that is a whole, positive number of lots. */
export const isWholeLots = (quantity: string): boolean => /^\d+$/.test(quantity) && Number(quantity) > 0 && Number(quantity) % IDX_LOT_SIZE === 0;

export type IdxRules = ReturnType<typeof createIdxRules>;

export function createIdxRules(deps: IdxRulesDeps) {
  const { market, settings } = deps;
  const ratesOf = (side: 'BUY' | 'SELL') => idxRatesOf(settings, side);

  function assertOrdersOn(): void {
    if (!settings.ordersEnabled) throw new AppError('3905');
  }

  function instrument(symbol: string): Instrument {
    const inst = market.instrument(symbol.toUpperCase());
    if (!inst || inst.kind !== 'idx') throw new AppError('003');
    return inst;
  }

  function byStockId(stockId: number): Instrument {
    const inst = market.instruments().find((i) => i.kind === 'idx' && i.id === stockId);
    if (!inst) throw new AppError('003');
    return inst;
  }

  /** Today's band from the previous close (the ticker's open24h: IDX's previous close). */
  const bandFor = (symbol: string) => {
    const t = market.ticker(symbol);
    return { previousClose: t.open24h, ...bandOf(t.open24h) };
  };

  function checkQuantity(quantity: string | undefined, path: string, language: Language): TradingDecimal {
    if (quantity === undefined) throw invalid(path, MESSAGES.required, language);
    if (!isWholeLots(quantity)) throw new AppError('3901', { details: [{ path, message: MESSAGES.lot[language] }] });
    return D(quantity);
  }

  function checkPrice(price: string, symbol: string, path: string, language: Language): TradingDecimal {
    const band = bandFor(symbol);
    const refusal = priceRefusal(price, band);
    if (refusal === '3902') {
      const tick = /^\d+$/.test(price) ? idxTickSize(Number(price)) : 1;
      throw new AppError('3902', { details: [{ path, message: language === 'id' ? `harus kelipatan Rp${tick}` : `must be a multiple of Rp${tick}` }] });
    }
    if (refusal === '3903') {
      throw new AppError('3903', { details: [{ path, message: `ARB Rp${band.low} – ARA Rp${band.high}` }] });
    }
    return D(price);
  }

  /** What one open leg may still spend (buy: IDR, fee included) or deliver (sell: shares). */
  function legNeeds(order: OrderShape): TradingDecimal {
    const rest = D(order.execQuantity ?? '0').minus(order.filledQuantity);
    if (order.side === 'SELL') return TradingDecimal.max(rest, D('0'));
    const whole = chargesForBase('BUY', D(order.filledAmount).plus(rest.times(order.limitPrice ?? '0')), ratesOf('BUY'));
    return TradingDecimal.max(D(whole.total).minus(order.total), D('0'));
  }

  function holdNeeds(legs: readonly OrderShape[]): string {
    let most = D('0');
    for (const leg of legs) most = TradingDecimal.max(most, legNeeds(leg));
    return plain(most);
  }

  /** A market order: the best opposite level only (a limit at that price), inside the band. */
  function walkAtBest(side: 'BUY' | 'SELL', symbol: string, quantity: string, book: Pick<OrderBook, 'bids' | 'asks'> = market.orderBook(symbol)): BookWalkResult {
    return walkBook({ side, book, quantity, quantityStep: String(IDX_LOT_SIZE), rates: ratesOf(side), bandPercent: '0', pricePrecision: 2 });
  }

  function plan(spec: OrderSpec, inst: Instrument, context: { language: Language }): OrderPlan {
    const { language } = context;
    if (spec.orderType !== 'LIMIT' && spec.orderType !== 'MARKET') throw new AppError('3806', { details: [{ path: 'orderType', message: MESSAGES.notSupported[language] }] });
    if (spec.leverage !== undefined && !D(spec.leverage).eq(1)) throw new AppError('3806');
    if (spec.inputType !== 'quantity' || spec.amount !== undefined) throw invalid('amount', MESSAGES.unused, language);
    const quantity = checkQuantity(spec.quantity, 'quantity', language);
    const planned: OrderSpec = { ...spec, quantity: plain(quantity) };

    if (spec.orderType === 'MARKET') {
      if (spec.limitPrice !== undefined) throw invalid('unitPrice', MESSAGES.unused, language);
      const walk = walkAtBest(spec.side, inst.symbol, plain(quantity));
      if (!walk.ok) throw new AppError('3705');
      const band = bandFor(inst.symbol);
      if (priceRefusal(walk.bestPrice, band) === '3903') throw new AppError('3903');
      return {
        spec: planned,
        asset: inst.symbol,
        execQuantity: null,
        legs: [{ ocoLeg: null, limitPrice: null, stopPrice: null }],
        hold: null,
        walk,
        estimate: { price: walk.averagePrice, quantity: walk.quantity, base: walk.base, fee: walk.fee, tax: walk.tax, total: walk.total, worstPrice: walk.worstPrice },
      };
    }

    if (spec.limitPrice === undefined) throw invalid('unitPrice', MESSAGES.required, language);
    const price = checkPrice(spec.limitPrice, inst.symbol, 'unitPrice', language);
    const charges = chargesForBase(spec.side, quantity.times(price), ratesOf(spec.side));
    const shape: OrderShape = {
      side: spec.side,
      orderType: 'LIMIT',
      ocoLeg: null,
      triggered: false,
      amount: null,
      execQuantity: plain(quantity),
      limitPrice: plain(price),
      stopPrice: null,
      filledQuantity: '0',
      filledAmount: '0',
      total: '0',
    };
    return {
      spec: planned,
      asset: inst.symbol,
      execQuantity: plain(quantity),
      legs: [{ ocoLeg: null, limitPrice: plain(price), stopPrice: null }],
      hold: { currency: spec.side === 'BUY' ? 'IDR' : inst.symbol, amount: holdNeeds([shape]) },
      walk: null,
      estimate: { price: plain(price), quantity: plain(quantity), base: charges.base, fee: charges.fee, tax: charges.tax, total: charges.total, worstPrice: null },
    };
  }

  function planAmend(order: Parameters<MarketRules['planAmend']>[0], _group: unknown, body: AmendRequest, inst: Instrument, language: Language): Map<string, OrderChange> {
    if (order.orderType !== 'LIMIT') throw new AppError('9605');
    if (body.amount !== undefined || body.stopPrice !== undefined) throw invalid(body.amount !== undefined ? 'amount' : 'stopPrice', MESSAGES.unused, language);
    const change: OrderChange = {};
    if (body.limitPrice !== undefined) change.limitPrice = plain(checkPrice(body.limitPrice, inst.symbol, 'unitPrice', language));
    if (body.quantity !== undefined) {
      const q = checkQuantity(body.quantity, 'quantity', language);
      if (!q.gt(order.filledQuantity)) throw invalid('quantity', MESSAGES.filled, language);
      change.quantity = plain(q);
      change.execQuantity = plain(q);
    }
    return new Map([[order.id, change]]);
  }

  /**
   * A call auction's uncross (decision 0018): the collected orders (their unfilled shares, in
   * arrival order) and the market's standing book inside the day's band (each level an order that
   * arrived before them) meet at auctionPrice's one price; the collected orders' shares of it.
   */
  function uncross(symbol: string, orders: Parameters<NonNullable<MarketRules['uncross']>>[1], book: Pick<OrderBook, 'bids' | 'asks'>) {
    const band = bandFor(symbol);
    const inBand = (price: string) => D(price).gte(band.low) && D(price).lte(band.high);
    const standing = (side: 'BUY' | 'SELL', levels: OrderBook['bids']): AuctionOrder[] =>
      levels.filter((l) => inBand(l.price)).map((l) => ({ id: `book:${side}:${l.price}`, side, price: Number(l.price), quantity: Number(l.quantity), seq: 0 }));
    const collected = orders.map(
      (o, i): AuctionOrder => ({ id: o.id, side: o.side, price: Number(o.limitPrice), quantity: D(o.execQuantity ?? '0').minus(o.filledQuantity).toNumber(), seq: i + 1 }),
    );
    const result = auctionPrice([...standing('BUY', book.bids), ...standing('SELL', book.asks), ...collected.filter((o) => o.quantity > 0)], Number(band.previousClose));
    if (result.price === null) return null;
    const fills = new Map<string, string>();
    for (const o of collected) {
      const q = result.fills.get(o.id);
      if (q) fills.set(o.id, String(q));
    }
    return fills.size === 0 ? null : { price: String(result.price), volume: String(result.volume), fills };
  }

  const rules = {
    market: IDX_MARKET,
    currency: 'IDR',
    keys: { fill: 'idx-fill', hold: 'idx-hold' },
    settings,
    instrument,
    byStockId,
    bandFor,
    lastPrice: (symbol: string) => market.ticker(symbol).price,

    /** Terms accepted (018), identity verified (007), IDX orders switched on (3905). */
    async assertMayTrade(userId: string): Promise<void> {
      const [terms, kyc] = await Promise.all([
        deps.assertTermsAccepted(userId).then(
          () => null,
          (error: unknown) => ({ error }),
        ),
        deps.kycStatus(userId),
      ]);
      if (terms) throw terms.error;
      if (kyc !== 'VERIFIED') throw new AppError('007');
      assertOrdersOn();
    },
    assertOrdersOn,

    /** Halts (3701 with the halt's reason), product flags (3702/3703), the session (3904; market orders 3906). */
    async assertTradable({ spec, instrument: inst, language, amending }: Parameters<MarketRules['assertTradable']>[0]): Promise<void> {
      await market.halts.fresh();
      if (market.halts.get(inst.symbol)) {
        const info = await deps.productInfo(inst.symbol, language);
        const reason = info.tradingHaltReason?.title;
        throw new AppError('3701', reason ? { details: [{ path: 'stockId', message: reason }] } : {});
      }
      const session = idxSessionAt(market.now());
      if (!acceptsOrders(session)) throw new AppError('3904');
      if (amending) return;
      if (spec.orderType === 'MARKET' && !isContinuous(session)) throw new AppError('3906');
      const info = await deps.productInfo(inst.symbol, language);
      if (!(spec.side === 'BUY' ? info.enableBuy : info.enableSell)) throw new AppError(spec.side === 'BUY' ? '3702' : '3703');
    },

    plan,
    planAmend,
    pricePrecision: () => 2,
    fillNumbers: (order: Parameters<MarketRules['fillNumbers']>[0], levels: Parameters<MarketRules['fillNumbers']>[1]) => fillNumbers(order, levels, ratesOf(order.side)),
    holdNeeds,
    walk: (order: Parameters<MarketRules['walk']>[0], book: Parameters<MarketRules['walk']>[1]) =>
      walkAtBest(order.side, order.symbol, plain(D(order.execQuantity ?? order.quantity ?? '0').minus(order.filledQuantity)), book),

    holdAccount: (order: Parameters<MarketRules['holdAccount']>[0]) => (order.side === 'BUY' ? idrCashOf(order.userId) : idxSharesOf(order.userId, order.asset)),
    /** A buy reserves cash first, then unsettled sale proceeds (they may buy stocks, not be withdrawn). */
    holdAccounts: (order: Parameters<MarketRules['holdAccount']>[0]) =>
      order.side === 'BUY' ? [idrCashOf(order.userId), idxUnsettledOf(order.userId)] : [idxSharesOf(order.userId, order.asset)],
    /**
     * A buy pays cash and receives the shares at once. A sale delivers the shares at once and its
     * proceeds (less fee and tax) wait in IDX_UNSETTLED for the T+2 settlement. What a buy captures
     * from its unsettled hold comes into cash first, in the same transfer, and is paid with the rest.
     */
    fillLegs(order: Parameters<MarketRules['fillLegs']>[0], n: Parameters<MarketRules['fillLegs']>[1], captured: Parameters<MarketRules['fillLegs']>[2] = []): TransferLeg[] {
      const shares = idxSharesOf(order.userId, order.asset);
      const inventory = (currency: string): AccountRef => ({ house: 'INVENTORY', currency });
      const legs: TransferLeg[] = [];
      if (order.side === 'BUY') {
        const cash = idrCashOf(order.userId);
        const fromUnsettled = captured.filter((c) => 'purpose' in c.account && c.account.purpose === 'IDX_UNSETTLED').reduce((sum, c) => sum.plus(c.amount), D('0'));
        if (fromUnsettled.gt(0)) legs.push({ from: idxUnsettledOf(order.userId), to: cash, amount: plain(fromUnsettled) });
        if (positive(n.amount)) legs.push({ from: cash, to: inventory('IDR'), amount: n.amount });
        legs.push({ from: inventory(order.asset), to: shares, amount: n.quantity });
        if (positive(n.fee)) legs.push({ from: cash, to: { house: 'FEES', currency: 'IDR' }, amount: n.fee });
        if (positive(n.tax)) legs.push({ from: cash, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: n.tax });
      } else {
        const unsettled = idxUnsettledOf(order.userId);
        legs.push({ from: shares, to: inventory(order.asset), amount: n.quantity });
        if (positive(n.amount)) legs.push({ from: inventory('IDR'), to: unsettled, amount: n.amount });
        if (positive(n.fee)) legs.push({ from: unsettled, to: { house: 'FEES', currency: 'IDR' }, amount: n.fee });
        if (positive(n.tax)) legs.push({ from: unsettled, to: { house: 'TAX_PAYABLE', currency: 'IDR' }, amount: n.tax });
      }
      return legs;
    },
    /** A sale's settlement due: its net proceeds, settling two IDX trading days after the trade date. */
    async afterFill(ops: Parameters<NonNullable<MarketRules['afterFill']>>[0], order: Parameters<NonNullable<MarketRules['afterFill']>>[1], fill: Parameters<NonNullable<MarketRules['afterFill']>>[2]): Promise<void> {
      if (order.side !== 'SELL' || !positive(fill.total)) return;
      const tradeDate = fillTradeDateOf(market.now());
      await idxRepoOf(ops.db).addDue({ fillId: fill.id, userId: order.userId, symbol: order.symbol, amount: fill.total, tradeDate, settlementDate: settlementDate(tradeDate) });
    },
    fillCurrencies: (order: { asset: string }) => ['IDR', order.asset],
    /** Short of shares (open sells hold theirs): 1116; short of cash: 1115. */
    insufficientCode: (error: InsufficientFunds): ErrorCode => ('purpose' in error.account && error.account.purpose === 'IDX' ? '1116' : '1115'),

    marketOrderAt: (_inst: Instrument, _spec: unknown, now: number) => {
      const session = idxSessionAt(now);
      if (isContinuous(session)) return 'EXECUTE' as const;
      return { refuse: (acceptsOrders(session) ? '3906' : '3904') as ErrorCode };
    },
    /** Resting orders match in sessions I and II; the book stands still in the auctions, the lunch break and after the close. */
    mayMatch: (_order: unknown, now: number) => isContinuous(idxSessionAt(now)),
    expiresAt: (spec: { timeInForce: OrderSpec['timeInForce'] }, _inst: Instrument, now: number) => {
      const at = idxExpiryOf(spec.timeInForce, now);
      return at === null ? null : new Date(at);
    },

    /** The pre-opening and pre-closing call auctions, due once each has ended (sessions.ts). */
    auctionDue: (symbol: string, now: number) => (market.instrument(symbol)?.kind === 'idx' ? auctionDueAt(now) : null),
    uncross,
  } satisfies MarketRules & Record<string, unknown>;
  return rules;
}
