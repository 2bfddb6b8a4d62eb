import { formatPhone, isValidPhone, maskPhone, normalizePhone } from './identity-paths';
import { PhoneNumber, Pin, OtpCode } from './identity';

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '+6281234567890'],
    ['6281234567890', '+6281234567890'],
    ['+6281234567890', '+6281234567890'],
    [' +62 812-3456-7890 ', '+6281234567890'],
    ['(0812) 3456.7890', '+6281234567890'],
    ['0812345678', '+62812345678'], // 9 digits after 62
    ['0812345678901234'.slice(0, 14), '+628123456789012'], // 13 digits after 62
  ])('%s -> %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['81234567890', 'no prefix'],
    ['+6581234567', 'another country'],
    ['021234567890', 'a landline'],
    ['081234567', '8 digits after 62'],
    ['+6281234567890123', '14 digits after 62'],
    ['0812abc67890', 'letters'],
    ['+62+81234567890', 'two plus signs'],
    ['０８１２３４５６７８９０', 'full-width digits'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });

  it('formats and masks for display', () => {
    expect(formatPhone('081234567890')).toBe('+62 812-3456-7890');
    expect(maskPhone('+6281234567890')).toBe('+62 812-****-7890');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});

describe('identity schemas', () => {
  it('normalises a phone through the schema and refuses others with the rule as message', () => {
    expect(PhoneNumber.parse('081234567890')).toBe('+6281234567890');
    const result = PhoneNumber.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('Indonesian mobile number');
  });

  it('accepts exactly 6 digits for OTP and PIN', () => {
    for (const schema of [Pin, OtpCode]) {
      expect(schema.safeParse('012345').success).toBe(true);
      for (const bad of ['12345', '1234567', '12a456', ' 123456', '١٢٣٤٥٦']) expect(schema.safeParse(bad).success).toBe(false);
    }
  });
});
