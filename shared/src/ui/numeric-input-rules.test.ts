import {
  addDecimal,
  applyNumericRules,
  canStepDown,
  caretAfterSignificantChars,
  compareDecimal,
  deleteAcrossGroupSeparator,
  formatNumericText,
  normalizeDecimal,
  normalizeTypedSeparator,
  parseNumericText,
  roundDownToStep,
  significantCharsBefore,
  stepDown,
  stepUp,
  subtractDecimal,
  truncateDecimal,
} from './numeric-input-rules';

describe('parseNumericText (accepts numbers only)', () => {
  it('drops letters, signs and spaces', () => {
    expect(parseNumericText('a1b2-3 e', { language: 'en', precision: 2 })).toBe('123');
    expect(parseNumericText('-5', { language: 'en', precision: 2 })).toBe('5');
    expect(parseNumericText('abc', { language: 'en', precision: 2 })).toBe('');
  });

  it('reads Indonesian text: dot groups thousands, comma is the decimal point', () => {
    expect(parseNumericText('Rp 1.234.567,89', { language: 'id', precision: 2 })).toBe('1234567.89');
  });

  it('reads English text: comma groups thousands, dot is the decimal point', () => {
    expect(parseNumericText('1,234,567.89', { language: 'en', precision: 2 })).toBe('1234567.89');
  });

  it('truncates the fraction to the precision instead of rounding', () => {
    expect(parseNumericText('0,129', { language: 'id', precision: 2 })).toBe('0.12');
    expect(parseNumericText('1.999999', { language: 'en', precision: 4 })).toBe('1.9999');
  });

  it('accepts whole numbers only at precision 0', () => {
    expect(parseNumericText('12.7', { language: 'en', precision: 0 })).toBe('12');
  });

  it('keeps what a person is half-way through typing', () => {
    expect(parseNumericText('12,', { language: 'id', precision: 2 })).toBe('12.');
    expect(parseNumericText('1,50', { language: 'id', precision: 2 })).toBe('1.50');
    expect(parseNumericText(',5', { language: 'id', precision: 2 })).toBe('0.5');
  });

  it('keeps only the first decimal separator and strips leading zeros', () => {
    expect(parseNumericText('1.2.3', { language: 'en', precision: 4 })).toBe('1.23');
    expect(parseNumericText('007', { language: 'en', precision: 2 })).toBe('7');
    expect(parseNumericText('0.05', { language: 'en', precision: 2 })).toBe('0.05');
  });

  it('caps the integer part', () => {
    expect(parseNumericText('12345', { language: 'en', precision: 0, maxIntegerDigits: 3 })).toBe('123');
  });
});

describe('formatNumericText', () => {
  it('groups thousands in the reader language', () => {
    expect(formatNumericText('1234567.5', 'id')).toBe('1.234.567,5');
    expect(formatNumericText('1234567.5', 'en')).toBe('1,234,567.5');
    expect(formatNumericText('999', 'id')).toBe('999');
  });

  it('shows a draft as typed', () => {
    expect(formatNumericText('1000.', 'id')).toBe('1.000,');
    expect(formatNumericText('0.50', 'en')).toBe('0.50');
    expect(formatNumericText('', 'en')).toBe('');
  });

  it('round-trips with parseNumericText', () => {
    for (const language of ['id', 'en'] as const) {
      const text = formatNumericText('98765432.1', language);
      expect(parseNumericText(text, { language, precision: 8 })).toBe('98765432.1');
    }
  });
});

describe('normalizeDecimal', () => {
  it('gives the canonical string', () => {
    expect(normalizeDecimal('12.')).toBe('12');
    expect(normalizeDecimal('1.500')).toBe('1.5');
    expect(normalizeDecimal('0.000')).toBe('0');
    expect(normalizeDecimal('00012.30')).toBe('12.3');
    expect(normalizeDecimal('')).toBe('');
  });
});

describe('normalizeTypedSeparator', () => {
  it('turns a typed group separator into the decimal separator', () => {
    expect(normalizeTypedSeparator('12', '12.', 'id')).toBe('12,');
    expect(normalizeTypedSeparator('12', '12,', 'en')).toBe('12.');
  });

  it('leaves it alone once a decimal separator exists, or for pasted text', () => {
    expect(normalizeTypedSeparator('1,5', '1,5.', 'id')).toBe('1,5.');
    expect(normalizeTypedSeparator('', '1.234', 'id')).toBe('1.234');
    expect(normalizeTypedSeparator('12', '123', 'id')).toBe('123');
  });
});

