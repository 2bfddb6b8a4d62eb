// The alert layer over a stand-in of lightweight-charts' chart and series (jsdom has no canvas):
// the price scale maps price p to y = 1000 - p, so a line at 400 sits at y 600.
import { createAlertLayer, GRAB_DISTANCE_PX, type AlertLineHandlers } from './alert-lines';

jest.mock('lightweight-charts', () => ({ LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 } }));

interface Line {
  options: { id?: string; price: number; color: string; title: string };
  applyOptions: jest.Mock;
}

function setup() {
  const lines: Line[] = [];
  let click: ((param: { point?: { x: number; y: number } }) => void) | null = null;
  const chartOptions: unknown[] = [];
  const chart = {
    applyOptions: (options: unknown) => chartOptions.push(options),
    subscribeClick: (handler: typeof click) => {
      click = handler;
    },
    unsubscribeClick: () => {
      click = null;
    },
  };
  const series = {
    createPriceLine: (options: Line['options']) => {
      const line: Line = { options, applyOptions: jest.fn((patch: Partial<Line['options']>) => Object.assign(line.options, patch)) };
      lines.push(line);
      return line;
    },
    removePriceLine: (line: Line) => lines.splice(lines.indexOf(line), 1),
    priceToCoordinate: (price: number) => 1000 - price,
    coordinateToPrice: (y: number) => 1000 - y,
  };
  const container = document.createElement('div');
  document.body.append(container);
  container.getBoundingClientRect = () => ({ top: 0, left: 0, right: 800, bottom: 1000, width: 800, height: 1000, x: 0, y: 0, toJSON: () => ({}) });
  const handlers: AlertLineHandlers = { onMove: jest.fn(), onPick: jest.fn() };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const layer = createAlertLayer(chart as any, series as any, container, '#f2b01e');
  const pointer = (type: string, y: number) => {
    const event = new MouseEvent(type, { clientY: y, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'pointerId', { value: 1 });
    container.dispatchEvent(event);
  };
  return { lines, chartOptions, layer, handlers, pointer, click: (y: number) => click?.({ point: { x: 10, y } }), container };
}

describe('alert lines on the chart', () => {
  it('draws each alert as a dotted line at its price with its label, and redraws on a new list', () => {
    const { lines, layer } = setup();
    layer.setLines([
      { id: 'a', price: '400', title: 'Alert' },
      { id: 'b', price: '450.5', title: 'Alert' },
    ]);
    expect(lines.map((l) => [l.options.id, l.options.price, l.options.title])).toEqual([
      ['alert:a', 400, 'Alert'],
      ['alert:b', 450.5, 'Alert'],
    ]);
    layer.setLines([{ id: 'b', price: '450.5', title: 'Alert' }]);
    expect(lines.map((l) => l.options.id)).toEqual(['alert:b']);
  });

  it('moves a grabbed line with the pointer, keeps the chart still meanwhile, and reports the drop price', () => {
    const { lines, layer, handlers, pointer, chartOptions } = setup();
    layer.setHandlers(handlers);
    layer.setLines([{ id: 'a', price: '400', title: 'Alert' }]);
    pointer('pointerdown', 600 + GRAB_DISTANCE_PX - 1);
    expect(chartOptions.at(-1)).toEqual({ handleScroll: false, handleScale: false });
    pointer('pointermove', 560);
    expect(lines[0]!.options.price).toBe(440);
    pointer('pointerup', 560);
    expect(handlers.onMove).toHaveBeenCalledWith('a', 440);
    expect(chartOptions.at(-1)).toEqual({ handleScroll: true, handleScale: true });
  });

  it('does not grab beyond the distance, nor without handlers (a guest), and a drop in place reports nothing', () => {
    const { layer, handlers, pointer, chartOptions } = setup();
    layer.setLines([{ id: 'a', price: '400', title: 'Alert' }]);
    pointer('pointerdown', 600);
    expect(chartOptions).toEqual([]);
    layer.setHandlers(handlers);
    pointer('pointerdown', 600 + GRAB_DISTANCE_PX + 2);
    expect(chartOptions).toEqual([]);
    pointer('pointerdown', 600);
    pointer('pointerup', 600);
    expect(handlers.onMove).not.toHaveBeenCalled();
  });

  it('reports the clicked price only in pick mode', () => {
    const { layer, handlers, click } = setup();
    layer.setHandlers(handlers);
    click(300);
    expect(handlers.onPick).not.toHaveBeenCalled();
    layer.setPicking(true);
    click(300);
    expect(handlers.onPick).toHaveBeenCalledWith(700);
  });
});
