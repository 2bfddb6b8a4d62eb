import { i18n, registerTranslations, useT } from '@pasar/shared';
import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { id, type TradeMessages } from './id';
import { enNav } from './nav-en';

/** The remote's one i18n namespace. */
export const TRADE_NAMESPACE = 'trade';

/**
 * The strings the module hands the shell: Indonesian (the default language, and the fallback)
 * whole, and of English only the nav label the shell shows before a trade page loads. The rest of
 * English is a chunk of its own, fetched when a page renders in English (TradeStrings), so a guest
 * reading Indonesian never downloads it. The asset pages and panels add theirs from their chunks.
 */
export const tradeModuleTranslations = { id, en: { nav: enNav } as TradeMessages };

/** A key only the whole English bundle has: present once it is registered (or a test registered it). */
const PROBE_KEY = 'markets.label';
let english: Promise<void> | undefined;

function loadEnglish(): Promise<void> {
  english ??= import(/* webpackChunkName: "trade-en" */ './en').then(
    ({ en }) => registerTranslations(TRADE_NAMESPACE, { id: {} as TradeMessages, en }),
    (error: unknown) => {
      english = undefined; // the next render tries again
      throw error;
    },
  );
  return english;
}

export const useTradeT = () => useT(TRADE_NAMESPACE);

/**
 * Holds a trade page until its strings are there: in English the first render waits (Suspense,
 * the remote's skeleton) for the English chunk. One boundary per page, not every `useTradeT`.
 */
function TradeStrings({ children }: { children: ReactNode }) {
  const language = useTradeT().i18n.language;
  if (language === 'en' && !i18n.getResource(language, TRADE_NAMESPACE, PROBE_KEY)) use(loadEnglish());
  return children;
}

/** A route's page behind TradeStrings. */
export function withTradeStrings(Page: ComponentType): ComponentType {
  const WithTradeStrings = () => createElement(TradeStrings, null, createElement(Page));
  WithTradeStrings.displayName = `WithTradeStrings(${Page.displayName ?? Page.name})`;
  return WithTradeStrings;
}
