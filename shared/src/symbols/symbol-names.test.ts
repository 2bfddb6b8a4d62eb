import { MARKET_LIST, marketOfSymbol } from '../markets';
import { baseAssetOf, isVideoFile, toIdrSymbol, toPerpSymbol, withPerpMarker } from './symbol-names';

describe('symbol helpers', () => {
  it('build and split perp and IDR symbols', () => {
    expect(toPerpSymbol('btc')).toBe('BTCUSDT-PERP');
    expect(toIdrSymbol('eth')).toBe('ETH-IDR');
    expect(baseAssetOf('BTCUSDT-PERP')).toBe('BTC');
    expect(baseAssetOf('eth-idr')).toBe('ETH');
  });

  it('give a perpetual its marker once', () => {
    expect(withPerpMarker('BTCUSDT')).toBe('BTCUSDT-PERP');
    expect(withPerpMarker('BTCUSDT-PERP')).toBe('BTCUSDT-PERP');
  });

  it('name the default symbols', () => {
    expect(MARKET_LIST.flatMap((market) => (market.defaultSymbol ? [market.defaultSymbol] : []))).toEqual(['BTC-IDR', 'BTCUSDT-PERP', 'AAPL', 'BBCA']);
  });

  it('build symbols their market recognises', () => {
    expect(marketOfSymbol(toIdrSymbol('sol'))).toBe('crypto');
    expect(marketOfSymbol(toPerpSymbol('sol'))).toBe('perps');
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
