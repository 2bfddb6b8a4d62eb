import { useResource, type Resource } from './use-resource';
import { findInstrument, loadInstruments } from './market-api';
import type { Instrument } from './types';

/** Every instrument of every market (one request per page load). */
export const useInstruments = (enabled = true): Resource<Instrument[]> =>
  useResource(enabled ? 'instruments' : null, () => loadInstruments());

/** One symbol's instrument; `data` is undefined while loading and when the symbol is unknown. */
export function useInstrument(symbol: string): Resource<Instrument | undefined> & { unknown: boolean } {
  const all = useInstruments();
  const data = all.data ? findInstrument(all.data, symbol) : undefined;
  return { ...all, data, unknown: all.data !== undefined && data === undefined };
}
