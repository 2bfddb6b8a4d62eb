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
  readNumericInput,
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

  it('accepts whole numbers only at precision 0: a decimal point starts a fraction that is cut', () => {
    expect(normalizeDecimal(parseNumericText('12.7', { language: 'en', precision: 0 }))).toBe('12');
    // The point stays in the draft, so the digits after it never join the whole number.
    expect(parseNumericText('12,500.99', { language: 'en', precision: 0 })).toBe('12500.');
    expect(parseNumericText('12.500,99', { language: 'id', precision: 0 })).toBe('12500.');
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

describe('readNumericInput (typed or pasted, in either language)', () => {
  const paste = (text: string, language: 'id' | 'en', precision = 2, previous = '') =>
    readNumericInput(previous, text, { language, precision });

  it('reads the other language\'s grouping when it can only mean one number', () => {
    expect(paste('3,300,000,000', 'id', 0)).toMatchObject({ draft: '3300000000', notice: null });
    expect(paste('3.300.000.000', 'en', 0)).toMatchObject({ draft: '3300000000', notice: null });
    expect(paste('3,300,000,000', 'id', 2)).toMatchObject({ draft: '3300000000', notice: null });
    expect(paste('1.234,56', 'en')).toMatchObject({ draft: '1234.56', notice: null });
    expect(paste('1,234.56', 'id')).toMatchObject({ draft: '1234.56', notice: null });
    expect(paste('1.234,56', 'id')).toMatchObject({ draft: '1234.56', notice: null });
    expect(paste('Rp 1.234.567,89', 'id')).toMatchObject({ draft: '1234567.89', notice: null });
    expect(paste('USD 1,234.5', 'id')).toMatchObject({ draft: '1234.5', notice: null });
  });

  it('reads scientific notation exactly', () => {
    expect(paste('1e-4', 'en', 8)).toMatchObject({ draft: '0.0001', notice: null });
    expect(paste('1E-4', 'id', 8)).toMatchObject({ draft: '0.0001', notice: null });
    expect(paste('2.5e3', 'en', 2)).toMatchObject({ draft: '2500', notice: null });
    expect(paste('2,5e3', 'id', 0)).toMatchObject({ draft: '2500', notice: null });
  });

  it('a single separator before three digits is grouping in a whole-number field, a decimal point otherwise when it cannot be grouping', () => {
    expect(paste('1.500', 'en', 0)).toMatchObject({ draft: '1500', notice: null });
    expect(paste('1,500', 'id', 0)).toMatchObject({ draft: '1500', notice: null });
    expect(paste('0.125', 'id', 4)).toMatchObject({ draft: '0.125', notice: null });
    expect(paste('1,5', 'en', 2)).toMatchObject({ draft: '1.5', notice: null });
    expect(paste('12345.678', 'id', 4)).toMatchObject({ draft: '12345.678', notice: null });
  });

  it('refuses what cannot be read unambiguously and keeps what was there', () => {
    expect(paste('1,234', 'id', 2, '7')).toMatchObject({ draft: '7', notice: 'unreadable' });
    expect(paste('1.234', 'en', 2)).toMatchObject({ draft: '', notice: 'unreadable' });
    expect(paste('12,34,56', 'en')).toMatchObject({ draft: '', notice: 'unreadable' });
    expect(paste('1.2.3', 'en')).toMatchObject({ draft: '', notice: 'unreadable' });
    expect(paste('-5', 'en')).toMatchObject({ draft: '', notice: 'unreadable' });
    expect(paste('abc', 'en')).toMatchObject({ draft: '', notice: 'unreadable' });
    expect(paste('1x5', 'en', 8)).toMatchObject({ draft: '', notice: 'unreadable' });
  });

  it('cuts a fraction beyond the precision (never rounds) and says so', () => {
    expect(paste('12500.99', 'en', 0)).toMatchObject({ draft: '12500', notice: 'cut' });
    expect(paste('1e-4', 'en', 2)).toMatchObject({ draft: '0', notice: 'cut' });
    expect(paste('0,129', 'id', 2)).toMatchObject({ draft: '0.12', notice: 'cut' });
  });

  it('typing at precision 0: the decimal point stays, the digits after it are cut visibly', () => {
    expect(readNumericInput('12,500', '12,500.', { language: 'en', precision: 0 })).toMatchObject({ draft: '12500.', notice: 'cut' });
    expect(readNumericInput('12,500.', '12,500.9', { language: 'en', precision: 0 })).toMatchObject({ draft: '12500.', notice: 'cut' });
    expect(readNumericInput('12.500', '12.500,', { language: 'id', precision: 0 })).toMatchObject({ draft: '12500.', notice: 'cut' });
    // A typed dot on an Indonesian page is a decimal point too (no decimal separator yet).
    expect(readNumericInput('12.500', '12.500.', { language: 'id', precision: 0 })).toMatchObject({ draft: '12500.', notice: 'cut' });
    expect(readNumericInput('12.50', '12.500', { language: 'id', precision: 0 })).toMatchObject({ draft: '12500', notice: null });
  });

  it('pasted into the middle of a number, the pasted part is read on its own', () => {
    // "3,000" pasted between the 1 and the 5 of "15": read on its own (grouping), then spliced in.
    expect(readNumericInput('15', '13,0005', { language: 'id', precision: 0 })).toMatchObject({ draft: '130005', notice: null });
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
