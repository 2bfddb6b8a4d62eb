import { clearAll } from '@pasar/shared';
import { readHistoryFilter, writeHistoryFilter } from './history-filter';

beforeEach(() => localStorage.clear());

describe('the remembered position history filter', () => {
  it('is kept per user under positionHistory_{id}', () => {
    writeHistoryFilter('u1', { symbol: 'BTC-IDR' });
    writeHistoryFilter('u2', { symbol: null });
    expect(localStorage.getItem('positionHistory_u1')).toBe('{"symbol":"BTC-IDR"}');
    expect(readHistoryFilter('u1')).toEqual({ symbol: 'BTC-IDR' });
    expect(readHistoryFilter('u2')).toEqual({ symbol: null });
    expect(readHistoryFilter('u3')).toEqual({ symbol: null });
  });

  it('is nothing without a signed-in user, and stores nothing for one', () => {
    writeHistoryFilter(null, { symbol: 'BTC-IDR' });
    expect(localStorage.length).toBe(0);
    expect(readHistoryFilter(undefined)).toEqual({ symbol: null });
  });

  it.each([['not json{'], ['"BTC-IDR"'], ['{"symbol":42}'], ['{"symbol":"<img src=x>"}'], ['{"symbol":"BTCUSDT-PERP"}']])('ignores a stored %s', (raw) => {
    localStorage.setItem('positionHistory_u1', raw);
    expect(readHistoryFilter('u1')).toEqual({ symbol: null });
  });

  it('is forgotten by the §9 clear-all helper for that user only', () => {
    writeHistoryFilter('u1', { symbol: 'BTC-IDR' });
    writeHistoryFilter('u2', { symbol: 'ETH-IDR' });
    clearAll({ positionHistoryId: 'u1' });
    expect(readHistoryFilter('u1')).toEqual({ symbol: null });
    expect(readHistoryFilter('u2')).toEqual({ symbol: 'ETH-IDR' });
  });
});
