import { useT } from '@pasar/shared';
import { en } from './en';
import { id } from './id';

/** The remote's one i18n namespace. */
export const REPORTS_NAMESPACE = 'reports';

export const reportsTranslations = { id, en };

export const useReportsT = () => useT(REPORTS_NAMESPACE);
