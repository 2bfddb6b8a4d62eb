// The signed-in person's open position of the chart's symbol as price lines (§ "On the chart": the
// person's positions): its entry price, and its liquidation price where the market has one (perps,
// leveraged US stocks; crypto spot holds no position). Pure: the workspace chunk works the lines
// out, the tools chunk draws them (chart-tools.ts `setPositionLines`).
import type { PerpPosition, UsLeveragePosition } from '@pasar/shared';

export interface PositionLine {
  id: string;
  kind: 'entry' | 'liquidation';
  side: 'LONG' | 'SHORT';
  /** A decimal string, as every price on the wire. */
  price: string;
  quantity: string;
  /** The label on the price axis (in the page's language). */
  title: string;
}

export type PositionLineTitle = (line: Omit<PositionLine, 'title'>) => string;

function linesOf(id: string, side: PositionLine['side'], quantity: string, entry: string, liquidation: string | null, title: PositionLineTitle): PositionLine[] {
  const lines: Omit<PositionLine, 'title'>[] = [{ id: `${id}:entry`, kind: 'entry', side, price: entry, quantity }];
  // A cross position with margin to spare has no liquidation price; zero is none either.
  if (liquidation !== null && Number(liquidation) > 0) lines.push({ id: `${id}:liquidation`, kind: 'liquidation', side, price: liquidation, quantity });
  return lines.map((line) => ({ ...line, title: title(line) }));
}

/** A perp position of the symbol (one-way: at most one). */
export function perpPositionLines(positions: readonly PerpPosition[], symbol: string, title: PositionLineTitle): PositionLine[] {
  return positions.filter((p) => p.symbol === symbol).flatMap((p) => linesOf(`perp:${p.symbol}`, p.side, p.quantity, p.entryPrice, p.liquidationPrice, title));
}

/** The open leveraged US positions of the symbol (one per wallet, long). */
export function usLeveragePositionLines(positions: readonly UsLeveragePosition[], symbol: string, title: PositionLineTitle): PositionLine[] {
  return positions
    .filter((p) => p.symbol === symbol && p.status === 'OPEN')
    .flatMap((p) => linesOf(`us:${p.id}`, 'LONG', p.quantity, p.entryPrice, p.liquidationPrice, title));
}
