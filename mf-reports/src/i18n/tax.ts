// The tax reports page's strings, merged into the `reports` namespace when its lazy chunk loads,
// so the remote's first load carries only the page's title (the reports' links name it).
import { registerTranslations } from '@pasar/shared';
import { REPORTS_NAMESPACE } from './index';
import { taxEn } from './tax-en';
import { taxId } from './tax-id';

export const taxTranslations = { id: taxId, en: taxEn };

/** Adds the strings to the namespace (idempotent: i18next merges the same bundle again). */
export function registerTaxTranslations(): void {
  registerTranslations(REPORTS_NAMESPACE, taxTranslations);
}
