import { sanitizeString } from './response-sanitizer';

describe('response string sanitizer', () => {
  it('removes scripts and event handlers', () => {
    expect(sanitizeString('Hi<script>alert(1)</script>')).toBe('Hi');
    expect(sanitizeString('<img src="x" onerror="alert(1)">')).not.toContain('onerror');
  });

  it('keeps harmless markup-looking text exactly, ampersands included, so React shows it as written', () => {
    expect(sanitizeString('A & <b>B</b>')).toBe('A & <b>B</b>');
    expect(sanitizeString('1 < 2 & 3 > 2')).toBe('1 < 2 & 3 > 2');
  });
});
