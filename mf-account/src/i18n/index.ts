import { useT } from '@pasar/shared';
import { en } from './en';
import { id } from './id';

/** The remote's one i18n namespace. */
export const ACCOUNT_NAMESPACE = 'account';

export const accountTranslations = { id, en };

export const useAccountT = () => useT(ACCOUNT_NAMESPACE);
