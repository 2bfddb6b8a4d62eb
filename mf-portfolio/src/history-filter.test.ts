import { clearAll } from '@pasar/shared';
import { readHistoryFilter, writeHistoryFilter } from './history-filter';

beforeEach(() => localStorage.clear());

const crypto = (symbol: string | null) => ({ assetType: 'CRYPTO' as const, symbol });

describe('the remembered position history filter', () => {
  it('is kept per user under positionHistory_{id}', () => {
    writeHistoryFilter('u1', crypto('BTC-IDR'));
    writeHistoryFilter('u2', crypto(null));
    writeHistoryFilter('u3', { assetType: 'USSTOCK', symbol: 'BRK.B' });
    expect(localStorage.getItem('positionHistory_u1')).toBe('{"assetType":"CRYPTO","symbol":"BTC-IDR"}');
    expect(readHistoryFilter('u1')).toEqual(crypto('BTC-IDR'));
    expect(readHistoryFilter('u2')).toEqual(crypto(null));
    expect(readHistoryFilter('u3')).toEqual({ assetType: 'USSTOCK', symbol: 'BRK.B' });
    expect(readHistoryFilter('u4')).toEqual(crypto(null));
  });

  it('reads a filter stored before markets were named as a crypto one', () => {
    localStorage.setItem('positionHistory_u1', '{"symbol":"ETH-IDR"}');
    expect(readHistoryFilter('u1')).toEqual(crypto('ETH-IDR'));
  });

  it('is nothing without a signed-in user, and stores nothing for one', () => {
    writeHistoryFilter(null, crypto('BTC-IDR'));
    expect(localStorage.length).toBe(0);
    expect(readHistoryFilter(undefined)).toEqual(crypto(null));
  });

  it.each([
    ['not json{'],
    ['"BTC-IDR"'],
    ['{"symbol":42}'],
    ['{"symbol":"<img src=x>"}'],
    ['{"symbol":"BTCUSDT-PERP"}'],
    ['{"assetType":"PERPS","symbol":"BTCUSDT-PERP"}'],
    ['{"assetType":"USSTOCK","symbol":"BTC-IDR"}'],
  ])('ignores a stored %s', (raw) => {
    localStorage.setItem('positionHistory_u1', raw);
    const read = readHistoryFilter('u1');
    expect(read.symbol).toBeNull();
  });

  it('keeps the market of a US filter whose symbol is not a ticker', () => {
    localStorage.setItem('positionHistory_u1', '{"assetType":"USSTOCK","symbol":"BTC-IDR"}');
    expect(readHistoryFilter('u1')).toEqual({ assetType: 'USSTOCK', symbol: null });
  });

  it('is forgotten by the §9 clear-all helper for that user only', () => {
    writeHistoryFilter('u1', crypto('BTC-IDR'));
    writeHistoryFilter('u2', crypto('ETH-IDR'));
    clearAll({ positionHistoryId: 'u1' });
    expect(readHistoryFilter('u1')).toEqual(crypto(null));
    expect(readHistoryFilter('u2')).toEqual(crypto('ETH-IDR'));
  });
});
