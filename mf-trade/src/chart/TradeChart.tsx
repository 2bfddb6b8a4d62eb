// The trade page's chart: the market's resolutions of §9, a live current bar, and the signed-in
// user's open orders of the symbol as price lines (updated live with the orders), and their price
// alerts as lines to drag, with "alert at this price" (use-chart-alerts.ts).
import styled from '@emotion/styled';
import { appStore, tokens, useAppStore, type MarketId } from '@pasar/shared';
import { memo, useMemo } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import { defaultResolution, resolutionsOf, tradeChartWindow } from '../markets/chart-resolutions';
import { useOrderLines } from '../my-orders/open-orders';
import { ChartToolbar } from './ChartToolbar';
import { PriceChart } from './PriceChart';
import { resolutionLabel } from './resolution-label';
import { useChartAlerts } from './use-chart-alerts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.xs};
`;

const PickButton = styled.button`
  min-height: 32px;
  padding: 0 ${tokens.space.sm};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.sm};
  background: none;
  color: ${tokens.colors.text};
  font: inherit;
  font-size: ${tokens.fontSizes.sm};
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${tokens.colors.primary};
    color: ${tokens.colors.primaryText};
  }
`;

const Hint = styled.p`
  margin: ${tokens.space.xxs} 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
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
  const alerts = useChartAlerts(symbol, tick, format);

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
        {alerts.signedIn && (
          <PickButton type="button" aria-pressed={alerts.picking} onClick={() => alerts.setPicking(!alerts.picking)}>
            {t('chart.alertAt')}
          </PickButton>
        )}
      </Bar>
      {alerts.picking && <Hint role="status">{t('chart.alertPickHint')}</Hint>}
      <PriceChart
        symbol={symbol}
        window={window}
        format={format}
        tick={tick}
        live
        height={height}
        orderLines={orderLines}
        alertLines={alerts.lines}
        alertHandlers={alerts.handlers}
        picking={alerts.picking}
      />
    </div>
  );
});
