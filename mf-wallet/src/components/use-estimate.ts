// A live estimate: asks the server once the inputs have settled (debounced), drops answers to
// inputs that changed meanwhile, and says "working" from the first keystroke.
import { api, type QueryParams } from '@pasar/shared';
import { useEffect, useState } from 'react';
import { WALLET_UI_CONFIG } from '../wallet-config';
import { useDebouncedValue } from './use-debounced-value';

export interface Estimate<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

interface Answer<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/** `params` null: nothing to estimate (empty or invalid input). */
export function useEstimate<T>(path: string, params: QueryParams | null): Estimate<T> {
  const key = params ? JSON.stringify(params) : '';
  const settled = useDebouncedValue(key, WALLET_UI_CONFIG.estimateDebounceMs);
  const [answer, setAnswer] = useState<Answer<T>>({ key: '', data: null, error: null });

  useEffect(() => {
    if (!settled) return undefined;
    let live = true;
    api.get<T>(path, { params: JSON.parse(settled) as QueryParams, language: true }).then(
      (data) => live && setAnswer({ key: settled, data, error: null }),
      (error: unknown) => live && setAnswer({ key: settled, data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [path, settled]);

  const current = key !== '' && answer.key === key;
  return { data: current ? answer.data : null, error: current ? answer.error : null, loading: key !== '' && !current };
}