describe('deleteAcrossGroupSeparator', () => {
  it('Backspace just after a group separator removes the digit before it', () => {
    // "1.234" with the caret after "." : Backspace leaves "1234" -> we remove "1" instead.
    expect(deleteAcrossGroupSeparator('1.234', '1234', 'id', false)).toEqual({ text: '234', caret: 0 });
  });

  it('Delete just before a group separator removes the digit after it', () => {
    expect(deleteAcrossGroupSeparator('1,234', '1234', 'en', true)).toEqual({ text: '134', caret: 1 });
  });

  it('does nothing for an ordinary deletion', () => {
    expect(deleteAcrossGroupSeparator('1.234', '1.23', 'id', false)).toBeNull();
  });
});

describe('caret helpers', () => {
  it('keeps the caret after the same digit when grouping changes', () => {
    // "1234|" typed in id becomes "1.234"; caret stays at the end.
    const count = significantCharsBefore('1234', 4, 'id');
    expect(caretAfterSignificantChars('1.234', count, 'id')).toBe(5);
    // caret after "12" in "1.234" -> after "12" in "12.345" (a digit inserted up front).
    expect(caretAfterSignificantChars('12.345', 2, 'id')).toBe(2);
    expect(caretAfterSignificantChars('1.234', 2, 'id')).toBe(3);
    expect(caretAfterSignificantChars('1.234', 0, 'id')).toBe(0);
  });
});

describe('decimal arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('1', '0.9')).toBe('0.1');
    expect(addDecimal('99999999999999999999.99999999', '0.00000001')).toBe('100000000000000000000');
  });

  it('compares across scales', () => {
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('0.09', '0.1')).toBe(-1);
    expect(compareDecimal('10', '9.999')).toBe(1);
  });

  it('rejects what is not a decimal string', () => {
    expect(() => addDecimal('1e3', '1')).toThrow(/decimal/);
    expect(() => subtractDecimal('1', '2')).toThrow(/negative/);
  });
});

describe('truncateDecimal (amounts are truncated, not rounded)', () => {
  it('cuts extra digits', () => {
    expect(truncateDecimal('1.239', 2)).toBe('1.23');
    expect(truncateDecimal('0.999', 0)).toBe('0');
    expect(truncateDecimal('5', 2)).toBe('5');
    expect(truncateDecimal('', 2)).toBe('');
  });
});

describe('roundDownToStep (quantity rounded down to a multiple of the step)', () => {
  it('floors to the step', () => {
    expect(roundDownToStep('17', '5')).toBe('15');
    expect(roundDownToStep('0.0379', '0.001')).toBe('0.037');
    expect(roundDownToStep('1.26', '0.25')).toBe('1.25');
    expect(roundDownToStep('4.99', '5')).toBe('0');
  });

  it('keeps values already on the step, and ignores an absent or zero step', () => {
    expect(roundDownToStep('2.5', '0.5')).toBe('2.5');
    expect(roundDownToStep('2.57', undefined)).toBe('2.57');
    expect(roundDownToStep('2.57', '0')).toBe('2.57');
  });
});

describe('applyNumericRules', () => {
  it('truncates to precision then rounds down to the step', () => {
    expect(applyNumericRules('12.3456', { precision: 3, step: '0.01' })).toBe('12.34');
    expect(applyNumericRules('12.3456', { precision: 3 })).toBe('12.345');
  });
});

describe('stepUp / stepDown (plus and minus buttons)', () => {
  const rules = { precision: 4, step: '0.5' };

  it('plus adds one step from empty or from a value', () => {
    expect(stepUp('', rules)).toBe('0.5');
    expect(stepUp('1', rules)).toBe('1.5');
  });

  it('plus lands on a multiple of the step from an off-step value', () => {
    expect(stepUp('1.2', rules)).toBe('1.5');
  });

  it('minus subtracts one step', () => {
    expect(stepDown('1.5', rules)).toBe('1');
    expect(stepDown('0.5', rules)).toBe('0');
  });

  it('minus from an off-step value goes to the multiple below', () => {
    expect(stepDown('1.2', rules)).toBe('1');
  });

  it('minus does nothing while the value is below the step', () => {
    expect(stepDown('0.4', rules)).toBe('0.4');
    expect(stepDown('', rules)).toBe('');
    expect(canStepDown('0.4', '0.5')).toBe(false);
    expect(canStepDown('0.5', '0.5')).toBe(true);
  });

  it('works with steps finer than float precision', () => {
    expect(stepUp('0.00000001', { precision: 8, step: '0.00000001' })).toBe('0.00000002');
    expect(stepUp('0.1', { precision: 2, step: '0.2' })).toBe('0.2');
  });
});
