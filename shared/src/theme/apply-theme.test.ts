import { applyTheme, appliedThemeName } from './apply-theme';
import { cssVariableName, themeToCssVariables, tokens } from './css-variables';
import { darkTheme, lightTheme } from './theme-definitions';

describe('applyTheme', () => {
  it('writes the theme as --pasar-* variables, data-theme and color-scheme on the root', () => {
    const root = document.createElement('div');
    applyTheme('dark', root);

    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.getPropertyValue('--pasar-color-background')).toBe(darkTheme.colors.background);
    expect(root.style.getPropertyValue('--pasar-space-lg')).toBe('16px');
    expect(root.style.getPropertyValue('--pasar-z-modal')).toBe(darkTheme.zIndex.modal);
  });

  it('replaces every variable when switching back, leaving no dark value behind', () => {
    const root = document.createElement('div');
    applyTheme('dark', root);
    applyTheme('light', root);

    for (const [name, value] of Object.entries(themeToCssVariables(lightTheme))) {
      expect(root.style.getPropertyValue(name)).toBe(value);
    }
    expect(appliedThemeName(root)).toBe('light');
  });

  it('defaults to the document element and tints the mobile toolbar', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);

    applyTheme('dark');

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(meta.content).toBe(darkTheme.colors.background);
    meta.remove();
  });
});

describe('tokens', () => {
  it('reference the same variables applyTheme writes, falling back to the light value', () => {
    expect(tokens.colors.surfaceElevated).toBe(
      `var(${cssVariableName('colors', 'surfaceElevated')}, ${lightTheme.colors.surfaceElevated})`,
    );
    const written = Object.keys(themeToCssVariables(darkTheme));
    const referenced = Object.values(tokens).flatMap((group) =>
      Object.values(group as Record<string, string>).map((ref) => /var\((--[^,]+),/.exec(ref)?.[1]),
    );
    expect(referenced.sort()).toEqual(written.sort());
  });

  it('has the same token names in both themes', () => {
    expect(Object.keys(themeToCssVariables(darkTheme)).sort()).toEqual(
      Object.keys(themeToCssVariables(lightTheme)).sort(),
    );
  });
});
