export { COMMON_NAMESPACE, commonTranslations } from './common-translations';
export {
  SUPPORTED_LANGUAGES,
  i18n,
  initialLanguage,
  registerTranslations,
  setLanguage,
  currentLanguage,
} from './i18n-instance';
export { useT } from './use-t';
export { CONTROL_CHARACTERS_KEY, plainTextProblem } from './plain-text';
