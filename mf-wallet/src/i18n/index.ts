import { useT } from '@pasar/shared';
import { en } from './en';
import { id } from './id';

/** The remote's one i18n namespace. */
export const WALLET_NAMESPACE = 'wallet';

export const walletTranslations = { id, en };

export const useWalletT = () => useT(WALLET_NAMESPACE);
