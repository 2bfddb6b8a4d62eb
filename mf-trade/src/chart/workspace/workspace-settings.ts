// What the chart workspace keeps in the person's web chart settings (§3 "User web chart settings":
// tvProperties and {product}Properties): the layout of 1, 2 or 4 charts, each with its own symbol
// and resolution, in tvProperties (one per person, whatever the market); the chart type and the
// price scale per market in {product}Properties. Settings come from the server as free JSON, so
// everything read here is checked and anything unknown falls back to the defaults.
import type { MarketId } from '@pasar/shared';
import { resolutionsOf } from '../../markets/chart-resolutions';
import { CHART_TYPES, type ChartType } from '../chart-state';

export const LAYOUT_COUNTS = [1, 2, 4] as const;
export type LayoutCount = (typeof LAYOUT_COUNTS)[number];

/** One chart of a layout. The first follows the page (its symbol and the resolution toolbar). */
export interface ChartPane {
  symbol: string;
  resolution: string;
}

export interface ChartLayout {
  count: LayoutCount;
  /** Always 4 panes kept, so going from 4 to 1 and back keeps the others' symbols. */
  panes: ChartPane[];
}

export interface MarketChartProperties {
  chartType: ChartType;
}

/** The settings call's product keys (§3 `{product}Properties`) by market. */
export const PRODUCT_PROPERTIES: Record<MarketId, 'cryptoProperties' | 'perpProperties' | 'usStockProperties' | 'idxProperties'> = {
  crypto: 'cryptoProperties',
  perps: 'perpProperties',
  usstock: 'usStockProperties',
  idx: 'idxProperties',
};

/** The other panes' symbols when a person has none yet: the market's well-known symbols. */
const DEFAULT_PANE_SYMBOLS: Record<MarketId, readonly string[]> = {
  crypto: ['ETH-IDR', 'USDT-IDR', 'SOL-IDR'],
  perps: ['ETHUSDT-PERP', 'SOLUSDT-PERP', 'BNBUSDT-PERP'],
  usstock: ['MSFT', 'NVDA', 'TSLA'],
  idx: ['BBRI', 'TLKM', 'BMRI'],
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isLayoutCount(value: unknown): value is LayoutCount {
  return LAYOUT_COUNTS.includes(value as LayoutCount);
}

export function isChartType(value: unknown): value is ChartType {
  return CHART_TYPES.includes(value as ChartType);
}

/**
 * The layout of a page: the first pane is the page's symbol; the others come from the stored
 * layout where their resolution is one the market offers, else the market's defaults.
 */
export function layoutOf(stored: unknown, market: MarketId, symbol: string, resolution: string): ChartLayout {
  const offered = resolutionsOf(market);
  const raw = isRecord(stored) ? stored : {};
  const storedPanes = Array.isArray(raw.panes) ? raw.panes : [];
  const defaults = DEFAULT_PANE_SYMBOLS[market];
  const panes: ChartPane[] = [{ symbol, resolution }];
  for (let index = 1; index < 4; index += 1) {
    const pane = storedPanes[index];
    const valid =
      isRecord(pane) && typeof pane.symbol === 'string' && pane.symbol.length > 0 && typeof pane.resolution === 'string' && offered.includes(pane.resolution);
    panes.push(valid ? { symbol: pane.symbol as string, resolution: pane.resolution as string } : { symbol: defaults[index - 1] ?? symbol, resolution });
  }
  return { count: isLayoutCount(raw.count) ? raw.count : 1, panes };
}

/** The chart type kept for a market ({product}Properties.chartType), candles when none. */
export function chartTypeOf(properties: unknown): ChartType {
  return isRecord(properties) && isChartType(properties.chartType) ? properties.chartType : 'candles';
}

/** tvProperties with the layout replaced, every other key the person has kept as it was. */
export function withLayout(tvProperties: unknown, layout: ChartLayout): Record<string, unknown> {
  return { ...(isRecord(tvProperties) ? tvProperties : {}), layout: { count: layout.count, panes: layout.panes.map(({ symbol, resolution }) => ({ symbol, resolution })) } };
}

/** {product}Properties with the chart type replaced, the rest kept. */
export function withChartType(properties: unknown, chartType: ChartType): Record<string, unknown> {
  return { ...(isRecord(properties) ? properties : {}), chartType };
}
