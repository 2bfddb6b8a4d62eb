// `const { t } = useT('trade')`: the shared i18next instance's strings of one namespace, and a
// re-render when the language changes. Our own few lines rather than react-i18next (decision
// 0033): the apps only ever asked it for this, and it cost the guest page 9.5 KB (gzip) with its
// <Trans> parser. Strings a chunk registers later are read at call time, so they need no event.
import type { i18n as I18n, TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n-instance';

export interface Translation {
  /** The namespace's strings in the current language (i18next's fallbacks apply). */
  t: TFunction;
  /** The shared instance (its `language`, `changeLanguage`, `getResource`). */
  i18n: I18n;
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = (): string => i18n.language;

export function useT(namespace: string): Translation {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // A new `t` per language, so effects and memos that depend on it run again when it changes.
  const t = useMemo(() => i18n.getFixedT(language, namespace) as TFunction, [language, namespace]);
  return useMemo(() => ({ t, i18n }), [t]);
}
