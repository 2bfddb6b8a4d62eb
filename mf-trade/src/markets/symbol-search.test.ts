import { INSTRUMENTS } from '../testing/market-fixtures';
import { hitLocation, searchSymbols } from './symbol-search';

const symbols = (query: string) => searchSymbols(INSTRUMENTS, query).map((group) => [group.market, group.hits.map((hit) => hit.symbol)]);

describe('symbol search', () => {
  it('groups hits by market: crypto, perps, US, IDX', () => {
    expect(symbols('')).toEqual([
      ['crypto', ['BTC-IDR', 'ETH-IDR', 'USDT-IDR']],
      ['perps', ['BTCUSDT-PERP']],
      ['usstock', ['AAPL', 'AMZN', 'SPX']],
      ['idx', ['BBCA']],
    ]);
  });

  it('finds a coin in every market it trades in, exact code first', () => {
    expect(symbols('btc')).toEqual([
      ['crypto', ['BTC-IDR']],
      ['perps', ['BTCUSDT-PERP']],
    ]);
  });

  it('matches names and words in names', () => {
    expect(symbols('central')).toEqual([['idx', ['BBCA']]]);
    expect(symbols('apple')).toEqual([['usstock', ['AAPL']]]);
  });

  it('ranks a symbol prefix above a name that merely contains the text', () => {
    const tetherFirst = [INSTRUMENTS[2]!, INSTRUMENTS[1]!];
    expect(searchSymbols(tetherFirst, 'eth')[0]!.hits.map((hit) => hit.symbol)).toEqual(['ETH-IDR', 'USDT-IDR']);
  });

  it('finds nothing for nonsense', () => {
    expect(symbols('zzzz')).toEqual([]);
  });

  it('caps each group', () => {
    expect(searchSymbols(INSTRUMENTS, '', 1).map((group) => group.hits.length)).toEqual([1, 1, 1, 1]);
  });

  it('opens a trade page, or an index’s asset page', () => {
    const [crypto] = searchSymbols(INSTRUMENTS, 'btc');
    expect(hitLocation(crypto!.hits[0]!)).toEqual({ pathname: '/trade/BTC-IDR', search: '' });
    const spx = searchSymbols(INSTRUMENTS, 'spx')[0]!.hits[0]!;
    expect(hitLocation(spx)).toEqual({ pathname: '/asset/usindex/SPX/3', search: '' });
  });
});
