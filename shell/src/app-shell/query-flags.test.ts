import { parseQueryFlags, parseThemeQuery } from './query-flags';

describe('query flags', () => {
  it('are true only for the string "true"', () => {
    expect(
      parseQueryFlags('?registerUtc=true&registerRamadan=TRUE&registerTopUp=1&loginSalesforce'),
    ).toEqual({ registerUtc: true, registerRamadan: false, registerTopUp: false, loginSalesforce: false });
  });

  it('are all false without a query', () => {
    expect(parseQueryFlags('')).toEqual({
      registerUtc: false,
      registerRamadan: false,
      registerTopUp: false,
      loginSalesforce: false,
    });
  });

  it('read every flag', () => {
    expect(parseQueryFlags('registerUtc=true&registerRamadan=true&registerTopUp=true&loginSalesforce=true')).toEqual({
      registerUtc: true,
      registerRamadan: true,
      registerTopUp: true,
      loginSalesforce: true,
    });
  });

  it('read the theme parameter only when it names a theme', () => {
    expect(parseThemeQuery('?theme=light')).toBe('light');
    expect(parseThemeQuery('?theme=dark')).toBe('dark');
    expect(parseThemeQuery('?theme=blue')).toBeNull();
    expect(parseThemeQuery('')).toBeNull();
  });
});
