import { ERROR_CATALOGUE, WEAK_PIN_CODE, weakPin } from './index';

describe('weakPin', () => {
  it.each(['123456', '234567', '456789', '654321', '987654', '012345', '543210'])('refuses the sequence %s', (pin) => {
    expect(weakPin(pin)).toBe('sequence');
  });

  it.each(['111111', '000000', '999999'])('refuses the repeat %s', (pin) => {
    expect(weakPin(pin)).toBe('repeat');
  });

  it.each([
    ['230490', 'DDMMYY'],
    ['900423', 'YYMMDD'],
    ['042390', 'MMDDYY'],
  ])('refuses the birth date 1990-04-23 as %s (%s)', (pin) => {
    expect(weakPin(pin, '1990-04-23')).toBe('birth-date');
  });

  it('refuses D M YYYY when it fits six digits', () => {
    expect(weakPin('531990', '1990-03-05')).toBe('birth-date');
    expect(weakPin('050390', '1990-03-05')).toBe('birth-date');
  });

  it('accepts a PIN that is none of these, and the birth date only once known', () => {
    for (const pin of ['246810', '135792', '975312', '120845', '123457']) expect(weakPin(pin)).toBeNull();
    expect(weakPin('230490')).toBeNull();
    expect(weakPin('230490', null)).toBeNull();
    expect(weakPin('230491', '1990-04-23')).toBeNull();
  });

  it('has a catalogue message in both languages', () => {
    expect(ERROR_CATALOGUE[WEAK_PIN_CODE].http).toBe(400);
    expect(ERROR_CATALOGUE[WEAK_PIN_CODE].id).toMatch(/PIN/);
    expect(ERROR_CATALOGUE[WEAK_PIN_CODE].en).toMatch(/PIN/);
  });
});
