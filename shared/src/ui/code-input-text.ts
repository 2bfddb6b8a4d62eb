// Words of the PIN pad and the OTP input, in both languages, added to the shared `common`
// namespace under `uiCodes.` without overwriting (a translator's own entries win).
import { isLanguage } from '../contract/enum-values';
import type { Language } from '../contract/enums';
import { COMMON_NAMESPACE } from '../i18n/common-translations';
import { i18n, SUPPORTED_LANGUAGES } from '../i18n/i18n-instance';
import { useT } from '../i18n/use-t';

const PREFIX = 'uiCodes';

const en = {
  pinLabel: 'PIN',
  digitsEntered: '{{count}} of {{total}} digits entered',
  keypad: 'Number pad',
  digit: 'Digit {{digit}}',
  delete: 'Delete last digit',
  clear: 'Clear',
  digitsOnly: 'Only digits 0–9 can be entered',
  otpLabel: 'Verification code',
  otpHint: 'The 6-digit code we sent you',
  resendIn: 'Send a new code in {{seconds}} s',
  resend: 'Send a new code',
  show: 'Show',
  hide: 'Hide',
};

export type CodeTextKey = keyof typeof en;

export const CODE_INPUT_TRANSLATIONS: Record<Language, Record<CodeTextKey, string>> = {
  en,
  id: {
    pinLabel: 'PIN',
    digitsEntered: '{{count}} dari {{total}} angka terisi',
    keypad: 'Papan angka',
    digit: 'Angka {{digit}}',
    delete: 'Hapus angka terakhir',
    clear: 'Kosongkan',
    digitsOnly: 'Hanya angka 0–9 yang bisa dimasukkan',
    otpLabel: 'Kode verifikasi',
    otpHint: 'Kode 6 angka yang kami kirim',
    resendIn: 'Kirim kode baru dalam {{seconds}} dtk',
    resend: 'Kirim kode baru',
    show: 'Tampilkan',
    hide: 'Sembunyikan',
  },
};

for (const language of SUPPORTED_LANGUAGES) {
  i18n.addResourceBundle(language, COMMON_NAMESPACE, { [PREFIX]: CODE_INPUT_TRANSLATIONS[language] }, true, false);
}

export type CodeText = (key: CodeTextKey, values?: Record<string, string | number>) => string;

export function useCodeText(): CodeText {
  const { t, i18n: instance } = useT(COMMON_NAMESPACE);
  const language: Language = isLanguage(instance.language) ? instance.language : 'id';
  return (key, values) =>
    String(t(`${PREFIX}.${key}`, { ...values, defaultValue: CODE_INPUT_TRANSLATIONS[language][key] }));
}
