import { IconButton, MoonIcon, SunIcon, useAppStore } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { setShellTheme } from '../app-shell/theme-controller';
import { useShellConfig } from '../config/ShellConfigContext';

/** Light / dark; the choice is kept in the theme cookie. */
export function ThemeSwitch() {
  const t = useShellT();
  const config = useShellConfig();
  const theme = useAppStore((s) => s.theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      aria-label={t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')}
      icon={theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      onClick={() => setShellTheme(next, config, true)}
    />
  );
}
