// Loads one thing from the API for a page: loading, the data, the error, and a reload.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiData<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
  /** Replace the data after a change the page made itself. */
  setData: (data: T) => void;
}

export function useApiData<T>(load: () => Promise<T>, deps: readonly unknown[] = []): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    try {
      const next = await loadRef.current();
      if (mine === generation.current) setData(next);
    } catch (failure) {
      if (mine === generation.current) setError(failure);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { data, error, loading, reload, setData };
}
