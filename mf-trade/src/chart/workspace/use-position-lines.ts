// The person's open position of the chart's symbol on the first chart (in the workspace's chunk, so
// only a signed-in page loads it): perps from the perps account the page keeps (perps-store), the
// leveraged US positions asked here and again every few seconds (their liquidation price moves with
// the marks). Crypto spot and IDX hold no position to draw. The lines go to the tools' chunk, which
// is fetched only once there is a line to show. Failures are only logged.
import { useAppStore, type MarketId, type UsLeveragePosition } from '@pasar/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTradeT } from '../../i18n';
import { formatQuantity } from '../../market/price-format';
import { usePerpsStore } from '../../perps/perps-store';
import { usLeverageCalls } from '../../ticket/us-leverage-calls';
import type { ChartEngine } from '../chart-engine';
import { useToolsValue } from './use-tools-value';
import { perpPositionLines, usLeveragePositionLines, type PositionLine, type PositionLineTitle } from '../position-lines';

/** How often the leveraged US positions are asked again while the chart shows a US stock. */
export const US_POSITIONS_REFRESH_MS = 10_000;

const NO_LINES: PositionLine[] = [];

export function usePositionLines(engine: ChartEngine | null, market: MarketId, symbol: string, signedIn: boolean): readonly PositionLine[] {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const perps = usePerpsStore((state) => state.positions);
  const [us, setUs] = useState<UsLeveragePosition[]>([]);

  useEffect(() => {
    if (!signedIn || market !== 'usstock') return undefined;
    const controller = new AbortController();
    const load = () =>
      usLeverageCalls.positions('open', controller.signal).then(
        (answer) => setUs(answer.items),
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('[trade] chart positions: loading failed', error);
        },
      );
    void load();
    const timer = setInterval(() => void load(), US_POSITIONS_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [signedIn, market]);

  const lines = useMemo(() => {
    if (!signedIn) return NO_LINES;
    const title: PositionLineTitle = (line) =>
      line.kind === 'entry'
        ? t('chartPosition.entry', { side: t(`chartPosition.${line.side}`), quantity: formatQuantity(line.quantity, lng) })
        : t('chartPosition.liquidation');
    if (market === 'perps') return perpPositionLines(perps, symbol, title);
    if (market === 'usstock') return usLeveragePositionLines(us, symbol, title);
    return NO_LINES;
  }, [signedIn, market, symbol, perps, us, t, lng]);

  // Drawn by the tools: loaded for the first line, told of every change after that.
  useToolsValue(engine, lines, lines.length > 0, (tools, next) => tools.setPositionLines(next), 'positions');
  return lines;
}
