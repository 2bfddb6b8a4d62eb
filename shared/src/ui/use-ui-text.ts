// Words of the primitives in the reader's language, from the shared `common` namespace. Words
// common already has (Close, Retry…) are read from there; the rest are added under `ui.`
// without overwriting, so a translator's own `common` entries always win.
import { isLanguage } from '../contract/enum-values';
import type { Language } from '../contract/enums';
import { COMMON_NAMESPACE } from '../i18n/common-translations';
import { i18n, SUPPORTED_LANGUAGES } from '../i18n/i18n-instance';
import { useT } from '../i18n/use-t';
import { UI_TEXT_PREFIX, UI_TRANSLATIONS, type UiTextKey } from './ui-translations';

const COMMON_KEY: Record<UiTextKey, string> = {
  close: 'actions.close',
  cancel: 'actions.cancel',
  confirm: 'actions.confirm',
  retry: 'retry',
  loading: 'loading',
  errorTitle: 'error.generic',
  emptyTitle: 'empty',
  increase: `${UI_TEXT_PREFIX}.increase`,
  decrease: `${UI_TEXT_PREFIX}.decrease`,
  moreInfo: `${UI_TEXT_PREFIX}.moreInfo`,
  notifications: `${UI_TEXT_PREFIX}.notifications`,
  dismissNotification: `${UI_TEXT_PREFIX}.dismissNotification`,
  numberCutWhole: `${UI_TEXT_PREFIX}.numberCutWhole`,
  numberCut: `${UI_TEXT_PREFIX}.numberCut`,
  numberUnreadable: `${UI_TEXT_PREFIX}.numberUnreadable`,
};

const registerUiTranslations = (): void => {
  for (const language of SUPPORTED_LANGUAGES) {
    const own: Record<string, string> = {};
    for (const [key, commonKey] of Object.entries(COMMON_KEY)) {
      if (commonKey.startsWith(`${UI_TEXT_PREFIX}.`)) own[commonKey.slice(UI_TEXT_PREFIX.length + 1)] = UI_TRANSLATIONS[language][key as UiTextKey];
    }
    i18n.addResourceBundle(language, COMMON_NAMESPACE, { [UI_TEXT_PREFIX]: own }, true, false);
  }
};

registerUiTranslations();

export interface UiText {
  t: (key: UiTextKey, values?: Record<string, string | number>) => string;
  /** The reader's language (number separators follow it). */
  language: Language;
}

export const useUiText = (): UiText => {
  const { t, i18n: instance } = useT(COMMON_NAMESPACE);
  const language: Language = isLanguage(instance.language) ? instance.language : 'id';
  return {
    t: (key, values) => t(COMMON_KEY[key], { defaultValue: UI_TRANSLATIONS[language][key], ...values }),
    language,
  };
};
