import { firstPageOf, hasFilters, nextPage, previousPage, readHistoryQuery, writeHistoryQuery } from './history-query';

const read = (search: string) => readHistoryQuery(new URLSearchParams(search));

describe('the transaction history query in the URL', () => {
  it('reads the filters, the cursor, the trail and the open row, and writes them back', () => {
    const query = read('product=CRYPTO&type=SELL&from=2026-01-01&to=2026-01-31&symbol=btc&cursor=c2&trail=~c1&id=abc&junk=1');
    expect(query).toEqual({ filters: { product: 'CRYPTO', type: 'SELL', from: '2026-01-01', to: '2026-01-31', symbol: 'btc' }, cursor: 'c2', trail: ['', 'c1'], detail: 'abc' });
    expect(writeHistoryQuery(query).toString()).toBe('product=CRYPTO&type=SELL&from=2026-01-01&to=2026-01-31&symbol=btc&cursor=c2&trail=%7Ec1&id=abc');
    expect(hasFilters(query)).toBe(true);
    expect(hasFilters(read(''))).toBe(false);
  });

  it('walks forward by cursor and back through the trail to the first page', () => {
    const first = read('type=BUY');
    const second = nextPage(first, 'c1');
    const third = nextPage(second, 'c2');
    expect(third).toMatchObject({ cursor: 'c2', trail: ['', 'c1'] });
    expect(previousPage(third)).toMatchObject({ cursor: 'c1', trail: [''] });
    expect(previousPage(previousPage(third))).toMatchObject({ cursor: null, trail: [], filters: { type: 'BUY' } });
    expect(writeHistoryQuery(previousPage(previousPage(third))).toString()).toBe('type=BUY');
  });

  it('starts again at the first page when the filters change', () => {
    expect(firstPageOf({ product: 'WALLET' })).toEqual({ filters: { product: 'WALLET' }, cursor: null, trail: [], detail: null });
  });
});
