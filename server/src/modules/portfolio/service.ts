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
import { averageCostOf, D, percentOf, replayFills, type Position, type Replay } from './average-cost';
import { splitsOf, withSplits } from './splits';
import type { NetWorthPartSource, NetWorthRegistry } from '../../plugins/net-worth';

export interface PortfolioMarket {
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  ticker(symbol: string): Ticker;
}

export interface PortfolioServiceDeps {
  /** The user's fills as the order engine keeps them, oldest first. */
  readonly fills: TradingEngine['fillsOf'];
  /** Balances, and the share accounts' history (where US splits land). */
  readonly ledger: Pick<Ledger, 'userBalances' | 'history'>;
  readonly market: PortfolioMarket;
  /** IDR per USD (the house's mid, 2 decimals) at an instant. */
  readonly usdIdr: (at: number) => string;
  /** What the person owns in one figure (`app.netWorth`): the overview's total. */
  readonly netWorth: Pick<NetWorthRegistry, 'of'>;
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
const NO_POSITION: Position = { quantity: new D(0), costBasis: new D(0), realizedPnl: new D(0) };

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

  /** A page of fills, newest first, each sell with what it realized. */
  function historyPage(fills: readonly FillRow[], replay: Replay, page: number, size: number): { items: PositionHistoryEntry[]; hasMore: boolean } {
    const start = (page - 1) * size;
    const newestFirst = fills.slice().reverse();
    const items = newestFirst.slice(start, start + size).map((fill) => {
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
    return { items, hasMore: newestFirst.length > start + size };
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

  return {
    /** The portfolio's parts of what a person owns (`app.netWorth`): crypto and US holdings at market. */
    netWorthParts(): NetWorthPartSource[] {
      return [
        { key: 'CRYPTO', valueIdr: ({ balances }) => cryptoValueIdr(balances) },
        { key: 'USSTOCK', valueIdr: ({ balances, usdIdr }) => usValueIdr(balances, usdIdr) },
      ];
    },

    async holdings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<AssetHoldingsResponse> {
      const only = query.symbol ? cryptoPair(query.symbol) : undefined;
      const [balances, fills] = await Promise.all([ledger.userBalances(userId), deps.fills(userId, { market: 'CRYPTO', ...(only ? { symbol: only.symbol } : {}) })]);
      return { items: holdingsFrom(balances, replayFills(fills), only), updatedAt: now() };
    },

    async usHoldings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<UsStockHoldingsResponse> {
      const only = query.symbol ? usStock(query.symbol) : undefined;
      const at = now();
      const usdIdr = rateAt(at);
      const [balances, fills] = await Promise.all([ledger.userBalances(userId), deps.fills(userId, { market: 'USSTOCK', ...(only ? { symbol: only.symbol } : {}) })]);
      const replay = await usReplay(userId, balances, fills, only);
      return { assetType: 'USSTOCK', items: usHoldingsFrom(balances, replay, usdIdr.rate, only), usdIdr, updatedAt: at };
    },

    async overview(userId: string): Promise<PortfolioOverview> {
      // The total first: its instant and USD/IDR mid are the overview's, so the parts agree with it.
      const worth = await deps.netWorth.of(userId);
      const at = worth.at;
      const usdIdr: UsdIdrRate = { rate: worth.usdIdr, at };
      const [balances, cryptoFills, usFills] = await Promise.all([
        ledger.userBalances(userId),
        deps.fills(userId, { market: 'CRYPTO' }),
        deps.fills(userId, { market: 'USSTOCK' }),
      ]);
      const cryptoReplay = replayFills(cryptoFills);
      const usReplayed = await usReplay(userId, balances, usFills);
      const holdings = holdingsFrom(balances, cryptoReplay);
      const usHoldings = usHoldingsFrom(balances, usReplayed, usdIdr.rate);
      const cashAccount = cashAccountFrom((purpose) =>
        balances.find((b) => b.currency === 'IDR' && 'purpose' in b.account && b.account.purpose === purpose),
      );
      // §3: the shown IDR total is cash + voucher + free.
      const cash = new D(cashAccount.cashBalance).plus(cashAccount.voucherBalance).plus(cashAccount.freeBalance);
      const cashOnHold = new D(cashAccount.cashOnHold);
      const usdCash = new D(balances.find((b) => isPaln(b) && b.currency === 'USD')?.balance ?? 0);
      const usdCashIdr = toIdr(usdCash, usdIdr.rate, true);

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

      const totals = (assetType: 'CRYPTO' | 'USSTOCK', currency: 'IDR' | 'USD', invested: Decimal, cost: Decimal, realized: Decimal, idr: { invested: Decimal; cost: Decimal; realized: Decimal }): PortfolioMarketTotals => ({
        assetType,
        currency,
        investedValue: text(invested),
        costBasis: text(cost),
        unrealizedPnl: text(invested.minus(cost)),
        unrealizedPnlPercent: text(percentOf(invested.minus(cost), cost)),
        realizedPnl: text(realized),
        idr: { investedValue: text(idr.invested), costBasis: text(idr.cost), unrealizedPnl: text(idr.invested.minus(idr.cost)), realizedPnl: text(idr.realized) },
      });

      const investedValue = cryptoInvested.plus(usInvestedIdr);
      const costBasis = cryptoCost.plus(usCostIdr);
      const unrealized = investedValue.minus(costBasis);
      return {
        totalValue: worth.totalIdr,
        netWorth: worth,
        cash: text(cash),
        cashOnHold: text(cashOnHold),
        investedValue: text(investedValue),
        costBasis: text(costBasis),
        unrealizedPnl: text(unrealized),
        unrealizedPnlPercent: text(percentOf(unrealized, costBasis)),
        realizedPnl: text(cryptoRealized.plus(usRealizedIdr)),
        usdCash: text(usdCash),
        usdCashIdr: text(usdCashIdr),
        usdIdr,
        markets: [
          totals('CRYPTO', 'IDR', cryptoInvested, cryptoCost, cryptoRealized, { invested: cryptoInvested, cost: cryptoCost, realized: cryptoRealized }),
          totals('USSTOCK', 'USD', usInvested, usCost, usRealized, { invested: usInvestedIdr, cost: usCostIdr, realized: usRealizedIdr }),
        ],
        updatedAt: at,
      };
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
