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
  /** Replace the data after a change the page made itself; a load still on its way is dropped. */
  setData: (data: T) => void;
}

/**
 * `deps` reload when they change, like an effect's; with `enabled` false nothing loads (and an
 * answer still on its way is dropped) until it turns true.
 */
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
