// Chart resolutions per market (§9) and the chart ranges of the asset pages (§3 "Chart range"),
// each range mapped to a resolution the market offers and a from/to window.
import { CHART_RANGES, chartRangeWindow, MARKETS, type ChartRange, type MarketId } from '@pasar/shared';

export type Resolution = string;

/** The resolutions a market's chart offers, in the order of §9. */
export const resolutionsOf = (market: MarketId): readonly Resolution[] => MARKETS[market].resolutions;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Length of one bar in seconds (a month counted as 30 days: only used to size windows). */
export function resolutionSeconds(resolution: Resolution): number {
  switch (resolution) {
    case '1D':
      return DAY;
    case '1W':
      return 7 * DAY;
    case '1M':
      return 30 * DAY;
    default: {
      const minutes = Number(resolution);
      if (!Number.isInteger(minutes) || minutes <= 0) throw new Error(`Unknown resolution ${resolution}`);
      return minutes * MINUTE;
    }
  }
}

/** The resolution a chart opens with: hourly bars where offered, else the market's first. */
export function defaultResolution(market: MarketId): Resolution {
  const list = resolutionsOf(market);
  return list.includes('60') ? '60' : list[0]!;
}

/** `resolution` when the market offers it, else the offered one closest in bar length. */
export function nearestResolution(market: MarketId, resolution: Resolution): Resolution {
  const list = resolutionsOf(market);
  if (list.includes(resolution)) return resolution;
  const wanted = resolutionSeconds(resolution);
  return list.reduce((best, candidate) =>
    Math.abs(resolutionSeconds(candidate) - wanted) < Math.abs(resolutionSeconds(best) - wanted) ? candidate : best,
  );
}

// How far back the trade chart loads for each resolution. Stocks trade about a third of the
// day and five days a week, so an intraday window spans several days to hold enough bars.
const LOOKBACK_SECONDS: Record<Resolution, number> = {
  '1': 1 * DAY,
  '5': 5 * DAY,
  '10': 7 * DAY,
  '15': 10 * DAY,
  '60': 30 * DAY,
  '120': 60 * DAY,
  '240': 120 * DAY,
  '1D': 2 * 365 * DAY,
  '1W': 8 * 365 * DAY,
  '1M': 10 * 365 * DAY,
};

export interface CandleWindow {
  resolution: Resolution;
  /** Epoch seconds. */
  from: number;
  to: number;
}

/** The window the trade chart asks for at a resolution, ending now. */
export function tradeChartWindow(resolution: Resolution, nowMs: number): CandleWindow {
  const to = Math.floor(nowMs / 1000);
  return { resolution, from: to - (LOOKBACK_SECONDS[resolution] ?? 300 * resolutionSeconds(resolution)), to };
}

export const ASSET_CHART_RANGES: readonly ChartRange[] = CHART_RANGES;

/** Stock exchanges close at night and over weekends: a one-day range looks back far enough to find the last session. */
const SESSION_MARKET_DAY_LOOKBACK = 5 * DAY;

export interface RangeWindow extends CandleWindow {
  /** Keep only bars within this many seconds of the last bar (one day: the last session). */
  trimToLastSeconds?: number;
}

/**
 * The resolution and window of a chart range for a market at a moment (the contract's
 * `chartRangeWindow`, narrowed to a resolution the market offers). A one-day range of a market
 * with sessions is the last 24 hours that had trading, which may lie before a weekend: the window
 * reaches back five days and the caller trims the bars to the last day of them (`trimToLastDay`).
 */
export function rangeWindow(range: ChartRange, market: MarketId, nowMs: number): RangeWindow {
  const window = chartRangeWindow(range, MARKETS[market].assetType, nowMs);
  const resolution = nearestResolution(market, window.resolution);
  if (range === 'ONE_DAY' && MARKETS[market].sessionTimeZone !== null) {
    return { resolution, from: window.to - SESSION_MARKET_DAY_LOOKBACK, to: window.to, trimToLastSeconds: DAY };
  }
  return { resolution, from: window.from, to: window.to };
}

/** Bars within `seconds` of the last bar's open (bars carry epoch ms). */
export function trimToLastDay<T extends { t: number }>(bars: readonly T[], seconds: number): T[] {
  const last = bars.at(-1);
  if (!last) return [];
  const cut = last.t - seconds * 1000;
  return bars.filter((bar) => bar.t > cut);
}
