import { DEFAULT_ERROR_MESSAGE, ERROR_CATALOGUE, errorMessage, isErrorCode, PROMPT_CODES } from './errors';

const SPEC_CODES = [
  '002', '007', '008', '009', '018', '10001', '10002', '0004', '1114', '1119',
  '1115', '1116', '1117', '9504', '3402', '3405', '1151', '1158', '1156', '1157',
  '1162', '1169', '1174', '1176', '1175',
  ...Array.from({ length: 12 }, (_, i) => String(6301 + i)),
  ...Array.from({ length: 7 }, (_, i) => String(9599 + i)),
  ...Array.from({ length: 8 }, (_, i) => String(1143 + i)),
];

describe('error catalogue', () => {
  it('holds every code the specification lists', () => {
    const missing = SPEC_CODES.filter((code) => !isErrorCode(code));
    expect(missing).toEqual([]);
  });

  it('has a distinct, non-empty message in both languages for every code', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect({ code, id: entry.id.length > 0, en: entry.en.length > 0 }).toEqual({ code, id: true, en: true });
      expect({ code, same: entry.id === entry.en }).toEqual({ code, same: false });
    }
  });

  it('answers rate limits with 429, maintenance with 503 and an invalid session with 401', () => {
    for (let code = 1143; code <= 1150; code += 1) {
      expect(ERROR_CATALOGUE[String(code) as keyof typeof ERROR_CATALOGUE].http).toBe(429);
    }
    expect(ERROR_CATALOGUE['1151'].http).toBe(503);
    expect(ERROR_CATALOGUE['009'].http).toBe(401);
  });

  it('answers each refusal before routing and each operator refusal with its own code and status', () => {
    const statuses = Object.fromEntries(['004', '005', '006', '010', '011', '4301', '4302'].map((code) => [code, ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].http]));
    expect(statuses).toEqual({ '004': 413, '005': 415, '006': 414, '010': 431, '011': 408, '4301': 403, '4302': 409 });
  });

  it('keeps codes as strings so leading zeros survive', () => {
    expect(isErrorCode('0004')).toBe(true);
    expect(isErrorCode('4')).toBe(false);
  });

  it('localizes messages and falls back to "Something went wrong" for unknown codes', () => {
    expect(errorMessage('0004', 'en')).toBe('Incorrect PIN');
    expect(errorMessage('0004', 'id')).toBe('PIN salah');
    expect(errorMessage('nope', 'en')).toBe('Something went wrong');
    expect(errorMessage('nope', 'id')).toBe(DEFAULT_ERROR_MESSAGE.id);
  });

  it('opens the PIN or accept prompt only for 040 and 041', () => {
    expect([...PROMPT_CODES].sort()).toEqual(['040', '041']);
    expect(ERROR_CATALOGUE['040'].http).toBe(400);
    expect(ERROR_CATALOGUE['041'].http).toBe(400);
  });
});
