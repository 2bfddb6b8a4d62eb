// The portfolio's rules: crypto holdings valued at the market, the overview totals, and the
// position history. Quantities come from the ledger (SPOT accounts), costs from the user's fills
// (average-cost method, `average-cost.ts`), prices from the market: the ticker's LAST price (what
// the market traded at, as exchanges show a portfolio; the bid would be what a sale gets now).
import {
  POSITION_HISTORY_PAGE_SIZE,
  type AssetHoldingsResponse,
  type CryptoHolding,
  type Instrument,
  type PortfolioOverview,
  type PortfolioQuery,
  type PositionHistoryResponse,
  type Ticker,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { AccountBalance, Ledger } from '../../ledger/api';
import { cashAccountFrom } from '../wallet/account-service';
import { averageCostOf, D, percentOf, replayFills, type Position, type Replay } from './average-cost';
import type { PortfolioRepo } from './repo';

export interface PortfolioMarket {
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  ticker(symbol: string): Ticker;
}

export interface PortfolioServiceDeps {
  readonly repo: Pick<PortfolioRepo, 'fills'>;
  readonly ledger: Pick<Ledger, 'userBalances'>;
  readonly market: PortfolioMarket;
  readonly now?: () => number;
}

/** Average costs carry two more decimals than the pair's prices. */
const AVERAGE_COST_EXTRA_DECIMALS = 2;

const text = (value: Decimal): string => value.toFixed();
const isSpot = (balance: AccountBalance): boolean => 'purpose' in balance.account && balance.account.purpose === 'SPOT';

export function createPortfolioService(deps: PortfolioServiceDeps) {
  const { repo, ledger, market } = deps;
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

  function holdingOf(instrument: Instrument, balance: AccountBalance, position: Position | undefined): CryptoHolding {
    const quantity = new D(balance.balance);
    const tracked = position ?? { quantity: new D(0), costBasis: new D(0), realizedPnl: new D(0) };
    // The ledger is the truth for quantity; should it differ from the fills (units that arrived
    // another way, or a fill committed between the two reads) the cost follows the average.
    const costBasis = tracked.quantity.lte(0)
      ? new D(0)
      : quantity.eq(tracked.quantity)
        ? tracked.costBasis
        : tracked.costBasis.times(quantity).div(tracked.quantity).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    const marketPrice = new D(market.ticker(instrument.symbol).price);
    // Whole Rupiah, rounded down as a sale's base amount is.
    const marketValue = quantity.times(marketPrice).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    const unrealized = marketValue.minus(costBasis);
    return {
      symbol: instrument.symbol,
      asset: instrument.shortName,
      quantity: text(quantity),
      available: text(new D(balance.available)),
      averageCost: text(averageCostOf(tracked, instrument.pricePrecision + AVERAGE_COST_EXTRA_DECIMALS)),
      costBasis: text(costBasis),
      marketPrice: text(marketPrice),
      marketValue: text(marketValue),
      unrealizedPnl: text(unrealized),
      unrealizedPnlPercent: text(percentOf(unrealized, costBasis)),
      realizedPnl: text(tracked.realizedPnl),
    };
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


  return {
    async holdings(userId: string, query: Pick<PortfolioQuery, 'symbol'>): Promise<AssetHoldingsResponse> {
      const only = query.symbol ? cryptoPair(query.symbol) : undefined;
      const [balances, fills] = await Promise.all([ledger.userBalances(userId), repo.fills(userId, only?.symbol)]);
      return { items: holdingsFrom(balances, replayFills(fills), only), updatedAt: now() };
    },

    async overview(userId: string): Promise<PortfolioOverview> {
      const [balances, fills] = await Promise.all([ledger.userBalances(userId), repo.fills(userId)]);
      const replay = replayFills(fills);
      const holdings = holdingsFrom(balances, replay);
      const cashAccount = cashAccountFrom((purpose) =>
        balances.find((b) => b.currency === 'IDR' && 'purpose' in b.account && b.account.purpose === purpose),
      );
      // §3: the shown IDR total is cash + voucher + free.
      const cash = new D(cashAccount.cashBalance).plus(cashAccount.voucherBalance).plus(cashAccount.freeBalance);
      const cashOnHold = new D(cashAccount.cashOnHold);
      const sum = (pick: (h: CryptoHolding) => string) => holdings.reduce((acc, h) => acc.plus(pick(h)), new D(0));
      const investedValue = sum((h) => h.marketValue);
      const costBasis = sum((h) => h.costBasis);
      const unrealized = investedValue.minus(costBasis);
      // Realized over every pair ever traded, closed positions included.
      const realized = [...replay.positions.values()].reduce((acc, p) => acc.plus(p.realizedPnl), new D(0));
      return {
        totalValue: text(cash.plus(cashOnHold).plus(investedValue)),
        cash: text(cash),
        cashOnHold: text(cashOnHold),
        investedValue: text(investedValue),
        costBasis: text(costBasis),
        unrealizedPnl: text(unrealized),
        unrealizedPnlPercent: text(percentOf(unrealized, costBasis)),
        realizedPnl: text(realized),
        updatedAt: now(),
      };
    },

    /** Fills newest first, a page at a time, each sell with what it realized. */
    async positionHistory(userId: string, query: Pick<PortfolioQuery, 'symbol' | 'page' | 'size'>): Promise<PositionHistoryResponse> {
      const only = query.symbol ? cryptoPair(query.symbol) : undefined;
      const page = query.page ?? 1;
      const size = query.size ?? POSITION_HISTORY_PAGE_SIZE;
      const fills = await repo.fills(userId, only?.symbol);
      const { realizedBySell } = replayFills(fills);
      const start = (page - 1) * size;
      const newestFirst = fills.slice().reverse();
      const items = newestFirst.slice(start, start + size).map((fill) => {
        const realized = realizedBySell.get(fill.id);
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
      return { items, page, hasMore: newestFirst.length > start + size };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
