import { languagePath } from './language-path';

describe('languagePath', () => {
  it('adds /en for English and drops it for Indonesian', () => {
    expect(languagePath('/account/language', 'en')).toBe('/en/account/language');
    expect(languagePath('/en/account/language', 'id')).toBe('/account/language');
  });

  it('leaves a path already in the language as it is', () => {
    expect(languagePath('/account/language', 'id')).toBe('/account/language');
    expect(languagePath('/en/account/language', 'en')).toBe('/en/account/language');
  });

  it('keeps the mobile-web prefix, in the shell’s order', () => {
    expect(languagePath('/pwa/account/language', 'en')).toBe('/pwa/en/account/language');
    expect(languagePath('/pwa/en/account/language', 'id')).toBe('/pwa/account/language');
    expect(languagePath('/en/pwa/account/language', 'id')).toBe('/pwa/account/language');
  });

  it('handles the site root', () => {
    expect(languagePath('/', 'en')).toBe('/en');
    expect(languagePath('/en', 'id')).toBe('/');
    expect(languagePath('/pwa/en/', 'id')).toBe('/pwa');
  });

  it('does not mistake a page for a prefix', () => {
    expect(languagePath('/english/x', 'en')).toBe('/en/english/x');
  });
});
