// The router of the whole page. The locale and mobile-web prefix (`/en`, `/pwa`, `/pwa/en`) is
// the router's basename, so every page and every remote sees unprefixed paths and every link
// (`<Link to="/portfolio">`) keeps the current prefix by itself. The basename is derived from the
// same location the router renders, so crossing prefixes (the language switch, Back after it)
// is one state change, never a frame where the two disagree.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Router, type Location, type Navigator, type To, NavigationType } from '@pasar/shared';
import { parseLocation, prefixOf, type ShellLocation } from './locale-path';

interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

interface RouterState {
  action: NavigationType;
  location: Location;
}

const readLocation = (): Location => {
  const state = (window.history.state ?? null) as Partial<HistoryState> | null;
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: state?.usr ?? null,
    key: state?.key ?? 'default',
  };
};

const hrefOf = (to: To): string =>
  typeof to === 'string' ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;

const createKey = (): string => Math.random().toString(36).slice(2, 10);

export interface PrefixedNavigation extends Pick<ShellLocation, 'language' | 'mobileWeb'> {
  /** `''`, `/en`, `/pwa` or `/pwa/en`. */
  prefix: string;
  /** Navigates to a full path (with its own prefix), outside the current basename. */
  navigateToFullPath: (fullPath: string, options?: { replace?: boolean }) => void;
}

const PrefixContext = createContext<PrefixedNavigation | null>(null);

export function ShellRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({ action: NavigationType.Pop, location: readLocation() }));

  useEffect(() => {
    const onPopState = () => setState({ action: NavigationType.Pop, location: readLocation() });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigator = useMemo<Navigator>(() => {
    const change = (action: NavigationType, to: To, usr: unknown) => {
      const current = (window.history.state ?? null) as Partial<HistoryState> | null;
      const idx = current?.idx ?? 0;
      const next: HistoryState = { usr: usr ?? null, key: createKey(), idx: action === NavigationType.Push ? idx + 1 : idx };
      if (action === NavigationType.Push) window.history.pushState(next, '', hrefOf(to));
      else window.history.replaceState(next, '', hrefOf(to));
      setState({ action, location: readLocation() });
    };
    return {
      createHref: hrefOf,
      push: (to, usr) => change(NavigationType.Push, to, usr),
      replace: (to, usr) => change(NavigationType.Replace, to, usr),
      go: (delta) => window.history.go(delta),
    };
  }, []);

  const parsed = parseLocation(state.location.pathname);
  const prefix = prefixOf(parsed);
  const value = useMemo<PrefixedNavigation>(
    () => ({
      language: parsed.language,
      mobileWeb: parsed.mobileWeb,
      prefix,
      navigateToFullPath: (fullPath, options) => (options?.replace ? navigator.replace(fullPath) : navigator.push(fullPath)),
    }),
    [parsed.language, parsed.mobileWeb, prefix, navigator],
  );

  return (
    <PrefixContext.Provider value={value}>
      <Router basename={prefix || '/'} location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </PrefixContext.Provider>
  );
}

/** The current language and mobile-web prefix, and a way across prefixes. */
export function usePrefixedNavigation(): PrefixedNavigation {
  const value = useContext(PrefixContext);
  if (!value) throw new Error('usePrefixedNavigation needs a <ShellRouter>');
  return value;
}
