// The portfolio's rules: holdings valued at the market (crypto in IDR; US stocks in USD with their
// IDR equivalents), the overview totals in IDR, and the position history. Quantities come from the
// ledger (crypto SPOT accounts, US shares in the PALN wallet), costs from the user's fills as the
// order engine keeps them (average-cost method, `average-cost.ts`), prices from the market: the
// ticker's LAST price (what the market traded at, as exchanges show a portfolio; the bid would be
// what a sale gets now). USD becomes IDR at the house's USD/IDR mid, named in every answer.
import {
  POSITION_HISTORY_PAGE_SIZE,
  type AssetHoldingsResponse,
  type CryptoHolding,
  type Instrument,
  type PortfolioMarketTotals,
  type PortfolioOverview,
  type PortfolioQuery,
  type IdxHoldingsResponse,
  type MarketPositionHistoryResponse,
  type PerpHoldingsResponse,
  type Pocket,
  type PocketHoldingsResponse,
  type ValueHistoryRange,
  type ValueHistoryResponse,
  type PositionHistoryEntry,
  type PositionHistoryResponse,
  type Ticker,
  type UsdIdrRate,
  type UsStockHolding,
  type UsStockHoldingsResponse,
  type UsStockPositionHistoryResponse,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { AccountBalance, Ledger } from '../../ledger/api';
import type { FillRow, TradingEngine } from '../../trading';
import { cashAccountFrom } from '../wallet/account-service';
import { averageCostOf, D, EMPTY_POSITION, percentOf, replayFills, type Position, type Replay } from './average-cost';
import { splitsOf, withSplits } from './splits';
import type { NetWorthPartSource, NetWorthRegistry } from '../../plugins/net-worth';
import type { Market } from '../../trading';
import type { SnapshotPosition, SnapshotRepo } from './snapshot';
import type { MarginEngine } from '../../trading/margin/api';
import type { MarginFillReads } from '../../trading/margin/fill-reads';
import { allocationOf } from './allocation';
import { changePercent, wibDay, type DailyValuesRepo } from './daily-values';

/** The margin engine's book of perps positions, the US CFD wallets' books and the CFDs' engine market. */
const PERP_BOOK = 'PERP';
const CFD_BOOKS = ['leverage', 'intraday'] as const;
const CFD_MARKET: Market = 'USSTOCK_LEV';

export interface PortfolioMarket {
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  ticker(symbol: string): Ticker;
}

export interface PortfolioServiceDeps {
  /** The user's fills as the order engine keeps them, oldest first. */
  readonly fills: TradingEngine['fillsOf'];
  /** Balances, and the share accounts' history (where US splits land). */
  readonly ledger: Pick<Ledger, 'userBalances' | 'history' | 'memosOf'>;
  readonly market: PortfolioMarket;
  /** IDR per USD (the house's mid, 2 decimals) at an instant. */
  readonly usdIdr: (at: number) => string;
  /** What the person owns in one figure (`app.netWorth`): the overview's total. */
  readonly netWorth: Pick<NetWorthRegistry, 'of'>;
  /** The position snapshot kept by fills (`snapshot.ts`): positions without a replay. */
  readonly snapshot: Pick<SnapshotRepo, 'positions'>;
  /** Open positions of the margined markets (perps, US CFDs) and the CFD wallets' exposure. */
  readonly margin: Pick<MarginEngine, 'positions' | 'exposure'>;
  /** A page of a margined market's fills, and its closed positions' totals (realized P&L, fees, funding). */
  readonly marginReads: Pick<MarginFillReads, 'fillsPage' | 'closedTotals'>;
  /** The daily values (the day change's base, the value-over-time chart). */
  readonly daily: Pick<DailyValuesRepo, 'lastBefore' | 'history'>;
  readonly now?: () => number;
}

/** Average costs carry two more decimals than the instrument's prices. */
const AVERAGE_COST_EXTRA_DECIMALS = 2;
/** USD figures are cents. */
const USD_DECIMALS = 2;

const text = (value: Decimal): string => value.toFixed();
const isSpot = (balance: AccountBalance): boolean => 'purpose' in balance.account && balance.account.purpose === 'SPOT';
const isPaln = (balance: AccountBalance): boolean => 'purpose' in balance.account && balance.account.purpose === 'USD_PALN';
const sumOf = <T>(items: readonly T[], pick: (item: T) => Decimal.Value): Decimal => items.reduce((acc, item) => acc.plus(pick(item)), new D(0));
const NO_POSITION: Position = EMPTY_POSITION;

/** Snapshot positions of one market as a replay's positions (no per-sell figures: pages replay those). */
export function replayOfSnapshot(positions: readonly SnapshotPosition[], market: Market): Replay {
  return { positions: new Map(positions.filter((p) => p.market === market).map((p) => [p.symbol, p])), realizedBySell: new Map() };
}

/**
 * The cost basis of what the ledger holds: the ledger is the truth for quantity; should it differ
 * from the fills (units that arrived another way, or a fill committed between the two reads) the
 * cost follows the average.
 */
function costBasisOf(quantity: Decimal, tracked: Position, decimals: number): Decimal {
  if (tracked.quantity.lte(0)) return new D(0);
  if (quantity.eq(tracked.quantity)) return tracked.costBasis;
  return tracked.costBasis.times(quantity).div(tracked.quantity).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

/** Units at a price, rounded down to `decimals` (what a sale would bring). */
const valueAt = (quantity: Decimal.Value, price: Decimal.Value, decimals: number): Decimal =>
  new D(quantity).times(price).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);

/**
 * A holding's figures in its market's currency: the ledger's quantity at the last price, value
 * rounded down to `decimals` (as a sale's proceeds), cost from the fills, and the P&L.
 */
function valuationOf(balance: AccountBalance, tracked: Position, lastPrice: string, decimals: number, averageDecimals: number) {
  const quantity = new D(balance.balance);
  const costBasis = costBasisOf(quantity, tracked, decimals);
  const marketPrice = new D(lastPrice);
  const marketValue = valueAt(quantity, marketPrice, decimals);
  const unrealized = marketValue.minus(costBasis);
  const averageCost = averageCostOf(tracked, averageDecimals);
  return {
    raw: { costBasis, marketPrice, marketValue, averageCost },
    figures: {
      quantity: text(quantity),
      available: text(new D(balance.available)),
      averageCost: text(averageCost),
      costBasis: text(costBasis),
      marketPrice: text(marketPrice),
      marketValue: text(marketValue),
      unrealizedPnl: text(unrealized),
      unrealizedPnlPercent: text(percentOf(unrealized, costBasis)),
      realizedPnl: text(tracked.realizedPnl),
    },
  };
}

export function createPortfolioService(deps: PortfolioServiceDeps) {
  const { ledger, market } = deps;
  const now = deps.now ?? Date.now;

  /** The IDR pair of each asset the user can hold in SPOT ("BTC" → BTC-IDR). */
  const pairOfAsset = new Map<string, Instrument>();
  for (const instrument of market.instruments()) {
    if (instrument.kind === 'crypto' && instrument.quoteCurrency === 'IDR') pairOfAsset.set(instrument.shortName, instrument);
  }

  /** A crypto IDR pair by its symbol (any case); 003 for anything else. */
  function cryptoPair(symbol: string): Instrument {
    const instrument = market.instrument(symbol.toUpperCase());
    if (!instrument || instrument.kind !== 'crypto' || instrument.quoteCurrency !== 'IDR') throw new AppError('003');
    return instrument;
  }

  /** A US stock by its ticker (any case); 003 for anything else. */
  function usStock(symbol: string): Instrument {
    const instrument = market.instrument(symbol.toUpperCase());
    if (!instrument || instrument.kind !== 'usstock') throw new AppError('003');
    return instrument;
  }

  function rateAt(at: number): UsdIdrRate {
    return { rate: deps.usdIdr(at), at };
  }

  function holdingOf(instrument: Instrument, balance: AccountBalance, position: Position | undefined): CryptoHolding {
    // Whole Rupiah.
    const { figures } = valuationOf(balance, position ?? NO_POSITION, market.ticker(instrument.symbol).price, 0, instrument.pricePrecision + AVERAGE_COST_EXTRA_DECIMALS);
    return { symbol: instrument.symbol, asset: instrument.shortName, ...figures };
  }

  /** Holdings (units > 0) of every crypto pair, or of one; largest market value first. */
  function holdingsFrom(balances: readonly AccountBalance[], replay: Replay, only?: Instrument): CryptoHolding[] {
    const items: CryptoHolding[] = [];
    for (const balance of balances) {
      if (!isSpot(balance) || new D(balance.balance).lte(0)) continue;
      const instrument = pairOfAsset.get(balance.currency);
      if (!instrument || (only && instrument.symbol !== only.symbol)) continue;
      items.push(holdingOf(instrument, balance, replay.positions.get(instrument.symbol)));
    }
    return items.sort((a, b) => new D(b.marketValue).comparedTo(a.marketValue) || a.symbol.localeCompare(b.symbol));
  }

  /** USD → whole Rupiah at `rate` (half up; `down` for values, as a sale's proceeds). */
  const toIdr = (usd: Decimal.Value, rate: string, down = false): Decimal =>
    new D(usd).times(rate).toDecimalPlaces(0, down ? Decimal.ROUND_DOWN : Decimal.ROUND_HALF_UP);

  /** US holdings (shares > 0) in the PALN wallet, or of one ticker; largest value first. */
  function usHoldingsFrom(balances: readonly AccountBalance[], replay: Replay, rate: string, only?: Instrument): UsStockHolding[] {
    const items: UsStockHolding[] = [];
    for (const balance of balances) {
      if (!isPaln(balance) || balance.currency === 'USD' || new D(balance.balance).lte(0)) continue;
      const instrument = market.instrument(balance.currency);
      if (!instrument || instrument.kind !== 'usstock' || (only && instrument.symbol !== only.symbol)) continue;
      const tracked = replay.positions.get(instrument.symbol) ?? NO_POSITION;
      const { raw, figures } = valuationOf(balance, tracked, market.ticker(instrument.symbol).price, USD_DECIMALS, instrument.pricePrecision + AVERAGE_COST_EXTRA_DECIMALS);
      const costBasisIdr = toIdr(raw.costBasis, rate);
      const marketValueIdr = toIdr(raw.marketValue, rate, true);
      items.push({
        assetType: 'USSTOCK',
        symbol: instrument.symbol,
        currency: 'USD',
        ...figures,
        idr: {
          averageCost: text(toIdr(raw.averageCost, rate)),
          costBasis: text(costBasisIdr),
          marketPrice: text(toIdr(raw.marketPrice, rate)),
          marketValue: text(marketValueIdr),
          // So the IDR figures add up: value − cost.
          unrealizedPnl: text(marketValueIdr.minus(costBasisIdr)),
          realizedPnl: text(toIdr(tracked.realizedPnl, rate)),
        },
      });
    }
    return items.sort((a, b) => new D(b.marketValue).comparedTo(a.marketValue) || a.symbol.localeCompare(b.symbol));
  }

  /**
   * The US fills (oldest first) replayed in cents with the splits of every ticker they or the PALN
   * wallet name (of one ticker when given), each in its place in time (`splits.ts`).
   */
  async function usReplay(userId: string, balances: readonly AccountBalance[], fills: readonly FillRow[], only?: Instrument): Promise<Replay> {
    const tickers = new Set(fills.map((fill) => fill.symbol));
    for (const balance of balances) if (isPaln(balance) && balance.currency !== 'USD') tickers.add(balance.currency);
    if (only) for (const ticker of [...tickers]) if (ticker !== only.symbol) tickers.delete(ticker);
    const splits = (await Promise.all([...tickers].map((ticker) => splitsOf(ledger, userId, ticker)))).flat();
    return replayFills(withSplits(fills, splits), USD_DECIMALS);
  }

  /**
   * US positions from the snapshot; a ticker with splits (not fills, so not in the snapshot) is
   * replayed with them, its fills alone, as `usReplay` does.
   */
  async function usPositions(userId: string, balances: readonly AccountBalance[], snapshot: readonly SnapshotPosition[], only?: Instrument): Promise<Replay> {
    const replay = replayOfSnapshot(snapshot, 'USSTOCK');
    const positions = new Map(replay.positions);
    const tickers = new Set(positions.keys());
    for (const balance of balances) if (isPaln(balance) && balance.currency !== 'USD') tickers.add(balance.currency);
    for (const ticker of tickers) {
      if (only && ticker !== only.symbol) continue;
      const splits = await splitsOf(ledger, userId, ticker);
      if (splits.length === 0) continue;
      const fills = await deps.fills(userId, { market: 'USSTOCK', symbol: ticker });
      const replayed = replayFills(withSplits(fills, splits), USD_DECIMALS).positions.get(ticker);
      if (replayed) positions.set(ticker, replayed);
    }
    return { positions, realizedBySell: new Map() };
  }

  /** One page of fills, newest first. */
  function fillsPage(fills: readonly FillRow[], page: number, size: number): { rows: FillRow[]; hasMore: boolean } {
    const start = (page - 1) * size;
    const newestFirst = fills.slice().reverse();
    return { rows: newestFirst.slice(start, start + size), hasMore: newestFirst.length > start + size };
  }

  /** A margin fill's realized P&L is the margin engine's, kept in the memo of the fill's ledger transfer. */
  async function marginRealized(rows: readonly FillRow[]): Promise<Map<string, Decimal>> {
    const memos = await ledger.memosOf(rows.map((fill) => fill.transferId));
    const realized = new Map<string, Decimal>();
    for (const fill of rows) {
      const pnl = memos.get(fill.transferId)?.realizedPnl;
      if (typeof pnl === 'string') realized.set(fill.id, new D(pnl));
    }
    return realized;
  }

  function historyPage(fills: readonly FillRow[], replay: Replay, page: number, size: number): { items: PositionHistoryEntry[]; hasMore: boolean } {
    const { rows, hasMore } = fillsPage(fills, page, size);
    return { items: historyRows(rows, replay), hasMore };
  }

  /** Fills as history rows, each sell (or margin fill) with what it realized. */
  function historyRows(rows: readonly FillRow[], replay: Replay): PositionHistoryEntry[] {
    return rows.map((fill) => {
      const realized = replay.realizedBySell.get(fill.id);
      return {
        id: fill.id,
        orderId: fill.orderId,
        symbol: fill.symbol,
        side: fill.side === 'SELL' ? ('SELL' as const) : ('BUY' as const),
        quantity: text(new D(fill.quantity)),
        price: text(new D(fill.price)),
        amount: text(new D(fill.amount)),
        fee: text(new D(fill.fee)),
        tax: text(new D(fill.tax)),
        total: text(new D(fill.total)),
        realizedPnl: realized === undefined ? null : text(realized),
        executedAt: fill.executedAt.toISOString(),
      };
    });
  }

  /** Crypto units in SPOT at the IDR pair's last price, whole Rupiah per holding (as the holdings list). */
  function cryptoValueIdr(balances: readonly AccountBalance[]): Decimal {
    return sumOf(balances, (balance) => {
      const instrument = isSpot(balance) ? pairOfAsset.get(balance.currency) : undefined;
      return instrument ? valueAt(balance.balance, market.ticker(instrument.symbol).price, 0) : 0;
    });
  }

  /** US shares in the PALN wallet at the last price: cents per holding, then whole Rupiah at `rate` (as the holdings list). */
  function usValueIdr(balances: readonly AccountBalance[], rate: string): Decimal {
    return sumOf(balances, (balance) => {
      const instrument = isPaln(balance) && balance.currency !== 'USD' ? market.instrument(balance.currency) : undefined;
      return instrument?.kind === 'usstock' ? toIdr(valueAt(balance.balance, market.ticker(instrument.symbol).price, USD_DECIMALS), rate, true) : 0;
    });
  }

  /** IDX shares at the last price (whole Rupiah per stock) with their snapshot cost; realized over every IDX sale. */
  function idxHoldingsFrom(balances: readonly AccountBalance[], replay: Replay) {
    const items: { symbol: string; value: Decimal; cost: Decimal }[] = [];
    for (const balance of balances) {
      if (!('purpose' in balance.account) || balance.account.purpose !== 'IDX' || new D(balance.balance).lte(0)) continue;
      const quantity = new D(balance.balance);
      items.push({ symbol: balance.currency, value: valueAt(quantity, market.ticker(balance.currency).price, 0), cost: costBasisOf(quantity, replay.positions.get(balance.currency) ?? NO_POSITION, 0) });
    }
    return { items, realized: sumOf([...replay.positions.values()], (p) => p.realizedPnl) };
  }

  /** What a margined market's positions realized: the open ones' lives so far and every closed one's. */
  async function marginRealizedOf(m: Market, userId: string): Promise<Decimal> {
    const [open, closed] = await Promise.all([deps.margin.positions(m, userId), deps.marginReads.closedTotals(m, userId)]);
    return sumOf(open, (p) => p.realizedPnl).plus(closed.realizedPnl);
  }

  /** The US CFD positions of both leverage wallets (the margin engine's exposure): margin and unrealized P&L, USD. */
  async function cfdExposure(userId: string): Promise<{ margin: Decimal; unrealized: Decimal }> {
    const books = await Promise.all(CFD_BOOKS.map((book) => deps.margin.exposure('USSTOCK_LEV', userId, book)));
    return { margin: sumOf(books, (e) => e.positionMargin), unrealized: sumOf(books, (e) => e.unrealizedPnl) };
  }

  return {
    /** The portfolio's parts of what a person owns (`app.netWorth`): crypto and US holdings at market. */
    netWorthParts(): NetWorthPartSource[] {
      return [
        { key: 'CRYPTO', valueIdr: ({ balances }) => cryptoValueIdr(balances) },
        { key: 'USSTOCK', valueIdr: ({ balances, usdIdr }) => usValueIdr(balances, usdIdr) },
        // Open CFD positions' unrealized P&L (their margin is in the wallets' USD already).
        { key: 'US_CFD', valueIdr: async ({ userId, usdIdr }) => (await cfdExposure(userId)).unrealized.times(usdIdr) },
      ];
    },

    async holdings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<AssetHoldingsResponse> {
      const only = query.symbol ? cryptoPair(query.symbol) : undefined;
      const [balances, snapshot] = await Promise.all([ledger.userBalances(userId), deps.snapshot.positions(userId, 'CRYPTO')]);
      return { items: holdingsFrom(balances, replayOfSnapshot(snapshot, 'CRYPTO'), only), updatedAt: now() };
    },

    async usHoldings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<UsStockHoldingsResponse> {
      const only = query.symbol ? usStock(query.symbol) : undefined;
      const at = now();
      const usdIdr = rateAt(at);
      const [balances, snapshot] = await Promise.all([ledger.userBalances(userId), deps.snapshot.positions(userId, 'USSTOCK')]);
      const replay = await usPositions(userId, balances, snapshot, only);
      return { assetType: 'USSTOCK', items: usHoldingsFrom(balances, replay, usdIdr.rate, only), usdIdr, updatedAt: at };
    },

    async overview(userId: string): Promise<PortfolioOverview> {
      // The total first: its instant and mids are the overview's, so the parts agree with it.
      const worth = await deps.netWorth.of(userId);
      const at = worth.at;
      const usdIdr: UsdIdrRate = { rate: worth.usdIdr, at };
      const [balances, snapshot, perps, perpClosed, cfd, cfdRealized, since] = await Promise.all([
        ledger.userBalances(userId),
        deps.snapshot.positions(userId),
        deps.margin.positions('PERPS', userId, PERP_BOOK),
        deps.marginReads.closedTotals('PERPS', userId, PERP_BOOK),
        cfdExposure(userId),
        marginRealizedOf(CFD_MARKET, userId),
        deps.daily.lastBefore(userId, wibDay(at)),
      ]);
      const cryptoReplay = replayOfSnapshot(snapshot, 'CRYPTO');
      const usReplayed = await usPositions(userId, balances, snapshot);
      const holdings = holdingsFrom(balances, cryptoReplay);
      const usHoldings = usHoldingsFrom(balances, usReplayed, usdIdr.rate);
      const idx = idxHoldingsFrom(balances, replayOfSnapshot(snapshot, 'IDSS'));
      const cashAccount = cashAccountFrom((purpose) =>
        balances.find((b) => b.currency === 'IDR' && 'purpose' in b.account && b.account.purpose === purpose),
      );
      // §3: the shown IDR total is cash + voucher + free.
      const cash = new D(cashAccount.cashBalance).plus(cashAccount.voucherBalance).plus(cashAccount.freeBalance);
      const cashOnHold = new D(cashAccount.cashOnHold);
      const usdCash = new D(balances.find((b) => isPaln(b) && b.currency === 'USD')?.balance ?? 0);
      const usdCashIdr = toIdr(usdCash, usdIdr.rate, true);
      const usdtIdr = worth.usdtIdr;
      const usdtToIdr = (usdt: Decimal.Value) => new D(usdt).times(usdtIdr).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);

      // Realized over everything ever traded, closed positions included.
      const realizedOf = (replay: Replay) => sumOf([...replay.positions.values()], (p) => p.realizedPnl);
      const cryptoInvested = sumOf(holdings, (h) => h.marketValue);
      const cryptoCost = sumOf(holdings, (h) => h.costBasis);
      const cryptoRealized = realizedOf(cryptoReplay);
      const usInvested = sumOf(usHoldings, (h) => h.marketValue);
      const usCost = sumOf(usHoldings, (h) => h.costBasis);
      const usRealized = realizedOf(usReplayed);
      const usInvestedIdr = sumOf(usHoldings, (h) => h.idr.marketValue);
      const usCostIdr = sumOf(usHoldings, (h) => h.idr.costBasis);
      const usRealizedIdr = toIdr(usRealized, usdIdr.rate);
      const idxInvested = sumOf(idx.items, (h) => h.value);
      const idxCost = sumOf(idx.items, (h) => h.cost);
      const cfdMargin = cfd.margin;
      const cfdInvested = cfdMargin.plus(cfd.unrealized);
      const perpMargin = sumOf(perps, (p) => p.margin);
      const perpUnrealized = sumOf(perps, (p) => p.unrealizedPnl);
      // The open positions' P&L so far, and every closed position's (the margin engine's record of each).
      const perpRealized = sumOf(perps, (p) => p.realizedPnl).plus(perpClosed.realizedPnl);

      type Figures = { invested: Decimal; cost: Decimal; realized: Decimal | null };
      const totals = (assetType: PortfolioMarketTotals['assetType'], currency: PortfolioMarketTotals['currency'], own: Figures, idr: Figures): PortfolioMarketTotals => ({
        assetType,
        currency,
        investedValue: text(own.invested),
        costBasis: text(own.cost),
        unrealizedPnl: text(own.invested.minus(own.cost)),
        unrealizedPnlPercent: text(percentOf(own.invested.minus(own.cost), own.cost)),
        realizedPnl: own.realized === null ? null : text(own.realized),
        idr: { investedValue: text(idr.invested), costBasis: text(idr.cost), unrealizedPnl: text(idr.invested.minus(idr.cost)), realizedPnl: idr.realized === null ? null : text(idr.realized) },
      });
      const markets = [
        totals('CRYPTO', 'IDR', { invested: cryptoInvested, cost: cryptoCost, realized: cryptoRealized }, { invested: cryptoInvested, cost: cryptoCost, realized: cryptoRealized }),
        totals('USSTOCK', 'USD', { invested: usInvested, cost: usCost, realized: usRealized }, { invested: usInvestedIdr, cost: usCostIdr, realized: usRealizedIdr }),
        totals('USSTOCK_CFD', 'USD', { invested: cfdInvested, cost: cfdMargin, realized: cfdRealized }, { invested: toIdr(cfdInvested, usdIdr.rate), cost: toIdr(cfdMargin, usdIdr.rate), realized: toIdr(cfdRealized, usdIdr.rate) }),
        totals('IDSS', 'IDR', { invested: idxInvested, cost: idxCost, realized: idx.realized }, { invested: idxInvested, cost: idxCost, realized: idx.realized }),
        totals('PERPS', 'USDT', { invested: perpMargin.plus(perpUnrealized), cost: perpMargin, realized: perpRealized }, { invested: usdtToIdr(perpMargin.plus(perpUnrealized)), cost: usdtToIdr(perpMargin), realized: usdtToIdr(perpRealized) }),
      ];
      const investedValue = sumOf(markets, (m) => m.idr.investedValue);
      const costBasis = sumOf(markets, (m) => m.idr.costBasis);
      const unrealized = investedValue.minus(costBasis);
      const total = new D(worth.totalIdr);
      const base = since ? new D(since.totalIdr) : null;
      return {
        totalValue: worth.totalIdr,
        totalValueUsd: text(total.div(usdIdr.rate).toDecimalPlaces(USD_DECIMALS, Decimal.ROUND_DOWN)),
        netWorth: worth,
        allocation: allocationOf(worth, {
          CRYPTO: holdings.map((h) => ({ key: h.asset, valueIdr: h.marketValue })),
          USSTOCK: usHoldings.map((h) => ({ key: h.symbol, valueIdr: h.idr.marketValue })),
          IDX: idx.items.map((h) => ({ key: h.symbol, valueIdr: h.value })),
        }),
        dayChange: since && base ? { valueIdr: text(total.minus(base)), percent: changePercent(total.minus(base), base), since: since.day } : null,
        cash: text(cash),
        cashOnHold: text(cashOnHold),
        investedValue: text(investedValue),
        costBasis: text(costBasis),
        unrealizedPnl: text(unrealized),
        unrealizedPnlPercent: text(percentOf(unrealized, costBasis)),
        realizedPnl: text(sumOf(markets, (m) => m.idr.realizedPnl ?? 0)),
        usdCash: text(usdCash),
        usdCashIdr: text(usdCashIdr),
        usdIdr,
        usdtIdr,
        markets,
        updatedAt: at,
      };
    },

    /** The daily values over a range, today's value now as the last point. */
    async valueHistory(userId: string, range: ValueHistoryRange): Promise<ValueHistoryResponse> {
      const worth = await deps.netWorth.of(userId);
      return deps.daily.history(userId, range, wibDay(worth.at), worth.totalIdr);
    },

    /** Holdings by the wallet holding them: PALN (USD and shares), the 2x and 4x wallets (USD and CFD positions), the perps margin wallet (USDT and positions). */
    async pocketHoldings(userId: string): Promise<PocketHoldingsResponse> {
      const worth = await deps.netWorth.of(userId);
      const rate = worth.usdIdr;
      const [balances, snapshot, perps] = await Promise.all([ledger.userBalances(userId), deps.snapshot.positions(userId, 'USSTOCK'), deps.margin.positions('PERPS', userId, PERP_BOOK)]);
      const walletCash = (purpose: string, currency: string) => new D(balances.find((b) => b.currency === currency && 'purpose' in b.account && b.account.purpose === purpose)?.balance ?? 0);
      const us = usHoldingsFrom(balances, await usPositions(userId, balances, snapshot), rate);
      const palnCash = walletCash('USD_PALN', 'USD');
      const palnValue = palnCash.plus(sumOf(us, (h) => h.marketValue));
      const pockets: Pocket[] = [
        {
          pocket: 'PALN',
          currency: 'USD',
          cash: text(palnCash),
          holdings: us.map((h) => ({ symbol: h.symbol, quantity: h.quantity, value: h.marketValue, valueIdr: h.idr.marketValue, unrealizedPnl: h.unrealizedPnl })),
          value: text(palnValue),
          valueIdr: text(toIdr(palnValue, rate, true)),
        },
      ];
      for (const [pocket, book, purpose] of [['LEVERAGE', 'leverage', 'USD_LEVERAGE'], ['INTRADAY', 'intraday', 'USD_INTRADAY']] as const) {
        const e = await deps.margin.exposure('USSTOCK_LEV', userId, book);
        const cashUsd = walletCash(purpose, 'USD');
        const value = cashUsd.plus(e.unrealizedPnl);
        pockets.push({ pocket, currency: 'USD', cash: text(cashUsd), holdings: [], value: text(value), valueIdr: text(toIdr(value, rate, true)) });
      }
      const usdt = walletCash('PERP_MARGIN', 'USDT');
      const perpValue = usdt.plus(sumOf(perps, (p) => p.unrealizedPnl));
      const usdtIdr = (v: Decimal.Value) => new D(v).times(worth.usdtIdr).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      pockets.push({
        pocket: 'MARGIN',
        currency: 'USDT',
        cash: text(usdt),
        holdings: perps.map((p) => {
          const value = new D(p.margin).plus(p.unrealizedPnl);
          return { symbol: p.symbol, quantity: text(new D(p.size)), value: text(value), valueIdr: text(usdtIdr(value)), unrealizedPnl: text(new D(p.unrealizedPnl)) };
        }),
        value: text(perpValue),
        valueIdr: text(usdtIdr(perpValue)),
      });
      return { pockets, usdIdr: rate, usdtIdr: worth.usdtIdr, updatedAt: worth.at };
    },

    /** IDX shares held, at the last price, with their snapshot cost (whole Rupiah); largest first. */
    async idxHoldings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<IdxHoldingsResponse> {
      const only = query.symbol?.toUpperCase();
      const [balances, snapshot] = await Promise.all([ledger.userBalances(userId), deps.snapshot.positions(userId, 'IDSS')]);
      const replay = replayOfSnapshot(snapshot, 'IDSS');
      const items: CryptoHolding[] = [];
      for (const balance of balances) {
        if (!('purpose' in balance.account) || balance.account.purpose !== 'IDX' || new D(balance.balance).lte(0)) continue;
        const instrument = market.instrument(balance.currency);
        if (!instrument || (only && instrument.symbol !== only)) continue;
        const { figures } = valuationOf(balance, replay.positions.get(instrument.symbol) ?? NO_POSITION, market.ticker(instrument.symbol).price, 0, instrument.pricePrecision + AVERAGE_COST_EXTRA_DECIMALS);
        items.push({ symbol: instrument.symbol, asset: instrument.symbol, ...figures });
      }
      items.sort((a, b) => new D(b.marketValue).comparedTo(a.marketValue) || a.symbol.localeCompare(b.symbol));
      return { assetType: 'IDSS', currency: 'IDR', items, updatedAt: now() };
    },

    /** The open perpetual positions (the margin engine's), at the mark. */
    async perpHoldings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<PerpHoldingsResponse> {
      const worth = await deps.netWorth.of(userId);
      const only = query.symbol?.toUpperCase();
      const positions = (await deps.margin.positions('PERPS', userId, PERP_BOOK)).filter((p) => !new D(p.size).isZero() && (!only || p.symbol === only));
      return {
        assetType: 'PERPS',
        currency: 'USDT',
        items: positions.map((p) => ({
          symbol: p.symbol,
          side: p.side,
          quantity: text(new D(p.quantity)),
          entryPrice: text(new D(p.entryPrice)),
          markPrice: text(new D(p.markPrice)),
          leverage: p.leverage,
          margin: text(new D(p.margin)),
          unrealizedPnl: text(new D(p.unrealizedPnl)),
          realizedPnl: text(new D(p.realizedPnl)),
          liquidationPrice: p.liquidationPrice,
        })),
        usdtIdr: worth.usdtIdr,
        updatedAt: worth.at,
      };
    },

    /** IDX (IDR, each sale with what it realized) or perps (USDT, each fill with the P&L the margin engine realized) fills newest first. */
    async marketPositionHistory(userId: string, assetType: 'IDSS' | 'PERPS', query: Pick<PortfolioQuery, 'symbol' | 'page' | 'size'>): Promise<MarketPositionHistoryResponse> {
      const page = query.page ?? 1;
      const size = query.size ?? POSITION_HISTORY_PAGE_SIZE;
      const symbol = query.symbol ? { symbol: query.symbol.toUpperCase() } : {};
      if (assetType === 'PERPS') {
        // One page of fills (and one more row: is there a next page), each with the P&L its memo holds.
        const rows = await deps.marginReads.fillsPage(userId, { market: 'PERPS', ...symbol, offset: (page - 1) * size, limit: size + 1 });
        const pageRows = rows.slice(0, size);
        const replay: Replay = { positions: new Map(), realizedBySell: await marginRealized(pageRows) };
        return { assetType, currency: 'USDT', items: historyRows(pageRows, replay), page, hasMore: rows.length > size };
      }
      const fills = await deps.fills(userId, { market: assetType, ...symbol });
      const { items, hasMore } = historyPage(fills, replayFills(fills), page, size);
      return { assetType, currency: 'IDR', items, page, hasMore };
    },

    /** Crypto fills newest first, a page at a time, each sell with what it realized (IDR). */
    async positionHistory(userId: string, query: Pick<PortfolioQuery, 'symbol' | 'page' | 'size'>): Promise<PositionHistoryResponse> {
      const only = query.symbol ? cryptoPair(query.symbol) : undefined;
      const page = query.page ?? 1;
      const fills = await deps.fills(userId, { market: 'CRYPTO', ...(only ? { symbol: only.symbol } : {}) });
      return { ...historyPage(fills, replayFills(fills), page, query.size ?? POSITION_HISTORY_PAGE_SIZE), page };
    },

    /** US fills newest first (USD; `tax` holds a sell's regulatory fees), each sell with what it realized. */
    async usPositionHistory(userId: string, query: Pick<PortfolioQuery, 'symbol' | 'page' | 'size'>): Promise<UsStockPositionHistoryResponse> {
      const only = query.symbol ? usStock(query.symbol) : undefined;
      const page = query.page ?? 1;
      const [balances, fills] = await Promise.all([ledger.userBalances(userId), deps.fills(userId, { market: 'USSTOCK', ...(only ? { symbol: only.symbol } : {}) })]);
      const { items, hasMore } = historyPage(fills, await usReplay(userId, balances, fills, only), page, query.size ?? POSITION_HISTORY_PAGE_SIZE);
      return { assetType: 'USSTOCK', items: items.map((item) => ({ ...item, assetType: 'USSTOCK' as const, currency: 'USD' as const })), page, hasMore };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
