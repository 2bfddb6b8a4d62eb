import fc from 'fast-check';
import { TradingDecimal } from '@pasar/shared/trading';
import { RestingIndex, priceKey, type PriceTick, type RestingOrder } from './resting-index';

const order = (id: string, side: 'BUY' | 'SELL', kind: 'LIMIT' | 'STOP', price: string, symbol = 'BTC-IDR'): RestingOrder => ({
  id,
  symbol,
  side,
  kind,
  price,
});
const ids = (orders: RestingOrder[]) => orders.map((o) => o.id);

describe('RestingIndex', () => {
  it('crosses limit buys when ask ≤ limit and limit sells when bid ≥ limit, best price then oldest first', () => {
    const index = new RestingIndex();
    index.add(order('b100', 'BUY', 'LIMIT', '100'));
    index.add(order('b102', 'BUY', 'LIMIT', '102'));
    index.add(order('b101', 'BUY', 'LIMIT', '101'));
    index.add(order('b102-later', 'BUY', 'LIMIT', '102'));
    index.add(order('s105', 'SELL', 'LIMIT', '105'));
    index.add(order('s103', 'SELL', 'LIMIT', '103'));
    expect(index.evaluate('BTC-IDR', { ask: '102.5', bid: '102.9' })).toEqual({ triggered: [], crossed: [] });
    expect(ids(index.evaluate('BTC-IDR', { ask: '101' }).crossed)).toEqual(['b102', 'b102-later', 'b101']);
    expect(ids(index.evaluate('BTC-IDR', { bid: '104.5' }).crossed)).toEqual(['s103']);
    expect(ids(index.evaluate('BTC-IDR', { ask: '99', bid: '106' }).crossed)).toEqual(['b102', 'b102-later', 'b101', 'b100', 's103', 's105']);
  });

  it('triggers stop buys when last ≥ stop and stop sells when last ≤ stop', () => {
    const index = new RestingIndex();
    index.add(order('sb110', 'BUY', 'STOP', '110'));
    index.add(order('sb105', 'BUY', 'STOP', '105'));
    index.add(order('ss95', 'SELL', 'STOP', '95'));
    index.add(order('ss90', 'SELL', 'STOP', '90'));
    expect(index.evaluate('BTC-IDR', { last: '100' })).toEqual({ triggered: [], crossed: [] });
    expect(ids(index.evaluate('BTC-IDR', { last: '110' }).triggered)).toEqual(['sb105', 'sb110']);
    expect(ids(index.evaluate('BTC-IDR', { last: '95' }).triggered)).toEqual(['ss95']);
    expect(ids(index.evaluate('BTC-IDR', { last: '1' }).triggered)).toEqual(['ss95', 'ss90']);
    // Only the last price moves stops; bid and ask do not.
    expect(index.evaluate('BTC-IDR', { bid: '1', ask: '1000' }).triggered).toEqual([]);
  });

  it('evaluate leaves the index as it was; take removes what it returns', () => {
    const index = new RestingIndex();
    index.add(order('a', 'BUY', 'LIMIT', '100'));
    index.add(order('b', 'BUY', 'LIMIT', '90'));
    index.evaluate('BTC-IDR', { ask: '80' });
    expect(index.size).toBe(2);
    expect(ids(index.take('BTC-IDR', { ask: '95' }).crossed)).toEqual(['a']);
    expect(index.has('a')).toBe(false);
    expect(index.size).toBe(1);
    expect(index.evaluate('BTC-IDR', { ask: '95' }).crossed).toEqual([]);
  });

  it('removes by id from the middle of a heap and keeps the rest in order', () => {
    const index = new RestingIndex();
    for (let i = 0; i < 50; i += 1) index.add(order(`o${i}`, 'SELL', 'LIMIT', String(100 + ((i * 37) % 50))));
    expect(index.remove('o10')?.price).toBe(String(100 + ((10 * 37) % 50)));
    expect(index.remove('o10')).toBeUndefined();
    const crossed = index.evaluate('BTC-IDR', { bid: '1000' }).crossed;
    expect(crossed).toHaveLength(49);
    const prices = crossed.map((o) => Number(o.price));
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
  });

  it('keeps symbols apart and refuses a duplicate id', () => {
    const index = new RestingIndex();
    index.add(order('x', 'BUY', 'LIMIT', '100', 'ETH-IDR'));
    expect(index.evaluate('BTC-IDR', { ask: '1' }).crossed).toEqual([]);
    expect(ids(index.evaluate('ETH-IDR', { ask: '1' }).crossed)).toEqual(['x']);
    expect(() => index.add(order('x', 'SELL', 'STOP', '1'))).toThrow(/already resting/);
    expect([index.sizeOf('ETH-IDR'), index.sizeOf('BTC-IDR')]).toEqual([1, 0]);
  });

  it('compares prices exactly, up to 18 decimals', () => {
    const index = new RestingIndex();
    index.add(order('tiny', 'BUY', 'LIMIT', '0.000000000000000002'));
    expect(index.evaluate('BTC-IDR', { ask: '0.000000000000000003' }).crossed).toEqual([]);
    expect(ids(index.evaluate('BTC-IDR', { ask: '0.000000000000000002' }).crossed)).toEqual(['tiny']);
    // Doubles cannot tell these apart; the index can.
    index.add(order('big', 'SELL', 'LIMIT', '9007199254740993'));
    expect(index.evaluate('BTC-IDR', { bid: '9007199254740992' }).crossed).toEqual([]);
    expect(priceKey('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(() => priceKey('1e5')).toThrow(RangeError);
    expect(() => priceKey('0.0000000000000000001')).toThrow(RangeError);
  });
});

// ---- the index against a scan of every resting order ----

const SYMBOLS = ['BTC-IDR', 'ETH-IDR'];
// Few distinct prices, so ties (time priority) are common; some with many decimals.
const PRICES = ['95', '99.5', '100', '100.000000000000000001', '101', '102.25', '105', '110'];

type Command =
  | { op: 'add'; symbol: string; side: 'BUY' | 'SELL'; kind: 'LIMIT' | 'STOP'; price: string }
  | { op: 'remove'; pick: number }
  | { op: 'evaluate' | 'take'; symbol: string; tick: PriceTick };

const priceArb = fc.constantFrom(...PRICES);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      kind: fc.constantFrom('LIMIT' as const, 'STOP' as const),
      price: priceArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom('evaluate' as const, 'take' as const),
      symbol: fc.constantFrom(...SYMBOLS),
      tick: fc.record({ last: priceArb, bid: priceArb, ask: priceArb }, { requiredKeys: [] }),
    }),
  },
);

