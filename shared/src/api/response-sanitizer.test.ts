import { containsMarkup, loadSanitizer, prepareSanitizer, sanitizeDeep, sanitizeString } from './response-sanitizer';

describe('before DOMPurify is loaded', () => {
  it('leaves plain strings alone and strips every tag from markup (the safe fallback)', () => {
    expect(sanitizeString('AT&T 1,5 > 1')).toBe('AT&T 1,5 > 1');
    expect(sanitizeString('Hi<script>alert(1)</script>')).toBe('Hialert(1)');
    expect(sanitizeString('<img src="x" onerror="alert(1)">')).toBe('');
  });

  it('knows which values need DOMPurify: only those with "<" somewhere inside', () => {
    expect(containsMarkup({ price: '1', list: ['AT&T', 5, null, { deep: true }] })).toBe(false);
    expect(containsMarkup({ a: [{ b: 'x<b>y</b>' }] })).toBe(true);
    expect(containsMarkup('<')).toBe(true);
  });

  it('returns a value without markup as it is, without copying it', () => {
    const clean = { candles: [{ o: '1', c: '2' }], name: 'AT&T' };
    expect(sanitizeDeep(clean)).toBe(clean);
  });
});

describe('response string sanitizer', () => {
  beforeAll(() => loadSanitizer());

  it('removes scripts and event handlers', () => {
    expect(sanitizeString('Hi<script>alert(1)</script>')).toBe('Hi');
    expect(sanitizeString('<img src="x" onerror="alert(1)">')).not.toContain('onerror');
  });

  it('keeps harmless markup-looking text exactly, ampersands included, so React shows it as written', () => {
    expect(sanitizeString('A & <b>B</b>')).toBe('A & <b>B</b>');
    expect(sanitizeString('1 < 2 & 3 > 2')).toBe('1 < 2 & 3 > 2');
  });

  it('walks values deeply and prepares without loading twice', async () => {
    await prepareSanitizer({ a: '<b>x</b>' });
    expect(sanitizeDeep({ a: ['<b onclick="x()">B</b>', 'AT&T'] })).toEqual({ a: ['<b>B</b>', 'AT&T'] });
  });
});
