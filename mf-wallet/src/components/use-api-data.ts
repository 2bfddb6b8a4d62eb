// Loads one thing from the API for a page: loading, the data, the error, a reload (shows progress
// and errors) and a quiet refresh (polling, focus: a failure keeps what is shown).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiData<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
  /** Loads again without a loading state; a failure keeps the data and is ignored. */
  refresh: () => Promise<void>;
  /** Replace the data after a change the page made itself. */
  setData: (data: T) => void;
}

export function useApiData<T>(load: () => Promise<T>, deps: readonly unknown[] = [], enabled = true): ApiData<T> {
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    try {
      const next = await loadRef.current();
      if (mine === generation.current) setDataState(next);
    } catch (failure) {
      if (mine === generation.current) setError(failure);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  const refresh = useCallback(async () => {
    const mine = generation.current;
    try {
      const next = await loadRef.current();
      // A reload started meanwhile wins.
      if (mine === generation.current) {
        setDataState(next);
        setError(null);
      }
    } catch {
      // Quiet by design: the last good figures stay on screen.
    }
  }, []);

  const setData = useCallback((next: T) => {
    generation.current += 1;
    setDataState(next);
    setError(null);
    setLoading(false);
  }, []);

  useEffect(() => {
    if (!enabled) {
      generation.current += 1;
      setLoading(false);
      return;
    }
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);

  return { data, error, loading, reload, refresh, setData };
}

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Calls `onReturn` when the window regains focus or the tab becomes visible again. */
export function useOnReturn(onReturn: () => void): void {
  const ref = useRef(onReturn);
  ref.current = onReturn;
  useEffect(() => {
    let last = 0;
    const fire = () => {
      // focus and visibilitychange often arrive together: one refresh.
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      ref.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') fire();
    };
    window.addEventListener('focus', fire);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', fire);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
