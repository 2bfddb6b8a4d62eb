import { i18n, registerTranslations } from './i18n-instance';
import { CONTROL_CHARACTERS_KEY, plainTextProblem } from './plain-text';

describe('plainTextProblem', () => {
  it('refuses what the contract refuses: ESC, DEL, C1 and bidi controls anywhere; line breaks only in multi-line text', () => {
    for (const text of ['Ayu\u001b[31m', 'a\u007fb', 'x\u009by', 'abc\u202edef', 'one\ntwo']) {
      expect({ text, problem: plainTextProblem(text) }).toEqual({ text, problem: CONTROL_CHARACTERS_KEY });
    }
    expect(plainTextProblem('Jl. Merdeka 1\r\nJakarta\tPusat', true)).toBeNull();
    expect(plainTextProblem('Jl. Merdeka\u001b1', true)).toBe(CONTROL_CHARACTERS_KEY);
    expect(plainTextProblem('Ayu Lestari, Bandung')).toBeNull();
  });

  it('translates from any namespace, in Indonesian and English', () => {
    registerTranslations('plain-text-test', { id: {}, en: {} });
    const t = i18n.getFixedT('id', 'plain-text-test');
    expect(t(CONTROL_CHARACTERS_KEY)).toMatch(/^Tidak boleh berisi karakter kontrol/);
    expect(i18n.getFixedT('en', 'plain-text-test')(CONTROL_CHARACTERS_KEY)).toMatch(/^Must not contain control characters/);
  });
});
