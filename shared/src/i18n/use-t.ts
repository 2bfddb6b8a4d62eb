// Thin hook over react-i18next bound to the shared instance: `const { t } = useT('trade')`.
import { type UseTranslationResponse, useTranslation } from 'react-i18next';
import { i18n } from './i18n-instance';

export function useT(namespace: string): UseTranslationResponse<string, undefined> {
  return useTranslation(namespace, { i18n });
}
