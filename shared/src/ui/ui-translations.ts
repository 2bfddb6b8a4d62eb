// Words the shared primitives show. Those `common` already has (Close, Retry…) are read from
// there and these serve as fallback; the rest are added to `common` under `ui.` (see use-ui-text).
import type { Language } from '../contract/enums';

const en = {
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  retry: 'Try again',
  loading: 'Loading',
  increase: 'Increase',
  decrease: 'Decrease',
  moreInfo: 'More information',
  notifications: 'Notifications',
  dismissNotification: 'Dismiss notification',
  errorTitle: 'Something went wrong',
  emptyTitle: 'Nothing here yet',
  numberCutWhole: 'Whole numbers only: the decimals were cut',
  numberCut: 'At most {{decimals}} decimals: the rest was cut',
  numberUnreadable: 'This number could not be read for certain. Enter it as {{example}}',
};

export type UiTextKey = keyof typeof en;

export const UI_TRANSLATIONS: Record<Language, Record<UiTextKey, string>> = {
  en,
  id: {
    close: 'Tutup',
    cancel: 'Batal',
    confirm: 'Konfirmasi',
    retry: 'Coba lagi',
    loading: 'Memuat',
    increase: 'Tambah',
    decrease: 'Kurangi',
    moreInfo: 'Info selengkapnya',
    notifications: 'Notifikasi',
    dismissNotification: 'Tutup notifikasi',
    errorTitle: 'Terjadi kesalahan',
    emptyTitle: 'Belum ada data',
    numberCutWhole: 'Hanya bilangan bulat: angka desimal dipotong',
    numberCut: 'Maksimal {{decimals}} desimal: sisanya dipotong',
    numberUnreadable: 'Angka ini tidak dapat dibaca dengan pasti. Tulis seperti {{example}}',
  },
};

/** Key prefix inside the `common` namespace. */
export const UI_TEXT_PREFIX = 'ui';
