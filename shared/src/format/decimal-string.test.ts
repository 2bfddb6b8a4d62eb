import { toDecimalString } from './decimal-string';

// The reference: what toDecimalString answered for numbers before it stopped creating an Intl
// formatter while the shared kit is evaluated (decimal-string.ts).
const reference = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

describe('toDecimalString of a number', () => {
  it('writes edge values as Intl en-US does: no exponent, at most 20 fraction digits', () => {
    const values = [0, -0, 1, -1, 0.1, 0.1 + 0.2, 1e-7, 1.5e-7, -2.5e-9, 1e21, 1.2345e22, -9.87e25, 123456789.123, 1e-20, 5e-21, 1e-21, -1e-25];
    const more = [4.94e-324, 1.7976931348623157e308, 0.000024244451339640348, 99.99999999999999, 2 ** 53 + 2];
    for (const value of [...values, ...more]) expect([value, toDecimalString(value)]).toEqual([value, reference.format(value)]);
    expect(toDecimalString(1e-7)).toBe('0.0000001');
    expect(toDecimalString(1.5e21)).toBe('1500000000000000000000');
  });

  it('agrees with Intl for doubles across fifty orders of magnitude', () => {
    // A fixed sequence (a linear congruential generator), so a failure names its value every run.
    let seed = 20261128;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const differing: Array<[number, string | null, string]> = [];
    for (let i = 0; i < 20_000; i++) {
      const value = (next() - 0.5) * 10 ** Math.floor(next() * 50 - 25);
      const answer = toDecimalString(value);
      if (answer !== reference.format(value)) differing.push([value, answer, reference.format(value)]);
    }
    expect(differing).toEqual([]);
  });

  it('is null for what is not a finite number', () => {
    expect(toDecimalString(Number.NaN)).toBeNull();
    expect(toDecimalString(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
