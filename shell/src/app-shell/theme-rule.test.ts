import { resolveTheme } from './theme-rule';

const desktop = { mobileWeb: false, queryTheme: null, savedTheme: null, prefersDark: false } as const;

describe('theme rule', () => {
  it('makes a mobile-web route dark unless the query says light', () => {
    expect(resolveTheme({ ...desktop, mobileWeb: true })).toBe('dark');
    expect(resolveTheme({ ...desktop, mobileWeb: true, queryTheme: 'light' })).toBe('light');
    expect(resolveTheme({ ...desktop, mobileWeb: true, queryTheme: 'dark' })).toBe('dark');
    // The saved choice of the desktop site does not leak into mobile web.
    expect(resolveTheme({ ...desktop, mobileWeb: true, savedTheme: 'light' })).toBe('dark');
  });

  it('defaults to light, or the OS preference without a saved choice', () => {
    expect(resolveTheme(desktop)).toBe('light');
    expect(resolveTheme({ ...desktop, prefersDark: true })).toBe('dark');
  });

  it('prefers the saved theme to the OS, and the query to both', () => {
    expect(resolveTheme({ ...desktop, prefersDark: true, savedTheme: 'light' })).toBe('light');
    expect(resolveTheme({ ...desktop, savedTheme: 'light', queryTheme: 'dark' })).toBe('dark');
  });
});
