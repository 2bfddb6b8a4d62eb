// The language follows the URL prefix (`/en` or none): i18next, the cookie, the store and
// <html lang> all come from it, whether the change came from the switch or the Back button.
import { currentLanguage, setLanguage, type Language } from '@pasar/shared';

export function changeLanguage(language: Language): void {
  void setLanguage(language);
}

/** Brings i18n in line with the URL's language when they differ (or `force`). */
export function syncLanguage(language: Language, force = false): void {
  if (force || currentLanguage() !== language || document.documentElement.lang !== language) changeLanguage(language);
}
