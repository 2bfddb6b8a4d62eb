import {
  formatCompact,
  formatCurrency,
  formatNumber,
  formatPercentChange,
  getSeparators,
  NUMBER_LOCALES,
  parseCurrency,
} from './number-format';

describe('formatNumber', () => {
  it('uses dot thousands and comma decimals in Indonesian, the reverse in English', () => {
    expect(formatNumber(1234567.891, 'id')).toBe('1.234.567,89');
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
  });

  it('formats decimal strings exactly, beyond float precision', () => {
    expect(formatNumber('12345678901234567890.125', 'en')).toBe('12,345,678,901,234,567,890.13');
    expect(formatNumber('9007199254740993', 'id')).toBe('9.007.199.254.740.993');
    expect(formatNumber('0.00000001', 'en', { maxFractionDigits: 8 })).toBe('0.00000001');
  });

  it('defaults to at most 2 fraction digits and honours min and max', () => {
    expect(formatNumber('1.23456', 'en')).toBe('1.23');
    expect(formatNumber('1.5', 'en', { minFractionDigits: 2 })).toBe('1.50');
    expect(formatNumber('1.23456', 'en', { maxFractionDigits: 4 })).toBe('1.2346');
    expect(formatNumber('2', 'en')).toBe('2');
  });

  it('rounds half away from zero by default and can truncate', () => {
    expect(formatNumber('1.005', 'en')).toBe('1.01');
    expect(formatNumber('-1.005', 'en')).toBe('-1.01');
    expect(formatNumber('1.999', 'en', { rounding: 'trunc' })).toBe('1.99');
    expect(formatNumber('9.999', 'en')).toBe('10');
  });

  it('never shows a negative zero', () => {
    expect(formatNumber('-0.001', 'en')).toBe('0');
  });

  it('shows a dash for something that is not a number', () => {
    expect(formatNumber('abc', 'en')).toBe('-');
    expect(formatNumber(Number.NaN, 'en')).toBe('-');
    expect(formatNumber('', 'en')).toBe('-');
  });
});

describe('separators', () => {
  it('differ in both languages', () => {
    expect(getSeparators('id')).toEqual({ decimal: ',', group: '.' });
    expect(getSeparators('en')).toEqual({ decimal: '.', group: ',' });
  });

  it('are what Intl writes for each language\'s locale, and so is the grouping of any integer', () => {
    // A fixed sequence (a linear congruential generator): integers of 1 to 40 digits.
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const lng of ['id', 'en'] as const) {
      const intl = new Intl.NumberFormat(NUMBER_LOCALES[lng], { useGrouping: true, maximumFractionDigits: 0 });
      const parts = new Intl.NumberFormat(NUMBER_LOCALES[lng], { useGrouping: true }).formatToParts(1234567.5);
      expect(getSeparators(lng)).toEqual({
        decimal: parts.find((p) => p.type === 'decimal')?.value,
        group: parts.find((p) => p.type === 'group')?.value,
      });
      const differing: string[] = [];
      for (let i = 0; i < 2_000; i++) {
        const digits = Array.from({ length: 1 + Math.floor(next() * 40) }, (_, k) => String(Math.floor(next() * 10) || (k === 0 ? 1 : 0))).join('');
        const negative = next() < 0.3;
        const value = `${negative ? '-' : ''}${digits}`;
        if (formatNumber(value, lng, { maxFractionDigits: 0 }) !== intl.format(BigInt(value))) differing.push(value);
      }
      expect(differing).toEqual([]);
    }
  });

  it('are never the same in a language (§5: parsing would be ambiguous)', () => {
    for (const lng of ['id', 'en'] as const) expect(getSeparators(lng).decimal).not.toBe(getSeparators(lng).group);
  });
});

describe('formatCompact', () => {
  it('uses rb, jt, M, T in Indonesian', () => {
    expect(formatCompact('1500', 'id')).toBe('1,5 rb');
    expect(formatCompact('1234567', 'id')).toBe('1,23 jt');
    expect(formatCompact('2500000000', 'id')).toBe('2,5 M');
    expect(formatCompact('7000000000000', 'id')).toBe('7 T');
  });

  it('uses K, M, B, T in English', () => {
    expect(formatCompact(1500, 'en')).toBe('1.5K');
    expect(formatCompact('1234567', 'en')).toBe('1.23M');
    expect(formatCompact('2500000000', 'en')).toBe('2.5B');
    expect(formatCompact('7000000000000', 'en')).toBe('7T');
  });

  it('keeps small values plain and carries a rounded 1000 into the next unit', () => {
    expect(formatCompact('999.456', 'en')).toBe('999.46');
    expect(formatCompact('999999', 'en')).toBe('1M');
    expect(formatCompact('-1500', 'en')).toBe('-1.5K');
  });

  it('stays at trillions for larger values', () => {
    expect(formatCompact('12345000000000000', 'en')).toBe('12,345T');
  });
});

describe('formatCurrency', () => {
  it('puts the symbol of each currency before the amount', () => {
    expect(formatCurrency('150000', 'IDR', 'id')).toBe('Rp150.000');
    expect(formatCurrency('12.5', 'USD', 'en')).toBe('$12.50');
    expect(formatCurrency('10.25', 'USDT', 'en')).toBe('₮10.25');
    expect(formatCurrency('-12.5', 'USD', 'en')).toBe('-$12.50');
  });

  it('can be compact', () => {
    expect(formatCurrency('2500000', 'IDR', 'id', { compact: true })).toBe('Rp2,5 jt');
  });
});

describe('parseCurrency', () => {
  it('strips Rp and Indonesian thousands dots, reading the comma as decimal', () => {
    expect(parseCurrency('Rp1.500.000', 'id')).toBe('1500000');
    expect(parseCurrency('Rp 1.500.000,50', 'id')).toBe('1500000.5');
  });

  it('strips English thousands commas', () => {
    expect(parseCurrency('Rp1,500,000.75', 'en')).toBe('1500000.75');
    expect(parseCurrency('$ 12.50', 'en')).toBe('12.5');
  });

  it('round-trips with formatCurrency', () => {
    expect(parseCurrency(formatCurrency('98765432.1', 'USD', 'id'), 'id')).toBe('98765432.1');
  });

  it('returns null when nothing numeric is left', () => {
    expect(parseCurrency('Rp', 'id')).toBeNull();
    expect(parseCurrency('abc', 'en')).toBeNull();
  });
});

describe('formatPercentChange', () => {
  it('shows two decimals and a sign', () => {
    expect(formatPercentChange(1.234, 'en')).toBe('+1.23%');
    expect(formatPercentChange('-0.5', 'id')).toBe('-0,50%');
    expect(formatPercentChange(0, 'en')).toBe('0.00%');
  });
});
