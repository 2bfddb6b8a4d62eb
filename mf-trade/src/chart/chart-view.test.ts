import { DEFAULT_VIEW, isDefaultView, viewKey, viewOf, withView } from './chart-view';

describe('chart view settings', () => {
  it('reads a stored view, each unknown or malformed value falling back to the default', () => {
    expect(viewOf({ chartType: 'line', scale: 'log', scaleSide: 'left', crosshair: 'magnet', upColor: '#00AA11', downColor: 'red', background: '#101010' })).toEqual({
      scale: 'log',
      scaleSide: 'left',
      crosshair: 'magnet',
      colours: { upColor: '#00aa11', background: '#101010' },
    });
    expect(viewOf({ scale: 'indexed', scaleSide: 'top', crosshair: 1 })).toEqual(DEFAULT_VIEW);
    expect(viewOf(null)).toEqual(DEFAULT_VIEW);
    expect(viewOf(['log'])).toEqual(DEFAULT_VIEW);
  });

  it('writes the view beside the other keys, dropping a colour put back to the theme’s', () => {
    const stored = { chartType: 'area', upColor: '#111111', downColor: '#222222' };
    const written = withView(stored, { scale: 'percentage', scaleSide: 'right', crosshair: 'hidden', colours: { downColor: '#333333' } });
    expect(written).toEqual({ chartType: 'area', scale: 'percentage', scaleSide: 'right', crosshair: 'hidden', downColor: '#333333' });
    expect(viewOf(written).colours).toEqual({ downColor: '#333333' });
  });

  it('tells the default view and the same view again apart from a change', () => {
    expect(isDefaultView(viewOf({}))).toBe(true);
    expect(isDefaultView({ ...DEFAULT_VIEW, colours: { background: '#000000' } })).toBe(false);
    expect(viewKey({ ...DEFAULT_VIEW, colours: { upColor: '#111111', background: '#000000' } })).toBe(viewKey({ ...DEFAULT_VIEW, colours: { background: '#000000', upColor: '#111111' } }));
  });
});
