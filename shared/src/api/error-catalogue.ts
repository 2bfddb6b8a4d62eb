// The error catalogue (every code's messages in both languages, ≈ 4 KB gzipped) is loaded with
// the first answer that carries an error code, not with the page: a guest reading prices never
// gets one (decision 0006). The API client awaits `prepareErrorCatalogue` before it judges such an
// answer, so every caller sees the same codes and messages as with the catalogue in the bundle.
import type { Language } from '../contract/enums';
import { DEFAULT_ERROR_MESSAGE } from '../contract/error-codes';

type Catalogue = typeof import('../contract/errors');

let catalogue: Catalogue | null = null;
let loading: Promise<Catalogue | null> | null = null;

/**
 * Fetches the catalogue once; resolves null (never rejects) when its chunk cannot be fetched,
 * and the next call tries again.
 */
export function prepareErrorCatalogue(): Promise<Catalogue | null> {
  if (catalogue) return Promise.resolve(catalogue);
  loading ??= import(/* webpackChunkName: "error-catalogue" */ '../contract/errors').then(
    (module) => (catalogue = module),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/**
 * Whether a code is the catalogue's; undefined while the catalogue is not loaded (its chunk could
 * not be fetched), so the caller decides what an unknown answer means.
 */
export const isCatalogueCode = (code: string): boolean | undefined => (catalogue ? catalogue.isErrorCode(code) : undefined);

/** The catalogue's message of a code, or the default message (unknown code, catalogue not loaded). */
export const catalogueMessage = (code: string, language: Language): string =>
  catalogue ? catalogue.errorMessage(code, language) : DEFAULT_ERROR_MESSAGE[language];
