import { CHART_RANGES, chartLayoutOf } from '@pasar/shared';
import {
  defaultResolution,
  nearestResolution,
  rangeWindow,
  resolutionsOf,
  resolutionSeconds,
  tradeChartWindow,
  trimToLastDay,
} from './chart-resolutions';

// Thursday 2026-11-19 15:00 UTC.
const NOW = Date.UTC(2026, 10, 19, 15, 0, 0);
const NOW_S = NOW / 1000;
const DAY = 86_400;

describe('resolutions per market (§9)', () => {
  it('lists each market’s resolutions in the specification’s order', () => {
    expect(resolutionsOf('crypto')).toEqual(['1', '5', '15', '60', '120', '240', '1D', '1W', '1M']);
    expect(resolutionsOf('perps')).toEqual(['1', '5', '15', '60', '240', '1D']);
    expect(resolutionsOf('usstock')).toEqual(['5', '10', '15', '60', '1D', '1W']);
    expect(resolutionsOf('idx')).toEqual(['5', '60', '1D', '1W']);
  });

  it('opens every market on hourly bars', () => {
    for (const market of ['crypto', 'perps', 'usstock', 'idx'] as const) expect(defaultResolution(market)).toBe('60');
  });

  it('narrows a resolution the market lacks to the closest one it offers', () => {
    expect(nearestResolution('idx', '15')).toBe('5');
    expect(nearestResolution('idx', '240')).toBe('60');
    expect(nearestResolution('perps', '1W')).toBe('1D');
    expect(nearestResolution('usstock', '1')).toBe('5');
    expect(nearestResolution('crypto', '120')).toBe('120');
  });

  it('knows the length of every bar', () => {
    expect(resolutionSeconds('15')).toBe(900);
    expect(resolutionSeconds('1D')).toBe(DAY);
    expect(resolutionSeconds('1W')).toBe(7 * DAY);
    expect(() => resolutionSeconds('2X')).toThrow('Unknown resolution');
  });

  it('sizes the trade chart’s window by resolution, ending now', () => {
    expect(tradeChartWindow('1', NOW)).toEqual({ resolution: '1', from: NOW_S - DAY, to: NOW_S });
    expect(tradeChartWindow('60', NOW)).toEqual({ resolution: '60', from: NOW_S - 30 * DAY, to: NOW_S });
    expect(tradeChartWindow('1D', NOW).from).toBe(NOW_S - 730 * DAY);
  });
});

describe('chart ranges (§3) → resolution and window', () => {
  it('maps every range of a crypto pair to a crypto resolution', () => {
    const mapped = Object.fromEntries(CHART_RANGES.map((range) => [range, rangeWindow(range, 'crypto', NOW).resolution]));
    expect(mapped).toEqual({
      ONE_DAY: '5',
      ONE_WEEK: '60',
      ONE_MONTH: '60',
      THREE_MONTH: '1D',
      YEAR_TILL_DATE: '1D',
      ONE_YEAR: '1D',
      ALL: '1W',
    });
    for (const range of CHART_RANGES) expect(resolutionsOf('crypto')).toContain(rangeWindow(range, 'crypto', NOW).resolution);
  });

  it('only ever picks a resolution the market offers', () => {
    for (const market of ['crypto', 'perps', 'usstock', 'idx'] as const) {
      for (const range of CHART_RANGES) expect(resolutionsOf(market)).toContain(rangeWindow(range, market, NOW).resolution);
    }
    // Perpetuals have no weekly bars: ALL draws daily ones.
    expect(rangeWindow('ALL', 'perps', NOW).resolution).toBe('1D');
  });

  it('gives each range its window', () => {
    expect(rangeWindow('ONE_DAY', 'crypto', NOW)).toEqual({ resolution: '5', from: NOW_S - DAY, to: NOW_S });
    expect(rangeWindow('ONE_WEEK', 'crypto', NOW).from).toBe(NOW_S - 7 * DAY);
    expect(rangeWindow('YEAR_TILL_DATE', 'usstock', NOW).from).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect(rangeWindow('ONE_YEAR', 'idx', NOW).from).toBeLessThanOrEqual(NOW_S - 365 * DAY);
    expect(rangeWindow('ALL', 'crypto', NOW).from).toBeLessThan(rangeWindow('ONE_YEAR', 'crypto', NOW).from);
  });

  it('reaches back past a weekend for a stock’s one-day range and trims to the last session', () => {
    const window = rangeWindow('ONE_DAY', 'usstock', NOW);
    expect(window.from).toBe(NOW_S - 5 * DAY);
    expect(window.trimToLastSeconds).toBe(DAY);
    expect(rangeWindow('ONE_DAY', 'crypto', NOW).trimToLastSeconds).toBeUndefined();
  });

  it('trims bars to the day before the last one', () => {
    const hour = 3_600_000;
    const friday = Date.UTC(2026, 10, 13, 20);
    const bars = [friday - 30 * hour, friday - 20 * hour, friday - 2 * hour, friday].map((t) => ({ t }));
    expect(trimToLastDay(bars, DAY).map((bar) => bar.t)).toEqual([friday - 20 * hour, friday - 2 * hour, friday]);
    expect(trimToLastDay([], DAY)).toEqual([]);
  });
});

describe('chart layout kinds (§2)', () => {
  it('follows the market', () => {
    expect(chartLayoutOf(null, false)).toBe('Loading');
    expect(chartLayoutOf('crypto', true)).toBe('CryptoAdvanced');
    expect(chartLayoutOf('crypto', false)).toBe('CryptoInstant');
    expect(chartLayoutOf('perps', true)).toBe('Perps');
    expect(chartLayoutOf('usstock', false)).toBe('USStock');
    expect(chartLayoutOf('idx', false)).toBe('USStock');
  });
});
