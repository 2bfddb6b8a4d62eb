// Dates in the reader's language (Indonesian: 22 Nov 2026 15.06; English: 22 Nov 2026, 15:06).
import type { Language } from '../contract/enums';

const formatters = new Map<Language, Intl.DateTimeFormat>();

/** One formatter per language, made on first use (a list of rows formats a date per row). */
function formatterOf(language: Language): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'id-ID', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** A date and time for the reader; text that is not a date is shown as it came. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterOf(language).format(date);
}
