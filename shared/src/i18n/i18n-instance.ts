// The page's i18next instance (shared is a singleton, so shell and remotes translate with one
// language). Resources are inline and init is synchronous: the first render is already translated.
import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '../contract/enum-values';
import type { Language } from '../contract/enums';
import { eventBus } from '../events/event-bus';
import type { Translations } from '../platform/remote-module';
import { appStore } from '../store/app-store';
import { COOKIE_KEYS, LONG_LIVED_COOKIE_DAYS, getCookie, setCookie } from '../storage/cookie-storage';
import { COMMON_NAMESPACE, commonTranslations } from './common-translations';

export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;

/** The remembered language (cookie), else Indonesian. */
export function initialLanguage(): Language {
  const remembered = getCookie(COOKIE_KEYS.language);
  return isLanguage(remembered) ? remembered : DEFAULT_LANGUAGE;
}

export const i18n: I18n = createInstance();

void i18n.init({
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: [COMMON_NAMESPACE],
  defaultNS: COMMON_NAMESPACE,
  resources: {
    id: { [COMMON_NAMESPACE]: commonTranslations.id },
    en: { [COMMON_NAMESPACE]: commonTranslations.en },
  },
  // React escapes; escaping here would double-escape.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // No vendor banner in users' consoles.
  showSupportNotice: false,
});

/** Adds (or extends) a namespace in both languages; a remote calls this with its module's `i18n`. */
export function registerTranslations(namespace: string, translations: Translations): void {
  for (const language of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(language, namespace, translations[language], true, true);
  }
}

/** Switches the language: i18next, the cookie, the store, `<html lang>`, then `language:changed`. */
export async function setLanguage(lng: Language): Promise<void> {
  if (!isLanguage(lng)) throw new Error(`setLanguage: unsupported language ${JSON.stringify(lng)}`);
  const language = lng;
  const changed = i18n.language !== language;
  await i18n.changeLanguage(language);
  setCookie(COOKIE_KEYS.language, language, { expires: LONG_LIVED_COOKIE_DAYS });
  appStore.getState().setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (changed) eventBus.emit('language:changed', { language });
}

/** The current language as the app's type. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
