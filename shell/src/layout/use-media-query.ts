// Whether a media query matches now, following its changes. A browser (or jsdom) without
// matchMedia answers false.
import { useCallback, useSyncExternalStore } from 'react';

const listOf = (query: string): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? (window.matchMedia(query) as MediaQueryList | undefined)
    : undefined;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      if (typeof list?.addEventListener !== 'function') return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query)?.matches === true,
    () => false,
  );
}
