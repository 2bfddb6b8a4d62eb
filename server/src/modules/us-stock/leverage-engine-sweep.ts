// The scheduled work of the leveraged US market on the margin engine (USSTOCK_LEV, decision 0017),
// one pass per call from the leverage sweep (the lease holder, every US_LEVERAGE_SWEEP_SECONDS, and
// whenever the market clock moves): the 4x close before the regular close of the day a position
// opened (early closes included), 2x financing per trading day held over its regular close, the
// holds grown or shrunk to margin + unrealized loss, and the marks (liquidation, margin call, TP/SL
// and their expiry) for every stock with a position in the at-risk index.
//
// Exactly once comes from the engine's keys, not from the lease: a 4x close is the reduce-only
// order `intraday:<position>:v<version>` (the same request id again places nothing), financing the
// charge run `cfd:financing:<symbol>:<New York day>` with a ledger key per position (the run key
// names the symbol since a run is one symbol's).
import Decimal from 'decimal.js';
import { and, eq, min, ne } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import type { MarginMarket } from '../../trading/margin/api';
import type { MarginEngineImpl } from '../../trading/margin/engine';
import { marginPositions } from '../../trading/margin/tables';
import type { UsStockConfig } from '../../config';
import { dailyFinancing, financingDays, intradayCutoff, regularCloseOf } from './leverage-math';
import { US_LEV_MARKET } from './leverage-rules';

/** Passes between two rebuilds of the at-risk index from the database (another instance's positions). */
const REINDEX_EVERY = 30;
/** The charge kind of 2x financing (a ledger transfer kind). */
export const CFD_FINANCING = 'CFD_FINANCING';

export interface LeveragedEngineSweepDeps {
  readonly db: PasarDb;
  readonly margin: Pick<MarginEngineImpl, 'fileChanges' | 'refreshIndex' | 'index' | 'onMark' | 'deliverNotices' | 'charge' | 'holdLosses'>;
  readonly market: Pick<MarginMarket, 'closeAtMarket'>;
  readonly settings: UsStockConfig['leverage'];
  /** The US stocks (their symbols). */
  readonly symbols: readonly string[];
  readonly lastPrice: (symbol: string) => string;
  readonly log?: { warn(obj: unknown, msg: string): void };
}

export function createLeveragedEngineSweep(deps: LeveragedEngineSweepDeps): (now: number) => Promise<void> {
  const { db, margin, settings } = deps;
  let passes = 0;
  const open = and(eq(marginPositions.market, US_LEV_MARKET), ne(marginPositions.size, '0'));

  /** 4x positions past the cut-off of the day they opened: closed at market (a halted stock's wait; a late one fills at the last price). */
  async function intradayCloses(now: number): Promise<void> {
    const rows = await db.select().from(marginPositions).where(and(open, eq(marginPositions.book, 'intraday')));
    for (const row of rows) {
      const cutoff = intradayCutoff(row.openedAt.getTime(), settings.intradayCloseMinutes);
      if (cutoff === null || now < cutoff) continue;
      try {
        await deps.market.closeAtMarket({
          userId: row.userId,
          book: row.book,
          symbol: row.symbol,
          side: new Decimal(row.size).isNegative() ? 'BUY' : 'SELL',
          quantity: new Decimal(row.size).abs().toFixed(),
          requestId: `intraday:${row.id}:v${row.version}`,
          reason: 'INTRADAY_CLOSE',
        });
      } catch (error) {
        deps.log?.warn({ err: error, position: row.id }, 'leverage: a 4x close failed');
      }
    }
  }

  /** 2x financing: one charge per position and trading day whose regular close it was held over. */
  async function financing(now: number): Promise<void> {
    const oldest = await db
      .select({ symbol: marginPositions.symbol, openedAt: min(marginPositions.openedAt) })
      .from(marginPositions)
      .where(and(open, eq(marginPositions.book, 'leverage')))
      .groupBy(marginPositions.symbol);
    const rate = new Decimal(settings.financingDailyPercent).div(100).toFixed();
    for (const { symbol, openedAt } of oldest) {
      if (!openedAt) continue;
      for (const day of financingDays(openedAt.getTime(), null, now)) {
        const close = regularCloseOf(day) as number;
        await margin.charge(US_LEV_MARKET, symbol, `cfd:financing:${symbol}:${day}`, CFD_FINANCING, (p) => ({
          // Only the 2x wallet's positions held over that day's close pay; the 4x ones never stay over a close.
          amount: p.book === 'leverage' && p.openedAt.getTime() < close ? dailyFinancing(p, settings.financingDailyPercent).toFixed(2) : '0',
          price: p.markPrice,
          rate,
        }));
      }
    }
  }

  async function marks(now: number): Promise<void> {
    if (passes % REINDEX_EVERY === 0) for (const s of deps.symbols) await margin.refreshIndex(US_LEV_MARKET, s);
    passes += 1;
    await margin.fileChanges();
    for (const symbol of deps.symbols) {
      if (margin.index.size(US_LEV_MARKET, symbol) === 0) continue;
      await margin.onMark(US_LEV_MARKET, symbol, deps.lastPrice(symbol), now);
    }
  }

  return async (now) => {
    for (const [name, step] of [
      ['4x close', intradayCloses],
      ['financing', financing],
      ['holds', async () => void (await margin.holdLosses(US_LEV_MARKET))],
      ['marks', marks],
    ] as const) {
      try {
        await step(now);
      } catch (error) {
        deps.log?.warn({ err: error, step: name }, 'leverage: a margin engine step failed');
      }
    }
    await margin.deliverNotices(US_LEV_MARKET);
  };
}
