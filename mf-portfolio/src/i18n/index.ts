import { useT } from '@pasar/shared';
import { en } from './en';
import { id } from './id';

/** The remote's one i18n namespace. */
export const PORTFOLIO_NAMESPACE = 'portfolio';

export const portfolioTranslations = { id, en };

export const usePortfolioT = () => useT(PORTFOLIO_NAMESPACE);
