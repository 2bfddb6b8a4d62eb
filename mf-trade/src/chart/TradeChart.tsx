// The trade page's chart: the market's resolutions of §9, a live current bar, and the signed-in
// user's open orders of the symbol as price lines (updated live with the orders), and their price
// alerts as lines to drag, with "alert at a price" (ChartAlerts.tsx, a chunk loaded for a
// signed-in person only).
import styled from '@emotion/styled';
import { appStore, tokens, useAppStore, type MarketId } from '@pasar/shared';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import { defaultResolution, resolutionsOf, tradeChartWindow } from '../markets/chart-resolutions';
import { useOrderLines } from '../my-orders/open-orders';
import { ChartToolbar } from './ChartToolbar';
import { PriceChart } from './PriceChart';
import { resolutionLabel } from './resolution-label';
import type { ChartAlertState } from './ChartAlerts';

const ChartAlerts = lazy(() => import(/* webpackChunkName: "chart-alerts" */ './ChartAlerts').then((m) => ({ default: m.ChartAlerts })));
const NO_ALERTS: ChartAlertState = { lines: [], handlers: null, picking: false };

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.xs};
`;

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
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const [alerts, setAlerts] = useState<ChartAlertState>(NO_ALERTS);

  return (
    <div>
      <Bar>
        <ChartToolbar
          label={t('chart.resolutions')}
          options={options}
          value={resolution}
          onChange={(value) => appStore.getState().setChart({ resolution: value })}
          testId="chart-resolutions"
        />
        {signedIn && (
          <Suspense fallback={null}>
            <ChartAlerts symbol={symbol} tick={tick} format={format} onChange={setAlerts} />
          </Suspense>
        )}
      </Bar>
      <PriceChart
        symbol={symbol}
        window={window}
        format={format}
        tick={tick}
        live
        height={height}
        orderLines={orderLines}
        alertLines={signedIn ? alerts.lines : NO_ALERTS.lines}
        alertHandlers={signedIn ? alerts.handlers : null}
        picking={signedIn && alerts.picking}
      />
    </div>
  );
});
