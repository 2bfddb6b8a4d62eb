// One REST resource per component: loading, data, error and retry, refetched when its key changes
// and cancelled when it changes again or the component goes. Small on purpose: the trade page is
// in the first load (decision 0006), so no query library.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
}

/**
 * `load` runs whenever `key` changes (null: nothing to load). The previous data stays shown while
 * a new key loads only if `keepPrevious` says so; by default a new key starts empty.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): Resource<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown; loading: boolean }>({
    key,
    loading: key !== null,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ key, loading: false });
      return undefined;
    }
    const controller = new AbortController();
    setState((previous) => ({ key, loading: true, data: keepPrevious ? previous.data : undefined }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ key, data: previous.data, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [key, attempt, keepPrevious]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Until the effect of a new key runs, the old key's data must not show under the new key.
  const current = state.key === key || keepPrevious;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: current ? state.loading : key !== null,
    retry,
  };
}
