import fc from 'fast-check';
import Decimal from 'decimal.js';
import { averageCostOf, costOf, D, percentOf, replayFills, type Fill, type PositionEvent } from './average-cost';

const buy = (id: string, quantity: string, total: string, symbol = 'BTC-IDR'): Fill => ({ id, symbol, side: 'BUY', quantity, total });
const sell = (id: string, quantity: string, total: string, symbol = 'BTC-IDR'): Fill => ({ id, symbol, side: 'SELL', quantity, total });

describe('the average-cost method', () => {
  it('adds what buys cost, fees included, and averages it per unit', () => {
    // 0.001 BTC for 1,501,500 (b 1,500,000 + fee 1,500), then 0.002 for 3,203,200.
    const { positions } = replayFills([buy('f1', '0.001', '1501500'), buy('f2', '0.002', '3203200')]);
    const btc = positions.get('BTC-IDR')!;
    expect(btc.quantity.toFixed()).toBe('0.003');
    expect(btc.costBasis.toFixed()).toBe('4704700');
    expect(averageCostOf(btc, 2).toFixed()).toBe('1568233333.33');
    expect(btc.realizedPnl.toFixed()).toBe('0');
  });

  it('takes sold units out at the average cost (whole Rupiah, half up) and realizes proceeds minus that cost', () => {
    // 4,704,700 × 0.001 / 0.003 = 1,568,233.33… → 1,568,233; proceeds 1,694,730 (b 1,700,000 − fee 1,700 − tax 3,570).
    const { positions, realizedBySell } = replayFills([buy('f1', '0.001', '1501500'), buy('f2', '0.002', '3203200'), sell('f3', '0.001', '1694730')]);
    expect(realizedBySell.get('f3')!.toFixed()).toBe('126497');
    const btc = positions.get('BTC-IDR')!;
    expect(btc.quantity.toFixed()).toBe('0.002');
    expect(btc.costBasis.toFixed()).toBe('3136467');
    expect(averageCostOf(btc, 2).toFixed()).toBe('1568233500');
    expect(btc.realizedPnl.toFixed()).toBe('126497');
  });

  it('rounds a half Rupiah of cost up', () => {
    // 3 units cost 5: one unit costs 1.666… → 2; of 2 units costing 3, one costs 1.5 → 2.
    expect(costOf({ quantity: new D(3), costBasis: new D(5) }, 1).toFixed()).toBe('2');
    expect(costOf({ quantity: new D(2), costBasis: new D(3) }, 1).toFixed()).toBe('2');
    expect(costOf({ quantity: new D(3), costBasis: new D(4) }, 1).toFixed()).toBe('1');
  });

  it('realizes a loss as a negative figure, and selling everything takes out exactly all the cost', () => {
    const { positions, realizedBySell } = replayFills([
      buy('a', '0.5', '1251250', 'SOL-IDR'),
      sell('b', '0.2', '480000', 'SOL-IDR'),
      sell('c', '0.3', '716280', 'SOL-IDR'),
    ]);
    // 1,251,250 × 0.2 / 0.5 = 500,500 → −20,500; the rest costs 750,750 → −34,470.
    expect(realizedBySell.get('b')!.toFixed()).toBe('-20500');
    expect(realizedBySell.get('c')!.toFixed()).toBe('-34470');
    const sol = positions.get('SOL-IDR')!;
    expect(sol.quantity.toFixed()).toBe('0');
    expect(sol.costBasis.toFixed()).toBe('0');
    expect(sol.realizedPnl.toFixed()).toBe('-54970');
    expect(averageCostOf(sol, 2).toFixed()).toBe('0');
  });

  it('keeps each pair apart', () => {
    const { positions } = replayFills([buy('1', '1', '100', 'ETH-IDR'), buy('2', '2', '500'), sell('3', '1', '90', 'ETH-IDR')]);
    expect(positions.get('ETH-IDR')!.realizedPnl.toFixed()).toBe('-10');
    expect(positions.get('BTC-IDR')!.costBasis.toFixed()).toBe('500');
  });

  it('starts again from zero after a position is closed', () => {
    const { positions } = replayFills([buy('1', '1', '100'), sell('2', '1', '150'), buy('3', '2', '300')]);
    const btc = positions.get('BTC-IDR')!;
    expect(averageCostOf(btc, 0).toFixed()).toBe('150');
    expect(btc.realizedPnl.toFixed()).toBe('50');
  });

  it('charges a sale beyond the units the fills bought with all the cost they know (never a negative quantity)', () => {
    const { positions, realizedBySell } = replayFills([buy('1', '1', '100'), sell('2', '3', '450')]);
    expect(realizedBySell.get('2')!.toFixed()).toBe('350');
    expect(positions.get('BTC-IDR')!.quantity.toFixed()).toBe('0');
  });

  it('keeps 18-decimal quantities exact', () => {
    const { positions } = replayFills([buy('1', '0.123456789012345678', '1000'), buy('2', '1234567.000000000000000001', '2000')]);
    expect(positions.get('BTC-IDR')!.quantity.toFixed()).toBe('1234567.123456789012345679');
  });

  it('gives percentages to 2 places, and 0 without a cost', () => {
    expect(percentOf(163533, 3136467).toFixed()).toBe('5.21');
    expect(percentOf(-103000, 3003000).toFixed()).toBe('-3.43');
    expect(percentOf(5, 0).toFixed()).toBe('0');
  });

  // Random buys and sells of whole-Rupiah totals: the cost taken out by the sells plus the cost
  // still held is exactly what the buys cost, and the basis is never negative nor fractional.
  it('never creates or loses cost, whatever the sequence', () => {
    const step = fc.record({
      side: fc.constantFrom('BUY', 'SELL'),
      units: fc.integer({ min: 1, max: 10_000_000 }),
      total: fc.integer({ min: 1, max: 1_000_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let held = new Decimal(0);
        const fills: Fill[] = [];
        steps.forEach((s, i) => {
          const quantity = new Decimal(s.units).div(1e8);
          if (s.side === 'SELL' && held.lt(quantity)) return;
          held = s.side === 'BUY' ? held.plus(quantity) : held.minus(quantity);
          fills.push({ id: String(i), symbol: 'BTC-IDR', side: s.side, quantity: quantity.toFixed(), total: String(s.total) });
        });
        const { positions, realizedBySell } = replayFills(fills);
        const btc = positions.get('BTC-IDR') ?? { quantity: new D(0), costBasis: new D(0), realizedPnl: new D(0) };
        const bought = fills.filter((f) => f.side === 'BUY').reduce((a, f) => a.plus(f.total), new D(0));
        const sold = fills.filter((f) => f.side === 'SELL').reduce((a, f) => a.plus(f.total), new D(0));
        const realized = [...realizedBySell.values()].reduce((a, r) => a.plus(r), new D(0));
        expect(btc.quantity.toFixed()).toBe(held.toFixed());
        expect(btc.costBasis.isInteger() && btc.costBasis.gte(0)).toBe(true);
        expect(sold.minus(realized).plus(btc.costBasis).toFixed()).toBe(bought.toFixed());
        expect(btc.realizedPnl.toFixed()).toBe(realized.toFixed());
      }),
      { numRuns: 300 },
    );
  });

  describe('in US dollars (cost to the cent)', () => {
    const usd = 2;
    const aapl = (id: string, side: 'BUY' | 'SELL', quantity: string, total: string): Fill => ({ id, symbol: 'AAPL', side, quantity, total });

    it('takes sold shares out at the average cost to the cent, half up', () => {
      // 500.50 + 273.50 = 774.00 for 3.8 shares; 1 share costs 203.684… → 203.68.
      const { positions, realizedBySell } = replayFills([aapl('1', 'BUY', '2.5', '500.5'), aapl('2', 'BUY', '1.3', '273.5'), aapl('3', 'SELL', '1', '219.47')], usd);
      expect(realizedBySell.get('3')!.toFixed()).toBe('15.79');
      const position = positions.get('AAPL')!;
      expect(position.costBasis.toFixed()).toBe('570.32');
      expect(averageCostOf(position, 4).toFixed()).toBe('203.6857');
      expect(costOf({ quantity: new D(8), costBasis: new D('200.5') }, 2, 2).toFixed()).toBe('50.13');
    });

    it('multiplies the shares by a split and keeps the cost (the average cost divides by the ratio)', () => {
      const events: PositionEvent[] = [aapl('1', 'BUY', '2', '200.5'), { kind: 'SPLIT', symbol: 'AAPL', shares: '6' }, aapl('2', 'SELL', '2', '59.49')];
      const before = replayFills(events.slice(0, 2), usd).positions.get('AAPL')!;
      expect(before.quantity.toFixed()).toBe('8');
      expect(before.costBasis.toFixed()).toBe('200.5');
      expect(averageCostOf(before, 4).toFixed()).toBe('25.0625');
      const { positions, realizedBySell } = replayFills(events, usd);
      // 2 of 8 shares cost 50.125 → 50.13.
      expect(realizedBySell.get('2')!.toFixed()).toBe('9.36');
      expect(positions.get('AAPL')!.costBasis.toFixed()).toBe('150.37');
      expect(positions.get('AAPL')!.quantity.toFixed()).toBe('6');
    });

    it('realizes nothing on a split, and a split of another stock changes nothing here', () => {
      const { positions, realizedBySell } = replayFills([aapl('1', 'BUY', '1', '100'), { kind: 'SPLIT', symbol: 'NVDA', shares: '9' }, { kind: 'SPLIT', symbol: 'AAPL', shares: '1' }], usd);
      expect(realizedBySell.size).toBe(0);
      expect(positions.get('AAPL')).toEqual({ quantity: new D(2), costBasis: new D(100), realizedPnl: new D(0) });
      expect(positions.get('NVDA')!.costBasis.toFixed()).toBe('0');
    });

    // Random buys and sells of cent totals, splits between them: the cost taken out plus the cost
    // still held is exactly what the buys cost, always in whole cents.
    it('never creates or loses a cent, whatever the sequence', () => {
      const step = fc.record({
        side: fc.constantFrom('BUY', 'SELL', 'SPLIT'),
        units: fc.integer({ min: 1, max: 1_000_000 }),
        cents: fc.integer({ min: 1, max: 10_000_000 }),
      });
      fc.assert(
        fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
          let held = new Decimal(0);
          const events: PositionEvent[] = [];
          steps.forEach((s, i) => {
            const quantity = new Decimal(s.units).div(1e4);
            if (s.side === 'SPLIT') {
              events.push({ kind: 'SPLIT', symbol: 'AAPL', shares: held.toFixed() });
              held = held.times(2);
              return;
            }
            if (s.side === 'SELL' && held.lt(quantity)) return;
            held = s.side === 'BUY' ? held.plus(quantity) : held.minus(quantity);
            events.push(aapl(String(i), s.side, quantity.toFixed(), new Decimal(s.cents).div(100).toFixed()));
          });
          const fills = events.filter((e): e is Fill => !('kind' in e));
          const { positions, realizedBySell } = replayFills(events, usd);
          const position = positions.get('AAPL') ?? { quantity: new D(0), costBasis: new D(0), realizedPnl: new D(0) };
          const bought = fills.filter((f) => f.side === 'BUY').reduce((a, f) => a.plus(f.total), new D(0));
          const sold = fills.filter((f) => f.side === 'SELL').reduce((a, f) => a.plus(f.total), new D(0));
          const realized = [...realizedBySell.values()].reduce((a, r) => a.plus(r), new D(0));
          expect(position.quantity.toFixed()).toBe(held.toFixed());
          expect(position.costBasis.times(100).isInteger() && position.costBasis.gte(0)).toBe(true);
          expect(sold.minus(realized).plus(position.costBasis).toFixed()).toBe(bought.toFixed());
        }),
        { numRuns: 300 },
      );
    });
  });
});
