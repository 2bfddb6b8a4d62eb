import { chartTypeOf, layoutOf, withChartType, withLayout } from './workspace-settings';

describe('workspace settings', () => {
  it('reads a stored layout: the page’s symbol first, stored panes kept where their resolution is offered, defaults elsewhere', () => {
    const layout = layoutOf(
      { count: 4, panes: [{ symbol: 'X', resolution: '1' }, { symbol: 'ETH-IDR', resolution: '15' }, { symbol: 'SOL-IDR', resolution: '10' }, 'junk'] },
      'crypto',
      'BTC-IDR',
      '60',
    );
    expect(layout).toEqual({
      count: 4,
      panes: [
        { symbol: 'BTC-IDR', resolution: '60' },
        { symbol: 'ETH-IDR', resolution: '15' },
        { symbol: 'USDT-IDR', resolution: '60' }, // 10 minutes is not a crypto resolution (§9)
        { symbol: 'SOL-IDR', resolution: '60' },
      ],
    });
    expect(layoutOf({ count: 3 }, 'idx', 'BBCA', '1D').count).toBe(1);
    expect(layoutOf(null, 'usstock', 'AAPL', '5').panes.map((p) => p.symbol)).toEqual(['AAPL', 'MSFT', 'NVDA', 'TSLA']);
  });

  it('reads a chart type, candles when unknown, and writes either setting keeping the rest', () => {
    expect(chartTypeOf({ chartType: 'area' })).toBe('area');
    expect(chartTypeOf({ chartType: 'renko' })).toBe('candles');
    expect(chartTypeOf(null)).toBe('candles');
    expect(withChartType({ scale: 'log', chartType: 'line' }, 'heikin-ashi')).toEqual({ scale: 'log', chartType: 'heikin-ashi' });
    const layout = layoutOf(null, 'crypto', 'BTC-IDR', '60');
    expect(withLayout({ crosshair: 'magnet' }, { ...layout, count: 2 })).toEqual({ crosshair: 'magnet', layout: { count: 2, panes: layout.panes } });
  });
});
