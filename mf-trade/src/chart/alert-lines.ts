// The person's price alerts on the chart (§3 createFromChart), over lightweight-charts' own API:
// each live alert is a dotted price line; pressing a line and dragging it moves it (the chart does
// not pan meanwhile) and the drop is reported as the new price; in "pick" mode a click on the
// chart reports the price under the pointer ("alert at this price"). Prices here are canvas
// numbers for drawing and picking only: the caller puts a picked price on the tick grid with
// decimal math before it is ever sent.
import type { IChartApi, IPriceLine, ISeriesApi, LineStyle, MouseEventParams, Time } from 'lightweight-charts';
import { LINE_DOTTED } from './library-values';

export interface ChartAlertLine {
  id: string;
  /** Decimal string of the target. */
  price: string;
  /** The line's label ("Alert"). */
  title: string;
  /** Its own colour (an order line: the side's); the layer's colour when absent. */
  color?: string;
}

/** How a layer draws its lines: alerts dotted and thick; draggable order lines dashed and thin. */
export interface LineLook {
  /** Price line ids are `${idPrefix}${id}`. */
  idPrefix: string;
  lineStyle: LineStyle;
  lineWidth: 1 | 2;
}

const ALERT_LOOK: LineLook = { idPrefix: 'alert:', lineStyle: LINE_DOTTED, lineWidth: 2 };

export interface AlertLineHandlers {
  /** A line was dragged and dropped at `price`. */
  onMove(id: string, price: number): void;
  /** In pick mode, the chart was clicked at `price`. */
  onPick(price: number): void;
}

export interface AlertLayer {
  setLines(lines: readonly ChartAlertLine[]): void;
  setHandlers(handlers: AlertLineHandlers | null): void;
  setPicking(picking: boolean): void;
  setColor(color: string): void;
  destroy(): void;
}

/** How near (px) the pointer must be to a line to grab it. */
export const GRAB_DISTANCE_PX = 6;

export function createAlertLayer(
  chart: IChartApi,
  series: ISeriesApi<'Candlestick'>,
  container: HTMLElement,
  initialColor: string,
  look: LineLook = ALERT_LOOK,
): AlertLayer {
  let color = initialColor;
  let lines: readonly ChartAlertLine[] = [];
  let drawn: { line: ChartAlertLine; price: IPriceLine }[] = [];
  let handlers: AlertLineHandlers | null = null;
  let picking = false;
  let drag: { id: string; handle: IPriceLine; price: number; pointerId: number } | null = null;

  function draw() {
    for (const { price } of drawn) series.removePriceLine(price);
    drawn = lines.map((line) => ({
      line,
      price: series.createPriceLine({
        id: `${look.idPrefix}${line.id}`,
        price: Number(line.price),
        color: line.color ?? color,
        lineWidth: look.lineWidth,
        lineStyle: look.lineStyle,
        axisLabelVisible: true,
        title: line.title,
      }),
    }));
  }

  const offsetY = (event: PointerEvent): number => event.clientY - container.getBoundingClientRect().top;

  /** The line within grabbing distance of `y`, the nearest first. */
  function lineAt(y: number): { line: ChartAlertLine; price: IPriceLine } | null {
    let best: { line: ChartAlertLine; price: IPriceLine } | null = null;
    let bestDistance = GRAB_DISTANCE_PX + 1;
    for (const entry of drawn) {
      const at = series.priceToCoordinate(Number(entry.line.price));
      if (at === null) continue;
      const distance = Math.abs(at - y);
      if (distance < bestDistance) {
        best = entry;
        bestDistance = distance;
      }
    }
    return best;
  }

  const onPointerDown = (event: PointerEvent) => {
    if (!handlers || picking) return;
    const hit = lineAt(offsetY(event));
    if (!hit) return;
    drag = { id: hit.line.id, handle: hit.price, price: Number(hit.line.price), pointerId: event.pointerId };
    chart.applyOptions({ handleScroll: false, handleScale: false });
    container.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };

  // Two layers share the container (alerts, draggable orders): a layer clears only the cursor it set.
  let cursorSet = false;
  const onPointerMove = (event: PointerEvent) => {
    const y = offsetY(event);
    if (!drag) {
      const wanted = picking ? 'crosshair' : handlers && lineAt(y) ? 'ns-resize' : '';
      if (wanted || cursorSet) container.style.cursor = wanted;
      cursorSet = wanted !== '';
      return;
    }
    const price = series.coordinateToPrice(y);
    if (price === null) return;
    drag.price = price;
    drag.handle.applyOptions({ price });
  };

  const endDrag = (event: PointerEvent, commit: boolean) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { id, price } = drag;
    drag = null;
    chart.applyOptions({ handleScroll: true, handleScale: true });
    container.releasePointerCapture?.(event.pointerId);
    const before = lines.find((line) => line.id === id);
    if (commit && before && price !== Number(before.price)) handlers?.onMove(id, price);
    else draw();
  };
  const onPointerUp = (event: PointerEvent) => endDrag(event, true);
  const onPointerCancel = (event: PointerEvent) => endDrag(event, false);

  const onClick = (param: MouseEventParams<Time>) => {
    if (!picking || !handlers || !param.point) return;
    const price = series.coordinateToPrice(param.point.y);
    if (price !== null) handlers.onPick(price);
  };

  container.addEventListener('pointerdown', onPointerDown, true);
  container.addEventListener('pointermove', onPointerMove);
  container.addEventListener('pointerup', onPointerUp);
  container.addEventListener('pointercancel', onPointerCancel);
  chart.subscribeClick(onClick);

  return {
    setLines(next) {
      lines = next;
      if (!drag) draw();
    },
    setHandlers(next) {
      handlers = next;
    },
    setPicking(next) {
      picking = next;
      container.style.cursor = next ? 'crosshair' : '';
    },
    setColor(next) {
      color = next;
      draw();
    },
    destroy() {
      container.removeEventListener('pointerdown', onPointerDown, true);
      container.removeEventListener('pointermove', onPointerMove);
      container.removeEventListener('pointerup', onPointerUp);
      container.removeEventListener('pointercancel', onPointerCancel);
      chart.unsubscribeClick(onClick);
    },
  };
}
