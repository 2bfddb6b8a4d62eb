import { useT } from '@pasar/shared';
import { en } from './en';
import { id } from './id';

/** The remote's one i18n namespace. */
export const TRADE_NAMESPACE = 'trade';

/** The trade pages' strings; the asset pages add theirs from their own chunk (`./asset`). */
export const tradeTranslations = { id, en };

export const useTradeT = () => useT(TRADE_NAMESPACE);
