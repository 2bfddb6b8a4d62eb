// The IDX order panel's strings, merged into the `trade` namespace when its lazy chunk loads.
import { registerTranslations } from '@pasar/shared';
import { TRADE_NAMESPACE } from './index';
import { idxEn } from './idx-en';
import { idxId } from './idx-id';

export const idxTranslations = { id: idxId, en: idxEn };

/** Adds the IDX panel's strings to the namespace (idempotent). */
export function registerIdxTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, idxTranslations);
}
