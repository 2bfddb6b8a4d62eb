import { formatDateTime } from './date-format';

// Local time (no zone suffix), so the hour reads the same on every machine.
const AFTERNOON = '2026-11-22T15:06:00';

describe('formatDateTime', () => {
  it('writes Indonesian with a dot between hours and minutes', () => {
    const text = formatDateTime(AFTERNOON, 'id');
    expect(text).toMatch(/^22 Nov 2026,? 15\.06$/);
  });

  it('writes English (British order, 24-hour clock) with a colon', () => {
    expect(formatDateTime(AFTERNOON, 'en')).toBe('22 Nov 2026, 15:06');
  });

  it('gives the month in the reader language', () => {
    expect(formatDateTime('2026-08-17T09:30:00', 'id')).toMatch(/^17 Agu 2026,? 09\.30$/);
    expect(formatDateTime('2026-08-17T09:30:00', 'en')).toBe('17 Aug 2026, 09:30');
  });

  it('returns text that is not a date as it came', () => {
    expect(formatDateTime('not a date', 'id')).toBe('not a date');
    expect(formatDateTime('', 'en')).toBe('');
  });
});
