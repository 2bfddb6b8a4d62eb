import { DEFAULT_SYMBOLS, baseAssetOf, classifySymbol, isVideoFile, toIdrSymbol, toPerpSymbol } from './symbol-kind';

describe('classifySymbol', () => {
  it('classifies -IDR as IDR, -PERP as perpetual, anything else as plain crypto', () => {
    expect(classifySymbol('BTC-IDR')).toBe('idr');
    expect(classifySymbol('BTCUSDT-PERP')).toBe('perp');
    expect(classifySymbol('BTCUSDT')).toBe('crypto');
  });

  it('ignores case', () => {
    expect(classifySymbol('eth-idr')).toBe('idr');
    expect(classifySymbol('ethusdt-perp')).toBe('perp');
  });

  it('treats -IDR before -PERP when both appear', () => {
    expect(classifySymbol('X-IDR-PERP')).toBe('idr');
  });
});

describe('symbol helpers', () => {
  it('build and split perp and IDR symbols', () => {
    expect(toPerpSymbol('btc')).toBe('BTCUSDT-PERP');
    expect(toIdrSymbol('eth')).toBe('ETH-IDR');
    expect(baseAssetOf('BTCUSDT-PERP')).toBe('BTC');
    expect(baseAssetOf('eth-idr')).toBe('ETH');
  });

  it('name the default symbols', () => {
    expect(Object.values(DEFAULT_SYMBOLS)).toEqual(['BTC-IDR', 'BTCUSDT-PERP', 'AAPL']);
  });
});

describe('isVideoFile', () => {
  it('is true only when the type starts with video/', () => {
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'image/png' })).toBe(false);
    expect(isVideoFile({ type: 'application/video' })).toBe(false);
    expect(isVideoFile(new File(['x'], 'a.webm', { type: 'video/webm' }))).toBe(true);
  });
});
