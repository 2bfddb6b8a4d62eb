import fc from 'fast-check';
import { TradingDecimal, chargesForBase, floorToStep, orderNumbers, type FeeRates } from '@pasar/shared/trading';
import { walkBook, type BookLevel, type BookWalkFilled } from './book-walk';

const RATES: FeeRates = { feeRate: '0.001', buyTaxRate: '0', sellTaxRate: '0.0021' };
const D = (v: string | number) => new TradingDecimal(v);
const lv = (price: string, quantity: string): BookLevel => ({ price, quantity });
const ASKS = [lv('100', '5'), lv('101', '5'), lv('103', '10'), lv('110', '100')];
const BIDS = [lv('99', '4'), lv('98', '6'), lv('90', '100')];
const BOOK = { asks: ASKS, bids: BIDS };

const filled = (r: ReturnType<typeof walkBook>): BookWalkFilled => {
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r;
};

describe('walkBook', () => {
  it('walks the asks for a buy, paying slippage for size', () => {
    const r = filled(walkBook({ side: 'BUY', book: BOOK, quantity: '12', quantityStep: '1', rates: RATES, bandPercent: '5' }));
    expect(r.fills).toEqual([lv('100', '5'), lv('101', '5'), lv('103', '2')]);
    // b = 500 + 505 + 206 = 1211; fee ceil(1.211) = 2
    expect([r.quantity, r.base, r.fee, r.tax, r.total]).toEqual(['12', '1211', '2', '0', '1213']);
    expect([r.bestPrice, r.worstPrice, r.averagePrice]).toEqual(['100', '103', '100.91666667']);
  });

  it('walks the bids for a sell, with the sale tax', () => {
    const r = filled(walkBook({ side: 'SELL', book: BOOK, quantity: '7', quantityStep: '1', rates: RATES, bandPercent: '5' }));
    expect(r.fills).toEqual([lv('99', '4'), lv('98', '3')]);
    // b = 396 + 294 = 690; tax ceil(1.449) = 2; fee ceil(0.69) = 1
    expect([r.base, r.tax, r.fee, r.total]).toEqual(['690', '2', '1', '687']);
  });

  it('refuses an order that needs a level beyond the band, and one the book cannot fill', () => {
    const band = walkBook({ side: 'BUY', book: BOOK, quantity: '21', quantityStep: '1', rates: RATES, bandPercent: '5' });
    expect(band).toEqual({ ok: false, side: 'BUY', reason: 'PRICE_BAND', bestPrice: '100', bandPrice: '105' });
    // With a 10 % band the 110 level is usable.
    expect(walkBook({ side: 'BUY', book: BOOK, quantity: '21', quantityStep: '1', rates: RATES, bandPercent: '10' }).ok).toBe(true);
    const depth = walkBook({ side: 'BUY', book: BOOK, quantity: '121', quantityStep: '1', rates: RATES, bandPercent: '50' });
    expect(depth).toMatchObject({ ok: false, reason: 'INSUFFICIENT_DEPTH' });
    expect(walkBook({ side: 'SELL', book: { asks: ASKS, bids: [] }, quantity: '1', quantityStep: '1', rates: RATES, bandPercent: '5' })).toEqual({
      ok: false,
      side: 'SELL',
      reason: 'EMPTY_BOOK',
      bestPrice: null,
      bandPrice: null,
    });
  });

  it('refuses a size below one step', () => {
    expect(walkBook({ side: 'BUY', book: BOOK, quantity: '0.5', quantityStep: '1', rates: RATES, bandPercent: '5' })).toMatchObject({ reason: 'BELOW_STEP' });
    expect(walkBook({ side: 'BUY', book: BOOK, amount: '50', quantityStep: '1', rates: RATES, bandPercent: '5' })).toMatchObject({ reason: 'BELOW_STEP' });
  });

  it('buys by amount without ever spending more than the amount', () => {
    // Budget ceil(1000 / 1.001) = 1000: 5 @ 100 + 4 @ 101 = 904; a 5th unit @ 101 would be 1005 + fee.
    const r = filled(walkBook({ side: 'BUY', book: BOOK, amount: '1000', quantityStep: '1', rates: RATES, bandPercent: '5' }));
    expect(r.fills).toEqual([lv('100', '5'), lv('101', '4')]);
    expect([r.base, r.fee, r.total]).toEqual(['904', '1', '905']);
    // Exactly the budget: 5 @ 100 + 5 @ 101 = 1005 costs 1005 + 2; an amount of 1006 cannot pay for it.
    const tight = filled(walkBook({ side: 'BUY', book: BOOK, amount: '1006', quantityStep: '1', rates: RATES, bandPercent: '5' }));
    expect(tight.quantity).toBe('9');
    expect(filled(walkBook({ side: 'BUY', book: BOOK, amount: '1007', quantityStep: '1', rates: RATES, bandPercent: '5' })).quantity).toBe('10');
  });

  it('sells by amount: at most that much value', () => {
    const r = filled(walkBook({ side: 'SELL', book: BOOK, amount: '500', quantityStep: '0.5', rates: RATES, bandPercent: '5' }));
    // 4 @ 99 = 396, then 104 / 98 = 1.06 -> 1 @ 98: 494
    expect(r.fills).toEqual([lv('99', '4'), lv('98', '1')]);
    expect(r.base).toBe('494');
  });

  it('gives the same numbers as orderNumbers when the best level fills the order', () => {
    const book = { asks: [lv('1500000000', '2'), lv('1500100000', '3')], bids: [] };
    for (const amount of ['100000', '1000000', '123456789']) {
      const r = filled(walkBook({ side: 'BUY', book, amount, quantityStep: '0.00000001', rates: RATES, bandPercent: '2' }));
      const n = orderNumbers({ side: 'BUY', price: '1500000000', amount, quantityStep: '0.00000001', rates: RATES });
      expect({ quantity: r.quantity, base: r.base, fee: r.fee, tax: r.tax, total: r.total }).toEqual(n);
    }
  });

  it('takes levels best first even when they arrive out of order, and ignores empty ones', () => {
    const book = { asks: [lv('102', '1'), lv('100', '1'), lv('101', '0'), lv('101', '1')], bids: [] };
    const r = filled(walkBook({ side: 'BUY', book, quantity: '2', quantityStep: '1', rates: RATES, bandPercent: '5' }));
    expect(r.fills).toEqual([lv('100', '1'), lv('101', '1')]);
  });
});

