// A line (optionally filled below, for the area chart type) as a lightweight-charts custom series.
// The library's own LineSeries would add about 1.8 KB gzipped to its chunk, which the guest trade
// page loads on idle and which has no room left in the first-load budget; a custom series is the
// library's plugin API, and its code stays in the studies' chunk, loaded only when used.
import {
  customSeriesDefaultOptions,
  type CustomData,
  type CustomSeriesOptions,
  type CustomSeriesWhitespaceData,
  type ICustomSeriesPaneRenderer,
  type ICustomSeriesPaneView,
  type PaneRendererCustomData,
  type PriceToCoordinateConverter,
  type Time,
} from 'lightweight-charts';

export interface LinePoint extends CustomData<Time> {
  value: number;
}

export interface LineSeriesOptions extends CustomSeriesOptions {
  lineWidth: number;
  /** A fill from the line down to the pane's bottom (the area chart type); empty for none. */
  fill: string;
}

export class LineSeriesView implements ICustomSeriesPaneView<Time, LinePoint, LineSeriesOptions> {
  private data: PaneRendererCustomData<Time, LinePoint> | null = null;
  private options: LineSeriesOptions | null = null;

  renderer(): ICustomSeriesPaneRenderer {
    return {
      draw: (target, priceToY: PriceToCoordinateConverter) => {
        const data = this.data;
        const options = this.options;
        if (!data || !options || !data.visibleRange) return;
        target.useMediaCoordinateSpace(({ context, mediaSize }) => {
          const from = Math.max(0, data.visibleRange!.from - 1);
          const to = Math.min(data.bars.length, data.visibleRange!.to + 1);
          const points: { x: number; y: number }[] = [];
          for (let i = from; i < to; i++) {
            const bar = data.bars[i]!;
            const value = bar.originalData.value;
            if (value === undefined || !Number.isFinite(value)) continue;
            const y = priceToY(value);
            if (y !== null) points.push({ x: bar.x, y });
          }
          if (points.length === 0) return;
          context.beginPath();
          points.forEach((p, i) => (i === 0 ? context.moveTo(p.x, p.y) : context.lineTo(p.x, p.y)));
          context.lineWidth = options.lineWidth;
          context.strokeStyle = options.color;
          context.lineJoin = 'round';
          context.stroke();
          if (options.fill) {
            context.lineTo(points.at(-1)!.x, mediaSize.height);
            context.lineTo(points[0]!.x, mediaSize.height);
            context.closePath();
            context.fillStyle = options.fill;
            context.fill();
          }
        });
      },
    };
  }

  update(data: PaneRendererCustomData<Time, LinePoint>, options: LineSeriesOptions): void {
    this.data = data;
    this.options = options;
  }

  priceValueBuilder(row: LinePoint): number[] {
    return [row.value];
  }

  isWhitespace(data: LinePoint | CustomSeriesWhitespaceData<Time>): data is CustomSeriesWhitespaceData<Time> {
    return typeof (data as Partial<LinePoint>).value !== 'number';
  }

  defaultOptions(): LineSeriesOptions {
    return { ...customSeriesDefaultOptions, color: '#2962ff', lineWidth: 2, fill: '', priceLineVisible: false };
  }
}
