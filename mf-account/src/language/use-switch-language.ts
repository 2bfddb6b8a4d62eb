import { pathInLanguage, setLanguage, type Language, UNSAFE_NavigationContext, useLocation } from '@pasar/shared';
import { useCallback, useContext } from 'react';

/**
 * Switches language and moves to the same page under the new prefix. The prefix is the router's
 * basename in the shell (and the standalone page), so the move goes through the router's own
 * navigator, which takes full paths, rather than `navigate()`, which would add the old prefix.
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const { navigator, basename } = useContext(UNSAFE_NavigationContext);
  const { pathname, search, hash } = useLocation();
  return useCallback(
    async (language: Language) => {
      const fullPath = `${basename.replace(/\/$/, '')}${pathname}`;
      // The URL first: the shell derives the language from it, so the two never disagree.
      navigator.push(`${pathInLanguage(fullPath, language)}${search}${hash}`);
      await setLanguage(language);
    },
    [basename, hash, navigator, pathname, search],
  );
}
