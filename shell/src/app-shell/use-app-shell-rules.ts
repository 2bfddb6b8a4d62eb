// The app-shell rules of §2 that follow the location: canonical/manifest/icon links, the
// language, the query flags and the theme of mobile-web routes.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '@pasar/shared';
import { useShellConfig } from '../config/ShellConfigContext';
import { usePrefixedNavigation } from '../routes/ShellRouter';
import { useShellStore } from '../state/shell-store';
import { canonicalUrl, upsertHeadLink } from './canonical';
import { syncLanguage } from './language-controller';
import { parseQueryFlags } from './query-flags';
import { initialTheme, setShellTheme, themeAfterSchemeChange, watchSystemScheme } from './theme-controller';

export function useAppShellRules(): void {
  const config = useShellConfig();
  const { pathname, search } = useLocation();
  const { language, mobileWeb } = usePrefixedNavigation();
  const setQueryFlags = useShellStore((s) => s.setQueryFlags);

  useLayoutEffect(() => syncLanguage(language), [language]);

  useEffect(() => {
    upsertHeadLink('canonical', canonicalUrl(config.siteBase, language, pathname));
  }, [config.siteBase, language, pathname]);

  useEffect(() => {
    upsertHeadLink('manifest', config.manifestHref);
    upsertHeadLink('icon', config.faviconHref, { type: 'image/svg+xml' });
  }, [config.manifestHref, config.faviconHref]);

  useEffect(() => setQueryFlags(parseQueryFlags(search)), [search, setQueryFlags]);

  // The theme is decided when the page opens and when it enters or leaves mobile web; a later
  // query change does not undo the user's own switch.
  const searchRef = useRef(search);
  searchRef.current = search;
  useLayoutEffect(() => {
    setShellTheme(initialTheme(mobileWeb, searchRef.current, config), config, false);
  }, [mobileWeb, config]);

  // Without a choice of their own (the theme cookie), the page follows the OS live: switching the
  // OS to dark at dusk turns an open Pasar dark too. Not remembered: it stays the OS's call.
  useEffect(
    () =>
      watchSystemScheme((prefersDark) => {
        const next = themeAfterSchemeChange(prefersDark, mobileWeb, searchRef.current, config);
        if (next) setShellTheme(next, config, false);
      }),
    [mobileWeb, config],
  );
}
