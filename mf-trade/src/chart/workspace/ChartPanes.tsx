// The other charts of a layout of 2 or 4 (a chunk of its own, loaded when a person picks more than
// one chart): each with its own symbol (any of the page's market) and resolution, live, with older
// bars on scroll-back. The first chart stays the page's own (orders, alerts, saved charts).
import styled from '@emotion/styled';
import { Field, MARKETS, marketOfKind, Select, tokens, useAppStore, type MarketId } from '@pasar/shared';
import { memo, useMemo, useState } from 'react';
import { useTradeT } from '../../i18n';
import { registerChartWorkspaceTranslations } from '../../i18n/chart-workspace';
import { scalePow10, type PriceFormat } from '../../market/price-format';
import { useInstruments } from '../../market/use-instruments';
import { resolutionsOf, tradeChartWindow } from '../../markets/chart-resolutions';
import type { ChartEngine } from '../chart-engine';
import { ChartToolbar } from '../ChartToolbar';
import { PriceChart } from '../PriceChart';
import { useChartView } from './chart-view-store';
import { resolutionLabel } from '../resolution-label';
import { useChartHistory } from './use-chart-history';
import { layoutOf, type ChartLayout, type ChartPane } from './workspace-settings';

registerChartWorkspaceTranslations();

const PaneBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xs};
  min-width: 0;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${tokens.space.xs};
`;

interface PaneProps {
  index: number;
  market: MarketId;
  pane: ChartPane;
  height: string;
  onChange(pane: ChartPane): void;
}

const Pane = memo(function Pane({ index, market, pane, height, onChange }: PaneProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const instruments = useInstruments();
  const [engine, setEngine] = useState<ChartEngine | null>(null);
  const own = useMemo(() => (instruments.data ?? []).filter((i) => marketOfKind(i.kind) === market), [instruments.data, market]);
  const instrument = own.find((i) => i.symbol === pane.symbol);
  const format = useMemo<PriceFormat>(
    () => ({ currency: instrument?.quoteCurrency ?? MARKETS[market].quoteCurrency, precision: instrument?.pricePrecision ?? MARKETS[market].pricePrecision, lng }),
    [instrument, market, lng],
  );
  const tick = instrument?.tickSize ?? scalePow10('1', -format.precision);
  const window = useMemo(() => tradeChartWindow(pane.resolution, Date.now()), [pane.symbol, pane.resolution]);
  useChartHistory(engine, pane.symbol, pane.resolution);
  useChartView(engine);
  const options = resolutionsOf(market).map((value) => ({ value, ...resolutionLabel(value, t) }));
  const symbols = own.length > 0 ? own.map((i) => ({ value: i.symbol, label: i.symbol })) : [{ value: pane.symbol, label: pane.symbol }];

  return (
    <PaneBox aria-label={t('chartWorkspace.paneTitle', { n: index + 1, symbol: pane.symbol })} data-testid="chart-pane" data-symbol={pane.symbol}>
      <Bar>
        <Field label={t('chartWorkspace.paneSymbol', { n: index + 1 })}>
          <Select size="sm" value={pane.symbol} options={symbols} onChange={(event) => onChange({ ...pane, symbol: event.target.value })} />
        </Field>
        <ChartToolbar label={t('chart.resolutions')} options={options} value={pane.resolution} onChange={(resolution) => onChange({ ...pane, resolution })} />
      </Bar>
      <PriceChart symbol={pane.symbol} market={market} window={window} format={format} tick={tick} live height={height} onEngine={setEngine} />
    </PaneBox>
  );
});

export interface ChartPanesProps {
  market: MarketId;
  /** The layout as kept: the first pane is the page's; the others may be missing (the market's defaults then). */
  layout: ChartLayout;
  height: string;
  /** Every pane after a change of one. */
  onChange(panes: ChartPane[]): void;
}

export function ChartPanes({ market, layout, height, onChange }: ChartPanesProps) {
  const first = layout.panes[0]!;
  const full = layoutOf(layout, market, first.symbol, first.resolution);
  return (
    <>
      {full.panes.slice(1, layout.count).map((pane, offset) => (
        <Pane
          key={offset}
          index={offset + 1}
          market={market}
          pane={pane}
          height={height}
          onChange={(next) => onChange(full.panes.map((p, i) => (i === offset + 1 ? next : p)))}
        />
      ))}
    </>
  );
}