// ---- properties against a direct reading of the rules ----

const STEPS = ['1', '0.01', '0.00000001'] as const;
const RATE_SETS: FeeRates[] = [
  RATES,
  { feeRate: '0.001', buyTaxRate: '0.0011', sellTaxRate: '0.001' },
  { feeRate: '0.0025', buyTaxRate: '0', sellTaxRate: '0' },
];

const scenario = fc.record({
  side: fc.constantFrom('BUY' as const, 'SELL' as const),
  step: fc.constantFrom(...STEPS),
  rates: fc.constantFrom(...RATE_SETS),
  bestTicks: fc.integer({ min: 50, max: 5_000_000 }),
  gaps: fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 0, maxLength: 9 }),
  sizes: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 10, maxLength: 10 }),
  bandPercent: fc.constantFrom('0', '0.5', '2', '5', '20'),
  byAmount: fc.boolean(),
  wantSteps: fc.integer({ min: 0, max: 400_000 }),
  amountTicks: fc.integer({ min: 1, max: 2_000_000_000 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer R> ? R : never;

function buildLevels(s: Scenario) {
  // Prices on a 0.01 grid; quantities whole steps. Asks rise from the best, bids fall (kept positive).
  const tick = D('0.01');
  let ticks = s.bestTicks;
  const levels: { price: TradingDecimal; quantity: TradingDecimal }[] = [];
  for (let i = 0; i <= s.gaps.length; i += 1) {
    if (i > 0) ticks = s.side === 'BUY' ? ticks + s.gaps[i - 1] : ticks - s.gaps[i - 1];
    if (ticks <= 0) break;
    levels.push({ price: tick.times(ticks), quantity: D(s.step).times(s.sizes[i]) });
  }
  return levels;
}

describe('walkBook properties', () => {
  it('fills best first inside the band, refuses exactly when the band or the depth is short, and buys by amount within it', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const levels = buildLevels(s);
        const step = D(s.step);
        const asText = levels.map((l) => lv(l.price.toFixed(), l.quantity.toFixed()));
        const book = s.side === 'BUY' ? { asks: asText, bids: [] } : { asks: [], bids: asText };
        const quantity = step.times(s.wantSteps).toFixed();
        const amount = D(s.amountTicks).toFixed();
        const r = walkBook({
          side: s.side,
          book,
          ...(s.byAmount ? { amount } : { quantity }),
          quantityStep: s.step,
          rates: s.rates,
          bandPercent: s.bandPercent,
        });
        const best = levels[0].price;
        const bandFactor = D(s.bandPercent).div(100);
        const bandPrice = s.side === 'BUY' ? best.times(bandFactor.plus(1)) : best.times(D(1).minus(bandFactor));
        const inBand = (p: TradingDecimal) => (s.side === 'BUY' ? p.lte(bandPrice) : p.gte(bandPrice));
        const usable = levels.filter((l) => inBand(l.price));
        const usableQty = usable.reduce((a, l) => a.plus(l.quantity), D(0));

        if (!s.byAmount) {
          // Quantity orders: fillable iff the in-band levels hold the quantity.
          const want = floorToStep(quantity, step);
          if (want.isZero()) return expect(r).toMatchObject({ ok: false, reason: 'BELOW_STEP' });
          if (usableQty.lt(want)) {
            return expect(r).toMatchObject({ ok: false, reason: usable.length < levels.length ? 'PRICE_BAND' : 'INSUFFICIENT_DEPTH' });
          }
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(D(r.quantity).eq(want)).toBe(true);
        }
        if (!r.ok) {
          // Amount orders are refused only when the budget outlasts the in-band levels (or buys no step).
          expect(['PRICE_BAND', 'INSUFFICIENT_DEPTH', 'BELOW_STEP']).toContain(r.reason);
          if (r.reason === 'BELOW_STEP') {
            const firstStep = chargesForBase(s.side, step.times(best), s.rates);
            // §9's reverse can leave an exact fit unused when a buy tax is floored: then the step costs the amount.
            if (s.side === 'SELL') expect(step.times(best).gt(amount)).toBe(true);
            else if (s.rates.buyTaxRate === '0') expect(D(firstStep.total).gt(amount)).toBe(true);
            else expect(D(firstStep.total).gte(amount)).toBe(true);
          } else {
            const allBase = usable.reduce((a, l) => a.plus(l.quantity.times(l.price)), D(0));
            expect(allBase.lt(D(amount))).toBe(true);
          }
          return;
        }
        // Fills: a prefix of the levels, best first, each within its level, all but the last whole.
        r.fills.forEach((f, i) => {
          expect(D(f.price).eq(levels[i].price)).toBe(true);
          expect(inBand(D(f.price))).toBe(true);
          expect(D(f.quantity).gt(0) && D(f.quantity).lte(levels[i].quantity)).toBe(true);
          if (i < r.fills.length - 1) expect(D(f.quantity).eq(levels[i].quantity)).toBe(true);
        });
        const rawBase = r.fills.reduce((a, f) => a.plus(D(f.quantity).times(f.price)), D(0));
        expect(D(r.quantity).eq(r.fills.reduce((a, f) => a.plus(f.quantity), D(0)))).toBe(true);
        expect({ base: r.base, fee: r.fee, tax: r.tax, total: r.total }).toEqual(chargesForBase(s.side, rawBase, s.rates));
        expect(D(r.worstPrice).eq(D(r.fills[r.fills.length - 1].price))).toBe(true);

        if (s.byAmount) {
          // Never more than the amount; and one more step at the next price would be more.
          const last = r.fills.length - 1;
          const nextLevel = D(r.fills[last].quantity).lt(levels[last].quantity) ? levels[last] : levels[last + 1];
          if (s.side === 'BUY') {
            expect(D(r.total).lte(D(amount))).toBe(true);
            if (nextLevel && inBand(nextLevel.price) && s.rates.buyTaxRate === '0') {
              const more = chargesForBase('BUY', rawBase.plus(step.times(nextLevel.price)), s.rates);
              expect(D(more.total).gt(D(amount))).toBe(true);
            }
          } else {
            expect(rawBase.lte(D(amount))).toBe(true);
            if (nextLevel && inBand(nextLevel.price)) expect(rawBase.plus(step.times(nextLevel.price)).gt(D(amount))).toBe(true);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});