/** The rules, read directly: filter every resting order, sort by price priority then arrival. */
function naiveHits(resting: { order: RestingOrder; seq: number }[], symbol: string, tick: PriceTick) {
  const D = (v: string) => new TradingDecimal(v);
  const pick = (side: 'BUY' | 'SELL', kind: 'LIMIT' | 'STOP', hit: (p: TradingDecimal) => boolean, highFirst: boolean) =>
    resting
      .filter((r) => r.order.symbol === symbol && r.order.side === side && r.order.kind === kind && hit(D(r.order.price)))
      .sort((a, b) => D(a.order.price).comparedTo(D(b.order.price)) * (highFirst ? -1 : 1) || a.seq - b.seq)
      .map((r) => r.order.id);
  const triggered =
    tick.last === undefined
      ? []
      : [...pick('BUY', 'STOP', (p) => D(tick.last!).gte(p), false), ...pick('SELL', 'STOP', (p) => D(tick.last!).lte(p), true)];
  const crossed = [
    ...(tick.ask === undefined ? [] : pick('BUY', 'LIMIT', (p) => D(tick.ask!).lte(p), true)),
    ...(tick.bid === undefined ? [] : pick('SELL', 'LIMIT', (p) => D(tick.bid!).gte(p), false)),
  ];
  return { triggered, crossed };
}

describe('RestingIndex properties', () => {
  it('returns exactly what a scan of all resting orders would, in the same order, through adds, removes and takes', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 120 }), (commands) => {
        const index = new RestingIndex();
        let resting: { order: RestingOrder; seq: number }[] = [];
        let n = 0;
        for (const c of commands) {
          if (c.op === 'add') {
            const o = order(`o${n}`, c.side, c.kind, c.price, c.symbol);
            index.add(o);
            resting.push({ order: o, seq: n });
            n += 1;
          } else if (c.op === 'remove') {
            if (resting.length === 0) continue;
            const victim = resting[c.pick % resting.length];
            expect(index.remove(victim.order.id)).toBe(victim.order);
            resting = resting.filter((r) => r !== victim);
          } else {
            const want = naiveHits(resting, c.symbol, c.tick);
            const got = c.op === 'take' ? index.take(c.symbol, c.tick) : index.evaluate(c.symbol, c.tick);
            expect({ triggered: ids(got.triggered), crossed: ids(got.crossed) }).toEqual(want);
            if (c.op === 'take') {
              const gone = new Set([...want.triggered, ...want.crossed]);
              resting = resting.filter((r) => !gone.has(r.order.id));
            }
          }
          expect(index.size).toBe(resting.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});
