// The trade page's chart: the market's resolutions of §9, a live current bar, and the signed-in
// user's open orders of the symbol as price lines (updated live with the orders).
import { appStore, useAppStore, type MarketId } from '@pasar/shared';
import { memo, useMemo } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import { defaultResolution, resolutionsOf, tradeChartWindow } from '../markets/chart-resolutions';
import { useOrderLines } from '../my-orders/open-orders';
import { ChartToolbar } from './ChartToolbar';
import { PriceChart } from './PriceChart';
import { resolutionLabel } from './resolution-label';

export const TradeChart = memo(function TradeChart({ symbol, market, format, tick, height }: { symbol: string; market: MarketId; format: PriceFormat; tick: string; height?: string }) {
  const { t } = useTradeT();
  const stored = useAppStore((state) => state.chart.resolution);
  const offered = resolutionsOf(market);
  const resolution = stored && offered.includes(stored) ? stored : defaultResolution(market);
  // The window is fixed when the symbol or resolution changes; live bars extend it from there.
  const window = useMemo(() => tradeChartWindow(resolution, Date.now()), [symbol, resolution]);
  const options = offered.map((value) => ({ value, ...resolutionLabel(value, t) }));

  // The signed-in user's open orders (worked out into lines by the orders feed; none for a guest).
  const orderLines = useOrderLines();

  return (
    <div>
      <ChartToolbar
        label={t('chart.resolutions')}
        options={options}
        value={resolution}
        onChange={(value) => appStore.getState().setChart({ resolution: value })}
        testId="chart-resolutions"
      />
      <PriceChart symbol={symbol} window={window} format={format} tick={tick} live height={height} orderLines={orderLines} />
    </div>
  );
});
