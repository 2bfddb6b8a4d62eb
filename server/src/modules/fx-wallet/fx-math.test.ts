import fc from 'fast-check';
import Decimal from 'decimal.js';
import { usdIdrQuote, usdtIdrQuote } from '../../market/quotes';
import { buyingPower, dailyYield, freeCollateral, idrToUsd, idrToUsdt, money, usdToIdr, usdtToIdr } from './fx-math';

describe('conversions round down, in the house favour', () => {
  it('IDR -> USD at the buy price: whole cents, never more than the IDR paid is worth', () => {
    expect(idrToUsd('100000', '16920').toFixed()).toBe('5.91'); // 5.9101…
    expect(idrToUsd('16919', '16920').toFixed()).toBe('0.99'); // 0.99994…
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 10_000, max: 30_000 }), (idr, buy) => {
        const usd = idrToUsd(idr.toString(), buy);
        expect(usd.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(usd.times(buy).lessThanOrEqualTo(idr.toString())).toBe(true);
        expect(usd.plus('0.01').times(buy).greaterThan(idr.toString())).toBe(true);
      }),
    );
  });

  it('USD -> IDR at the sell price: whole Rupiah, rounded down', () => {
    expect(usdToIdr('5.91', '16750').toFixed()).toBe('98992'); // 98992.5
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.integer({ min: 10_000, max: 30_000 }), (cents, sell) => {
        const usd = new Decimal(cents.toString()).div(100);
        const idr = usdToIdr(usd, sell);
        expect(idr.isInteger()).toBe(true);
        expect(idr.lessThanOrEqualTo(usd.times(sell))).toBe(true);
        expect(idr.plus(1).greaterThan(usd.times(sell))).toBe(true);
      }),
    );
  });

  it('IDR <-> USDT at the ask and bid: 6 decimals and whole Rupiah, rounded down', () => {
    expect(idrToUsdt('100000', '17004').toFixed()).toBe('5.880969'); // 5.8809691…
    expect(usdtToIdr('5.880969', '16997').toFixed()).toBe('99958'); // 99958.83…
  });

  it('formats each currency with its decimals', () => {
    expect(money('12.5', 'USD')).toBe('12.50');
    expect(money('150000', 'IDR')).toBe('150000');
    expect(money('1.23456789', 'USDT')).toBe('1.234567');
    expect(money('0.999', 'USD')).toBe('0.99');
  });
});

describe('wallet figures', () => {
  it('buying power is what is free × leverage, to the cent, not below zero', () => {
    expect(buyingPower('100.005', 1).toFixed()).toBe('100');
    expect(buyingPower('100', 2).toFixed()).toBe('200');
    expect(buyingPower('62.5', 4).toFixed()).toBe('250');
    expect(buyingPower('-1', 2).toFixed()).toBe('0');
  });

  it('free collateral is the available balance: the held margin is counted once, not again', () => {
    // No position: all of it.
    expect(freeCollateral('80', '80', 0, 0).toFixed()).toBe('80');
    // $60 of margin held (available 20 of a balance of 80): 20, not 20 − 60.
    expect(freeCollateral('20', '80', '60', 0).toFixed()).toBe('20');
    // A gain at the marks frees nothing the ledger still holds.
    expect(freeCollateral('20', '80', '60', '15').toFixed()).toBe('20');
    // A loss of 12.345 no sweep has held yet: 80 − 60 − 12.345, down to the cent.
    expect(freeCollateral('20', '80', '60', '-12.345').toFixed()).toBe('7.65');
    // A loss past the collateral: nothing, never below zero.
    expect(freeCollateral('0', '80', '60', '-30').toFixed()).toBe('0');
  });
});

describe('daily yield', () => {
  it('pays whole cents and carries the fraction; nothing is created or lost over many days', () => {
    // $100 at 4%: 0.010958904… a day.
    const day1 = dailyYield('100', 4, 0);
    expect(day1.interest.toFixed()).toBe('0.0109589041');
    expect(day1.paid.toFixed()).toBe('0.01');
    expect(day1.carryOut.toFixed()).toBe('0.0009589041');
    let carry = new Decimal(0);
    let paid = new Decimal(0);
    let interest = new Decimal(0);
    for (let i = 0; i < 365; i += 1) {
      const day = dailyYield('100', 4, carry);
      expect(day.carryOut.greaterThanOrEqualTo(0) && day.carryOut.lessThan('0.01')).toBe(true);
      carry = day.carryOut;
      paid = paid.plus(day.paid);
      interest = interest.plus(day.interest);
    }
    expect(paid.plus(carry).toFixed()).toBe(interest.toFixed());
    // A year of $100 at 4% pays $4 less at most a cent's fraction (the interest is truncated to 1e-10 a day).
    expect(paid.toFixed()).toBe('3.99');
    expect(interest.greaterThan('3.9999')).toBe(true);
  });

  it('a balance too small for a cent a day still pays once the fractions add up', () => {
    // $5 at 4%: 0.000547945… a day, a cent after 19 days.
    let carry = new Decimal(0);
    const paidDays: number[] = [];
    for (let i = 1; i <= 40; i += 1) {
      const day = dailyYield('5', 4, carry);
      carry = day.carryOut;
      if (day.paid.greaterThan(0)) paidDays.push(i);
    }
    expect(paidDays).toEqual([19, 37]);
  });
});

describe('quotes', () => {
  it('USD/IDR: buy rounded up and sell rounded down around the 2-decimal mid', () => {
    const quote = usdIdrQuote({ usdIdr: () => 16_835.4567 }, 1, 0);
    expect(quote.mid.toFixed()).toBe('16835.46');
    expect(quote.buy.toFixed()).toBe('16920'); // 16919.637…
    expect(quote.sell.toFixed()).toBe('16751'); // 16751.28…
  });

  it('USDT/IDR: the book bid and ask, widened by the configured spread', () => {
    const ticker = (bid: string, ask: string, marketState = 'OPEN') => ({ ticker: () => ({ bid, ask, marketState }) as never });
    const plain = usdtIdrQuote(ticker('16997', '17004'), 0, 0);
    expect([plain.buy.toFixed(), plain.sell.toFixed(), plain.mid.toFixed(), plain.halted]).toEqual(['17004', '16997', '17000.5', false]);
    const wide = usdtIdrQuote(ticker('16997', '17004', 'HALTED'), 0.2, 0);
    expect([wide.buy.toFixed(), wide.sell.toFixed(), wide.halted]).toEqual(['17022', '16980', true]); // 17021.004, 16980.003
  });
});
